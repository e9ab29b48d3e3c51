/** A DROP rule for the web ports was put before the ACCEPT and loaded: customers time out, curl localhost works. */
import { bySplit, defineHostInjector, edit, occursOnce, RULES, run, SITE } from "../injector.js";

const ACCEPT = "-A INPUT -p tcp -m multiport --dports 80,443 -j ACCEPT\n";

export const firewallDropWeb = defineHostInjector({
  kind: "host-firewall-drop-web",
  summary: "an iptables DROP on 80/443 ahead of the ACCEPT; the site times out from outside",
  inject(ctx) {
    if (!occursOnce(ctx.files, RULES, ACCEPT)) return null;
    const drop = bySplit(ctx, {
      train: ["-A INPUT -p tcp -m multiport --dports 80,443 -j DROP\n", "-A INPUT -p tcp -m tcp --dport 443 -j DROP\n"],
      test: ["-A INPUT -p tcp -m tcp --dport 80 -j DROP\n", "-A INPUT -p tcp -m multiport --dports 80,443 -j REJECT --reject-with tcp-reset\n"],
    });
    return {
      kind: this.kind,
      faults: [{ file: RULES, replace: ACCEPT, with: `${drop}${ACCEPT}` }, { host: { run: "netfilter-persistent reload" } }],
      issue: {
        description: `/${RULES} gained \`${drop.trim()}\` ahead of the web ACCEPT, and it was loaded; customers cannot reach the site.`,
        hint: "curl localhost works, customers time out: compare `iptables -L INPUT -n --line-numbers` with what should be let in.",
        stage: "traffic",
        // The rules file edited but not yet loaded differs from the live firewall: HOST035 until the reload.
        detection: [
          { code: "HOST030", file: SITE },
          { code: "HOST035", file: RULES },
        ],
      },
      repair: [edit(RULES, drop, ""), run("netfilter-persistent reload")],
      claims: [RULES, "firewall"],
    };
  },
});
