/**
 * Repairs for pods that do not run, keyed on `kubectl describe pod` and `kubectl logs`: OOMKilled, a command
 * naming a file that is not there, a missing ConfigMap, a liveness probe on the wrong port.
 */
import type { Action } from "../../../contracts/actions.js";
import { nearest } from "../closest.js";
import { containerPorts, findLines, manifestDocs } from "../manifests.js";
import type { RepairRule } from "../rule.js";
import { appPorts, indentOf, replaceLine, rewriteFile } from "../view.js";
import { documentedMemory, documentedValue } from "./documented.js";

/** OOMKilled → the memory limit (and a request that equals it) raised to what the README documents. */
export const oomKilled: RepairRule = {
  name: "oom-killed",
  summary: "OOMKilled → memory limit raised to the size the README documents (else doubled)",
  propose(view) {
    if (!/OOMKilled/.test(view.log)) return [];
    const written = /Limits:\s*\n\s*memory:\s*(\S+)/.exec(view.log)?.[1];
    if (written === undefined) return [];
    const old = Number(/^(\d+)/.exec(written)?.[1] ?? "0") * (/Gi$/.test(written) ? 1024 : 1);
    const documented = documentedMemory(view)[0];
    const size = documented !== undefined && documented > old ? documented : old * 2;
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

/** `can't open file '/app/workers.py'` → the nearest file name the repository or its docs know. */
export const commandFileTypo: RepairRule = {
  name: "command-file-typo",
  summary: "the container's command names a file that is not there → the nearest known file name",
  propose(view) {
    const missing = /can't open file '([^']+)'|Cannot find module '([^']+)'|exec: "([^"]+)": (?:stat .*: )?no such file/.exec(view.log);
    const path = missing?.[1] ?? missing?.[2] ?? missing?.[3];
    if (path === undefined) return [];
    const base = path.slice(path.lastIndexOf("/") + 1);
    const ext = /\.\w+$/.exec(base)?.[0] ?? "";
    const known = new Set(view.paths.map((p) => p.slice(p.lastIndexOf("/") + 1)));
    for (const doc of view.docs) for (const m of (view.content(doc) ?? "").matchAll(/[\w-]+\.(?:py|js|mjs|sh|rb|jar)\b/g)) known.add(m[0]);
    const better = nearest(base, [...known].filter((k) => ext === "" || k.endsWith(ext)), 2);
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
        const value = documentedValue(view, variable);
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

export const K8S_POD_RULES: readonly RepairRule[] = [oomKilled, commandFileTypo, missingConfigMap, probePort];
