/**
 * Finding places in a repository's Dockerfiles for the Dockerfile family: the Dockerfiles, their build
 * contexts, their instructions and stages (the simulators' own parser, so an injector reads a Dockerfile as the
 * build does), and the assembly of an injection from one file's line change.
 */
import path from "node:path";
import { parseDockerfile } from "../../../simulators/docker/parse.js";
import type { BuildStage, Instruction, ParsedDockerfile } from "../../../simulators/docker/parse.js";
import type { GenFile, Injection, InjectionContext } from "../injector.js";
import type { LineChange } from "./line-change.js";
import { lineChange, restore } from "./line-change.js";

export type { BuildStage, Instruction, ParsedDockerfile };

export function dockerfilesIn(files: ReadonlyMap<string, GenFile>): string[] {
  return [...files.keys()].filter((p) => /(^|\/)Dockerfile$/.test(p)).sort();
}

/** The repository directory a Dockerfile is built from, with a trailing slash ("" for the root). */
export function contextPrefix(dockerfile: string): string {
  const dir = path.posix.dirname(dockerfile);
  return dir === "." ? "" : `${dir}/`;
}

export interface DockerfileView {
  file: string;
  content: string;
  parsed: ParsedDockerfile;
  /** The file's lines, without their newlines (line n is lines[n - 1]). */
  lines: string[];
}

export function viewsOf(files: ReadonlyMap<string, GenFile>): DockerfileView[] {
  return dockerfilesIn(files).map((file) => {
    const content = files.get(file)!.content;
    return { file, content, parsed: parseDockerfile(content), lines: content.split("\n") };
  });
}

/** The content with line `n` (1-based) replaced by `lines` (none: the line is removed). */
export function withLines(content: string, n: number, lines: readonly string[]): string {
  const all = content.split("\n");
  all.splice(n - 1, 1, ...lines);
  return all.join("\n");
}

/** The stage an instruction belongs to. */
export function stageOf(parsed: ParsedDockerfile, instruction: Instruction): BuildStage | undefined {
  return parsed.stages.find((s) => s.from === instruction || s.instructions.includes(instruction));
}

/** The first word of a RUN's shell command and of each `&&` / `;` / `||` part. */
export function commandWords(run: Instruction): string[] {
  const script = run.json ? run.json.join(" ") : run.args;
  return script
    .split(/&&|\|\||;|\|/)
    .map((part) => part.trim().replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*/, "").split(/\s+/)[0] ?? "")
    .filter((w) => w !== "");
}

export interface DockerfileFault {
  kind: string;
  change: LineChange;
  after: string;
  issue: Injection["issue"];
}

/** The injection for a fault that changes one file and is repaired by putting its lines back. */
export function restoringInjection({ kind, change, after, issue }: DockerfileFault): Injection {
  return {
    kind,
    layer: "dockerfile",
    changes: [{ file: change.file, content: after }],
    issue,
    repair: [restore(change)],
    introduced: [{ file: change.file, text: change.broken }],
  };
}

/** A file's content in the base, when the base has it. */
export function cleanContent(ctx: Pick<InjectionContext, "base">, file: string): string | undefined {
  const f = ctx.base.files[file];
  return f === undefined ? undefined : typeof f === "string" ? f : f.content;
}

/** The line change from the file's current content to `after`, respecting other faults' texts. */
export function changeTo(ctx: Pick<InjectionContext, "files" | "reserved" | "base">, file: string, after: string): LineChange | null {
  const before = ctx.files.get(file)?.content;
  return before === undefined ? null : lineChange(file, before, after, ctx.reserved, cleanContent(ctx, file));
}

/** A requirements file a stage's `pip install -r` installs, by its repository path. */
export interface PipInstall {
  stage: BuildStage;
  run: Instruction;
  /** Repository path of the requirements file. */
  file: string;
}

/** The requirements files each stage of a Dockerfile installs with pip, when the build context has them. */
export function pipInstalls(view: DockerfileView, files: ReadonlyMap<string, GenFile>): PipInstall[] {
  const prefix = contextPrefix(view.file);
  return view.parsed.stages.flatMap((stage) =>
    stage.instructions.flatMap((run) => {
      const m = run.keyword === "RUN" ? /\bpip3?\s+install\b[^&;|]*?\s(?:-r|--requirement)\s*=?\s*(\S+)/.exec(run.args) : null;
      if (!m) return [];
      const written = m[1]!.replace(/^\.\//, "");
      const file = [prefix + written, prefix + path.posix.basename(written)].find((p) => files.has(p));
      return file ? [{ stage, run, file }] : [];
    }),
  );
}

/** `name==version` pins of a requirements file, with the line each is on. */
export function pinsOf(content: string): { line: string; name: string; version: string }[] {
  return content.split("\n").flatMap((line) => {
    const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([0-9][A-Za-z0-9.]*)\s*$/.exec(line.trim());
    return m ? [{ line, name: m[1]!.toLowerCase(), version: m[2]! }] : [];
  });
}

/** What the final stage starts: its last ENTRYPOINT and CMD instructions (exec form or not), if any. */
export function finalStart(view: DockerfileView): { stage: BuildStage; entrypoint?: Instruction; cmd?: Instruction } | null {
  const stage = view.parsed.stages[view.parsed.stages.length - 1];
  if (!stage) return null;
  const last = (keyword: string) => [...stage.instructions].reverse().find((i) => i.keyword === keyword);
  const entrypoint = last("ENTRYPOINT");
  const cmd = last("CMD");
  return { stage, ...(entrypoint ? { entrypoint } : {}), ...(cmd ? { cmd } : {}) };
}

/** An exec-form instruction rewritten with a new argv, keeping its keyword as written. */
export function execLine(written: string, argv: readonly string[]): string {
  return `${written.slice(0, written.indexOf("["))}[${argv.map((a) => JSON.stringify(a)).join(", ")}]`;
}
