import { addLine, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { RESOLV, run, SHOP_UNIT, SITE } from "./actions.js";

export const dnsResolvWiped: ScenarioSource = {
  id: "dns_resolv_wiped",
  task_id: "host_incidents",
  title: "Name resolution is broken and the app will not start",
  difficulty: "medium",
  description:
    "SRE Sandbox's dns scenario: /etc/resolv.conf was emptied. With no nameserver line glibc asks 127.0.0.1, where nothing listens, so " +
    "db-primary.internal does not resolve and the app's restart failed on its migrations. The VPC resolver is in " +
    "/etc/netplan/50-cloud-init.yaml; a public resolver does not know the .internal zone.",
  base: "api-01",
  faults: [{ file: RESOLV, content: "" }, { host: { run: "systemctl restart shop" } }],
  issues: [
    {
      id: "resolv-conf-empty",
      description: "resolv.conf has no nameserver; names do not resolve and the app cannot reach its database.",
      hint: "`cat /etc/resolv.conf`, `dig db-primary.internal`, and the nameservers netplan configures.",
      stage: "runtime",
      detection: [
        { code: "HOST010", file: SHOP_UNIT },
        { code: "HOST030", file: SITE },
      ],
    },
  ],
  solution: [addLine(RESOLV, 1, "nameserver 10.0.0.2"), run("systemctl restart shop")],
  alternatives: [
    { description: "written from the shell with its search domain", actions: [run("printf 'nameserver 10.0.0.2\\nsearch internal\\n' > /etc/resolv.conf"), run("systemctl restart shop")] },
    { description: "a patch restoring what cloud-init writes", actions: [patch("--- a/etc/resolv.conf\n+++ b/etc/resolv.conf\n@@ -0,0 +1,3 @@\n+nameserver 10.0.0.2\n+search internal\n+options edns0 trust-ad\n"), run("systemctl start shop")] },
  ],
  wrong: [
    { description: "a public resolver", because: { fires: "HOST010" }, actions: [addLine(RESOLV, 1, "nameserver 8.8.8.8"), run("systemctl restart shop")] },
    { description: "restart the app as it is", because: { fires: "HOST010" }, actions: [run("systemctl restart shop")] },
    { description: "fix resolv.conf and leave the app failed", because: { fires: "HOST010" }, actions: [addLine(RESOLV, 1, "nameserver 10.0.0.2")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
