/**
 * release-tag-drift: the release workflow's tags no longer include the tag the manifests deploy (it pushes
 * `:latest` where the cluster runs `:main`, or drops the commit tag the Deployments pin). Every workload on
 * that tag fails to pull it: ErrImagePull, `…: not found` (K8S021). Neither file is wrong alone.
 *
 * Split rule: the tag the release pushes instead. Train draws from latest/edge/nightly; test from stable and
 * the run number (`${{ github.run_number }}`), which train never shows. Tags that metadata-action computes
 * are not a place (the simulator does not model its `tags:` rules).
 */
import type { GenFile } from "../injector.js";
import { defineInjector } from "../injector.js";
import { applied, change, detections } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";
import { deployedImages, pushedImages } from "./delivery/images.js";
import type { Pushed } from "./delivery/images.js";
import { deliveryWorkflows } from "./delivery/workflows.js";

const WRONG = { train: ["latest", "edge", "nightly"], test: ["stable", "${{ github.run_number }}"] };

/** Where a template's tag starts (after the `:` that follows the repository), expressions skipped; -1 when it has none. */
function tagStart(template: string): number {
  const masked = template.replace(/\$\{\{[^}]*\}\}/g, (e) => "x".repeat(e.length));
  const colon = masked.lastIndexOf(":");
  return colon > masked.lastIndexOf("/") && colon !== -1 ? colon + 1 : -1;
}

/** The env entry a bare `$IMAGE` / `${{ env.IMAGE }}` template reads, when its value carries the tag. */
function envName(template: string): string | null {
  const m = /^(?:\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?|\$\{\{\s*env\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\})$/.exec(template.trim());
  return m ? (m[1] ?? m[2]!) : null;
}

/**
 * The lines to change so that `push` names `wrong` as its tag: each line of the workflow that writes the
 * same repository-and-tag text (a `-t` and its `docker push`), or the env entry that holds it.
 */
function rewrite(ctx: Parameters<typeof change>[0], push: Pushed, wrong: string): { changes: Change[]; was: string } | null {
  const { file, content } = push.workflow;
  const env = envName(push.template);
  let text = push.template;
  if (env !== null) {
    const m = new RegExp(`^(\\s*${env}:\\s*)(.+?)\\s*$`, "m").exec(content);
    if (!m) return null;
    text = m[2]!;
  }
  const start = tagStart(text);
  if (start === -1 || /\$\{\{\s*steps\./.test(text)) return null;
  const replaced = text.slice(0, start) + wrong;
  const changes: Change[] = [];
  let current = content;
  let from = 0;
  for (let at = current.indexOf(text); at !== -1; at = current.indexOf(text, from)) {
    const end = at + text.length;
    // Only whole references: `$IMAGE:main` but not `$IMAGE:mainline`.
    if (/[\w.-]/.test(current[end] ?? "")) {
      from = end;
      continue;
    }
    const lineStart = current.lastIndexOf("\n", at) + 1;
    const nl = current.indexOf("\n", at);
    const lineEnd = nl === -1 ? current.length : nl;
    const line = current.slice(lineStart, lineEnd);
    const c = change(ctx, file, [lineStart, lineEnd], line.slice(0, at - lineStart) + replaced + line.slice(end - lineStart), current);
    if (!c) return null;
    changes.push(c);
    current = c.content;
    from = lineStart + c.broken.length;
  }
  return changes.length > 0 ? { changes, was: text.slice(start) } : null;
}

export const releaseTagDrift = defineInjector({
  kind: "release-tag-drift",
  layer: "pipeline",
  summary: "The release's tags no longer include the tag the manifests deploy: ErrImagePull, not found (K8S021)",
  inject(ctx) {
    const workflows = deliveryWorkflows(ctx.files);
    const pushes = pushedImages(workflows, ctx.world);
    if (pushes === null) return null;
    const deployed = deployedImages(ctx.files, ctx.world.repository.owner);
    const candidates = pushes.filter((p) => deployed.some((d) => d.key === p.key && d.tag === p.tag));
    if (candidates.length === 0) return null;
    const push = ctx.rng.pick(candidates);
    const wrong = ctx.rng.pick(WRONG[ctx.split === "test" ? "test" : "train"]);
    const rewritten = rewrite(ctx, push, wrong);
    if (!rewritten) return null;
    const { changes, was } = rewritten;
    // What the release pushes once the tag is changed, and the workloads left without their tag.
    const after = new Map<string, GenFile>(ctx.files);
    after.set(push.workflow.file, { ...ctx.files.get(push.workflow.file)!, content: changes[changes.length - 1]!.content });
    const now = pushedImages(deliveryWorkflows(after), ctx.world);
    if (now === null) return null;
    const broken = deployed.filter((d) => pushes.some((p) => p.key === d.key && p.tag === d.tag) && !now.some((p) => p.key === d.key && p.tag === d.tag));
    if (broken.length === 0 || !now.some((p) => broken.some((d) => d.key === p.key))) return null;
    const images = [...new Set(broken.map((d) => d.image))].join(", ");
    return {
      kind: "release-tag-drift",
      layer: "pipeline",
      ...applied(changes),
      issue: {
        description: `${push.workflow.file} tags the image :${wrong} where it tagged :${was}, so nothing pushes ${images}, which the manifests deploy.`,
        hint: "The registry has the repository, just not the tag the pods ask for. Compare what the release tags with what the manifests run.",
        stage: "runtime",
        detection: detections("K8S021", broken.map((d) => d.file)),
      },
    };
  },
});
