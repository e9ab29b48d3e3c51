/** The web root was locked with chmod: nginx cannot read it and the front page answers 403. */
import { bySplit, defineHostInjector, run, SITE } from "../injector.js";

export const webrootMode = defineHostInjector({
  kind: "host-webroot-mode",
  summary: "the web root at mode 000 (or owner-only); nginx's error.log says Permission denied, the site answers 403",
  inject(ctx) {
    const mode = bySplit(ctx, { train: ["000", "700"], test: ["600", "750"] });
    return {
      kind: this.kind,
      faults: [{ host: { run: `chmod ${mode} /var/www/shop` } }],
      issue: {
        description: `/var/www/shop is at mode ${mode}; nginx's workers (www-data) cannot enter it, so the front page answers 403.`,
        hint: "nginx's error.log says what it could not open; `ls -ld` the web root.",
        stage: "traffic",
        detection: [{ code: "HOST030", file: SITE }],
      },
      repair: [run("chmod 755 /var/www/shop")],
      claims: ["/var/www/shop"],
    };
  },
});
