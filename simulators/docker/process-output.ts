/**
 * What a Python or Node.js process prints when it fails at start, in the runtimes' own formats, so that the
 * container's log reads like the real one and says what an engineer would need to fix it.
 */
import path from "node:path";

export interface RuntimeOutput {
  fileMissing(file: string): string[];
  moduleMissing(module: string, entry: string): string[];
  missingEnv(name: string, entry: string, source: string): string[];
  badEnv(name: string, value: string, entry: string, source: string): string[];
  setupSkipped(script: string, entry: string): string[];
  writeDenied(target: string, exists: boolean): string[];
  bindDenied(port: number): string[];
  usage(program: string, accepted: readonly string[], rejected: readonly string[]): string[];
  npmNoPackage(pkgPath: string): string[];
}

const NODE_VERSION = "v20.18.1";

function lineOf(source: string, needle: string | RegExp): { number: number; text: string } | null {
  const lines = source.split("\n");
  const at = lines.findIndex((l) => (typeof needle === "string" ? l.includes(needle) : needle.test(l)));
  return at < 0 ? null : { number: at + 1, text: lines[at]!.trim() };
}

const escaped = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The line where reading variable `name` fails, which a traceback quotes: Python's `os.environ["NAME"]`
 * (where the KeyError is raised, not a docstring or comment that mentions the name), Node's
 * `process.env.NAME`; else the first line naming it.
 */
function readingLine(source: string, name: string, language: "python" | "node"): { number: number; text: string } | null {
  const quoted = `["']${escaped(name)}["']`;
  const reads = language === "python" ? new RegExp(`environ\\s*\\[\\s*${quoted}\\s*\\]`) : new RegExp(`process\\.env(\\.${escaped(name)}\\b|\\[\\s*${quoted}\\s*\\])`);
  return lineOf(source, reads) ?? lineOf(source, name);
}

const python: RuntimeOutput = {
  fileMissing: (file) => [`python: can't open file '${file}': [Errno 2] No such file or directory`],
  moduleMissing: (module, entry) => [
    "Traceback (most recent call last):",
    `  File "${entry}", line 1, in <module>`,
    `ModuleNotFoundError: No module named '${module}'`,
  ],
  missingEnv(name, entry, source) {
    const at = readingLine(source, name, "python");
    return [
      "Traceback (most recent call last):",
      `  File "${entry}", line ${at?.number ?? 1}, in <module>`,
      ...(at ? [`    ${at.text}`] : []),
      '  File "<frozen os>", line 714, in __getitem__',
      `KeyError: '${name}'`,
    ];
  },
  badEnv: (name, value, entry, source) => {
    const at = lineOf(source, name);
    return [
      "Traceback (most recent call last):",
      `  File "${entry}", line ${at?.number ?? 1}, in <module>`,
      ...(at ? [`    ${at.text}`] : []),
      `ValueError: ${name} must be a database URL such as sqlite:////tmp/app.db, got '${value}'`,
    ];
  },
  setupSkipped: (_script, entry) => [
    "curl: (22) The requested URL returned error: 500",
    "Traceback (most recent call last):",
    `  File "${entry}", line 1, in <module>`,
    "sqlite3.OperationalError: no such table: items",
  ],
  writeDenied: (target, exists) => [
    "Traceback (most recent call last):",
    `PermissionError: [Errno 13] Permission denied: '${exists ? target + "/smoke-test.txt" : target}'`,
  ],
  bindDenied: () => ["PermissionError: [Errno 13] Permission denied"],
  usage(program, accepted, rejected) {
    const options = accepted.map((a) => `[${a} ${a.replace(/^-+/, "").toUpperCase()}]`).join(" ");
    return [`usage: ${program} [-h] ${options}`.trimEnd(), `${program}: error: unrecognized arguments: ${rejected.join(" ")}`];
  },
  npmNoPackage: () => [],
};

const node: RuntimeOutput = {
  fileMissing: (file) => [
    "node:internal/modules/cjs/loader:1228",
    "  throw err;",
    "  ^",
    "",
    `Error: Cannot find module '${file}'`,
    "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
    "    at Module._load (node:internal/modules/cjs/loader:1051:27)",
    "    at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:174:12)",
    "    at node:internal/main/run_main_module:28:49 {",
    "  code: 'MODULE_NOT_FOUND',",
    "  requireStack: []",
    "}",
    "",
    `Node.js ${NODE_VERSION}`,
  ],
  moduleMissing: (module, entry) => [
    "node:internal/modules/cjs/loader:1228",
    "  throw err;",
    "  ^",
    "",
    `Error: Cannot find module '${module}'`,
    "Require stack:",
    `- ${entry}`,
    "    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)",
    "  code: 'MODULE_NOT_FOUND',",
    `  requireStack: [ '${entry}' ]`,
    "}",
    "",
    `Node.js ${NODE_VERSION}`,
  ],
  missingEnv(name, entry, source) {
    const at = readingLine(source, name, "node");
    return [
      `${entry}:${at?.number ?? 1}`,
      ...(at ? [`  ${at.text}`] : []),
      "",
      `Error: ${name} is not defined`,
      `    at Object.<anonymous> (${entry}:${at?.number ?? 1}:9)`,
      "",
      `Node.js ${NODE_VERSION}`,
    ];
  },
  badEnv: (name, value, entry) => [`${entry}:1`, "", `Error: ${name} is not a valid URL: '${value}'`, "", `Node.js ${NODE_VERSION}`],
  setupSkipped: (script) => ["curl: (22) The requested URL returned error: 500", `Error: ${script} did not run before the server started`],
  writeDenied: (target, exists) => exists ? [
    "$ curl -fsS -X PUT --data-binary @README.md http://localhost:8080/files/smoke-test.txt",
    "curl: (22) The requested URL returned error: 500",
    `Error: EACCES: permission denied, open '${target}/smoke-test.txt'`,
  ] : [
    `node:fs:1372`,
    "  const result = binding.mkdir(",
    "                         ^",
    "",
    `Error: EACCES: permission denied, mkdir '${target}'`,
    "  errno: -13,",
    "  code: 'EACCES',",
    "  syscall: 'mkdir',",
    `  path: '${target}'`,
    "}",
    "",
    `Node.js ${NODE_VERSION}`,
  ],
  bindDenied: (port) => [`Error: listen EACCES: permission denied 0.0.0.0:${port}`],
  usage: (program, _accepted, rejected) => [`${program}: unknown option '${rejected[0]}'`],
  npmNoPackage: (pkgPath) => [
    "npm error code ENOENT",
    "npm error syscall open",
    `npm error path ${pkgPath}`,
    "npm error errno -2",
    `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${pkgPath}'`,
    "npm error enoent This is related to npm not being able to find a file.",
    "npm error enoent",
    `npm error A complete log of this run can be found in: /root/.npm/_logs/${path.posix.basename(pkgPath, ".json")}-debug-0.log`,
  ],
};

export const PROCESS_OUTPUT = { python, node } as const;
