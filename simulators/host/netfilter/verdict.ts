/**
 * What the filter table does with a packet: the chain's rules in order, the first match's target (a jump
 * walks the user chain and comes back on RETURN or at its end, LOG goes on), the policy when nothing matches.
 * The verdict names the rule that decided, so an answer can say why a connection was dropped.
 */
import type { FilterRule, Match, Ruleset } from "./ruleset.js";

export interface Packet {
  chain: "INPUT" | "OUTPUT";
  source: string;
  destination: string;
  protocol: "tcp" | "udp";
  dport: number;
  sport?: number;
  iface: string;
  state: "NEW" | "ESTABLISHED";
}

export interface Verdict {
  accepted: boolean;
  /** DROP gives the client a timeout, REJECT a refusal. */
  how: "ACCEPT" | "DROP" | "REJECT";
  /** The rule that decided, or null for the chain's policy. */
  rule: FilterRule | null;
}

function ipNumber(ip: string): number | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (!m) return null;
  return ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
}

/** Whether `ip` is in `cidr` (`a.b.c.d/n`). */
export function inCidr(ip: string, cidr: string): boolean {
  const [net, bitsText] = cidr.split("/") as [string, string | undefined];
  const bits = Number(bitsText ?? "32");
  const a = ipNumber(ip);
  const b = ipNumber(net);
  if (a === null || b === null) return false;
  if (bits === 0) return true;
  const mask = (0xffffffff << (32 - bits)) >>> 0;
  return (a & mask) === (b & mask);
}

function inPorts(port: number | undefined, list: [number, number][]): boolean {
  return port !== undefined && list.some(([a, b]) => port >= a && port <= b);
}

function matches(m: Match, p: Packet): boolean {
  const test = (cond: { negate: boolean } | undefined, ok: () => boolean) => cond === undefined || ok() !== cond.negate;
  return (
    test(m.iface, () => p.chain === "INPUT" && m.iface!.name === p.iface) &&
    test(m.outIface, () => p.chain === "OUTPUT" && m.outIface!.name === p.iface) &&
    test(m.source, () => inCidr(p.source, m.source!.cidr)) &&
    test(m.destination, () => inCidr(p.destination, m.destination!.cidr)) &&
    test(m.protocol, () => m.protocol!.name === "all" || m.protocol!.name === p.protocol) &&
    test(m.dports, () => inPorts(p.dport, m.dports!.ports)) &&
    test(m.sports, () => inPorts(p.sport, m.sports!.ports)) &&
    (m.states === undefined || m.states.includes(p.state))
  );
}

export function judgePacket(ruleset: Ruleset, packet: Packet): Verdict {
  // A chain's outcome for one packet is the same wherever it is jumped to from: each chain is walked once,
  // so the cost is the rules, however many jumps lead to a chain. The rulesets taken refuse loops
  // (jumps.ts); a chain met again while it is being walked is passed over, so no ruleset walks forever.
  const walked = new Map<string, Verdict | null>();
  const walking = new Set<string>();
  const walk = (chain: string): Verdict | null => {
    if (walked.has(chain)) return walked.get(chain)!;
    if (walking.has(chain)) return null;
    walking.add(chain);
    let verdict: Verdict | null = null;
    for (const rule of ruleset.rules) {
      if (rule.chain !== chain || !matches(rule.match, packet)) continue;
      if (rule.target === "ACCEPT") verdict = { accepted: true, how: "ACCEPT", rule };
      else if (rule.target === "DROP") verdict = { accepted: false, how: "DROP", rule };
      else if (rule.target === "REJECT") verdict = { accepted: false, how: "REJECT", rule };
      else if (rule.target === "RETURN") break;
      else if (rule.target !== "LOG") verdict = walk(rule.target);
      if (verdict) break;
    }
    walking.delete(chain);
    walked.set(chain, verdict);
    return verdict;
  };
  const decided = walk(packet.chain);
  if (decided) return decided;
  const policy = ruleset.chains.find((c) => c.name === packet.chain)?.policy ?? "ACCEPT";
  return { accepted: policy === "ACCEPT", how: policy === "ACCEPT" ? "ACCEPT" : "DROP", rule: null };
}
