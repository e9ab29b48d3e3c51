/**
 * image-push-disabled: the release workflow builds the image the cluster runs but never pushes it, so the
 * kubelet's pull is refused as for a repository that does not exist (PIPE001, `pull access denied, repository
 * does not exist or may require authorization`). No file shows it alone: the workflow builds fine, the
 * manifest names a sound image.
 *
 * Split rule: the parameter is when the push still happens. Train: never (`push: false`, `if: false`, no
 * `--push`) or only on pull requests (an inverted `event_name` guard). Test: only on a branch that is not the
 * default one (a guard left from before the branch was renamed) or only for tags, which train never shows.
 */
import { defineInjector } from "../injector.js";
import type { InjectionContext } from "../injector.js";
import type { Rng } from "../rng.js";
import { change, applied, detections } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";
import { dockerCommands, isBuild } from "./delivery/docker-cli.js";
import { deployedImages, imageName, pushedImages, stepRepositories } from "./delivery/images.js";
import type { DeployedImage, Pushed } from "./delivery/images.js";
import { buildPushSteps, deliveryWorkflows } from "./delivery/workflows.js";
import type { Step, Workflow } from "./delivery/workflows.js";

interface Place {
  workflow: Workflow;
  step: Step;
  /** The repositories whose only push is this step's. */
  keys: Set<string>;
  how: "input" | "push-step" | "buildx-flag";
}

/** The condition the push is left under, as an expression's body. */
function condition(rng: Rng, split: InjectionContext["split"], defaultBranch: string): { text: string; says: string } {
  if (split === "test") {
    const other = defaultBranch === "master" ? "main" : "master";
    return rng.pick([
      { text: `github.ref == 'refs/heads/${other}'`, says: `pushes it only from the ${other} branch, while the repository's default branch is ${defaultBranch}` },
      { text: "startsWith(github.ref, 'refs/tags/')", says: "pushes it only for tags, while the release runs on branch pushes" },
    ]);
  }
  return rng.pick([
    { text: "false", says: "never pushes it" },
    { text: "github.event_name == 'pull_request'", says: "pushes it only on pull requests, while the release runs on pushes" },
  ]);
}

function registryLists(ctx: InjectionContext, key: string): boolean {
  return Object.keys(ctx.world.registry).some((written) => imageName(written).key === key);
}

/**
 * The repositories of `pushes` that no push outside `step` delivers, deployed and not already in the
 * registry. Each workload on them must run a tag the release pushes: where another fault already changed the
 * tag, the missing repository would hide that fault's own error instead of adding one.
 */
function onlyPushedBy(ctx: InjectionContext, step: Step, keys: Iterable<string>, pushes: readonly Pushed[], deployed: readonly DeployedImage[]): Set<string> {
  const elsewhere = new Set(pushes.filter((p) => p.step !== step).map((p) => p.key));
  const pulledFine = (k: string) => deployed.filter((d) => d.key === k).every((d) => pushes.some((p) => p.key === k && p.tag === d.tag));
  return new Set([...keys].filter((k) => !elsewhere.has(k) && !registryLists(ctx, k) && deployed.some((d) => d.key === k) && pulledFine(k)));
}

