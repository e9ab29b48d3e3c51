/**
 * Where a repository keeps its manifests: `k8s/`, `deploy/`, `manifests/`, `deploy/k8s/`, as teams choose.
 * The folder is renamed in paths and wherever a file names it as a path (`k8s/redis.yaml` in a README, a
 * `.dockerignore` line, `kubectl apply -f k8s/` in a workflow), never in prose or in `k8s.io`.
 *
 * Split rule: test bases draw folders train bases never use, besides the one each is written with.
 */
import { isManifestPath } from "../../../simulators/k8s/index.js";
import type { GeneratorBase } from "../define-base.js";
import { defineAxis, poolFor, type SplitPools } from "./axis.js";
import { contentOf, rewriteBase, type TextRewrite } from "./rewrite.js";

const FOLDERS: SplitPools<string> = {
  train: ["k8s", "deploy", "manifests", "deploy/k8s"],
  test: ["kube", "ops/k8s", "kubernetes"],
};

/** The one top-level folder every manifest of the base is in, or null. */
export function manifestFolder(base: GeneratorBase): string | null {
  const tops = new Set<string>();
  for (const [p, f] of Object.entries(base.files)) {
    if (!isManifestPath(p, contentOf(f))) continue;
    const slash = p.indexOf("/");
    tops.add(slash < 0 ? "" : p.slice(0, slash));
  }
  const [only] = tops;
  return tops.size === 1 && only !== "" && only !== undefined ? only : null;
}

/** `folder` as a path (followed by a slash), or alone on a line (a `.dockerignore` entry). */
function folderRewrite(folder: string, to: string): TextRewrite {
  const pattern = new RegExp(`(?<![\\w./-])${folder}(?=/)|^${folder}(?=/?[ \\t]*$)`, "gm");
  return (text) => (text.includes(folder) ? text.replace(pattern, to) : text);
}

export const manifestFolderAxis = defineAxis({
  name: "manifests",
  decisions(base) {
    const folder = manifestFolder(base);
    if (folder === null) return [];
    return [{ key: "manifests", written: folder, choices: [folder, ...poolFor(base, FOLDERS).filter((f) => f !== folder && !f.startsWith(`${folder}/`) && !Object.keys(base.files).some((p) => p.startsWith(`${f}/`)))] }];
  },
  apply(base, picks) {
    const folder = manifestFolder(base);
    const pick = picks.get("manifests");
    return folder === null || pick === undefined || pick === folder ? base : rewriteBase(base, folderRewrite(folder, pick), { paths: true });
  },
});
