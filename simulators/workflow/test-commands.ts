/**
 * Test runners asked to run no test: only to list or collect the tests (`pytest --collect-only`, `jest
 * --listTests`, `go test -list .`, `cargo test --no-run`), to print their help or version, or told to skip
 * them (`mvn test -DskipTests`). Such a command succeeds whatever the tests would say, so a step that runs it
 * does not run the tests. Read from a command's words as written (quotes removed).
 */

/** Options of each runner after which it runs no test. */
const NO_TEST_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  pytest: ["--collect-only", "--co", "--setup-plan", "--fixtures", "--funcargs", "--fixtures-per-test", "--markers", "--version", "-V", "--help", "-h"],
  jest: ["--listTests", "--showConfig", "--help", "-h", "--version", "-v"],
  vitest: ["--help", "-h", "--version", "-v"],
  mocha: ["--dry-run", "--help", "-h", "--version", "-V"],
  go: ["-list", "-c", "-h", "-help"],
  cargo: ["--no-run", "--list", "--help", "-h"],
  mvn: ["-DskipTests", "-DskipTests=true", "-Dmaven.test.skip=true", "--help", "-h", "--version", "-v"],
};

/** Programs that run the command after them (their own options skipped). */
const WRAPPERS = new Set(["sudo", "env", "time", "exec", "command", "nohup", "npx", "pnpx", "bunx"]);

/** `python -m pytest`, `poetry run pytest`, `uv run pytest`: the runner a launcher starts. */
function launched(words: readonly string[]): readonly string[] {
  let rest = words;
  for (let guard = 0; guard < 8 && rest.length > 0; guard++) {
    const name = rest[0]!.replace(/^.*\//, "");
    if (WRAPPERS.has(name)) {
      rest = rest.slice(1);
      while (rest.length > 1 && rest[0]!.startsWith("-")) rest = rest.slice(1);
    } else if (/^python[0-9.]*$/.test(name) && rest[1] === "-m") rest = rest.slice(2);
    else if ((name === "poetry" || name === "uv" || name === "pipenv" || name === "hatch" || name === "pdm") && rest[1] === "run") rest = rest.slice(2);
    else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest[0]!)) rest = rest.slice(1);
    else break;
  }
  return rest;
}

/** The runner a command starts and the words it gets, for the runners NO_TEST_OPTIONS knows. */
function runnerOf(words: readonly string[]): { runner: string; args: readonly string[] } | null {
  const [first, ...args] = launched(words);
  if (first === undefined) return null;
  const name = first.replace(/^.*\//, "").replace(/^py\.test$/, "pytest");
  if (name === "go" || name === "cargo") return args[0] === "test" ? { runner: name, args: args.slice(1) } : null;
  if (name === "mvn" || name === "mvnw") return { runner: "mvn", args };
  if (name === "npm" || name === "yarn" || name === "pnpm" || name === "bun") {
    // `npm test -- --listTests`: the words after `--` go to the package's test script.
    const script = args[0] === "run" || args[0] === "run-script" ? args[1] : args[0];
    if (script !== "test" && script !== "t") return null;
    const dashes = args.indexOf("--");
    return { runner: "jest", args: dashes < 0 ? (name === "npm" ? [] : args.slice(1)) : args.slice(dashes + 1) };
  }
  if (name === "vitest" && args[0] === "list") return { runner: "jest", args: ["--listTests"] };
  return NO_TEST_OPTIONS[name] ? { runner: name, args } : null;
}

/**
 * Whether a command starts a test runner that runs no test (`pytest -q --collect-only`, `npm test --
 * --listTests`, `go test -run '^$' ./...`).
 */
export function runsNoTests(argv: readonly string[]): boolean {
  const found = runnerOf(argv);
  if (!found) return false;
  const options = NO_TEST_OPTIONS[found.runner] ?? [];
  return found.args.some((a, i) => {
    const option = a.split("=")[0]!;
    if (options.includes(a) || (option.startsWith("--") && options.includes(option))) return true;
    // go's `-run` with a pattern no test name matches: the empty name only.
    return found.runner === "go" && (((a === "-run" || a === "--run") && found.args[i + 1] === "^$") || a === "-run=^$");
  });
}