function places(ctx: InjectionContext): Place[] {
  const workflows = deliveryWorkflows(ctx.files);
  const pushes = pushedImages(workflows, ctx.world);
  if (pushes === null) return [];
  const deployed = deployedImages(ctx.files, ctx.world.repository.owner);
  const out: Place[] = [];
  for (const workflow of workflows) {
    for (const { job, step } of buildPushSteps(workflow)) {
      if (step.inputs.get("push")?.value.trim() !== "true") continue;
      const repos = stepRepositories(workflow, job.id, step, ctx.world);
      if (repos === null) continue;
      const keys = onlyPushedBy(ctx, step, repos, pushes, deployed);
      if (keys.size > 0) out.push({ workflow, step, keys, how: "input" });
    }
    const commands = dockerCommands(workflow);
    for (const step of new Set(commands.map((c) => c.step))) {
      const own = commands.filter((c) => c.step === step);
      const stepPushes = pushes.filter((p) => p.step === step);
      if (stepPushes.length === 0) continue;
      const keys = onlyPushedBy(ctx, step, stepPushes.map((p) => p.key), pushes, deployed);
      if (keys.size === 0) continue;
      // A step that only pushes can be skipped; a buildx build that pushes can lose its --push.
      if (own.every((c) => c.words[0] === "push")) out.push({ workflow, step, keys, how: "push-step" });
      else if (own.some((c) => isBuild(c) && c.words.includes("--push"))) out.push({ workflow, step, keys, how: "buildx-flag" });
    }
  }
  return out;
}

function disable(ctx: InjectionContext, place: Place): { change: Change; says: string; shown: string } | null {
  const { workflow, step } = place;
  const cond = condition(ctx.rng, ctx.split, ctx.world.repository.default_branch);
  if (place.how === "input") {
    const push = step.inputs.get("push")!;
    const value = cond.text === "false" ? "false" : `\${{ ${cond.text} }}`;
    const c = change(ctx, workflow.file, push.span, `${push.indent}push: ${value}\n`);
    return c && { change: c, says: cond.says, shown: `push: ${value}` };
  }
  if (place.how === "push-step") {
    // A step-level `if:` under the step's first key (its `- name:` line).
    const first = [...step.keys.values()].sort((a, b) => a.span[0] - b.span[0])[0]!;
    if (step.keys.has("if")) return null;
    const line = workflow.content.slice(first.span[0], first.span[1]);
    const indent = " ".repeat(line.indexOf("-")) + "  ";
    const c = change(ctx, workflow.file, first.span, `${line}${indent}if: ${cond.text}\n`);
    return c && { change: c, says: cond.says, shown: `if: ${cond.text}` };
  }
  // `docker buildx build … --push`: the train split drops the flag; the test split has no such place.
  if (ctx.split === "test") return null;
  const command = dockerCommands(workflow).find((c) => c.step === step && isBuild(c) && c.words.includes("--push"))!;
  const at = workflow.content.indexOf("--push ", command.span[0]);
  if (at === -1 || at > command.span[1]) return null;
  const lineStart = workflow.content.lastIndexOf("\n", at) + 1;
  const lineEnd = workflow.content.indexOf("\n", at);
  const line = workflow.content.slice(lineStart, lineEnd);
  const c = change(ctx, workflow.file, [lineStart, lineEnd], line.replace("--push ", ""));
  return c && { change: c, says: "never pushes it: without --push the build stays in the builder's cache", shown: "docker buildx build without --push" };
}

export const imagePushDisabled = defineInjector({
  kind: "image-push-disabled",
  layer: "pipeline",
  summary: "The release builds the image the cluster runs but never pushes it: the kubelet's pull is refused (PIPE001)",
  inject(ctx) {
    const candidates = places(ctx);
    if (candidates.length === 0) return null;
    const place = ctx.rng.pick(candidates);
    const done = disable(ctx, place);
    if (!done) return null;
    const deployed = deployedImages(ctx.files, ctx.world.repository.owner).filter((d) => place.keys.has(d.key));
    const images = [...new Set(deployed.map((d) => d.image))].join(", ");
    return {
      kind: "image-push-disabled",
      layer: "pipeline",
      ...applied([done.change]),
      issue: {
        description: `${place.workflow.file} builds ${images} but ${done.says} (\`${done.shown}\`), so the registry never has it and the cluster cannot pull it.`,
        hint: "The image the pods cannot pull is built by the release on every run. Follow it from the build to the registry.",
        stage: "runtime",
        detection: detections("PIPE001", deployed.map((d) => d.file)),
      },
    };
  },
});
