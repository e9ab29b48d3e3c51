/**
 * deployed-tag-drift: a workload deploys a tag of the release's image that the release never pushes (the
 * worker still on `:latest`, a short commit hash where the release tags the full one). The registry has the
 * repository but not that tag: ErrImagePull, `…: not found` (K8S021). The manifest alone looks fine, and so
 * does the workflow; only their tags disagree.
 *
 * Split rule: the wrong tag. For a commit-hash tag, train deploys the 7-character short hash, test the
 * `sha-<short>` form metadata-action writes. For a branch tag, train draws from latest/stable/release, test
 * from production/current/edge.
 */
import { defineInjector } from "../injector.js";
import { applied, change, detections } from "./delivery/edits.js";
import { deployedImages, pushedImages } from "./delivery/images.js";
import { deliveryWorkflows } from "./delivery/workflows.js";

const BRANCH_TAGS = { train: ["latest", "stable", "release"], test: ["production", "current", "edge"] };

export const deployedTagDrift = defineInjector({
  kind: "deployed-tag-drift",
  layer: "pipeline",
  summary: "A manifest deploys a tag of the release's image the release never pushes: ErrImagePull, not found (K8S021)",
  inject(ctx) {
    const pushes = pushedImages(deliveryWorkflows(ctx.files), ctx.world);
    if (pushes === null) return null;
    const tagsOf = (key: string) => new Set(pushes.filter((p) => p.key === key).map((p) => p.tag));
    const deployed = deployedImages(ctx.files, ctx.world.repository.owner);
    // A commit tag must stay readable elsewhere (another workload on it): the run's commit is in no file.
    const findable = (d: (typeof deployed)[number]) => !/^[0-9a-f]{40}$/.test(d.tag) || deployed.some((o) => o !== d && o.tag === d.tag);
    const candidates = deployed.filter((d) => tagsOf(d.key).has(d.tag) && findable(d));
    if (candidates.length === 0) return null;
    const target = ctx.rng.pick(candidates);
    const pushed = tagsOf(target.key);
    const test = ctx.split === "test";
    const sha = /^[0-9a-f]{40}$/.test(target.tag);
    const options = sha ? [test ? `sha-${target.tag.slice(0, 7)}` : target.tag.slice(0, 7)] : BRANCH_TAGS[test ? "test" : "train"];
    const free = options.filter((t) => !pushed.has(t) && t !== target.tag);
    if (free.length === 0) return null;
    const wrong = ctx.rng.pick(free);
    const image = target.image.slice(0, target.image.length - target.tag.length) + wrong;
    const line = target.line.replace(target.image, image);
    const c = change(ctx, target.file, [target.at, target.at + target.line.length], line);
    if (!c) return null;
    const shown = [...pushed].sort().map((t) => `:${t}`).join(", ");
    return {
      kind: "deployed-tag-drift",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description: `${target.file} deploys ${image}, but the release pushes that image only as ${shown}: the registry has no :${wrong} and the pull fails.`,
        hint: "The registry knows the repository but not the tag the pod asks for. Which tags does the release actually push?",
        stage: "runtime",
        detection: detections("K8S021", [target.file]),
      },
    };
  },
});
