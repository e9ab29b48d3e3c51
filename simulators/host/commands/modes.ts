/**
 * chmod's mode operands: octal (`644`, `0755`, `1777`) and symbolic (`u+x`, `go-w`, `a=rX`, `+x`, several
 * joined by commas), applied as GNU chmod applies them (`X` sets execute only on directories or files that
 * already have an execute bit; a bare `+x` is filtered by the umask 022 as chmod filters it).
 */

export type ModeChange = (mode: number, isDir: boolean) => number;

export function parseMode(text: string): ModeChange | null {
  if (/^[0-7]{1,4}$/.test(text)) {
    const value = parseInt(text, 8);
    return (mode, isDir) => (text.length <= 3 && isDir ? (mode & 0o6000) | value : value);
  }
  const clauses = text.split(",");
  const steps: ModeChange[] = [];
  for (const clause of clauses) {
    const m = /^([ugoa]*)([+\-=])([rwxXst]*|[ugo])$/.exec(clause);
    if (!m) return null;
    const who = m[1] === "" ? "" : m[1]!;
    const op = m[2]!;
    const perms = m[3]!;
    steps.push((mode, isDir) => {
      let bits = 0;
      const targets = who === "" || who.includes("a") ? "ugo" : who;
      const copy = /^[ugo]$/.test(perms) ? (perms === "u" ? (mode >> 6) & 7 : perms === "g" ? (mode >> 3) & 7 : mode & 7) : null;
      for (const t of targets) {
        const shift = t === "u" ? 6 : t === "g" ? 3 : 0;
        let set = copy ?? 0;
        if (copy === null) {
          if (perms.includes("r")) set |= 4;
          if (perms.includes("w")) set |= 2;
          if (perms.includes("x") || (perms.includes("X") && (isDir || (mode & 0o111) !== 0))) set |= 1;
        }
        bits |= set << shift;
        if (perms.includes("s") && t !== "o") bits |= t === "u" ? 0o4000 : 0o2000;
        if (perms.includes("t") && (t === "o" || who === "" || who.includes("a"))) bits |= 0o1000;
      }
      // Without a who, the umask (022) keeps chmod +w and friends from touching group and other.
      if (who === "") bits &= ~0o022;
      if (op === "+") return mode | bits;
      if (op === "-") return mode & ~bits;
      let mask = 0;
      for (const t of targets) mask |= 7 << (t === "u" ? 6 : t === "g" ? 3 : 0);
      return (mode & ~mask) | bits;
    });
  }
  return (mode, isDir) => steps.reduce((m, step) => step(m, isDir), mode);
}
