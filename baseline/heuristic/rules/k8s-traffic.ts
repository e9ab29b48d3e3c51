/**
 * Repairs for traffic that does not reach running pods, keyed on `kubectl get endpoints`, `kubectl describe
 * ingress` and ingress-nginx's log: a selector that matches no pod, a targetPort nobody listens on, an Ingress
 * naming a missing Service or no class, a NetworkPolicy that lets nothing in. The classes a cluster has and
 * where its ingress controller runs are looked up with kubectl when the docs do not say.
 */
import { nearest } from "../closest.js";
import { containerPorts, findLines, manifestDocs } from "../manifests.js";
import type { RepairRule } from "../rule.js";
import type { Action } from "../../../contracts/actions.js";
import { appPorts, indentOf, insertLines, lookedAt, replaceLine, type RepairView } from "../view.js";

/** The labels `kubectl get pods --show-labels` printed, as key → value. */
function podLabels(log: string): Map<string, string> {
  const row = /LABELS\s*\n\S+\s+.*\s(\S+=\S+)\s*$/m.exec(log)?.[1] ?? "";
  return new Map(row.split(",").map((kv) => kv.split("=") as [string, string]).filter((kv) => kv.length === 2));
}

/** Endpoints `<none>` → the Service's selector values set to the pods' labels. */
export const selectorMismatch: RepairRule = {
  name: "selector-mismatch",
  summary: "a Service with no endpoints → its selector set to the labels the pods carry",
  propose(view) {
    const service = /kubectl get endpoints (\S+)\n.*\n\S+\s+<none>/.exec(view.log)?.[1];
    if (service === undefined) return [];
    const labels = podLabels(view.log);
    const doc = manifestDocs(view).find((d) => d.kind === "Service" && d.name === service);
    if (doc === undefined || labels.size === 0) return [];
    const at = doc.lines.findIndex((l) => /^\s*selector:\s*$/.test(l));
    if (at < 0) return [];
    const depth = indentOf(doc.lines[at] ?? "").length;
    for (let i = at + 1; i < doc.lines.length && indentOf(doc.lines[i] ?? "").length > depth; i++) {
      const m = /^(\s*)([\w./-]+):\s*["']?([^"'\s]+)["']?\s*$/.exec(doc.lines[i] ?? "");
      if (!m) continue;
      const want = labels.get(m[2] ?? "");
      if (want !== undefined && want !== m[3]) return [replaceLine(doc.file, doc.start + i, `${m[1]}${m[2]}: ${want}`)];
      if (want === undefined) {
        const key = nearest(m[2] ?? "", [...labels.keys()], 3);
        if (key !== null) return [replaceLine(doc.file, doc.start + i, `${m[1]}${key}: ${labels.get(key)}`)];
      }
    }
    return [];
  },
};

/** Endpoints listed but connections refused → targetPort set to the port the container listens on. */
export const targetPort: RepairRule = {
  name: "target-port",
  summary: "a Service whose endpoints refuse connections → targetPort = the container's port",
  propose(view) {
    const m = /kubectl get endpoints (\S+)\n.*\n\S+\s+[\d.]+:(\d+)/.exec(view.log);
    if (!m || !/Connection refused/i.test(view.log)) return [];
    const wrong = m[2] ?? "";
    const port = containerPorts(view).find((p) => String(p) !== wrong) ?? appPorts(view).find((p) => String(p) !== wrong);
    const doc = manifestDocs(view).find((d) => d.kind === "Service" && d.name === m[1]);
    const hit = doc === undefined ? undefined : findLines(doc, new RegExp(`targetPort:\\s*["']?${wrong}["']?\\s*$`))[0];
    if (port === undefined || doc === undefined || hit === undefined) return [];
    return [replaceLine(doc.file, hit.line, hit.text.replace(wrong, String(port)))];
  },
};

/** `services "X" not found` behind an Ingress → the nearest Service that exists. */
export const ingressBackend: RepairRule = {
  name: "ingress-backend",
  summary: "an Ingress backend naming a missing Service → the nearest existing Service",
  propose(view) {
    const missing = /services? "([^"]+)" not found/.exec(view.log)?.[1];
    if (missing === undefined) return [];
    const docs = manifestDocs(view);
    const better = nearest(missing, docs.filter((d) => d.kind === "Service").map((d) => d.name), Math.max(4, missing.length));
    if (better === null) return [];
    for (const doc of docs.filter((d) => d.kind === "Ingress")) {
      const hit = findLines(doc, new RegExp(`name:\\s*["']?${missing}["']?\\s*$`))[0];
      if (hit) return [replaceLine(doc.file, hit.line, hit.text.replace(missing, better))];
    }
    return [];
  },
};

