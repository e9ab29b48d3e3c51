/** The app's unit names a User that does not exist: systemd fails it with status 217/USER. */
import { bySplit, defineHostInjector, edit, occursOnce, run, SHOP_UNIT, SITE } from "../injector.js";

export const unitUserMissing = defineHostInjector({
  kind: "host-unit-user-missing",
  summary: "User= names an account that does not exist; the unit fails with status=217/USER",
  inject(ctx) {
    if (!occursOnce(ctx.files, SHOP_UNIT, "User=shop\n")) return null;
    const user = bySplit(ctx, { train: ["shopapp", "shop-app"], test: ["shopsvc", "www-shop"] });
    return {
      kind: this.kind,
      faults: [{ file: SHOP_UNIT, replace: "User=shop\n", with: `User=${user}\n` }, { host: { run: "systemctl daemon-reload && systemctl restart shop" } }],
      issue: {
        description: `/${SHOP_UNIT} says User=${user}, an account this host does not have; systemd cannot start the app (217/USER).`,
        hint: "`systemctl status shop` shows the status code; `getent passwd` and `ls -l /opt/shop` say whose the app is.",
        stage: "runtime",
        detection: [
          { code: "HOST010", file: SHOP_UNIT },
          { code: "HOST030", file: SITE },
        ],
      },
      repair: [edit(SHOP_UNIT, `User=${user}\n`, "User=shop\n"), run("systemctl daemon-reload && systemctl restart shop")],
      claims: [SHOP_UNIT, "shop"],
    };
  },
});
