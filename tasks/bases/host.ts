/**
 * The simulated hosts the host incidents break: web-01 (the shop's web server with its own PostgreSQL) and
 * api-01 (the same app on a host whose database is the managed db-primary.internal). Each is booted by the
 * host simulator from its configuration, so its state is what its files make of it; the simulator reports
 * nothing wrong on either (a test).
 */
import { referenceHost } from "../../simulators/host/reference.js";
import { validateBase } from "../load.js";
import type { Base } from "../schema.js";

export const HOST_BASES: readonly Base[] = [
  validateBase({
    id: "web-01",
    description: "Ubuntu 22.04: nginx in front of the shop app (gunicorn, Django), PostgreSQL 14, redis, cron backups, iptables-persistent",
    files: referenceHost(),
    world: {},
  }),
  validateBase({
    id: "api-01",
    description: "Ubuntu 22.04: nginx in front of the shop app, whose database is the managed db-primary.internal",
    files: referenceHost({ database: "remote" }),
    world: {},
  }),
];
