/**
 * The probes: every client the host serves or keeps out, as it would connect now. Customers fetch the site
 * from the internet; the people who log in over SSH try to; the attacker keeps guessing; scanners try the
 * ports that must stay closed. The firewall on disk is compared with the live one on the same probes (a
 * reboot loads the disk's), and sshd's running configuration is checked for root logins by password.
 */
import type { RuleEngine } from "../../engine/engine.js";
import { RULES_V4 } from "../daemons/others.js";
import type { HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import { readRuleset } from "../netfilter/ruleset.js";
import { judgePacket } from "../netfilter/verdict.js";
import { connectIn, liveRuleset, ownAddresses } from "../network.js";
import { httpRequest } from "../probes/http.js";
import { sshLogin } from "../probes/ssh.js";
import { readSshdConfig, setting, settingsFor } from "../sshd/config.js";
import { diskSource, loadedSource } from "../sources.js";
import type { Client, HostState } from "../state.js";

/**
 * The site file a customer's request is about: the file under /etc/nginx whose server_name names the host,
 * read as text so that the finding stays on it while the file does not parse.
 */
function siteFile(fs: HostFs, client: Client): string {
  const host = client.host ?? "";
  const named = fs.filesUnder("etc/nginx").find((k) => !k.endsWith("nginx.conf") && new RegExp(`^\\s*server_name\\b[^;]*\\s${host.replace(/\./g, "\\.")}[\\s;]`, "m").test(fs.content(k) ?? ""));
  return named ?? "etc/nginx/nginx.conf";
}

export function observeTraffic(engine: RuleEngine, fs: HostFs, state: HostState): void {
  const address = ownAddresses(state)[1] ?? "127.0.0.1";
  const clients = state.facts.clients;
  for (const client of clients.filter((c) => c.kind === "http")) {
    const unit = engine.unit<HostEvent>(HOST_DOMAIN, siteFile(fs, client));
    unit.enter("traffic");
    const result = httpRequest(fs.files, state, { from: client.from, address, host: client.host ?? address, port: client.port, path: client.path ?? "/" });
    const scheme = client.port === 443 ? "https" : "http";
    const checks = Object.entries(state.facts.apps).find(([, app]) => app.health === (client.path ?? "/"))?.[0] ?? null;
    unit.emit({ type: "http-probe", client: client.name, legit: client.legit, url: `${scheme}://${client.host ?? address}${client.path ?? "/"}`, status: result.status, curlError: result.curlError, log: result.log, checks, answeredBy: result.app });
    unit.finish();
  }
  if (fs.files.has("etc/ssh/sshd_config")) {
    const unit = engine.unit<HostEvent>(HOST_DOMAIN, "etc/ssh/sshd_config");
    unit.enter("traffic");
    for (const client of clients.filter((c) => c.kind === "ssh")) {
      const result = sshLogin(fs.files, state, client);
      unit.emit({ type: "ssh-probe", client: client.name, user: client.user ?? "root", from: client.from, legit: client.legit, reached: result.reached, loggedIn: result.loggedIn, lines: result.lines });
    }
    const sshd = Object.values(state.units).find((u) => u.active === "active" && u.loaded && Object.keys(u.loaded).includes("etc/ssh/sshd_config"));
    const source = sshd?.loaded ? loadedSource(sshd.loaded) : diskSource(fs.files);
    const config = readSshdConfig(source);
    const settings = settingsFor(config, { user: "root", address: "203.0.113.1", groups: ["root"] });
    const rootPassword = setting(settings, "permitrootlogin", "prohibit-password") === "yes" && setting(settings, "passwordauthentication", "yes") === "yes";
    const entry = config.entries.find((e) => e.keyword === "permitrootlogin" && e.match === null);
    unit.emit({ type: "ssh-hardening", rootPassword, line: entry?.line ?? 1 });
    unit.finish();
  }
  if (fs.files.has(RULES_V4)) {
    const unit = engine.unit<HostEvent>(HOST_DOMAIN, RULES_V4);
    unit.enter("traffic");
    for (const client of clients.filter((c) => c.kind === "tcp")) {
      const outcome = connectIn(state, client.from, address, client.port);
      unit.emit({ type: "tcp-probe", client: client.name, from: client.from, port: client.port, legit: client.legit, reached: outcome.kind === "connected" });
    }
    const disk = readRuleset(fs.content(RULES_V4) ?? "");
    const live = liveRuleset(state);
    const differs: string[] = [];
    if (disk.ok) {
      for (const c of clients) {
        const packet = { chain: "INPUT" as const, source: c.from, destination: address, protocol: "tcp" as const, dport: c.port, iface: state.facts.addresses[0]?.dev ?? "eth0", state: "NEW" as const };
        const now = judgePacket(live, packet).accepted;
        const boot = judgePacket(disk.ruleset, packet).accepted;
        if (now !== boot) differs.push(`${c.from} → port ${c.port}: ${now ? "let in now" : "dropped now"}, ${boot ? "let in" : "dropped"} by /etc/iptables/rules.v4`);
      }
    }
    unit.emit({ type: "firewall-persistence", differs });
    unit.finish();
  }
}
