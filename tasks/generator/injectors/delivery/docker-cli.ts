/**
 * The docker commands of a workflow's `run:` scripts: builds (`docker build`, `docker buildx build`), pushes
 * and logins, each with the exact text of its command (backslash continuations included) so that an
 * injector can change one flag and repair exactly that text.
 */
import type { Span, Step, Workflow } from "./workflows.js";

export interface DockerCommand {
  workflow: Workflow;
  job: string;
  step: Step;
  /** The command's text from `docker` to its end (continuation lines included, no trailing newline). */
  text: string;
  /** Where `text` is in the workflow's content. */
  span: Span;
  /** Its words, quotes removed (`-t`, `$IMAGE:main`, …), after `docker`. */
  words: string[];
}

/** Words of a shell command line, quotes removed (no expansion). */
function words(command: string): string[] {
  const out: string[] = [];
  for (const m of command.replace(/\\\n/g, " ").matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** Every `docker …` command of a workflow's run steps. */
export function dockerCommands(workflow: Workflow): DockerCommand[] {
  const out: DockerCommand[] = [];
  for (const job of workflow.jobs) {
    for (const step of job.steps) {
      if (!step.run) continue;
      const [from, to] = step.run.span;
      const script = workflow.content.slice(from, to);
      // From `docker` (at a line start, after a pipe or `&&`) to the end of the line, continuations joined.
      for (const m of script.matchAll(/(^|[|&;]\s*|^\s+)(docker\s(?:[^\n]*\\\n)*[^\n]*)/gm)) {
        const start = from + m.index! + m[1]!.length;
        const command = m[2]!.replace(/\s+$/, "");
        out.push({ workflow, job: job.id, step, text: command, span: [start, start + command.length], words: words(command).slice(1) });
      }
    }
  }
  return out;
}

/** `docker build …` and `docker buildx build …`. */
export function isBuild(c: DockerCommand): boolean {
  return c.words[0] === "build" || (c.words[0] === "buildx" && c.words[1] === "build");
}

/** The values of a flag (`-t X`, `--tag X`, `--tag=X`). */
export function flagValues(c: DockerCommand, names: readonly string[]): string[] {
  const out: string[] = [];
  c.words.forEach((w, i) => {
    const eq = w.indexOf("=");
    if (eq > 0 && names.includes(w.slice(0, eq))) out.push(w.slice(eq + 1));
    else if (names.includes(w) && c.words[i + 1] !== undefined) out.push(c.words[i + 1]!);
  });
  return out;
}

/** A build's context: its last word. */
export function buildContext(c: DockerCommand): string | null {
  return isBuild(c) ? (c.words[c.words.length - 1] ?? null) : null;
}

/** The registry a `docker login` names (Docker Hub when none). */
export function loginRegistry(c: DockerCommand): string {
  const rest = c.words.slice(1);
  const positional = rest.filter((w, i) => !w.startsWith("-") && !/^(-u|--username|-p|--password)$/.test(rest[i - 1] ?? ""));
  return positional[0] ?? "docker.io";
}
