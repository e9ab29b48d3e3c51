import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { RESOLV, RULES, run, SHOP_UNIT, SITE } from "./actions.js";

const WEB = "-A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT\n";
const HTTP_ONLY = "-A INPUT -p tcp -m tcp --dport 80 -j ACCEPT\n";

export const networkTroubleshooting: ScenarioSource = {
  id: "network_troubleshooting",
  task_id: "host_incidents",
  title: "The API is unreachable after a network change",
  difficulty: "hard",
  description:
    "ChaosLab's network troubleshooting, on api-01 (whose database is db-primary.internal): a network change pointed /etc/resolv.conf at " +
    "10.0.0.53, a resolver that no longer exists, and narrowed the web rule in rules.v4 to port 80. The app's restart then failed on its " +
    "migrations (\"could not translate host name ... Temporary failure in name resolution\"), and HTTPS customers time out. The VPC " +
    "resolver is the one netplan configures; a public resolver does not know the .internal zone.",
  base: "api-01",
  faults: [
    { file: RESOLV, replace: "nameserver 10.0.0.2", with: "nameserver 10.0.0.53" },
    { file: RULES, replace: WEB, with: HTTP_ONLY },
    { host: { run: "netfilter-persistent reload" } },
    { host: { run: "systemctl restart shop" } },
  ],
  issues: [
    {
      id: "resolver-gone",
      description: "resolv.conf names 10.0.0.53, which does not answer; the app cannot resolve db-primary.internal and fails to start.",
      hint: "`dig db-primary.internal` from the host, and /etc/netplan/50-cloud-init.yaml for the resolver the VPC provides.",
      stage: "runtime",
      detection: [{ code: "HOST010", file: SHOP_UNIT }],
    },
    {
      id: "https-blocked",
      description: "The web rule accepts only tcp/80; HTTPS (443) falls to the DROP policy.",
      hint: "Customers on https:// time out while http:// answers. What does the INPUT chain accept?",
      stage: "traffic",
      detection: [
        { code: "HOST030", file: SITE },
        { code: "HOST035", file: RULES },
      ],
    },
  ],
  solution: [edit(RESOLV, "nameserver 10.0.0.53", "nameserver 10.0.0.2"), run("systemctl restart shop"), edit(RULES, HTTP_ONLY, WEB), run("netfilter-persistent reload")],
  alternatives: [
    { description: "write resolv.conf from the shell, and open 443 live and save it", actions: [run("echo 'nameserver 10.0.0.2' > /etc/resolv.conf && systemctl restart shop"), run("iptables -I INPUT 6 -p tcp --dport 443 -j ACCEPT && netfilter-persistent save")] },
    { description: "both files edited, then everything reloaded in one line", actions: [edit(RESOLV, "10.0.0.53", "10.0.0.2"), edit(RULES, "-m tcp --dport 80 -j ACCEPT", "-m multiport --dports 80,443 -j ACCEPT"), run("iptables-restore < /etc/iptables/rules.v4 && systemctl restart shop")] },
  ],
  wrong: [
    { description: "a public resolver: it does not know the .internal zone", because: { fires: "HOST010" }, leaves_unfixed: ["resolver-gone"], actions: [edit(RESOLV, "nameserver 10.0.0.53", "nameserver 8.8.8.8"), run("systemctl restart shop"), edit(RULES, HTTP_ONLY, WEB), run("netfilter-persistent reload")] },
    { description: "flush the firewall: the DROP policy then drops everything", because: { fires: "HOST030" }, leaves_unfixed: ["https-blocked"], actions: [edit(RESOLV, "nameserver 10.0.0.53", "nameserver 10.0.0.2"), run("systemctl restart shop"), run("iptables -F")] },
    { description: "open 443 in the live firewall only", because: { fires: "HOST035" }, leaves_unfixed: ["https-blocked"], actions: [edit(RESOLV, "nameserver 10.0.0.53", "nameserver 10.0.0.2"), run("systemctl restart shop"), run("iptables -I INPUT 6 -p tcp --dport 443 -j ACCEPT")] },
    { description: "fix the resolver but do not restart the app", because: { fires: "HOST010" }, leaves_unfixed: ["resolver-gone"], actions: [edit(RESOLV, "nameserver 10.0.0.53", "nameserver 10.0.0.2")] },
  ],
  optimal_steps: 4,
  max_steps: 14,
};
