/**
 * What the heuristic agent reads, made convenient: the observation's files as lines, the files of each kind,
 * the error log, where the log points, and what the inspections it ran printed. Built only from observations;
 * nothing hidden is reachable here.
 */
import type { Action } from "../../contracts/actions.js";
import type { Observation } from "../../contracts/observation.js";

/** A location the log points at: a file and a 1-based line. */
export interface LogLocation {
  file: string;
  line: number;
}

/** The agent's read-only view of one observation. */
export interface RepairView {
  readonly observation: Observation;
  /** The error log, "" when the pipeline passes. */
  readonly log: string;
  readonly paths: readonly string[];
  readonly secrets: readonly string[];
  content(path: string): string | undefined;
  lines(path: string): string[];
  readonly dockerfiles: readonly string[];
  readonly workflows: readonly string[];
  readonly manifests: readonly string[];
  /** Documentation an engineer would read for facts: READMEs, docs, example env files. */
  readonly docs: readonly string[];
  /** What each inspection the agent ran so far printed, by command line. */
  readonly inspected: ReadonlyMap<string, string>;
}

/** Builds the view of an observation, with the outputs of the inspections run before it. */
export function viewOf(observation: Observation, inspected: ReadonlyMap<string, string> = new Map()): RepairView {
  const paths = Object.keys(observation.files).sort();
  const base = (p: string): string => p.slice(p.lastIndexOf("/") + 1);
  return {
    observation,
    log: observation.error_message ?? "",
    paths,
    secrets: observation.available_secrets,
    content: (p) => observation.files[p],
    lines: (p) => splitLines(observation.files[p] ?? ""),
    dockerfiles: paths.filter((p) => /^(.*\.)?Dockerfile(\..*)?$|^Containerfile$/.test(base(p))),
    workflows: paths.filter((p) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p)),
    manifests: paths.filter((p) => /\.ya?ml$/.test(p) && !p.startsWith(".github/") && /^\s*kind:\s*\S/m.test(observation.files[p] ?? "")),
    docs: paths.filter((p) => /(^|\/)(README|readme)[^/]*$|\.md$|\.env\.example$|\.env\.sample$|docker-compose\.ya?ml$|compose\.ya?ml$/.test(p)),
    inspected,
  };
}

/**
 * What `command` printed, or the inspection to run first: a rule that needs a look asks for it, and the agent
 * plays it before the rule can propose an edit (an inspection is a step, so a rule looks only when it must).
 * @example const top = lookedAt(view, "kubectl top pod"); if (typeof top !== "string") return [top];
 */
export function lookedAt(view: RepairView, command: string): string | Action {
  return view.inspected.get(command) ?? { action_type: "inspect", command };
}

/** A file's lines without their line ends; a final newline does not make an extra empty line. */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

/** The leading spaces of a line. */
export function indentOf(line: string): string {
  return /^\s*/.exec(line)?.[0] ?? "";
}

/** Replaces one line: the smallest edit, and it cannot be ambiguous. */
export const replaceLine = (file_path: string, line_number: number, new_content: string): Action => ({ action_type: "replace_line", file_path, line_number, new_content });

/** Inserts lines so that the first becomes line `line_number`. */
export const insertLines = (file_path: string, line_number: number, lines: readonly string[]): Action =>
  lines.length === 1
    ? { action_type: "add_line", file_path, line_number, content: lines[0] ?? "" }
    : { action_type: "add_block", file_path, line_number, content: lines.join("\n") };

/**
 * Rewrites a whole file in one edit, for changes at several places: the whole old content always matches
 * exactly once. Null when nothing changes or the file is empty (an empty old_content would mean "create").
 */
export function rewriteFile(view: RepairView, path: string, next: string): Action | null {
  const current = view.content(path);
  if (current === undefined || current === "" || current === next) return null;
  return { action_type: "edit_file", edits: [{ file_path: path, old_content: current, new_content: next }] };
}

/**
 * The location in a docker build log: the `Dockerfile:N` header of the excerpt (BuildKit names only the file,
 * so in a repository of several Dockerfiles the one whose line N is the `>>>` line), else the parse error's line.
 */
export function dockerLogLocation(view: RepairView): LogLocation | null {
  const header = /^(\S*Dockerfile\S*?|\S*Containerfile):(\d+)(?:-\d+)?$/m.exec(view.log);
  if (header?.[1] !== undefined && view.content(header[1]) !== undefined) return { file: header[1], line: Number(header[2]) };
  const marked = /^\s*\d+ \| >>> (.*)$/m.exec(view.log)?.[1];
  if (header?.[1] !== undefined && marked !== undefined) {
    const line = Number(header[2]);
    const file = view.dockerfiles.find((d) => d.endsWith(`/${header[1]}`) && view.lines(d)[line - 1] === marked);
    if (file !== undefined) return { file, line };
  }
  const parse = /dockerfile parse error on line (\d+)/i.exec(view.log);
  const file = view.dockerfiles[0];
  if (parse && file !== undefined) return { file, line: Number(parse[1]) };
  return null;
}

/** The location GitHub gives for an invalid workflow file: `path (Line: L, Col: C)`. */
export function workflowLogLocation(view: RepairView): (LogLocation & { column: number }) | null {
  const match = /(\.github\/workflows\/[^\s#]+?)(?:#L\d+)?\s*\(Line: (\d+), Col: (\d+)\)/.exec(view.log) ?? /(\.github\/workflows\/[^\s#]+)#L(\d+)/.exec(view.log);
  if (!match?.[1]) return null;
  return { file: match[1], line: Number(match[2]), column: Number(match[3] ?? 1) };
}

/** Numbers the log and the files agree an app listens on, most often mentioned first. */
export function appPorts(view: RepairView): number[] {
  const counts = new Map<number, number>();
  const patterns = [
    /\bport\b[^\n\d]{0,20}?(\d{2,5})\b/gi,
    /listen(?:ing)?\s*(?:on|\()\s*(?:port\s*)?(?:[\w."']+:)?(\d{2,5})\b/gi,
    /--port[ =]+["']?(\d{2,5})\b/gi,
    /(?:0\.0\.0\.0|localhost|127\.0\.0\.1):(\d{2,5})\b/g,
    /-p\s+(\d{2,5}):\d{2,5}/g,
  ];
  const skip = new Set(view.dockerfiles);
  for (const path of view.paths) {
    if (skip.has(path) || view.manifests.includes(path) || view.workflows.includes(path) || path.endsWith("package-lock.json")) continue;
    const text = view.content(path) ?? "";
    for (const pattern of patterns) {
      for (const m of text.matchAll(pattern)) {
        const port = Number(m[1]);
        if (port > 0 && port < 65536) counts.set(port, (counts.get(port) ?? 0) + 1);
      }
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([port]) => port);
}
