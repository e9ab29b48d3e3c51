/**
 * Compose's interpolation of `${VAR}` in a compose file from the `.env` file of its project directory, as
 * `docker compose` does when run there: open-telemetry/opentelemetry-demo names every service's Dockerfile
 * as `dockerfile: ${AD_DOCKERFILE}` with `AD_DOCKERFILE=./src/ad/Dockerfile` in .env. A variable neither .env
 * nor a default in the text gives is the shell's, which a linter cannot know: the text is then unknown (null).
 */

/** The variables a .env file sets (KEY=VALUE lines; quotes stripped; a value that interpolates others is left out). */
export function readDotEnv(text: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*(.*)$/.exec(line);
    if (!m) continue;
    let value = m[2]!;
    const quoted = /^(["'])(.*)\1\s*(#.*)?$/.exec(value);
    if (quoted) value = quoted[2]!;
    else value = value.replace(/\s+#.*$/, "").trim();
    // Single-quoted values are literal; others may name variables, which the shell may set.
    if (quoted?.[1] !== "'" && value.includes("$")) continue;
    vars.set(m[1]!, value);
  }
  return vars;
}

const REFERENCE = /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/**
 * `text` with compose's references replaced ($$ is a dollar; ${X:-d} and ${X-d} fall back to d; ${X:+a} and
 * ${X+a} give a when X is set), or null when it names a variable `vars` does not hold and no default decides it.
 * @example interpolate("${A}/Dockerfile", new Map([["A", "src"]])) // "src/Dockerfile"
 */
export function interpolate(text: string, vars: ReadonlyMap<string, string>): string | null {
  let unknown = false;
  const out = text.replace(REFERENCE, (whole, braced: string | undefined, op: string | undefined, word: string | undefined, bare: string | undefined) => {
    if (whole === "$$") return "$";
    const name = braced ?? bare!;
    const value = vars.get(name);
    const set = value !== undefined;
    const nonEmpty = set && value !== "";
    switch (op) {
      case ":-":
      case "-":
        if (op === ":-" ? nonEmpty : set) return value!;
        if (word!.includes("$")) unknown = true;
        return word!;
      case ":+":
      case "+":
        // Unset here may be set by the shell: which branch is taken is not known.
        if (!set) unknown = true;
        return (op === ":+" ? nonEmpty : set) ? word! : "";
      default:
        // ${X:?err} and ${X} alike need X; unset here, it is the shell's.
        if (!set) unknown = true;
        return value ?? "";
    }
  });
  return unknown ? null : out;
}
