/** /etc/resolv.conf was emptied and the app restarted: it cannot resolve its database's name. */
import { bySplit, defineHostInjector, RESOLV, run, SHOP_UNIT, SITE } from "../injector.js";

export const resolvWiped = defineHostInjector({
  kind: "host-resolv-wiped",
  summary: "an empty /etc/resolv.conf; the app's database host does not resolve (could not translate host name)",
  fits: (base) => base.database === "remote",
  inject(ctx) {
    const content = bySplit(ctx, { train: ["", "# cleared by a provisioning script\n"], test: ["search internal\n", "options edns0\n"] });
    return {
      kind: this.kind,
      faults: [{ file: RESOLV, content }, { host: { run: "systemctl restart shop" } }],
      issue: {
        description: "/etc/resolv.conf lost its nameserver line, and the app restarted; it cannot resolve db-primary.internal, so it does not start.",
        hint: "`cat /etc/resolv.conf`, `dig db-primary.internal`, and the nameservers netplan configures.",
        stage: "runtime",
        detection: [
          { code: "HOST010", file: SHOP_UNIT },
          { code: "HOST030", file: SITE },
        ],
      },
      repair: [{ action_type: "add_line", file_path: RESOLV, line_number: 1, content: "nameserver 10.0.0.2" }, run("systemctl restart shop")],
      claims: [RESOLV, "shop"],
    };
  },
});
