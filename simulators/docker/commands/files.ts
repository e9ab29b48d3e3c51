/**
 * The file commands whose effects later checks depend on: chmod, chown, mkdir, `install -d`, touch, cp and mv.
 * Each refuses as coreutils does where the model knows enough (a missing operand, a path known to be absent, a
 * user who may not change it) and otherwise changes the image's files.
 */
import path from "node:path";
import { canWrite, entriesUnder, exists, isDir, isRootUser, knownAbsent, mkdirs, resolveIn } from "../image.js";
import type { Handler } from "./command.js";
import { failure, ok, userName } from "./command.js";

function parseMode(spec: string, current: number): number | null {
  if (/^[0-7]{3,4}$/.test(spec)) return parseInt(spec, 8);
  let mode = current;
  for (const clause of spec.split(",")) {
    const m = /^([ugoa]*)([+\-=])([rwxXst]*)$/.exec(clause);
    if (!m) return null;
    const who = m[1] === "" || m[1]!.includes("a") ? "ugo" : m[1]!;
    let bits = 0;
    for (const w of who) {
      const shift = w === "u" ? 6 : w === "g" ? 3 : 0;
      for (const p of m[3]!) bits |= (p === "r" ? 4 : p === "w" ? 2 : p === "x" || p === "X" ? 1 : 0) << shift;
    }
    if (m[2] === "+") mode |= bits;
    else if (m[2] === "-") mode &= ~bits;
    else mode = (mode & ~0o777) | bits;
  }
  return mode;
}

export const chmod: Handler = (args, cwd, { image }) => {
  const flags = args.filter((a) => /^-[A-Za-z]+$/.test(a));
  const rest = args.filter((a) => !/^-[A-Za-z]+$/.test(a));
  const [spec, ...targets] = rest;
  if (!spec || targets.length === 0) return failure(1, "chmod: missing operand");
  const recursive = flags.some((f) => f.includes("R"));
  for (const t of targets) {
    const p = resolveIn(cwd, t);
    const entry = image.fs.get(p);
    if (!entry) {
      if (knownAbsent(image, p)) return failure(1, `chmod: cannot access '${t}': No such file or directory`);
      continue;
    }
    if (!isRootUser(image.user) && entry.owner !== userName(image.user)) return failure(1, `chmod: changing permissions of '${t}': Operation not permitted`);
    for (const q of recursive ? entriesUnder(image, p) : [p]) {
      const e = image.fs.get(q)!;
      const next = parseMode(spec, e.mode);
      if (next === null) return failure(1, `chmod: invalid mode: '${spec}'`);
      e.mode = next;
    }
  }
  return ok;
};

export const chown: Handler = (args, cwd, { image }) => {
  const rest = args.filter((a) => !a.startsWith("-"));
  const recursive = args.some((a) => /^-[A-Za-z]*R/.test(a));
  const [spec, ...targets] = rest;
  if (!spec || targets.length === 0) return failure(1, "chown: missing operand");
  // OWNER[:GROUP]: an empty owner (`:group`, or `:` alone) leaves the owner as it is, as coreutils does.
  const owner = spec.split(/[:.]/)[0]!;
  if (owner !== "" && !/^\d+$/.test(owner) && !image.users.has(owner) && image.known) return failure(1, `chown: invalid user: '${spec}'`);
  for (const t of targets) {
    const p = resolveIn(cwd, t);
    // Only root may give a file away; a group change alone is a member's right, which the model does not track.
    if (!isRootUser(image.user) && owner !== "") return failure(1, `chown: changing ownership of '${t}': Operation not permitted`);
    if (!image.fs.has(p)) {
      if (knownAbsent(image, p)) return failure(1, `chown: cannot access '${t}': No such file or directory`);
      continue;
    }
    if (owner === "") continue;
    for (const q of recursive ? entriesUnder(image, p) : [p]) image.fs.get(q)!.owner = owner;
  }
  return ok;
};

