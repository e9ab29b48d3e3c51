/**
 * Connections to and from the host: the live firewall judges the packet (INPUT for what comes in, lo for the
 * host's own traffic, OUTPUT and the reply's way back for what goes out), then a socket must be listening at
 * the address and port. The outcome is what a client sees: connected, refused (nothing listens, or REJECT),
 * or timed out (DROP).
 */
import type { HostProcess, HostState } from "./state.js";
import type { Ruleset } from "./netfilter/ruleset.js";
import { readRuleset } from "./netfilter/ruleset.js";
import type { Verdict } from "./netfilter/verdict.js";
import { judgePacket } from "./netfilter/verdict.js";

export type Outcome =
  | { kind: "connected"; process: HostProcess | null; remote?: string }
  | { kind: "refused"; verdict: Verdict | null }
  | { kind: "timeout"; verdict: Verdict | null };

const rulesets = new Map<string, Ruleset>();

/** The live filter table (a ruleset that no longer reads is never stored: iptables keeps the last good one). */
export function liveRuleset(state: HostState): Ruleset {
  let found = rulesets.get(state.netfilter);
  if (!found) {
    const read = readRuleset(state.netfilter);
    found = read.ok ? read.ruleset : { chains: [], rules: [] };
    if (rulesets.size > 256) rulesets.clear();
    rulesets.set(state.netfilter, found);
  }
  return found;
}

/** The host's own addresses, loopback first. */
export function ownAddresses(state: HostState): string[] {
  return ["127.0.0.1", ...state.facts.addresses.map((a) => a.address)];
}

export function isOwnAddress(state: HostState, address: string): boolean {
  return address === "localhost" || address.startsWith("127.") || ownAddresses(state).includes(address);
}

/** The process listening on `address:port` (a wildcard socket listens on every address). */
export function listener(state: HostState, address: string, port: number): HostProcess | null {
  const want = address === "localhost" ? "127.0.0.1" : address;
  for (const p of state.processes) {
    for (const l of p.listens) {
      const m = /^tcp (.+):(\d+)$/.exec(l);
      if (!m || Number(m[2]) !== port) continue;
      const bound = m[1]!;
      if (bound === "0.0.0.0" || bound === "*" || bound === "[::]" || bound === want) return p;
      if (bound.startsWith("127.") && want.startsWith("127.") && bound === want) return p;
    }
  }
  return null;
}

/** The process listening on a unix socket path. */
export function unixListener(state: HostState, socket: string): HostProcess | null {
  return state.processes.find((p) => p.listens.includes(`unix ${socket}`)) ?? null;
}

/** A TCP connection from `source` (an outside address, or one of the host's own) to the host's `address:port`. */
export function connectIn(state: HostState, source: string, address: string, port: number): Outcome {
  const local = isOwnAddress(state, source);
  const iface = local ? "lo" : state.facts.addresses[0]?.dev ?? "eth0";
  const verdict = judgePacket(liveRuleset(state), { chain: "INPUT", source: local ? "127.0.0.1" : source, destination: address === "localhost" ? "127.0.0.1" : address, protocol: "tcp", dport: port, iface, state: "NEW" });
  if (!verdict.accepted) return verdict.how === "REJECT" ? { kind: "refused", verdict } : { kind: "timeout", verdict };
  if (!local && address.startsWith("127.")) return { kind: "timeout", verdict: null };
  const process = listener(state, address, port);
  return process ? { kind: "connected", process } : { kind: "refused", verdict: null };
}

/** A connection from the host to another machine: out through OUTPUT, the reply back in through INPUT. */
export function connectOut(state: HostState, address: string, port: number, protocol: "tcp" | "udp" = "tcp"): Outcome {
  if (isOwnAddress(state, address)) return connectIn(state, "127.0.0.1", address, port);
  const ruleset = liveRuleset(state);
  const own = state.facts.addresses[0]?.address ?? "10.0.0.1";
  const iface = state.facts.addresses[0]?.dev ?? "eth0";
  const out = judgePacket(ruleset, { chain: "OUTPUT", source: own, destination: address, protocol, dport: port, iface, state: "NEW" });
  if (!out.accepted) return out.how === "REJECT" ? { kind: "refused", verdict: out } : { kind: "timeout", verdict: out };
  const back = judgePacket(ruleset, { chain: "INPUT", source: address, destination: own, protocol, dport: 40000, sport: port, iface, state: "ESTABLISHED" });
  if (!back.accepted) return { kind: "timeout", verdict: back };
  const remote = state.facts.remotes.find((r) => r.address === address && r.port === port);
  if (protocol === "udp") return { kind: "connected", process: null, remote: address };
  return remote ? { kind: "connected", process: null, remote: remote.name } : { kind: "timeout", verdict: null };
}
