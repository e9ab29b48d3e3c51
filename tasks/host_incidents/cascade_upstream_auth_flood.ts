import { edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { FSTAB, PG_HBA, run, SHOP_UNIT, SITE } from "./actions.js";

const LOG = "/var/log/shop/gunicorn.log";
const HBA = "host    all             all             127.0.0.1/32            scram-sha-256";
const REJECT = "host    all             all             127.0.0.1/32            reject";

export const cascadeUpstreamAuthFlood: ScenarioSource = {
  id: "cascade_upstream_auth_flood",
  task_id: "host_incidents",
  title: "502s, database logins rejected, and /var/log full",
  difficulty: "expert",
  description:
    "SRE Sandbox's cascade (nginx upstream broken, PostgreSQL rejecting the app, a log flood): a half-finished move to a unix socket " +
    "pointed the upstream at unix:/run/shop/gunicorn.sock, which does not exist, and nginx was reloaded; a hardening script set the " +
    "local TCP rule in pg_hba.conf to reject and reloaded PostgreSQL, so the app's database logins fail; and the app's errors filled " +
    "/var/log. Three issues; `trust` in pg_hba.conf (no password at all) is not a fix.",
  base: "web-01",
  faults: [
    { file: SITE, replace: "    server 127.0.0.1:8000;", with: "    server unix:/run/shop/gunicorn.sock;" },
    { host: { run: "systemctl reload nginx" } },
    { file: PG_HBA, replace: HBA, with: REJECT },
    { host: { run: "systemctl reload postgresql" } },
    { host: { grow: LOG, bytes: 8_800_000_000 } },
  ],
  issues: [
    {
      id: "upstream-socket",
      description: "The upstream is unix:/run/shop/gunicorn.sock, which does not exist; gunicorn listens on 127.0.0.1:8000.",
      hint: "nginx's error.log: connect() to the unix socket fails. `ss -tlnp` shows where gunicorn listens.",
      stage: "traffic",
      detection: [{ code: "HOST030", file: SITE }],
    },
    {
      id: "hba-reject",
      description: "pg_hba.conf rejects TCP connections from 127.0.0.1: the app cannot log in to its database (and could not start again).",
      hint: "The app's traceback quotes PostgreSQL: which pg_hba.conf line matches host 127.0.0.1?",
      stage: "runtime",
      detection: [{ code: "HOST011", file: SHOP_UNIT }],
    },
    {
      id: "log-flood",
      description: "The app's errors filled /var/log.",
      hint: "`du -sh /var/log/*`.",
      stage: "runtime",
      detection: [{ code: "HOST013", file: FSTAB }],
    },
  ],
  solution: [
    edit(SITE, "server unix:/run/shop/gunicorn.sock;", "server 127.0.0.1:8000;"),
    run("systemctl reload nginx"),
    edit(PG_HBA, REJECT, HBA),
    run("systemctl reload postgresql"),
    run(`truncate -s 0 ${LOG}`),
  ],
  alternatives: [
    {
      description: "md5 authentication for the app's connections, and all reloads in one line",
      actions: [edit(SITE, "unix:/run/shop/gunicorn.sock", "127.0.0.1:8000"), edit(PG_HBA, "127.0.0.1/32            reject", "127.0.0.1/32            md5"), run(`systemctl reload nginx postgresql && truncate -s 0 ${LOG}`)],
    },
    {
      description: "restarts instead of reloads",
      actions: [edit(SITE, "server unix:/run/shop/gunicorn.sock;", "server localhost:8000;"), run("systemctl restart nginx"), edit(PG_HBA, REJECT, HBA), run("systemctl restart postgresql"), run(`: > ${LOG}`)],
    },
  ],
  wrong: [
    { description: "trust every local TCP connection: no password at all", because: { violation: "host-hardening" }, leaves_unfixed: ["hba-reject"], actions: [edit(SITE, "unix:/run/shop/gunicorn.sock", "127.0.0.1:8000"), run("systemctl reload nginx"), edit(PG_HBA, REJECT, HBA.replace("scram-sha-256", "trust")), run("systemctl reload postgresql"), run(`truncate -s 0 ${LOG}`)] },
    { description: "edit pg_hba.conf but never reload PostgreSQL", because: { fires: "HOST011" }, leaves_unfixed: ["hba-reject"], actions: [edit(SITE, "unix:/run/shop/gunicorn.sock", "127.0.0.1:8000"), run("systemctl reload nginx"), edit(PG_HBA, REJECT, HBA), run(`truncate -s 0 ${LOG}`)] },
    { description: "delete every log", because: { violation: "host-data" }, actions: [run("rm -rf /var/log/*")] },
  ],
  optimal_steps: 5,
  max_steps: 16,
};
