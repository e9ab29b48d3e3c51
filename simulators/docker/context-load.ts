/**
 * Loading the build context for one build, as BuildKit does. Its Dockerfile frontend reads the .dockerignore
 * and makes a pattern matcher of it for every build, whatever the Dockerfile does: a line BuildKit cannot
 * read, a lone `!` or a pattern filepath.Match refuses stops the build there. The context itself is
 * transferred only when a step uses it, filtered by two matchers fsutil makes: the context paths the
 * Dockerfile's COPY and ADD sources and bind mounts name (include patterns, unless one of them is the whole
 * context), then the .dockerignore's lines (exclude patterns). Walking the context, a pattern Go's regexp
 * cannot compile fails the first time a path reads it, include patterns first. Not modelled: the include
 * patterns' skipping of directories, which could spare an exclude pattern from being read.
 */
import { globBudget, GlobBudgetExceeded } from "../glob.js";
import type { BuildFailure, BuildRequest } from "./build.js";
import type { BuildContext, ContextProblem } from "./context.js";
import { walkContext } from "./context.js";
import { at } from "./events.js";
import { goClean, goList, PatternMatcher, PatternMatchError } from "./ignore-file.js";
import type { BuildStage, Instruction } from "./parse.js";
import { splitWords } from "./substitute.js";

/** A message quotes at most this much of a pattern list (a 64 KiB line stays out of the log). */
const QUOTED_PATTERNS = 200;

function shortened(text: string): string {
  return text.length <= QUOTED_PATTERNS ? text : `${text.slice(0, QUOTED_PATTERNS)}… (${text.length} characters)`;
}

/** A context path a step names, with the step. */
export interface ContextPath {
  path: string;
  instruction: Instruction;
}

/**
 * What the build's stages take from the context: the paths their COPY and ADD sources (without --from) and
 * bind mounts name, made relative as BuildKit's include patterns are. `whole` when one of them is the
 * whole context (then nothing is filtered in), `unknown` when a source holds a variable the model does not
 * resolve here. Under `# escape=\`` (Windows images) a backslash separates directories, as in the build.
 */
export function contextPaths(stages: readonly BuildStage[], windows: boolean): { paths: ContextPath[]; whole: boolean; unknown: boolean } {
  const paths: ContextPath[] = [];
  let whole = false;
  let unknown = false;
  const use = (written: string, instruction: Instruction) => {
    const source = windows ? written.replace(/\\/g, "/") : written;
    if (source.includes("$")) unknown = true;
    const cleaned = goClean("/" + source);
    if (cleaned === "/") whole = true;
    else paths.push({ path: cleaned.slice(1), instruction });
  };
  for (const stage of stages) {
    for (const i of stage.instructions) {
      if ((i.keyword === "COPY" || i.keyword === "ADD") && !i.flags.has("from") && i.heredocs.length === 0) {
        const words = i.json ?? splitWords(i.args);
        for (const source of words.slice(0, -1)) if (!/^(https?|git):\/\//.test(source) && !source.startsWith("git@")) use(source, i);
      }
      for (const spec of i.mounts) {
        const opts = new Map(spec.split(",").map((kv) => [kv.split("=")[0]!.trim().toLowerCase(), kv.split("=").slice(1).join("=")] as const));
        if ((opts.get("type") ?? "bind") === "bind" && !opts.has("from")) use(opts.get("source") ?? opts.get("src") ?? ".", i);
      }
    }
  }
  return { paths, whole, unknown };
}

/** A problem the Dockerfile's include patterns cause, at the first step that names the pattern. */
function atStep(message: string, instruction: Instruction | undefined): ContextProblem {
  return instruction ? { message, phase: "transfer", at: at(instruction) } : { message, phase: "transfer" };
}

/**
 * Why BuildKit cannot load `context` for a build whose stages are `stages`, or null: the frontend refusing
 * the .dockerignore, fsutil refusing an include pattern, or a pattern failing as the context is walked.
 */
export function contextLoadProblem(context: BuildContext, stages: readonly BuildStage[], windows = false): ContextProblem | null {
  if (context.problem?.phase === "frontend") return context.problem;
  const { paths, whole, unknown } = contextPaths(stages, windows);
  if (paths.length === 0 && !whole) return null;
  // Include patterns in BuildKit's order (sorted), each with the first step that names it.
  const includes = whole || unknown ? [] : [...new Map(paths.map((p) => [p.path, p.instruction])).entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const matcher = includes.length === 0 ? null : PatternMatcher.create(includes.map(([pattern], n) => ({ pattern, line: n })));
  if (matcher && !(matcher instanceof PatternMatcher)) {
    return atStep(`invalid includepatterns: ${shortened(goList(includes.map(([p]) => p)))}: ${matcher.error}`, includes[matcher.line]?.[1]);
  }
  if (matcher?.failsWhenRead) {
    const all = [...context.sorted, ...context.ignored].sort();
    try {
      walkContext(all, matcher, globBudget(), false);
    } catch (e) {
      if (e instanceof PatternMatchError) return atStep(`error from sender: failed to match includepatterns: ${e.message}`, includes[e.line]?.[1]);
      if (e instanceof GlobBudgetExceeded) return atStep(e.message, includes[0]?.[1]);
      throw e;
    }
  }
  return context.problem;
}

/**
 * Loads the build context before the stages run, as BuildKit loads it before the first step that copies from
 * it: the failure when it cannot (a .dockerignore BuildKit cannot read, a pattern it cannot compile).
 */
export function loadContext(request: Pick<BuildRequest, "context" | "parsed" | "unit">, stages: readonly BuildStage[]): BuildFailure | null {
  const problem = contextLoadProblem(request.context, stages, request.parsed.escape === "`");
  const first = stages.flatMap((s) => s.instructions).find((i) => ((i.keyword === "COPY" || i.keyword === "ADD") && !i.flags.has("from")) || i.mounts.length > 0) ?? stages[0]?.from;
  if (!first) return null;
  const verdict = request.unit.emit({ type: "build-context", problem, at: at(first) });
  if (!verdict.failed) return null;
  return { failure: verdict.failed, label: problem?.phase === "frontend" ? null : "[internal] load build context" };
}
