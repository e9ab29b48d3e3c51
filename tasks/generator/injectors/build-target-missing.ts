/**
 * build-target-missing: the workflow builds a `target:` (`--target`) stage the Dockerfile does not have, as
 * after a stage was renamed on one side only. BuildKit stops before building anything: `failed to solve:
 * target stage "production" could not be found` (PIPE003). The stage names are in one file, the target in
 * the other.
 *
 * The Dockerfile's final stage keeps its name or is given one (the scene); the workflow targets another.
 * Split rule: train targets production/prod/release and names an unnamed final stage runtime or app; test
 * targets final/deploy/ship and names it serve or image.
 */
import { defineInjector } from "../injector.js";
import type { Build } from "./delivery/builds.js";
import { deliveryBuilds, instructionSpan, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";
import { withHead } from "./delivery/workflows.js";

const NAMES = {
  train: { target: ["production", "prod", "release"], stage: ["runtime", "app"] },
  test: { target: ["final", "deploy", "ship"], stage: ["serve", "image"] },
};

/** The workflow side: a target input at the top of `with:`, or `--target` right after the build verb. */
function targetAt(ctx: Parameters<typeof change>[0], build: Build, wrong: string, right: string): { broke: Change; repair: Change } | null {
  const { workflow, step, command } = build;
  if (command) {
    const first = command.text.split("\n")[0]!;
    const verb = /^docker\s+(?:buildx\s+)?build/.exec(first)![0];
    const at = command.span[0];
    const broke = change(ctx, workflow.file, [at, at + first.length], first.replace(verb, `${verb} --target ${wrong}`));
    return broke && { broke, repair: { ...broke, fixed: first.replace(verb, `${verb} --target ${right}`) } };
  }
  const head = withHead(workflow, step);
  if (!head) return null;
  const broke = change(ctx, workflow.file, head.span, `${head.text}${head.indent}target: ${wrong}\n`);
  return broke && { broke, repair: { ...broke, fixed: `${head.text}${head.indent}target: ${right}\n` } };
}

export const buildTargetMissing = defineInjector({
  kind: "build-target-missing",
  layer: "pipeline",
  summary: "The workflow builds a --target stage the Dockerfile does not define: BuildKit's `target stage … could not be found` (PIPE003)",
  inject(ctx) {
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const candidates = builds.filter((b) => b.target === null && readDockerfile(ctx.files, b.dockerfile) !== null && builds.filter((o) => o.step === b.step).length === 1);
    if (candidates.length === 0) return null;
    const build = ctx.rng.pick(candidates);
    const names = NAMES[ctx.split === "test" ? "test" : "train"];
    const parsed = readDockerfile(ctx.files, build.dockerfile)!;
    const final = parsed.stages[parsed.stages.length - 1]!;
    const taken = new Set(parsed.stages.map((s) => s.name).filter((n): n is string => n !== null));
    const wrong = ctx.rng.pick(names.target.filter((t) => !taken.has(t)));
    const changes: Change[] = [];
    let stage = final.name;
    if (stage === null) {
      stage = ctx.rng.pick(names.stage.filter((s) => !taken.has(s)));
      const content = ctx.files.get(build.dockerfile)!.content;
      const span = instructionSpan(content, final.from);
      const from = content.slice(span[0], span[1]);
      const named = change(ctx, build.dockerfile, span, from.replace(/\s*$/, ` AS ${stage}\n`));
      if (!named) return null;
      changes.push(named);
    }
    const side = targetAt(ctx, build, wrong, stage);
    if (!side) return null;
    const stages = parsed.stages.map((s, i) => (i === parsed.stages.length - 1 ? stage : s.name)).filter((n): n is string => n !== null);
    return {
      kind: "build-target-missing",
      layer: "pipeline",
      ...applied([...changes, side.broke], [side.repair]),
      issue: {
        description: `${build.workflow.file} builds ${build.dockerfile} with target ${wrong}, a stage it does not have (its stages: ${stages.join(", ")}); BuildKit stops before the build starts.`,
        hint: "BuildKit cannot find the stage the workflow asks for. Compare the target with the stage names in the Dockerfile it builds.",
        stage: "build",
        detection: detections("PIPE003", [build.workflow.file]),
      },
    };
  },
});
