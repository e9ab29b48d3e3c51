/**
 * build-context-mismatch: the workflow builds a Dockerfile with a context that does not hold its COPY sources
 * (a service's Dockerfile built from the repository root, or a root Dockerfile from its source directory),
 * so BuildKit fails the first COPY: `failed to compute cache key: … "/package.json": not found` (DF004).
 * The Dockerfile is right for one context, the workflow gives it another (real-errors.md §E, wrong_build_context).
 *
 * Split rule: the paths are written bare in train (`context: .`, `file: api/Dockerfile`, `context: app`) and
 * with a leading `./` in test (`context: ./`, `file: ./api/Dockerfile`, `context: ./app`).
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import type { GenFile, InjectionContext } from "../injector.js";
import type { Build } from "./delivery/builds.js";
import { contextSources, deliveryBuilds, joinPath, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";

interface Move {
  build: Build;
  /** The context written in the workflow after the fault. */
  context: string;
  /** The Dockerfile path written in the workflow after the fault. */
  file: string;
  /** The Dockerfiles whose sources the new context lacks. */
  broken: string[];
}

function exists(files: ReadonlyMap<string, GenFile>, p: string): boolean {
  return files.has(p) || [...files.keys()].some((f) => f.startsWith(`${p}/`));
}

/** Whether a Dockerfile's context sources are all under `dir` and some of them are not under `other`. */
function breaksUnder(files: ReadonlyMap<string, GenFile>, dockerfile: string, dir: string, other: string): boolean {
  const parsed = readDockerfile(files, dockerfile);
  if (!parsed) return false;
  const sources = contextSources(parsed).filter((s) => s !== ".");
  return sources.length > 0 && sources.every((s) => exists(files, joinPath(dir, s))) && sources.some((s) => !exists(files, joinPath(other, s)));
}

function written(p: string, test: boolean): string {
  if (!test) return p;
  return p === "." ? "./" : `./${p}`;
}

function moves(ctx: InjectionContext): Move[] {
  const test = ctx.split === "test";
  const builds = deliveryBuilds(ctx.files, ctx.world);
  const out: Move[] = [];
  for (const build of builds) {
    if (build.context === null || build.step.inputs.has("file") || (build.command && build.command.words.some((w) => w === "-f" || w === "--file"))) continue;
    const legs = builds.filter((b) => b.step === build.step);
    const contextText = build.command ? build.command.words[build.command.words.length - 1]! : build.step.inputs.get("context")!.value;
    if (build.context !== ".") {
      // A service's own context widened to the repository root, its Dockerfile named from there.
      if (legs.some((b) => b.context === null || !breaksUnder(ctx.files, b.dockerfile, b.context, "."))) continue;
      const file = contextText.replace(/\/+$/, "") + "/Dockerfile";
      if (!out.some((m) => m.build.step === build.step)) out.push({ build, context: written(".", test), file: written(file, test), broken: legs.map((b) => b.dockerfile) });
    } else if (legs.length === 1) {
      // A root context narrowed to one of the directories the Dockerfile copies from.
      const parsed = readDockerfile(ctx.files, build.dockerfile);
      const dirs = [...new Set((parsed ? contextSources(parsed) : []).map((s) => s.split("/")[0]!).filter((d) => [...ctx.files.keys()].some((f) => f.startsWith(`${d}/`))))];
      for (const dir of dirs.sort()) {
        if (breaksUnder(ctx.files, build.dockerfile, ".", dir) && path.posix.dirname(build.dockerfile) === ".") {
          out.push({ build, context: written(dir, test), file: written("Dockerfile", test), broken: [build.dockerfile] });
        }
      }
    }
  }
  return out;
}

function rewrite(ctx: InjectionContext, move: Move): Change | null {
  const { workflow, step, command } = move.build;
  if (command) {
    const last = command.words[command.words.length - 1]!;
    if (!command.text.endsWith(` ${last}`)) return null;
    const at = command.span[1] - last.length;
    return change(ctx, workflow.file, [at - 1, command.span[1]], ` -f ${move.file} ${move.context}`);
  }
  const entry = step.inputs.get("context")!;
  return change(ctx, workflow.file, entry.span, `${entry.indent}context: ${move.context}\n${entry.indent}file: ${move.file}\n`);
}

export const buildContextMismatch = defineInjector({
  kind: "build-context-mismatch",
  layer: "pipeline",
  summary: "The workflow's build context does not hold the Dockerfile's COPY sources: BuildKit's `failed to compute cache key … not found` (DF004)",
  inject(ctx) {
    const candidates = moves(ctx);
    if (candidates.length === 0) return null;
    const move = ctx.rng.pick(candidates);
    const c = rewrite(ctx, move);
    if (!c) return null;
    return {
      kind: "build-context-mismatch",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description: `${move.build.workflow.file} builds ${move.broken.join(" and ")} with the context ${move.context}, which does not hold the files the Dockerfile copies (they are relative to ${move.build.context}).`,
        hint: "The files the failing COPY names are in the repository. Relative to which directory does BuildKit look for them?",
        stage: "build",
        detection: detections("DF004", move.broken),
      },
    };
  },
});
