/** A process someone started by hand keeps growing and holds most of the memory. */
import { bySplit, defineHostInjector, PG_UNIT, run } from "../injector.js";

const PROGRAMS = {
  train: [
    { command: "/usr/bin/python3 /home/deploy/reindex.py --all", match: "reindex.py" },
    { command: "/usr/bin/node /home/deploy/replay-orders.js", match: "replay-orders" },
  ],
  test: [
    { command: "/usr/bin/java -Xmx8g -jar /home/deploy/migrate-tool.jar", match: "migrate-tool" },
    { command: "/usr/bin/ruby /home/deploy/backfill.rb", match: "backfill.rb" },
  ],
};

export const runawayMemory = defineHostInjector({
  kind: "host-runaway-memory",
  summary: "a runaway process holds the memory; free -m shows almost nothing available, the kernel is close to the OOM killer",
  inject(ctx) {
    const program = bySplit(ctx, PROGRAMS);
    const gib = bySplit(ctx, { train: [6.2, 6.4], test: [6.6, 6.7] });
    return {
      kind: this.kind,
      faults: [{ host: { spawn: { user: "deploy", command: program.command, rss_kib: Math.round(gib * 1024 * 1024), cpu_pct: 12 } } }],
      issue: {
        description: `\`${program.command}\`, started by deploy, holds ${gib} GiB of the 7.8 GiB; memory is nearly exhausted.`,
        hint: "`free -m`, then `ps aux --sort=-rss | head` shows what holds the memory.",
        stage: "runtime",
        // PostgreSQL could not allocate its shared memory again while the memory is held: it would not restart.
        detection: [{ code: "HOST014", file: "proc/meminfo" }, ...(ctx.base.database === "local" ? [{ code: "HOST011" as const, file: PG_UNIT }] : [])],
      },
      repair: [run(`pkill -f ${program.match}`)],
      claims: ["memory"],
    };
  },
});
