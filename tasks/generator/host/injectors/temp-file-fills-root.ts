/** A forgotten dump or archive in /var/tmp pushed the root filesystem over its threshold. */
import { bySplit, defineHostInjector, FSTAB, run } from "../injector.js";

export const tempFileFillsRoot = defineHostInjector({
  kind: "host-temp-file-fills-root",
  summary: "a large file left in /var/tmp fills /; df -h / shows it over 90%",
  inject(ctx) {
    const name = bySplit(ctx, { train: ["shop-full-2026-03-13.sql", "catalog-export.tar"], test: ["core.gunicorn.4411", "upload-bundle.zip"] });
    // Past the 90% alert, short of what the jobs still need (a local database's dump, the export): web-01's
    // PostgreSQL already holds more of / than api-01 does.
    const local = ctx.base.database === "local";
    const gib = bySplit(ctx, local ? { train: [25, 25.8], test: [26.3, 26.9] } : { train: [26, 26.8], test: [27.4, 28.6] });
    const path = `var/tmp/${name}`;
    if (ctx.files[path]) return null;
    return {
      kind: this.kind,
      faults: [{ file: path, content: "(left here by a manual job)\n" }, { host: { grow: `/${path}`, bytes: Math.round(gib * 1024 ** 3) } }],
      issue: {
        description: `/${path} (${gib} GiB) was left in /var/tmp and pushed / over its threshold.`,
        hint: "`df -h /`, then `du -sh /var/* | sort -rh | head`.",
        stage: "runtime",
        detection: [{ code: "HOST013", file: FSTAB }],
      },
      repair: [run(`rm /${path}`)],
      claims: ["disk:/", path],
    };
  },
});
