/**
 * Name resolution as glibc does it with `hosts: files dns`: /etc/hosts first (the first line naming the host
 * wins), then each `nameserver` of /etc/resolv.conf in turn (127.0.0.1 when there is none, glibc's default),
 * over UDP port 53 through the firewall. A private (VPC) resolver answers every name; a public one knows
 * nothing of the private zones. What getaddrinfo reports on failure is kept for the messages daemons print.
 */
import type { Repository } from "../repository.js";
import { connectOut, isOwnAddress, listener } from "./network.js";
import type { HostState } from "./state.js";

export interface ResolvConf {
  nameservers: { address: string; line: number }[];
  search: string[];
  /** Lines glibc does not understand (it ignores them). */
  ignored: number[];
}

export function readResolvConf(content: string | undefined): ResolvConf {
  const out: ResolvConf = { nameservers: [], search: [], ignored: [] };
  (content ?? "").split("\n").forEach((raw, i) => {
    const line = raw.replace(/[#;].*$/, "").trim();
    if (line === "") return;
    const [key, ...rest] = line.split(/\s+/);
    if (key === "nameserver" && rest[0] && /^\d+\.\d+\.\d+\.\d+$/.test(rest[0])) {
      if (out.nameservers.length < 3) out.nameservers.push({ address: rest[0], line: i + 1 });
    } else if (key === "search" || key === "domain") out.search = rest;
    else if (key !== "options" && key !== "sortlist") out.ignored.push(i + 1);
  });
  return out;
}

/** /etc/hosts: name → address, the first line that names it winning. */
export function readHosts(content: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of (content ?? "").split("\n")) {
    const [address, ...names] = raw.replace(/#.*$/, "").trim().split(/\s+/);
    if (!address || names.length === 0) continue;
    for (const n of names) if (!out.has(n.toLowerCase())) out.set(n.toLowerCase(), address);
  }
  return out;
}

export type Resolution =
  | { ok: true; address: string; via: "hosts" | string }
  | { ok: false; reason: "NXDOMAIN" | "timeout" | "refused"; server: string | null };

/** The getaddrinfo message for a failed resolution. */
export function gaiMessage(r: Extract<Resolution, { ok: false }>): string {
  return r.reason === "NXDOMAIN" ? "Name or service not known" : "Temporary failure in name resolution";
}

/** What one nameserver answers for `name`. */
export function askServer(state: HostState, server: string, name: string): Resolution {
  if (isOwnAddress(state, server)) {
    // A local stub (systemd-resolved, dnsmasq) would have to listen on port 53; the hosts run none.
    return listener(state, server, 53) ? { ok: false, reason: "timeout", server } : { ok: false, reason: "refused", server };
  }
  const kind = state.facts.dns.resolvers[server];
  if (kind === undefined) return { ok: false, reason: "timeout", server };
  if (connectOut(state, server, 53, "udp").kind !== "connected") return { ok: false, reason: "timeout", server };
  const lower = name.toLowerCase().replace(/\.$/, "");
  const internal = state.facts.dns.internal_suffixes.some((s) => lower === s || lower.endsWith(`.${s}`));
  const address = state.facts.dns.names[lower];
  if (address === undefined || (internal && kind === "public")) return { ok: false, reason: "NXDOMAIN", server };
  return { ok: true, address, via: server };
}

/** Resolves `name` as a program on the host would. */
export function resolveName(files: Repository, state: HostState, name: string): Resolution {
  const lower = name.toLowerCase();
  if (/^\d+\.\d+\.\d+\.\d+$/.test(lower)) return { ok: true, address: lower, via: "hosts" };
  const hosts = readHosts(files.get("etc/hosts")?.content);
  const fromHosts = hosts.get(lower);
  if (fromHosts) return { ok: true, address: fromHosts, via: "hosts" };
  if (lower === "localhost") return { ok: true, address: "127.0.0.1", via: "hosts" };
  const conf = readResolvConf(files.get("etc/resolv.conf")?.content);
  const servers = conf.nameservers.length > 0 ? conf.nameservers.map((n) => n.address) : ["127.0.0.1"];
  const candidates = lower.includes(".") || conf.search.length === 0 ? [lower, ...conf.search.map((s) => `${lower}.${s}`)] : [...conf.search.map((s) => `${lower}.${s}`), lower];
  let last: Resolution = { ok: false, reason: "timeout", server: servers[0] ?? null };
  for (const candidate of candidates) {
    for (const server of servers) {
      const answer = askServer(state, server, candidate);
      if (answer.ok) return answer;
      last = answer;
      if (answer.reason === "NXDOMAIN") break;
    }
  }
  return last;
}