export const mkdir: Handler = (args, cwd, { image }) => {
  const parents = args.some((a) => /^-[A-Za-z]*p/.test(a) || a === "--parents");
  const modeAt = args.findIndex((a) => a === "-m" || a === "--mode");
  const mode = modeAt >= 0 ? parseMode(args[modeAt + 1] ?? "", 0o755) ?? 0o755 : 0o755;
  const dirs = args.filter((a, i) => !a.startsWith("-") && !(modeAt >= 0 && i === modeAt + 1));
  for (const d of dirs) {
    const p = resolveIn(cwd, d);
    if (exists(image, p)) {
      if (parents) continue;
      return failure(1, `mkdir: cannot create directory '${d}': File exists`);
    }
    let parent = path.posix.dirname(p);
    while (!exists(image, parent) && parents) parent = path.posix.dirname(parent);
    if (!exists(image, parent)) {
      if (knownAbsent(image, parent)) return failure(1, `mkdir: cannot create directory '${d}': No such file or directory`);
      mkdirs(image, p, userName(image.user), mode);
      continue;
    }
    if (!canWrite(image, image.user, parent)) return failure(1, `mkdir: cannot create directory '${d}': Permission denied`);
    mkdirs(image, p, userName(image.user), mode);
  }
  return ok;
};

/** `install -d [-o user] [-g group] [-m mode] DIR…` creates directories owned as asked. */
export const install: Handler = (args, cwd, { image }) => {
  if (!args.includes("-d") && !args.includes("--directory")) return ok;
  let owner = image.user.split(":")[0]!;
  let mode = 0o755;
  const dirs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-o" || a === "--owner") owner = args[++i] ?? owner;
    else if (a === "-m" || a === "--mode") mode = parseMode(args[++i] ?? "755", 0o755) ?? 0o755;
    else if (a === "-g" || a === "--group") i += 1;
    else if (!a.startsWith("-")) dirs.push(a);
  }
  if (!isRootUser(image.user) && owner !== image.user.split(":")[0]) return failure(1, `install: cannot change ownership of '${dirs[0] ?? ""}': Operation not permitted`);
  for (const d of dirs) {
    const p = resolveIn(cwd, d);
    mkdirs(image, p, owner, mode);
    const e = image.fs.get(p);
    if (e) {
      e.owner = owner;
      e.mode = mode;
    }
  }
  return ok;
};

/** cp and mv of single files and trees: the destination exists afterwards, and after mv the source does not. */
function copyOrMove(program: "cp" | "mv"): Handler {
  return (args, cwd, { image, strict }) => {
    const operands = args.filter((a) => !a.startsWith("-"));
    if (operands.length !== 2) {
      if (!strict) image.exact = false;
      return ok;
    }
    const [from, to] = operands.map((o) => resolveIn(cwd, o)) as [string, string];
    const entry = image.fs.get(from);
    if (!entry) {
      if (knownAbsent(image, from)) return failure(1, `${program}: cannot stat '${operands[0]}': No such file or directory`);
      if (!strict) image.exact = false;
      return ok;
    }
    const target = isDir(image, to) ? path.posix.join(to, path.posix.basename(from)) : to;
    const moved = entriesUnder(image, from);
    for (const p of moved) image.fs.set(target + p.slice(from.length), { ...image.fs.get(p)!, byBuild: true });
    if (program === "mv") for (const p of moved) if (p !== target && !p.startsWith(`${target}/`)) image.fs.delete(p);
    return ok;
  };
}

export const cp = copyOrMove("cp");
export const mv = copyOrMove("mv");

export const touch: Handler = (args, cwd, { image }) => {
  for (const a of args.filter((x) => !x.startsWith("-"))) {
    const p = resolveIn(cwd, a);
    if (image.fs.has(p)) continue;
    if (!canWrite(image, image.user, path.posix.dirname(p))) return failure(1, `touch: cannot touch '${a}': Permission denied`);
    image.fs.set(p, { type: "file", owner: image.user.split(":")[0]!, mode: 0o644, content: "", byBuild: true });
  }
  return ok;
};