/** The IngressClass the docs name, else the first one `kubectl get ingressclass` lists, else the inspection to run. */
function installedIngressClass(view: RepairView): string | Action | null {
  for (const doc of view.docs) {
    const m = /IngressClass(?:Name)?\s*(?:is\s*)?[`"']([\w.-]+)[`"']/i.exec(view.content(doc) ?? "");
    if (m?.[1]) return m[1];
  }
  const classes = lookedAt(view, "kubectl get ingressclass");
  if (typeof classes !== "string") return classes;
  return /^NAME\s+CONTROLLER.*\n(\S+)/.exec(classes)?.[1] ?? null;
}

/** An Ingress no controller picks up → ingressClassName of the installed controller. */
export const ingressClass: RepairRule = {
  name: "ingress-class",
  summary: "an Ingress without a (valid) class → ingressClassName of a class the cluster has (kubectl get ingressclass)",
  propose(view) {
    if (!/CLASS\s[\s\S]*<none>|valid IngressClass|no object matching key/.test(view.log)) return [];
    const cls = installedIngressClass(view);
    if (cls === null) return [];
    if (typeof cls !== "string") return [cls];
    for (const doc of manifestDocs(view).filter((d) => d.kind === "Ingress")) {
      const named = findLines(doc, /^\s*ingressClassName:/)[0];
      if (named) return named.text.includes(cls) ? [] : [replaceLine(doc.file, named.line, `${indentOf(named.text)}ingressClassName: ${cls}`)];
      const spec = doc.lines.findIndex((l) => /^spec:\s*$/.test(l));
      if (spec >= 0) return [insertLines(doc.file, doc.start + spec + 1, [`  ingressClassName: ${cls}`])];
    }
    return [];
  },
};

/** The namespace the docs say the ingress controller runs in, else the one `kubectl get pods -A` shows it in. */
function controllerNamespace(view: RepairView): string | Action {
  for (const doc of view.docs) {
    const m = /ingress[\w -]*?(?:installed )?in the namespace [`"']([\w.-]+)[`"']/i.exec(view.content(doc) ?? "");
    if (m?.[1]) return m[1];
  }
  const pods = lookedAt(view, "kubectl get pods -A --show-labels");
  if (typeof pods !== "string") return pods;
  return /^(\S+)\s+\S+.*app\.kubernetes\.io\/component=controller/m.exec(pods)?.[1] ?? "ingress-nginx";
}

/** Upstream timeouts with a NetworkPolicy that admits nothing → admit the ingress controller on the app port. */
export const networkPolicyIngress: RepairRule = {
  name: "network-policy-ingress",
  summary: "a NetworkPolicy with no ingress rule blocks the controller → allow it from the controller's namespace",
  propose(view) {
    if (!/upstream timed out|Connection timed out/.test(view.log)) return [];
    const port = containerPorts(view)[0] ?? appPorts(view)[0];
    for (const doc of manifestDocs(view).filter((d) => d.kind === "NetworkPolicy")) {
      const empty = findLines(doc, /^\s*ingress:\s*(\[\s*\])?\s*$/)[0];
      if (empty === undefined || port === undefined) continue;
      const namespace = controllerNamespace(view);
      if (typeof namespace !== "string") return [namespace];
      const pad = indentOf(empty.text);
      const block = [
        `${pad}ingress:`,
        `${pad}  - from:`,
        `${pad}      - namespaceSelector:`,
        `${pad}          matchLabels:`,
        `${pad}            kubernetes.io/metadata.name: ${namespace}`,
        `${pad}    ports:`,
        `${pad}      - protocol: TCP`,
        `${pad}        port: ${port}`,
      ];
      return [{ action_type: "edit_file", edits: [{ file_path: doc.file, old_content: `${empty.text}\n`, new_content: `${block.join("\n")}\n` }] }];
    }
    return [];
  },
};

export const K8S_TRAFFIC_RULES: readonly RepairRule[] = [selectorMismatch, targetPort, ingressBackend, ingressClass, networkPolicyIngress];
