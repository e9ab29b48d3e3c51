/** A hand edit broke a line of a file in /etc/cron.d: cron ignores the whole file, the job never runs. */
import { bySplit, defineHostInjector, edit, occursOnce } from "../injector.js";

const CLEANUP = "etc/cron.d/cleanup";
const LINE = "0 * * * * root /opt/scripts/cleanup.sh";

export const cronLineSyntax = defineHostInjector({
  kind: "host-cron-line-syntax",
  summary: "a /etc/cron.d line without its user field or with a bad time field; cron logs \"bad username\"/\"bad minute\" and ignores the file",
  inject(ctx) {
    if (!occursOnce(ctx.files, CLEANUP, LINE)) return null;
    const broken = bySplit(ctx, {
      train: ["0 * * * * /opt/scripts/cleanup.sh", "0 * * * root /opt/scripts/cleanup.sh"],
      test: ["60 * * * * root /opt/scripts/cleanup.sh", "0 * * * * cleanup /opt/scripts/cleanup.sh"],
    });
    return {
      kind: this.kind,
      faults: [{ file: CLEANUP, replace: LINE, with: broken }],
      issue: {
        description: `/${CLEANUP} reads \`${broken}\`; cron refuses the line, so the file is ignored and the hourly cleanup never runs.`,
        hint: "Files in /etc/cron.d have five time fields and a user before the command: compare the line with /etc/crontab's header.",
        stage: "runtime",
        detection: [{ code: "HOST020", file: CLEANUP }],
      },
      repair: [edit(CLEANUP, broken, LINE)],
      claims: [CLEANUP],
    };
  },
});
