/** PostgreSQL's data directory was opened up with chmod and the postmaster crashed: every start refuses the directory. */
import { bySplit, defineHostInjector, PG_UNIT, run, SHOP_UNIT, SITE, BACKUP_CRON } from "../injector.js";

const DATA = "/var/lib/postgresql/14/main";

export const postgresDataMode = defineHostInjector({
  kind: "host-postgres-data-mode",
  summary: "the data directory is not 0700/0750; postgres refuses to start (\"data directory ... has invalid permissions\")",
  fits: (base) => base.database === "local",
  inject(ctx) {
    const mode = bySplit(ctx, { train: ["755", "775"], test: ["777", "711"] });
    return {
      kind: this.kind,
      faults: [{ host: { run: `chmod ${mode} ${DATA}` } }, { host: { crash: "postgresql.service", signal: 11 } }, { host: { run: "systemctl start postgresql" } }],
      issue: {
        description: `Someone ran chmod ${mode} on ${DATA}, then the postmaster crashed; PostgreSQL will not start on a data directory that is not 0700 or 0750, so the app has no database.`,
        hint: "`journalctl -u postgresql` says why every start fails; compare the data directory's mode with what the message asks for.",
        stage: "runtime",
        detection: [
          { code: "HOST010", file: PG_UNIT },
          { code: "HOST030", file: SITE },
          { code: "HOST011", file: SHOP_UNIT },
          { code: "HOST021", file: BACKUP_CRON },
        ],
      },
      repair: [run(`chmod 700 ${DATA}`), run("systemctl start postgresql")],
      claims: ["postgresql", DATA],
    };
  },
});
