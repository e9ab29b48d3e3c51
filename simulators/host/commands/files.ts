/**
 * The file commands a repair needs, as coreutils run them as root: chmod, chown, chgrp, rm, truncate, cp, mv,
 * mkdir, touch, and writing with `>`/`>>` (echo, printf, `: >`, cat /dev/null; cp /dev/null FILE empties it too). A path that does not exist
 * is refused with coreutils' message; `rm -rf /` is refused as GNU rm refuses it.
 */
import type { HostDraft } from "../draft.js";
import { apparentSize } from "../fs.js";
import { isUnder, keyOf, parentOf } from "../paths.js";
import { parseMode } from "./modes.js";
import type { CommandHandler, CommandInput, CommandResult } from "./types.js";
import { done, refuse, splitFlags } from "./types.js";

function resolve(draft: HostDraft, operand: string): string | null {
  const key = keyOf(operand);
  return key !== null && draft.fs().exists(key) ? key : null;
}

/** The key and every file and directory below it. */
function tree(draft: HostDraft, key: string): { files: string[]; dirs: string[] } {
  const fs = draft.fs();
  const files = fs.filesUnder(key);
  const dirs = [...fs.directories()].filter((d) => isUnder(d, key)).sort();
  return { files, dirs };
}

function setDirMode(draft: HostDraft, key: string, mode: number): void {
  draft.state.nodes[key] = { ...(draft.state.nodes[key] ?? {}), dir: true, mode };
}

export const chmod: CommandHandler = ({ draft, argv }) => {
  const args = argv.slice(1);
  const recursive = args.some((a) => a === "-R" || a === "--recursive");
  const rest = args.filter((a) => a !== "-R" && a !== "--recursive" && a !== "-v" && a !== "-f" && a !== "-c");
  const bad = rest.find((a) => a.startsWith("-") && !/^-[rwxXst]+$/.test(a));
  if (bad) return refuse(`chmod: invalid option -- '${bad.slice(1)}'`);
  const [modeText, ...paths] = rest;
  if (!modeText) return refuse("chmod: missing operand");
  const change = parseMode(modeText);
  if (!change) return refuse(`chmod: invalid mode: '${modeText}'`);
  if (paths.length === 0) return refuse(`chmod: missing operand after '${modeText}'`);
  const keys: string[] = [];
  for (const p of paths) {
    const key = resolve(draft, p);
    if (key === null) return refuse(`chmod: cannot access '${p}': No such file or directory`);
    keys.push(key);
  }
  for (const key of keys) {
    const fs = draft.fs();
    const targets = recursive && fs.isDir(key) ? tree(draft, key) : fs.isDir(key) ? { files: [], dirs: [key] } : { files: [key], dirs: [] };
    for (const d of targets.dirs) setDirMode(draft, d, change(fs.stat(d)!.mode, true) & 0o7777);
    for (const f of targets.files) {
      const file = draft.files.get(f)!;
      draft.files.set(f, { ...file, mode: change(file.mode & 0o7777, false) & 0o7777 });
    }
    draft.changed();
  }
  draft.tick(1);
  return done();
};

