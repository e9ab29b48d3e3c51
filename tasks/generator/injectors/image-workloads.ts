/**
 * Where the cluster runs the image a Dockerfile builds, for the injectors whose fault shows only once a pod
 * starts it (a wrong program, a loopback bind): a delivery builds the image and the cluster runs it, so the
 * fault is reported on the manifest of each workload that starts the image's own ENTRYPOINT or CMD. A
 * container's `command` replaces the ENTRYPOINT (and the CMD with it); its `args` replace the CMD.
 */
import path from "node:path";
import { lookupImage } from "../../../simulators/images/index.js";
import { isManifestPath, parseManifestFile } from "../../../simulators/k8s/manifests.js";
import type { World } from "../../../simulators/world.js";
import type { RuleCode } from "../../../simulators/rule-codes.js";
import type { GenFile } from "../injector.js";

export interface ImageContainer {
  /** The manifest file. */
  file: string;
  kind: string;
  /** The container sets `command` (the image's ENTRYPOINT and CMD do not run). */
  command: boolean;
  /** The container's `args`, which replace the image's CMD; null when it sets none. */
  args: string[] | null;
  liveness: boolean;
  readiness: boolean;
}

/** Kinds whose pods the cluster simulation starts and probes on every run. */
const SERVING = new Set(["Deployment", "StatefulSet", "DaemonSet"]);
const TEMPLATE: Record<string, string[]> = {
  Deployment: ["spec", "template", "spec"],
  StatefulSet: ["spec", "template", "spec"],
  DaemonSet: ["spec", "template", "spec"],
  Job: ["spec", "template", "spec"],
  CronJob: ["spec", "jobTemplate", "spec", "template", "spec"],
  Pod: ["spec"],
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

function at(value: unknown, keys: readonly string[]): unknown {
  let v = value;
  for (const k of keys) v = isObject(v) ? v[k] : undefined;
  return v;
}

function dockerfileDir(dockerfile: string): string {
  const dir = path.posix.dirname(dockerfile);
  return dir === "" ? "." : dir;
}

/** Whether a container image is one the repository builds itself (not a public image from the catalogue). */
function ownImage(image: string): boolean {
  return lookupImage(image).status !== "found";
}

/**
 * Every container the repository's manifests run from the image `dockerfile` builds. A repository with one
 * Dockerfile runs it wherever an image is not a public one; with several, the image's repository is named
 * after the app whose directory holds the Dockerfile (ghcr.io/acme/shop-cart for the app shop-cart).
 */
export function containersRunning(files: ReadonlyMap<string, GenFile>, world: World, dockerfile: string): ImageContainer[] {
  const dockerfiles = [...files.keys()].filter((p) => /(^|\/)Dockerfile$/.test(p));
  const app = world.apps.find((a) => path.posix.normalize(a.root) === path.posix.normalize(dockerfileDir(dockerfile)));
  const matches = (image: string): boolean => {
    if (!ownImage(image)) return false;
    if (dockerfiles.length === 1) return true;
    const repository = image.replace(/[@:][^/]*$/, "");
    return app !== undefined && repository.split("/").pop() === app.name;
  };
  const out: ImageContainer[] = [];
  for (const [file, { content }] of [...files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (file.startsWith(".github/") || !/\.ya?ml$/.test(file) || !isManifestPath(file, content)) continue;
    for (const doc of parseManifestFile(file, content).documents) {
      if (doc.problem) continue;
      const object: unknown = doc.value;
      const kind = isObject(object) && typeof object["kind"] === "string" ? object["kind"] : "";
      const spec = TEMPLATE[kind] ? at(object, TEMPLATE[kind]!) : undefined;
      if (!isObject(spec)) continue;
      const replicas = at(object, ["spec", "replicas"]);
      if (typeof replicas === "number" && replicas === 0) continue;
      for (const list of ["initContainers", "containers"]) {
        const containers = spec[list];
        if (!Array.isArray(containers)) continue;
        for (const c of containers) {
          if (!isObject(c) || typeof c["image"] !== "string" || !matches(c["image"])) continue;
          out.push({
            file,
            kind,
            command: c["command"] !== undefined,
            args: Array.isArray(c["args"]) ? c["args"].map(String) : null,
            liveness: c["livenessProbe"] !== undefined || c["startupProbe"] !== undefined,
            readiness: c["readinessProbe"] !== undefined,
          });
        }
      }
    }
  }
  return out;
}

/** Containers that start the image's CMD as written (no `command`, no `args`). */
export const runsImageCmd = (c: ImageContainer): boolean => !c.command && c.args === null;

/** Containers that start the image's ENTRYPOINT (no `command`), with the CMD or their own `args`. */
export const runsImageEntrypoint = (c: ImageContainer): boolean => !c.command;

/**
 * The containers a fault in what the image starts reaches (`reached` says which it reaches). Null when one
 * of them is in a workload the simulation does not start on every run (a Job, a CronJob), or none is reached.
 */
export function reachedContainers(containers: readonly ImageContainer[], reached: (c: ImageContainer) => boolean): ImageContainer[] | null {
  const affected = containers.filter(reached);
  if (affected.length === 0 || affected.some((c) => !SERVING.has(c.kind))) return null;
  return affected;
}

/** The detection of a start failure (the runtime cannot exec the program, or the program exits at once) in `containers`. */
export function startFailureDetection(containers: readonly ImageContainer[]): { code: RuleCode; file: string }[] {
  return [...new Set(containers.map((c) => c.file))].map((file) => ({ code: "K8S023", file }));
}
