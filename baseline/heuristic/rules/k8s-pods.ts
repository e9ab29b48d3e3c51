/**
 * Repairs for pods that do not run, keyed on `kubectl describe pod` and `kubectl logs`: OOMKilled, a command
 * naming a file that is not there, a missing ConfigMap, a liveness probe on the wrong port. Where the files do
 * not hold the fact, the rule looks: `kubectl top pod`, `docker image inspect`, `kubectl get svc`.
 */
import type { Action } from "../../../contracts/actions.js";
import { nearest } from "../closest.js";
import { containerPorts, findLines, manifestDocs } from "../manifests.js";
import type { RepairRule } from "../rule.js";
import { appPorts, indentOf, lookedAt, replaceLine, rewriteFile, type RepairView } from "../view.js";
import { documentedMemory, documentedValue } from "./documented.js";

/** The largest MEMORY(bytes) `kubectl top pod` printed, in MiB. */
function memoryInUse(top: string): number | undefined {
  const used = [...top.matchAll(/\s(\d+)(Mi|Gi)\s*$/gm)].map((m) => Number(m[1]) * (m[2] === "Gi" ? 1024 : 1));
  return used.length === 0 ? undefined : Math.max(...used);
}

/** A limit with a quarter of headroom over what the app uses, rounded up to a size people write. */
function withHeadroom(mib: number): number {
  const sizes = [64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072];
  return sizes.find((s) => s >= mib * 1.25) ?? Math.ceil((mib * 1.25) / 512) * 512;
}

/** OOMKilled → the memory limit (and a request that equals it) raised above what the app settles at. */
export const oomKilled: RepairRule = {
  name: "oom-killed",
  summary: "OOMKilled → memory limit raised above what kubectl top pod (else the README) shows the app using, else doubled",
  propose(view) {
    if (!/OOMKilled/.test(view.log)) return [];
    const written = /Limits:\s*\n\s*memory:\s*(\S+)/.exec(view.log)?.[1];
    if (written === undefined) return [];
    const top = lookedAt(view, "kubectl top pod");
    if (typeof top !== "string") return [top];
    const old = Number(/^(\d+)/.exec(written)?.[1] ?? "0") * (/Gi$/.test(written) ? 1024 : 1);
    const used = memoryInUse(top) ?? documentedMemory(view)[0];
    const size = used !== undefined && withHeadroom(used) > old ? withHeadroom(used) : old * 2;
    const actions: Action[] = [];
    for (const file of view.manifests) {
      const text = view.content(file) ?? "";
      const pattern = new RegExp(`(memory:\\s*["']?)${written.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(["']?\\s*$)`, "gm");
      const action = rewriteFile(view, file, text.replace(pattern, `$1${size}Mi$2`));
      if (action !== null) actions.push(action);
    }
    return actions.slice(0, 1);
  },
};

const PROGRAM_FILE = /[\w-]+\.(?:py|js|mjs|sh|rb|jar)\b/g;

/** `can't open file '/app/workers.py'` → the nearest file name the repository, its docs or the image's own command know. */
export const commandFileTypo: RepairRule = {
  name: "command-file-typo",
  summary: "the container's command names a file that is not there → the nearest file name the repository or the image's config (docker image inspect) knows",
  propose(view) {
    const missing = /can't open file '([^']+)'|Cannot find module '([^']+)'|exec: "([^"]+)": (?:stat .*: )?no such file/.exec(view.log);
    const path = missing?.[1] ?? missing?.[2] ?? missing?.[3];
    if (path === undefined) return [];
    const base = path.slice(path.lastIndexOf("/") + 1);
    const ext = /\.\w+$/.exec(base)?.[0] ?? "";
    const known = new Set(view.paths.map((p) => p.slice(p.lastIndexOf("/") + 1)));
    for (const doc of view.docs) for (const m of (view.content(doc) ?? "").matchAll(PROGRAM_FILE)) known.add(m[0]);
    const near = (names: Iterable<string>) => nearest(base, [...names].filter((k) => k !== base && (ext === "" || k.endsWith(ext))), 2);
    let better = near(known);
    // The image's own command names the program it ships: what `docker image inspect` shows of a pulled image.
    const image = /^\s*Image:\s+(\S+)/m.exec(view.log)?.[1];
    if (better === null && image !== undefined) {
      const config = lookedAt(view, `docker image inspect ${image}`);
      if (typeof config !== "string") return [config];
      better = near(config.match(PROGRAM_FILE) ?? []);
    }
    if (better === null) return [];
    for (const doc of manifestDocs(view)) {
      const hit = findLines(doc, new RegExp(base.replace(/\./g, "\\.")))[0];
      if (hit) return [replaceLine(doc.file, hit.line, hit.text.replace(base, better))];
    }
    return [];
  },
};

