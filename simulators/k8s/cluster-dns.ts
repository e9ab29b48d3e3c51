/**
 * Cluster DNS names of a Service, as a pod's resolver sees them: its search list (`<ns>.svc.cluster.local`,
 * `svc.cluster.local`, `cluster.local`) makes `search`, `search.default`, `search.default.svc` and
 * `search.default.svc.cluster.local` one and the same Service for a pod in `default`.
 */

const LABEL = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";

/** The Service a host names from a pod in `namespace`, or undefined when it is no in-cluster Service name of it. */
export function serviceOfHost(host: string, namespace: string): string | undefined {
  const ns = namespace.replace(/[^a-z0-9-]/g, "");
  const m = new RegExp(`^(${LABEL})(?:\\.${ns}(?:\\.svc(?:\\.cluster\\.local)?)?)?$`).exec(host);
  if (!m || m[1] === "localhost") return undefined;
  return m[1];
}

/**
 * A setting's value with every in-cluster Service host written in full (`http://search:9200` ->
 * `http://search.default.svc.cluster.local:9200`), so two spellings of one address compare equal. Only hosts
 * after a scheme or before a port are read as hosts: a bare word stays a word.
 */
export function canonicalServiceAddresses(value: string, namespace: string): string {
  return value.replace(/(^|:\/\/|@)([a-z0-9.-]+)(?=:\d|\/|$)/g, (whole, lead: string, host: string) => {
    if (lead === "" && !/:\d/.test(value.slice(host.length, host.length + 2))) return whole;
    const service = serviceOfHost(host, namespace);
    return service === undefined ? whole : `${lead}${service}.${namespace}.svc.cluster.local`;
  });
}