function chownLike(input: CommandInput, program: "chown" | "chgrp"): CommandResult {
  const { draft, argv } = input;
  const args = argv.slice(1);
  const recursive = args.some((a) => a === "-R" || a === "--recursive");
  const { flags, operands } = splitFlags(args);
  const bad = flags.find((f) => !["-R", "--recursive", "-v", "-h", "-f", "-c"].includes(f));
  if (bad) return refuse(`${program}: invalid option -- '${bad.replace(/^-+/, "")}'`);
  const [spec, ...paths] = operands;
  if (!spec) return refuse(`${program}: missing operand`);
  if (paths.length === 0) return refuse(`${program}: missing operand after '${spec}'`);
  const fs = draft.fs();
  let owner: string | undefined;
  let group: string | undefined;
  if (program === "chgrp") group = spec;
  else {
    const [u, g] = spec.split(/[:.]/, 2) as [string, string | undefined];
    if (u !== "") owner = u;
    if (g !== undefined) group = g === "" && owner ? fs.accounts.groupById(fs.accounts.user(owner)?.gid ?? -1)?.name ?? owner : g;
  }
  if (owner !== undefined && !fs.accounts.user(owner)) return refuse(`chown: invalid user: '${spec}'`);
  if (group !== undefined && group !== "" && !fs.accounts.group(group)) return refuse(`${program}: invalid group: '${spec}'`);
  const keys: string[] = [];
  for (const p of paths) {
    const key = resolve(draft, p);
    if (key === null) return refuse(`${program}: cannot access '${p}': No such file or directory`);
    keys.push(key);
  }
  for (const key of keys) {
    const targets = recursive && fs.isDir(key) ? tree(draft, key) : fs.isDir(key) ? { files: [], dirs: [key] } : { files: [key], dirs: [] };
    for (const k of [...targets.dirs, ...targets.files]) {
      const stat = draft.fs().stat(k)!;
      const node = { ...(draft.state.nodes[k] ?? {}) };
      if (stat.type === "dir") {
        node.dir = true;
        node.mode = stat.mode;
      }
      node.owner = owner ?? stat.owner;
      node.group = group ?? stat.group;
      draft.state.nodes[k] = node;
    }
  }
  draft.changed();
  draft.tick(1);
  return done();
}

export const chown: CommandHandler = (input) => chownLike(input, "chown");
export const chgrp: CommandHandler = (input) => chownLike(input, "chgrp");

export const rm: CommandHandler = ({ draft, argv }) => {
  const { flags, operands } = splitFlags(argv.slice(1));
  const letters = flags.flatMap((f) => (f.startsWith("--") ? [f] : f.slice(1).split("")));
  const bad = letters.find((l) => !["r", "R", "f", "v", "i", "d", "--recursive", "--force", "--verbose", "--no-preserve-root"].includes(l));
  if (bad) return refuse(`rm: invalid option -- '${bad.replace(/^-+/, "")}'`);
  const recursive = letters.some((l) => l === "r" || l === "R" || l === "--recursive");
  const force = letters.some((l) => l === "f" || l === "--force");
  if (operands.length === 0) return force ? done() : refuse("rm: missing operand");
  const keys: string[] = [];
  for (const p of operands) {
    const key = keyOf(p);
    if (key === "" && recursive) return refuse("rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe");
    if (key === null || !draft.fs().exists(key)) {
      if (force) continue;
      return refuse(`rm: cannot remove '${p}': No such file or directory`);
    }
    if (draft.fs().isDir(key) && !recursive) return refuse(`rm: cannot remove '${p}': Is a directory`);
    keys.push(key);
  }
  for (const key of keys) {
    const { files, dirs } = draft.fs().isDir(key) ? tree(draft, key) : { files: [key], dirs: [] };
    for (const f of files) draft.remove(f);
    for (const d of dirs) delete draft.state.nodes[d];
    draft.changed();
  }
  draft.tick(1);
  return done();
};

export const truncate: CommandHandler = ({ draft, argv }) => {
  const args = argv.slice(1);
  let size: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-s") size = args[++i];
    else if (a.startsWith("-s")) size = a.slice(2);
    else if (a.startsWith("--size=")) size = a.slice(7);
    else if (a === "-c" || a === "--no-create") continue;
    else if (a.startsWith("-")) return refuse(`truncate: invalid option -- '${a.slice(1)}'`);
    else paths.push(a);
  }
  if (size === undefined) return refuse("truncate: you must specify either '--size' or '--reference'");
  if (!/^0+[KMG]?$/.test(size)) return refuse(`truncate: only -s 0 (emptying a file) is simulated, not -s ${size}`);
  if (paths.length === 0) return refuse("truncate: missing file operand");
  const keys: string[] = [];
  for (const p of paths) {
    const key = keyOf(p);
    if (key === null || draft.fs().isDir(key)) return refuse(`truncate: cannot open '${p}' for writing: Is a directory`);
    if (!draft.files.has(key)) return refuse(`truncate: cannot open '${p}' for writing: No such file or directory`);
    keys.push(key);
  }
  for (const key of keys) draft.write(key, "");
  draft.tick(1);
  return done();
};