/** `configmap "X" not found` → a misspelt reference to an existing ConfigMap, else the ConfigMap the README describes. */
export const missingConfigMap: RepairRule = {
  name: "missing-configmap",
  summary: "a ConfigMap that does not exist → fix the reference, or create it from the variables the README documents",
  propose(view) {
    const name = /configmaps? "([^"]+)" not found/i.exec(view.log)?.[1];
    if (name === undefined) return [];
    const docs = manifestDocs(view);
    const existing = nearest(name, docs.filter((d) => d.kind === "ConfigMap").map((d) => d.name), 3);
    if (existing !== null) {
      for (const doc of docs.filter((d) => d.kind !== "ConfigMap")) {
        const hit = findLines(doc, new RegExp(`name:\\s*["']?${name}["']?\\s*$`))[0];
        if (hit) return [replaceLine(doc.file, hit.line, hit.text.replace(name, existing))];
      }
    }
    const data: string[] = [];
    for (const doc of view.docs) {
      for (const line of view.lines(doc)) {
        const variable = /`([A-Z][A-Z0-9_]+)`/.exec(line)?.[1];
        if (variable === undefined || /secret/i.test(line) || data.some((d) => d.startsWith(`  ${variable}:`))) continue;
        let value = documentedValue(view, variable);
        if (value === null && /_URL$/.test(variable)) {
          // A URL the docs do not give is a Service of the cluster the setting is named after: kubectl get svc lists them.
          const services = lookedAt(view, "kubectl get svc");
          if (typeof services !== "string") return [services];
          value = serviceUrl(services, `${variable} ${line}`);
        }
        if (value !== null) data.push(`  ${variable}: ${/^[\w./:-]+$/.test(value) && !/^\d+$/.test(value) ? value : JSON.stringify(value)}`);
      }
    }
    if (data.length === 0) return [];
    const dir = view.manifests[0]?.replace(/[^/]*$/, "") ?? "k8s/";
    const file = view.paths.includes(`${dir}configmap.yaml`) ? `${dir}${name}.yaml` : `${dir}configmap.yaml`;
    const content = ["apiVersion: v1", "kind: ConfigMap", "metadata:", `  name: ${name}`, "data:", ...data, ""].join("\n");
    return [{ action_type: "edit_file", edits: [{ file_path: file, old_content: "", new_content: content }] }];
  },
};

/**
 * `http://NAME:PORT` of the Service in `kubectl get svc` whose name the setting's name or description uses
 * (SEARCH_URL, "the search service" → `search`), on its first port; null when none matches.
 */
function serviceUrl(table: string, about: string): string | null {
  const words = new Set(about.toLowerCase().split(/[^a-z0-9-]+/).filter((w) => w.length >= 3));
  for (const row of table.split("\n").slice(1)) {
    const cells = row.trim().split(/\s+/);
    const [name, , , , ports] = cells;
    const port = /^(\d+)/.exec(ports ?? "")?.[1];
    if (name !== undefined && port !== undefined && words.has(name)) return `http://${name}:${port}`;
  }
  return null;
}

