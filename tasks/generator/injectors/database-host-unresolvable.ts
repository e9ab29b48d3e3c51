/**
 * database-host-unresolvable: the app's database URL is written into the workload with the host of another
 * setup (docker compose's service name, a habitual `postgres`), for which no Service answers in the cluster;
 * the app fails to open its database at start (`could not translate host name "db" to address`) and the pod
 * goes into CrashLoopBackOff (K8S024). Split rule: train copies the URL the repository's local setup uses
 * (its compose file or env example) as it is; test keeps that URL but with a host from
 * postgres/database/pg/<app>-postgres, none of which train shows.
 */
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, keyIndent, replacePair, scalarSource, setValue } from "./k8s-edit.js";
import { appContainers, arrayAt, crashOutcome, isObject, manifestObjects, runsSomePods } from "./k8s-manifests.js";
import { asScalar, heldOut } from "./k8s-names.js";

/** The first database URL the repository's local setup gives `variable` (`DATABASE_URL: postgresql://…`). */
function localUrl(files: ReadonlyMap<string, { content: string }>, variable: string): string | undefined {
  const pattern = new RegExp(`\\b${variable}\\b["']?\\s*[:=]\\s*["']?([a-z][a-z0-9+]*://[^\\s"']+)`);
  for (const p of [...files.keys()].sort()) {
    if (!/(compose[^/]*\.ya?ml|\.env[^/]*|README\.md)$/.test(p)) continue;
    const m = pattern.exec(files.get(p)!.content);
    if (m) return m[1];
  }
  return undefined;
}

export const databaseHostUnresolvable = defineInjector({
  kind: "database-host-unresolvable",
  layer: "k8s",
  summary: "A database URL whose host no Service answers for in the cluster: the app cannot open its database at start",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const objects = manifestObjects(ctx.files, world);
    const services = (ns: string) => new Set(objects.filter((o) => o.kind === "Service" && o.namespace === ns).map((o) => o.name));
    const candidates = appContainers(objects, world).flatMap((u) => {
      const variable = u.app.database_url_env;
      if (!variable || !runsSomePods(u.object)) return [];
      const i = arrayAt(u.container.container, ["env"]).findIndex((e) => isObject(e) && e["name"] === variable);
      return i < 0 || fieldReserved(ctx, u.object, [...u.container.path, "env", i]) ? [] : [{ ...u, variable, path: [...u.container.path, "env", i] }];
    });
    if (candidates.length === 0) return null;
    const { object, container, app, variable, path } = rng.pick(candidates);
    const local = localUrl(ctx.files, variable);
    if (!local) return null;
    let url: URL;
    try {
      url = new URL(local);
    } catch {
      return null;
    }
    const taken = services(object.namespace);
    if (heldOut(split)) {
      const hosts = ["postgres", "database", "pg", `${app.name}-postgres`].filter((h) => !taken.has(h) && h !== url.hostname);
      if (hosts.length === 0) return null;
      url.hostname = rng.pick(hosts);
    }
    const host = url.hostname;
    if (taken.has(host) || !/^[a-z0-9-]+$/.test(host)) return null;
    const written = url.toString();
    const source = ctx.files.get(object.file)!.content;
    const entry = arrayAt(container.container, ["env"])[Number(path[path.length - 1])] as Record<string, unknown>;
    let content: string | null;
    if (typeof entry["value"] === "string") content = setValue(source, object, [...path, "value"], asScalar(scalarSource(source, object, [...path, "value"]) ?? "", written));
    else {
      const indent = keyIndent(source, object, [...path, "valueFrom"]);
      content = indent === null ? null : replacePair(source, object, [...path, "valueFrom"], `${indent}value: ${asScalar("", written)}\n`);
    }
    if (!content) return null;
    return k8sInjection(ctx, "database-host-unresolvable", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} sets ${variable} to ${written}, whose host ${host} no Service of namespace ${object.namespace} answers for (the database's Service is another), so ${app.name} cannot resolve it at start and ${crashOutcome(object)}.`,
      hint: `The app exits at start because it cannot resolve its database's host. Which Service fronts the database in the cluster, and where does the cluster's own ${variable} come from?`,
      stage: "runtime",
      detection: [{ code: "K8S024", file: object.file }],
    });
  },
});