/** Writes `text` to `target` as the shell's `>` or `>>` does (creating the file, mode 644, owned by root). */
export function redirectWrite(draft: HostDraft, target: string, text: string, append: boolean): CommandResult | null {
  const key = keyOf(target);
  if (target === "/dev/null") return null;
  if (key === null || key === "" || draft.fs().isDir(key)) return refuse(`sh: 1: cannot create ${target}: Is a directory`);
  if (!draft.fs().isDir(parentOf(key))) return refuse(`sh: 1: cannot create ${target}: Directory nonexistent`);
  const was = draft.files.get(key);
  if (append && was) draft.appendLog(key, text.replace(/\n$/, "").split("\n"), "root");
  else draft.write(key, text, was?.mode ?? 0o644);
  draft.tick(1);
  return null;
}

function unescape(text: string): string {
  return text.replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/\\\\/g, "\\");
}

export const echo: CommandHandler = ({ draft, argv, redirects }) => {
  let args = argv.slice(1);
  let newline = true;
  let escapes = false;
  while (args[0] && /^-[neE]+$/.test(args[0])) {
    if (args[0].includes("n")) newline = false;
    if (args[0].includes("e")) escapes = true;
    args = args.slice(1);
  }
  let text = args.join(" ");
  if (argv[0] === "printf") text = unescape(args[0] ?? "").replace(/%s/g, () => args[1] ?? "");
  else if (escapes) text = unescape(text);
  if (argv[0] !== "printf" && newline) text += "\n";
  const out = redirects.find((r) => r.op === ">" || r.op === ">>");
  if (!out) return refuse(`'${argv[0]}' without a redirection only prints: use the inspect action to look at things`);
  return redirectWrite(draft, out.target, text, out.op === ">>") ?? done();
};

/** `: > FILE`, `true > FILE`, `cat /dev/null > FILE`: the shell's way of emptying a file. */
export const emptyWith: CommandHandler = ({ draft, argv, redirects }) => {
  const out = redirects.find((r) => r.op === ">" || r.op === ">>");
  if (!out) return refuse(`'${argv.join(" ")}' changes nothing without a redirection`);
  if (argv[0] === "cat" && (argv.length !== 2 || argv[1] !== "/dev/null")) return refuse("cat with a redirection is simulated only as `cat /dev/null > FILE`; write files with the edit actions");
  return redirectWrite(draft, out.target, "", out.op === ">>") ?? done();
};

export const cp: CommandHandler = ({ draft, argv }) => copyOrMove(draft, argv, false);
export const mv: CommandHandler = ({ draft, argv }) => copyOrMove(draft, argv, true);

