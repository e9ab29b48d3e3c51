/** sshd_config as sshd reads it: the first value wins, Match blocks apply per connection, sshd -t's messages. */
import { describe, expect, it } from "vitest";
import { readSshdConfig, setting, settingsFor } from "./config.js";

const source = (text: string, extra: Record<string, string> = {}) => {
  const files: Record<string, string> = { "/etc/ssh/sshd_config": text, ...extra };
  return { read: (p: string) => files[p], paths: () => Object.keys(files) };
};

describe("sshd_config", () => {
  it("keeps the first value of a keyword, and every value of the accumulating ones", () => {
    const config = readSshdConfig(source("PermitRootLogin yes\nAllowUsers deploy\nPermitRootLogin no\nAllowUsers alice\n"));
    const s = settingsFor(config, null);
    expect(setting(s, "permitrootlogin", "prohibit-password")).toBe("yes");
    expect(s.get("allowusers")).toEqual(["deploy", "alice"]);
  });

  it("reads an Include before what follows it, and applies a Match block only to its connections", () => {
    const config = readSshdConfig(source("Include /etc/ssh/sshd_config.d/*.conf\nPasswordAuthentication yes\nMatch Address 203.0.113.0/24\n  PasswordAuthentication no\n", { "/etc/ssh/sshd_config.d/10-x.conf": "PasswordAuthentication no\n" }));
    expect(setting(settingsFor(config, null), "passwordauthentication", "yes")).toBe("no");
    const plain = readSshdConfig(source("Match Address 203.0.113.0/24\n  PasswordAuthentication no\n"));
    expect(setting(settingsFor(plain, { user: "root", address: "203.0.113.9", groups: [] }), "passwordauthentication", "yes")).toBe("no");
    expect(setting(settingsFor(plain, { user: "root", address: "192.0.2.9", groups: [] }), "passwordauthentication", "yes")).toBe("yes");
  });

  it("lets a satisfied Match block override the global section, the first satisfied block's value winning", () => {
    const lan = readSshdConfig(source("PasswordAuthentication no\nMatch Address 10.0.0.0/8\n  PasswordAuthentication yes\nMatch all\n  PasswordAuthentication no\n"));
    expect(setting(settingsFor(lan, { user: "deploy", address: "10.1.2.3", groups: [] }), "passwordauthentication", "no")).toBe("yes");
    expect(setting(settingsFor(lan, { user: "deploy", address: "192.0.2.9", groups: [] }), "passwordauthentication", "yes")).toBe("no");
    expect(setting(settingsFor(lan, null), "passwordauthentication", "yes")).toBe("no");
  });

  it("lists every bad keyword before terminating, and stops at a bad value", () => {
    expect(readSshdConfig(source("Porrt 22\nMaxAuthTrys 3\n")).errors).toEqual([
      "/etc/ssh/sshd_config: line 1: Bad configuration option: Porrt",
      "/etc/ssh/sshd_config: line 2: Bad configuration option: MaxAuthTrys",
      "/etc/ssh/sshd_config: terminating, 2 bad configuration options",
    ]);
    expect(readSshdConfig(source("PasswordAuthentication maybe\nPorrt 1\n")).errors).toEqual(['/etc/ssh/sshd_config line 1: unsupported option "maybe".']);
    expect(readSshdConfig(source("Port 70000\n")).errors).toEqual(["/etc/ssh/sshd_config line 1: Badly formatted port number."]);
  });

  it("matches `*` and `?` as OpenSSH does, in time linear in the pattern, however many stars it holds", () => {
    const facts = (address: string) => ({ user: "deploy", address, groups: [] });
    const applies = (pattern: string, address: string) =>
      setting(settingsFor(readSshdConfig(source(`Match Address ${pattern}\n  PasswordAuthentication no\n`)), facts(address)), "passwordauthentication", "yes") === "no";
    expect(applies("203.0.113.*", "203.0.113.45")).toBe(true);
    expect(applies("203.0.113.?5", "203.0.113.45")).toBe(true);
    expect(applies("203.0.113.?", "203.0.113.45")).toBe(false);
    expect(applies("*.45", "203.0.113.45")).toBe(true);
    expect(applies("*1*3*", "203.0.113.45")).toBe(true);
    expect(applies("203.0.113.4", "203.0.113.45")).toBe(false);
    // A regular expression built from these stars backtracked through every split of the address among them:
    // 18 stars held a step for 1.7 s, and each star more multiplied that by about 1.7.
    expect(applies(`${"*".repeat(40)}x`, "203.0.113.45")).toBe(false);
    const users = readSshdConfig(source(`Match User ${"*?".repeat(30)}z\n  PasswordAuthentication no\n`));
    expect(setting(settingsFor(users, facts("192.0.2.1")), "passwordauthentication", "yes")).toBe("yes");
  });
});
