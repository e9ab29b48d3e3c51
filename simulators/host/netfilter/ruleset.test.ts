/** iptables-save files read as iptables-restore reads them, and packets judged as the filter table judges them. */
import { describe, expect, it } from "vitest";
import { readRuleset, writeRuleset } from "./ruleset.js";
import { inCidr, judgePacket } from "./verdict.js";

const FILE = `*filter
:INPUT DROP [0:0]
:FORWARD DROP [0:0]
:OUTPUT ACCEPT [0:0]
-A INPUT -i lo -j ACCEPT
-A INPUT -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT
-A INPUT -s 198.51.100.0/24 -p tcp --dport 22 -j ACCEPT
-A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT
-A INPUT -s 203.0.113.45 -j DROP
COMMIT
`;

const packet = (source: string, dport: number) => ({ chain: "INPUT" as const, source, destination: "10.0.1.15", protocol: "tcp" as const, dport, iface: "ens5", state: "NEW" as const });

describe("the filter table", () => {
  it("reads, judges in order and falls to the policy", () => {
    const read = readRuleset(FILE);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(judgePacket(read.ruleset, packet("198.51.100.9", 22)).accepted).toBe(true);
    expect(judgePacket(read.ruleset, packet("192.0.2.1", 22))).toMatchObject({ accepted: false, how: "DROP", rule: null });
    expect(judgePacket(read.ruleset, packet("203.0.113.45", 443)).accepted).toBe(true);
    expect(judgePacket(read.ruleset, { ...packet("203.0.113.45", 443), state: "ESTABLISHED" }).accepted).toBe(true);
  });

  it("writes rules back in the form iptables prints them, and reads them again the same", () => {
    const read = readRuleset(FILE);
    if (!read.ok) throw new Error(read.message);
    const text = writeRuleset(read.ruleset);
    expect(text).toContain("-A INPUT -s 198.51.100.0/24 -p tcp -m tcp --dport 22 -j ACCEPT");
    expect(text).toContain("-A INPUT -s 203.0.113.45/32 -j DROP");
    const again = readRuleset(text);
    expect(again.ok && writeRuleset(again.ruleset)).toBe(text);
  });

  it.each([
    ["a misspelt target", FILE.replace("-j DROP\nCOMMIT", "-j DORP\nCOMMIT"), "Couldn't load target `DORP'", 9],
    ["an unknown option", FILE.replace("--dport 22", "--dprot 22"), 'unknown option "--dprot"', 7],
    ["a missing COMMIT", FILE.replace("COMMIT\n", ""), "COMMIT expected", 10],
    ["a bad address", FILE.replace("203.0.113.45", "203.0.113.456"), "host/network `203.0.113.456' not found", 9],
  ])("fails as iptables-restore fails: %s", (_, text, message, line) => {
    const read = readRuleset(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read).toMatchObject({ line, message: expect.stringContaining(message) });
  });

  it("matches addresses against prefixes", () => {
    expect(inCidr("10.0.4.2", "10.0.0.0/16")).toBe(true);
    expect(inCidr("10.1.0.1", "10.0.0.0/16")).toBe(false);
    expect(inCidr("1.2.3.4", "0.0.0.0/0")).toBe(true);
  });
});
