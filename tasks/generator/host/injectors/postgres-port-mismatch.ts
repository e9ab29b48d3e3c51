/** postgresql.conf's port was changed and PostgreSQL restarted: it runs, but not where the app and the backups expect it. */
import { BACKUP_CRON, bySplit, defineHostInjector, edit, occursOnce, PG_CONF, run, SHOP_UNIT, SITE } from "../injector.js";

export const postgresPortMismatch = defineHostInjector({
  kind: "host-postgres-port-mismatch",
  summary: "PostgreSQL listens on another port than DATABASE_URL's 5432; the app's connections are refused",
  fits: (base) => base.database === "local",
  inject(ctx) {
    if (!occursOnce(ctx.files, PG_CONF, "port = 5432")) return null;
    const port = bySplit(ctx, { train: [5433, 5434], test: [5442, 6432] });
    return {
      kind: this.kind,
      faults: [{ file: PG_CONF, replace: "port = 5432", with: `port = ${port}` }, { host: { run: "systemctl restart postgresql" } }],
      issue: {
        description: `/${PG_CONF} sets port = ${port} and PostgreSQL was restarted; the app, the backups and psql all expect 5432.`,
        hint: "`ss -tlnp | grep postgres` against the port in DATABASE_URL.",
        stage: "traffic",
        detection: [
          { code: "HOST030", file: SITE },
          { code: "HOST011", file: SHOP_UNIT },
          { code: "HOST021", file: BACKUP_CRON },
        ],
      },
      repair: [edit(PG_CONF, `port = ${port}`, "port = 5432"), run("systemctl restart postgresql")],
      claims: [PG_CONF, "postgresql"],
    };
  },
});
