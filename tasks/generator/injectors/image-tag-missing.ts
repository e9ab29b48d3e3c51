/**
 * image-tag-missing: a container's image names a tag its registry does not have; the kubelet's pull fails
 * (`failed to resolve reference … not found`): ErrImagePull, then ImagePullBackOff (K8S021). Split rule:
 * train misspells the tag (a dropped or swapped character); test names a tag that was never published: a
 * version bumped past the last release for a public image, and a habitual `latest`/`stable`/`v1` for one the
 * repository's own workflows build (none of which push such a tag).
 */
import { imageExists } from "../../../simulators/images/lookup.js";
import { defineInjector } from "../injector.js";
import type { GenFile } from "../injector.js";
import type { Rng } from "../rng.js";
import { fieldReserved, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { containersOf, imageRepository, imageTag, manifestObjects, runsSomePods, workloads } from "./k8s-manifests.js";
import { asScalar, heldOut, type GenSplit } from "./k8s-names.js";

/** Text of the repository's workflows: an image they build is pushed with tags they name. */
function workflowText(files: ReadonlyMap<string, GenFile>): string {
  return [...files].filter(([p]) => p.startsWith(".github/workflows/")).map(([, f]) => f.content).join("\n");
}

/** A tag of `repo` that is not published, or null. */
function missingTag(tag: string, repo: string, rng: Rng, split: GenSplit, built: boolean, workflows: string, world: Parameters<typeof imageExists>[1]): string | null {
  const exists = (t: string) => (built ? workflows.includes(t) : imageExists(`${repo}:${t}`, world) !== false);
  let candidates: string[];
  if (!heldOut(split)) {
    const i = rng.between(1, Math.max(1, tag.length - 2));
    const swapped = tag.slice(0, i - 1) + tag[i] + tag[i - 1] + tag.slice(i + 1);
    candidates = [tag.slice(0, i) + tag.slice(i + 1), swapped];
  } else if (built) {
    candidates = ["latest", "stable", "v1", "release", "prod"];
  } else {
    // The last number of the version, bumped past anything released (16.4-alpine → 16.11-alpine).
    const numbers = [...tag.matchAll(/\d+/g)];
    const last = numbers[numbers.length - 1];
    candidates = last ? [7, 9, 13].map((n) => tag.slice(0, last.index) + String(Number(last[0]) + n) + tag.slice(last.index! + last[0].length)) : [`${tag}-slim`];
  }
  const left = rng.shuffle(candidates).filter((t) => t !== tag && t.length > 0 && /^[\w][\w.-]{0,127}$/.test(t) && !exists(t));
  return left[0] ?? null;
}

export const imageTagMissing = defineInjector({
  kind: "image-tag-missing",
  layer: "k8s",
  summary: "An image tag the registry does not have: ErrImagePull, then ImagePullBackOff",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const workflows = workflowText(ctx.files);
    const candidates = workloads(manifestObjects(ctx.files, world))
      .filter(runsSomePods)
      .flatMap((object) => containersOf(object).map((container) => ({ object, container })))
      .filter(({ object, container }) => {
        const image = container.container["image"];
        return typeof image === "string" && imageTag(image) !== undefined && !fieldReserved(ctx, object, [...container.path, "image"]);
      });
    if (candidates.length === 0) return null;
    const { object, container } = rng.pick(candidates);
    const image = container.container["image"] as string;
    const repo = imageRepository(image);
    const tag = imageTag(image)!;
    // An image no public registry knows is one this repository's workflows build: its tags are the ones they push.
    const built = imageExists(image, world) !== true;
    const wrong = missingTag(tag, repo, rng, split, built, workflows, world);
    if (!wrong) return null;
    const path = [...container.path, "image"];
    const source = ctx.files.get(object.file)!.content;
    const content = setValue(source, object, path, asScalar(scalarSource(source, object, path) ?? "", `${repo}:${wrong}`));
    if (!content) return null;
    return k8sInjection(ctx, "image-tag-missing", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} runs ${repo}:${wrong}, a tag ${repo} does not have (${tag} is the one published), so the kubelet cannot pull it: ErrImagePull, then ImagePullBackOff.`,
      hint: built
        ? "The pull fails with not found. Compare the tag in the manifest with the tags the release workflow actually pushes."
        : "The pull fails with not found. Read the image reference in the error character by character and check which tags that image publishes.",
      stage: "runtime",
      detection: [{ code: "K8S021", file: object.file }],
    });
  },
});
