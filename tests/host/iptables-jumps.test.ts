/**
 * Jumps between the filter table's chains are checked as the kernel checks them before it takes a ruleset:
 * a jump that closes a loop is refused ("iptables: Loop found in table.", iptables-nft's words for ELOOP), one
 * that nests past nf_tables' jump stack of 16 with "iptables: Too many links." (EMLINK), and iptables-restore
 * fails on such a file at its COMMIT line. Judging a packet walks each chain once: many jumps to the same
 * chains cost their rules, not the paths through them. Before, `-A B -j A` was taken.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { readRuleset } from "../../simulators/host/netfilter/ruleset.js";
import { judgePacket } from "../../simulators/host/netfilter/verdict.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const host = (command: string): Action => ({ action_type: "host", command });

/** Plays the host commands on firewall_blocking; the last one's error, with the rules before and after it. */
function play(commands: string[]) {
  const episode = startJudgedEpisode(catalog, { scenario_id: "firewall_blocking" }, "ep");
  for (const command of commands.slice(0, -1)) expect(episode.step(host(command)).observation.last_action_error, command).toBeNull();
  const rules = () => episode.step({ action_type: "inspect", command: "iptables -S" }).observation.inspect_output;
  const before = rules();
  const failedBefore = episode.state().failed_actions;
  const error = episode.step(host(commands.at(-1)!)).observation.last_action_error;
  return { error, before, after: rules(), failed: episode.state().failed_actions - failedBefore };
}

describe("iptables refuses jumps the kernel refuses", () => {
  it("a jump that closes a loop, through another chain or to itself", () => {
    for (const commands of [
      ["iptables -N A", "iptables -N B", "iptables -A A -j B", "iptables -A B -j A"],
      ["iptables -N A", "iptables -I A -j A"],
      ["iptables -N A", "iptables -N B", "iptables -N C", "iptables -A A -j B", "iptables -A B -j C", "iptables -A C -p tcp --dport 22 -j ACCEPT", "iptables -R C 1 -j A"],
    ]) {
      const { error, before, after, failed } = play(commands);
      expect(error).toContain("iptables: Loop found in table.");
      expect(after).toBe(before);
      expect(failed).toBe(1);
    }
  });

  it("a chain sixteen jumps below INPUT", () => {
    const chains = Array.from({ length: 16 }, (_, i) => `C${i}`);
    const commands = [...chains.map((c) => `iptables -N ${c}`), "iptables -A INPUT -j C0", ...chains.slice(1).map((c, i) => `iptables -A C${i} -j ${c}`)];
    // INPUT -> C0 -> ... -> C14 is fifteen jumps: taken; C15 would sit at the sixteenth, nf_tables' stack.
    // Chained with && so the set-up fits the scenario's steps.
    const setUp = commands.slice(0, -1);
    const { error, before, after } = play([setUp.slice(0, 17).join(" && "), setUp.slice(17).join(" && "), commands.at(-1)!]);
    expect(error).toContain("iptables: Too many links.");
    expect(after).toBe(before);
    expect(before).toContain("-A C13 -j C14");
    expect(after).not.toContain("-A C14 -j C15");
  });

  it("iptables-restore fails at COMMIT on a file whose jumps loop, and the live rules stay", () => {
    const loop = "*filter\n:INPUT ACCEPT [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n:A - [0:0]\n:B - [0:0]\n-A INPUT -j A\n-A A -j B\n-A B -j A\nCOMMIT\n";
    expect(readRuleset(loop)).toMatchObject({ ok: false, message: "iptables-restore: line 10 failed" });
    const episode = startJudgedEpisode(catalog, { scenario_id: "firewall_blocking" }, "ep");
    const rules = () => episode.step({ action_type: "inspect", command: "iptables -S" }).observation.inspect_output;
    const before = rules();
    const file = episode.state().files["etc/iptables/rules.v4"]!;
    expect(episode.step({ action_type: "edit_file", edits: [{ file_path: "etc/iptables/rules.v4", old_content: file, new_content: loop }] }).observation.last_action_error).toBeNull();
    const restore = episode.step(host("iptables-restore < /etc/iptables/rules.v4")).observation;
    expect(restore.inspect_output ?? restore.last_action_error).toContain("iptables-restore: line 10 failed");
    expect(rules()).toBe(before);
  });
});

describe("judging a packet", () => {
  it("walks each chain once, however many jumps lead to it", () => {
    // Six chains, each jumping ten times to the next, none deciding: 10^5 paths, 50 rules.
    const names = Array.from({ length: 6 }, (_, i) => `L${i}`);
    const rules = names.slice(0, -1).flatMap((c, i) => Array.from({ length: 10 }, () => `-A ${c} -j L${i + 1}`));
    const text = `*filter\n:INPUT DROP [0:0]\n:FORWARD ACCEPT [0:0]\n:OUTPUT ACCEPT [0:0]\n${names.map((c) => `:${c} - [0:0]`).join("\n")}\n-A INPUT -j L0\n${rules.join("\n")}\n-A INPUT -p tcp --dport 22 -j ACCEPT\nCOMMIT\n`;
    const read = readRuleset(text);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    let looked = 0;
    const counted = { ...read.ruleset, rules: read.ruleset.rules.map((r) => ({ ...r, get match() { looked += 1; return r.match; } })) };
    const packet = { chain: "INPUT" as const, source: "192.0.2.1", destination: "10.0.1.15", protocol: "tcp" as const, dport: 22, iface: "ens5", state: "NEW" as const };
    expect(judgePacket(counted, packet)).toMatchObject({ accepted: true, how: "ACCEPT" });
    // Each chain's rules are matched once: 52 rules in all (walking every path matched 111,112).
    expect(looked).toBeLessThanOrEqual(counted.rules.length);
  });
});