function copyOrMove(draft: HostDraft, argv: readonly string[], move: boolean): CommandResult {
  const program = move ? "mv" : "cp";
  const { flags, operands } = splitFlags(argv.slice(1));
  const keep = move || flags.some((f) => /^-[a-z]*[pa]/.test(f) || f === "--preserve" || f === "--archive");
  const badFlag = flags.find((f) => !/^-[pafvni]+$/.test(f) && f !== "--preserve" && f !== "--archive");
  if (badFlag) return refuse(`${program}: invalid option -- '${badFlag.replace(/^-+/, "")}'`);
  if (operands.length !== 2) return refuse(`${program}: ${operands.length < 2 ? "missing destination file operand" : "copying several files is not simulated: one source, one destination"}`);
  const [from, to] = operands as [string, string];
  // `cp /dev/null FILE` reads nothing and writes it: the file is emptied, as `: > FILE` does.
  if (from === "/dev/null" && !move) {
    const key = keyOf(to);
    if (key === null || draft.fs().isDir(key)) return refuse(`${program}: copying /dev/null into a directory is not simulated: name the file to empty`);
    return redirectWrite(draft, to, "", false) ?? done();
  }
  const src = keyOf(from);
  if (src === null || !draft.files.has(src)) {
    if (src !== null && draft.fs().isDir(src)) return refuse(`${program}: -r not specified; omitting directory '${from}'`);
    return refuse(`${program}: cannot stat '${from}': No such file or directory`);
  }
  let dst = keyOf(to);
  if (dst === null) return refuse(`${program}: cannot create regular file '${to}'`);
  if (draft.fs().isDir(dst)) dst = dst === "" ? src.split("/").pop()! : `${dst}/${src.split("/").pop()}`;
  if (!draft.fs().isDir(parentOf(dst))) return refuse(`${program}: cannot create regular file '${to}': No such file or directory`);
  const file = draft.files.get(src)!;
  const node = draft.state.nodes[src];
  const existing = draft.files.get(dst);
  const size = apparentSize(file.content, node);
  draft.files.set(dst, { content: file.content, mode: keep ? file.mode : existing?.mode ?? file.mode & 0o777 & ~0o022 });
  const dstNode = { ...(keep ? node ?? {} : draft.state.nodes[dst] ?? {}) };
  if (size !== Buffer.byteLength(file.content, "utf8")) Object.assign(dstNode, { size, of: node?.of });
  if (Object.keys(dstNode).length > 0) draft.state.nodes[dst] = dstNode;
  else delete draft.state.nodes[dst];
  if (move) draft.remove(src);
  draft.changed();
  draft.tick(1);
  return done();
}

export const mkdir: CommandHandler = ({ draft, argv }) => {
  const args = argv.slice(1);
  let parents = false;
  let mode = 0o755;
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-p" || a === "--parents") parents = true;
    else if (a === "-m" || a === "--mode") {
      const m = args[++i];
      if (!m || !/^[0-7]{3,4}$/.test(m)) return refuse(`mkdir: invalid mode '${m ?? ""}'`);
      mode = parseInt(m, 8);
    } else if (a === "-v") continue;
    else if (a.startsWith("-")) return refuse(`mkdir: invalid option -- '${a.slice(1)}'`);
    else dirs.push(a);
  }
  if (dirs.length === 0) return refuse("mkdir: missing operand");
  for (const d of dirs) {
    const key = keyOf(d);
    if (key === null || key === "") return refuse(`mkdir: cannot create directory '${d}': File exists`);
    const fs = draft.fs();
    if (fs.exists(key)) {
      if (parents && fs.isDir(key)) continue;
      return refuse(`mkdir: cannot create directory '${d}': File exists`);
    }
    if (!parents && !fs.isDir(parentOf(key))) return refuse(`mkdir: cannot create directory '${d}': No such file or directory`);
    let k = key;
    while (k !== "" && !draft.fs().exists(k)) {
      draft.state.nodes[k] = { dir: true, mode: k === key ? mode : 0o755 };
      draft.changed();
      k = parentOf(k);
    }
  }
  draft.tick(1);
  return done();
};

export const touch: CommandHandler = ({ draft, argv }) => {
  const { operands } = splitFlags(argv.slice(1));
  if (operands.length === 0) return refuse("touch: missing file operand");
  for (const p of operands) {
    const key = keyOf(p);
    if (key === null || !draft.fs().isDir(parentOf(key))) return refuse(`touch: cannot touch '${p}': No such file or directory`);
    if (!draft.fs().exists(key)) draft.write(key, "", 0o644);
  }
  draft.tick(1);
  return done();
};

