/**
 * The checks the kernel makes on the filter table's jumps before it takes a ruleset, so that judging a packet
 * always ends: a chain that can jump back into itself, directly or through other chains, is refused with
 * ELOOP ("Loop found in table", as iptables-nft words it), and a chain reached through NFT_JUMP_STACK nested
 * jumps with EMLINK ("Too many links"). Linear in the chains and rules.
 */
import type { Ruleset } from "./ruleset.js";

/** nf_tables' jump stack (NFT_JUMP_STACK_SIZE): a chain at this many jumps from a built-in one is refused. */
export const NFT_JUMP_STACK = 16;

export type JumpProblem = "Loop found in table" | "Too many links";

/** Why the kernel would refuse the ruleset's jumps, or null when they are sound. */
export function jumpProblem(ruleset: Ruleset): JumpProblem | null {
  const user = new Set(ruleset.chains.filter((c) => c.policy === null).map((c) => c.name));
  const jumps = new Map<string, Set<string>>(ruleset.chains.map((c) => [c.name, new Set<string>()]));
  for (const rule of ruleset.rules) if (user.has(rule.target)) jumps.get(rule.chain)?.add(rule.target);
  // Kahn's order: a chain is placed once every chain jumping to it is; a loop leaves chains unplaced.
  const into = new Map<string, number>([...jumps.keys()].map((c) => [c, 0]));
  for (const targets of jumps.values()) for (const t of targets) into.set(t, into.get(t)! + 1);
  const ready = [...into].filter(([, n]) => n === 0).map(([c]) => c);
  const order: string[] = [];
  while (ready.length > 0) {
    const chain = ready.pop()!;
    order.push(chain);
    for (const t of jumps.get(chain)!) {
      into.set(t, into.get(t)! - 1);
      if (into.get(t) === 0) ready.push(t);
    }
  }
  if (order.length < jumps.size) return "Loop found in table";
  // The deepest each chain is reached from a built-in chain, in that order.
  const depth = new Map<string, number>();
  for (const chain of order) {
    const at = user.has(chain) ? depth.get(chain) : 0;
    if (at === undefined) continue;
    if (at >= NFT_JUMP_STACK) return "Too many links";
    for (const t of jumps.get(chain)!) depth.set(t, Math.max(depth.get(t) ?? 0, at + 1));
  }
  return null;
}
