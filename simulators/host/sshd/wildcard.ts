/**
 * OpenSSH's match_pattern: `*` matches any run of characters, `?` any one, everything else itself. Used for
 * AllowUsers/DenyUsers and Match User/Address. Matched greedily with one backtrack point (the last `*`), so a
 * pattern costs at most its length times the value's: a regular expression built from `********x` backtracks
 * through every way of splitting the value among the stars, and a few dozen stars against an address held a
 * step for seconds.
 */
export function sshWildcard(pattern: string, value: string): boolean {
  let p = 0;
  let v = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && (pattern[p] === "?" || (pattern[p] !== "*" && pattern[p] === value[v]))) {
      p++;
      v++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = v;
    } else if (star >= 0) {
      // The last star takes one character more, and the rest of the pattern is tried from there.
      p = star + 1;
      v = ++resume;
    } else return false;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}