/** `Liveness probe failed: … :3000/… connection refused` → the probe on the port the container listens on. */
export const probePort: RepairRule = {
  name: "probe-port",
  summary: "a probe refused on a port the app does not listen on → the container's port",
  propose(view) {
    const m = /(Liveness|Readiness|Startup) probe failed: .*?:(\d+)\/?[^\s]*.*(connection refused|timeout|no route)/i.exec(view.log);
    if (!m) return [];
    const kind = `${(m[1] ?? "").toLowerCase()}Probe`;
    const wrong = m[2] ?? "";
    const port = appPorts(view).find((p) => String(p) !== wrong) ?? containerPorts(view).find((p) => String(p) !== wrong);
    if (port === undefined) return [];
    for (const doc of manifestDocs(view)) {
      const probeAt = doc.lines.findIndex((l) => l.trim() === `${kind}:`);
      if (probeAt < 0) continue;
      const depth = indentOf(doc.lines[probeAt] ?? "").length;
      for (let i = probeAt + 1; i < doc.lines.length && indentOf(doc.lines[i] ?? "").length > depth; i++) {
        const line = doc.lines[i] ?? "";
        if (new RegExp(`^\\s*port:\\s*["']?${wrong}["']?\\s*$`).test(line)) return [replaceLine(doc.file, doc.start + i, line.replace(wrong, String(port)))];
      }
    }
    return [];
  },
};

/** The images the workflows push with the branch as their tag (`…:${{ github.ref_name }}`), `$IMAGE` read from `env:`. */
function imagesPushedPerBranch(view: RepairView): string[] {
  const out: string[] = [];
  for (const wf of view.workflows) {
    const text = view.content(wf) ?? "";
    const env = new Map([...text.matchAll(/^\s*([A-Z][A-Z0-9_]*):\s*["']?([\w.\/-]+)["']?\s*$/gm)].map((m) => [m[1]!, m[2]!]));
    for (const m of text.matchAll(/([\w.\/${}-]+):\$\{\{\s*github\.ref_name\s*\}\}/g)) {
      const repo = m[1]!.replace(/^\$\{\{\s*env\.(\w+)\s*\}\}$|^\$\{?(\w+)\}?$/, (_, a?: string, b?: string) => env.get(a ?? b ?? "") ?? "");
      if (/^[\w.-]+\.[a-z]+\/[\w.\/-]+$/.test(repo)) out.push(repo);
    }
  }
  return [...new Set(out)];
}

/** A manifest image left as a workflow expression → the image the workflow pushes, tagged with the branch its runs are on (gh run list). */
export const imagePlaceholder: RepairRule = {
  name: "image-placeholder",
  summary: "an image reference with an unexpanded ${{ }} expression → the image the workflow pushes, tagged with the branch its runs are on (gh run list)",
  propose(view) {
    const ref = /couldn't parse image name "([^"]*\$\{\{[^"]*)"/.exec(view.log)?.[1];
    if (ref === undefined) return [];
    const pushed = imagesPushedPerBranch(view);
    if (pushed.length === 0) return [];
    const runs = lookedAt(view, "gh run list");
    if (typeof runs !== "string") return [runs];
    const branch = /^STATUS\s+TITLE.*\n\S+\s+\S+\s+\S+\s+(\S+)/.exec(runs)?.[1];
    if (branch === undefined) return [];
    const repoName = (r: string) => r.slice(r.lastIndexOf("/") + 1);
    const image = pushed.find((p) => ref.includes(repoName(p))) ?? pushed[0]!;
    for (const doc of manifestDocs(view)) {
      const hit = doc.lines.findIndex((l) => l.includes(ref));
      if (hit >= 0) return [replaceLine(doc.file, doc.start + hit, (doc.lines[hit] ?? "").replace(ref, `${image}:${branch}`))];
    }
    return [];
  },
};

export const K8S_POD_RULES: readonly RepairRule[] = [oomKilled, commandFileTypo, missingConfigMap, probePort, imagePlaceholder];
