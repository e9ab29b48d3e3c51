/** gunicorn's log grew until /var/log is full: writers on it fail. */
import { bySplit, defineHostInjector, FSTAB, run } from "../injector.js";

const LOG = "/var/log/shop/gunicorn.log";

export const logFillsDisk = defineHostInjector({
  kind: "host-log-fills-disk",
  summary: "an application log filled /var/log; df shows 100% and the app holds the file open (rm alone frees nothing)",
  inject(ctx) {
    const gib = bySplit(ctx, { train: [8.8, 9.2], test: [9.6, 9.9] });
    return {
      kind: this.kind,
      faults: [{ host: { grow: LOG, bytes: Math.round(gib * 1024 ** 3) } }],
      issue: {
        description: `${LOG} grew by ${gib} GiB and filled /var/log; gunicorn holds it open, so deleting it frees nothing until the app lets go.`,
        hint: "`df -h` and `du -sh /var/log/*` show where the space went. A file a process holds open only frees its blocks when truncated.",
        stage: "runtime",
        detection: [{ code: "HOST013", file: FSTAB }],
      },
      repair: [run(`truncate -s 0 ${LOG}`)],
      claims: ["disk:/var/log", LOG],
    };
  },
});
