import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { RULES, run, SITE } from "./actions.js";

const DROP = "-A INPUT -p tcp -m multiport --dports 80,443 -j DROP\n";

export const firewallBlocking: ScenarioSource = {
  id: "firewall_blocking",
  task_id: "host_incidents",
  title: "The site times out for everyone; the server itself looks fine",
  difficulty: "medium",
  description:
    "SRE Sandbox's firewall scenario: a change meant for a staging host put a DROP for ports 80 and 443 ahead of the web ACCEPT in " +
    "/etc/iptables/rules.v4 and loaded it. nginx answers on localhost, but every customer's connection times out. The fix must be in the " +
    "live firewall and in rules.v4 (a reboot loads the file), and must not open what the firewall keeps closed (redis, PostgreSQL) or " +
    "shut SSH: `iptables -F` under a DROP policy blocks everything, and a flush with policy ACCEPT exposes redis to the internet.",
  base: "web-01",
  faults: [
    { file: RULES, replace: "-A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT\n", with: `${DROP}-A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT\n` },
    { host: { run: "netfilter-persistent reload" } },
  ],
  issues: [
    {
      id: "web-ports-dropped",
      description: "A DROP rule for tcp/80,443 sits before the ACCEPT, in the live ruleset and in rules.v4.",
      hint: "curl localhost works, customers time out: compare `iptables -L INPUT -n --line-numbers` with what should be let in.",
      stage: "traffic",
      detection: [
        { code: "HOST030", file: SITE },
        { code: "HOST035", file: RULES },
      ],
    },
  ],
  solution: [edit(RULES, DROP, ""), run("netfilter-persistent reload")],
  alternatives: [
    { description: "delete the rule live, then save the live rules", actions: [run("iptables -D INPUT -p tcp -m multiport --dports 80,443 -j DROP"), run("netfilter-persistent save")] },
    { description: "delete it by number, and write the file with iptables-save", actions: [run("iptables -D INPUT 6"), run("iptables-save > /etc/iptables/rules.v4")] },
    { description: "fix the file and load it with iptables-restore", actions: [edit(RULES, DROP, ""), run("iptables-restore < /etc/iptables/rules.v4")] },
  ],
  wrong: [
    { description: "iptables -F: the INPUT policy is DROP, so nothing gets in at all", because: { fires: "HOST030" }, actions: [run("iptables -F")] },
    { description: "open everything and flush: redis and PostgreSQL face the internet", because: { fires: "HOST033" }, actions: [run("iptables -P INPUT ACCEPT && iptables -F && netfilter-persistent save")] },
    { description: "fix it live only: the next reboot brings the DROP back", because: { fires: "HOST035" }, actions: [run("iptables -D INPUT -p tcp -m multiport --dports 80,443 -j DROP")] },
    { description: "fix the file but never load it", because: { fires: "HOST030" }, actions: [edit(RULES, DROP, "")] },
  ],
  optimal_steps: 2,
  max_steps: 12,
};
