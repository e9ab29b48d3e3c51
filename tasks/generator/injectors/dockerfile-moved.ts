/**
 * dockerfile-moved: the Dockerfile was renamed or moved (Dockerfile.prod, docker/Dockerfile) and the
 * workflow still builds the default `<context>/Dockerfile`, so the build fails before it starts:
 * `failed to read dockerfile: open Dockerfile: no such file or directory` (GHA101). The repository's layout
 * says where the Dockerfile is, the workflow where it looks. The repair points the build at it (`file:`,
 * `-f`); moving the file back is refused by the grader's files-kept check, so the hint points at the workflow.
 *
 * Split rule: train renames it beside its context (Dockerfile.prod, Dockerfile.release); test moves it into
 * a directory (docker/Dockerfile, ops/Dockerfile), which train never shows.
 */
import { defineInjector } from "../injector.js";
import type { Injection } from "../injector.js";
import type { Build } from "./delivery/builds.js";
import { deliveryBuilds, joinPath } from "./delivery/builds.js";
import { detections, fileFree, repairOf, spanFree } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";

const PLACES = { train: ["Dockerfile.prod", "Dockerfile.release"], test: ["docker/Dockerfile", "ops/Dockerfile"] };

/** The workflow's build told where the Dockerfile is now: a `file:` input after `context:`, or `-f`. */
function pointAt(ctx: Parameters<typeof spanFree>[0], build: Build, moved: string): Change | null {
  const { workflow, step, command } = build;
  if (command) {
    const last = command.words[command.words.length - 1]!;
    if (!command.text.endsWith(` ${last}`)) return null;
    const broken = ` ${last}`;
    // The repair's old text: the command's last line, which must be unique in the file and no other fault's.
    const tail = workflow.content.slice(command.span[0], command.span[1]).split("\n").pop()!;
    if (workflow.content.split(tail).length !== 2 || !spanFree(ctx, workflow.file, workflow.content, [command.span[1] - tail.length, command.span[1]])) return null;
    return { file: workflow.file, content: workflow.content, broken: tail, fixed: tail.slice(0, tail.length - broken.length) + ` -f ${moved}${broken}` };
  }
  const entry = step.inputs.get("context");
  if (!entry) return null;
  const text = workflow.content.slice(entry.span[0], entry.span[1]);
  if (workflow.content.split(text).length !== 2 || !spanFree(ctx, workflow.file, workflow.content, entry.span)) return null;
  return { file: workflow.file, content: workflow.content, broken: text, fixed: `${text}${entry.indent}file: ${moved}\n` };
}

export const dockerfileMoved = defineInjector({
  kind: "dockerfile-moved",
  layer: "pipeline",
  summary: "The Dockerfile moved and the workflow still builds the default path: `failed to read dockerfile … no such file or directory` (GHA101)",
  inject(ctx) {
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const candidates = builds.filter(
      (b) =>
        b.context !== null &&
        !b.step.inputs.has("file") &&
        !(b.command?.words.some((w) => w === "-f" || w === "--file") ?? false) &&
        b.dockerfile === joinPath(b.context, "Dockerfile") &&
        ctx.files.has(b.dockerfile) &&
        fileFree(ctx, b.dockerfile) &&
        builds.filter((o) => o.dockerfile === b.dockerfile || o.step === b.step).length === 1,
    );
    if (candidates.length === 0) return null;
    const build = ctx.rng.pick(candidates);
    const relative = ctx.rng.pick(PLACES[ctx.split === "test" ? "test" : "train"]);
    const moved = joinPath(build.context!, relative);
    if (ctx.files.has(moved)) return null;
    const point = pointAt(ctx, build, moved);
    if (!point) return null;
    const file = ctx.files.get(build.dockerfile)!;
    const changes: Injection["changes"] = [{ file: build.dockerfile, remove: true }, { file: moved, content: file.content, mode: file.mode }];
    return {
      kind: "dockerfile-moved",
      layer: "pipeline",
      changes,
      repair: repairOf([point]),
      introduced: [{ file: build.workflow.file, text: point.broken }],
      issue: {
        description: `The Dockerfile is now ${moved}, but ${build.workflow.file} still builds ${build.dockerfile}, the default for its context, which no longer exists.`,
        hint: "The build cannot find its Dockerfile, yet the repository has one. Which path does the workflow build, and where is the file?",
        stage: "build",
        detection: detections("GHA101", [build.workflow.file]),
      },
    };
  },
});
