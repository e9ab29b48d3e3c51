/**
 * The reference host: web-01, an Ubuntu 22.04 server behind which shop.example.com runs. nginx serves the
 * static front page and proxies /api/ to the shop app (gunicorn on 127.0.0.1:8000), PostgreSQL holds the shop
 * database (or, on the `remote` variant, a managed database at db-primary.internal does), redis is the cache
 * the other app servers share, cron dumps the database nightly, and the firewall lets in the web, SSH from
 * the office and the VPC, and redis from the VPC. Rule cases and the host scenarios' bases are built on it.
 */
import type { FileDeclaration, HostDeclaration } from "./boot.js";
import { bootHost } from "./boot.js";
import type { HostFiles } from "./boot.js";
import { nginxPackage } from "./packages/nginx.js";
import { postgresPackage } from "./packages/postgres.js";
import { accounts, basePackages } from "./packages/system.js";
import { KEYS, SHOP_DB_PASSWORD, SHOP_FILES, SHOP_LOGS } from "./reference-files.js";

export { KEYS, SHOP_DB_PASSWORD };

export interface ReferenceOptions {
  database?: "local" | "remote";
}

export const BOOTED = Date.UTC(2026, 2, 1, 4, 12, 9) / 1000;
export const NOW = Date.UTC(2026, 2, 14, 9, 41, 7) / 1000;


/** The reference host's declaration: files, directories, facts and boot order. */
export function referenceDeclaration(options: ReferenceOptions = {}): HostDeclaration {
  const remote = options.database === "remote";
  const pg = postgresPackage();
  const users = [
    { name: "deploy", uid: 1001, home: "/home/deploy", shell: "/bin/bash", gecos: "Deploy user", groups: ["sudo"] },
    { name: "alice", uid: 1002, home: "/home/alice", shell: "/bin/bash", gecos: "Alice Ng", groups: ["sudo", "adm"] },
    { name: "shop", uid: 998, home: "/opt/shop", gecos: "shop app" },
    { name: "redis", uid: 114, home: "/var/lib/redis" },
    { name: "syslog", uid: 104, home: "/home/syslog" },
    ...(remote ? [] : [{ name: "postgres", uid: 113, home: "/var/lib/postgresql", shell: "/bin/bash", gecos: "PostgreSQL administrator" }]),
  ];
  const files: Record<string, FileDeclaration> = {
    ...basePackages(remote ? "api-01" : "web-01"),
    ...accounts(users),
    ...nginxPackage(),
    ...(remote ? {} : pg.files),
    ...SHOP_FILES(remote),
    ...SHOP_LOGS(remote),
  };
  return {
    files,
    dirs: {
      ...(remote ? {} : pg.dirs),
      tmp: { mode: 0o1777 },
      "var/tmp": { mode: 0o1777 },
      "opt/shop": { owner: "shop", group: "shop" },
      "opt/shop/bin": { owner: "shop", group: "shop" },
      "var/lib/shop": { owner: "shop", group: "shop" },
      "var/lib/shop/exports": { owner: "shop", group: "shop" },
      "var/log/shop": { owner: "shop", group: "shop" },
      "var/log/nginx": { mode: 0o755, owner: "root", group: "adm" },
      "var/lib/redis": { mode: 0o750, owner: "redis", group: "redis" },
      "var/log/redis": { mode: 0o2750, owner: "redis", group: "adm" },
      "etc/ssl/private": { mode: 0o710, owner: "root", group: "ssl-cert" },
      "home/deploy": { mode: 0o750, owner: "deploy", group: "deploy" },
      "home/deploy/.ssh": { mode: 0o700, owner: "deploy", group: "deploy" },
      "home/alice": { mode: 0o750, owner: "alice", group: "alice" },
      "home/alice/.ssh": { mode: 0o700, owner: "alice", group: "alice" },
      ...(remote ? {} : { "var/backups/postgres": { mode: 0o750, owner: "postgres", group: "postgres" } }),
      "etc/ssh/sshd_config.d": { mode: 0o755 },
      "var/www/shop": { mode: 0o755 },
      "var/www/shop/static": { mode: 0o755 },
    },
    facts: {
      hostname: remote ? "api-01" : "web-01",
      programs: ["/opt/shop/venv/bin/gunicorn", "/opt/shop/venv/bin/python"],
      cpus: 2,
      memory_kib: 8_147_980,
      swap_kib: 0,
      kernel_kib: 1_180_000,
      addresses: [
        { dev: "ens5", address: remote ? "10.0.1.16" : "10.0.1.15", prefix: 24 },
        { dev: "ens5", address: "192.0.2.10", prefix: 32 },
      ],
      mounts: [
        { target: "/", source: "/dev/nvme0n1p1", fstype: "ext4", size: 40 * 1024 ** 3, other: 9_320_000_000, reserved_pct: 5 },
        { target: "/var/log", source: "/dev/nvme1n1", fstype: "ext4", size: 10 * 1024 ** 3, other: 180_000_000, reserved_pct: 5 },
        { target: "/tmp", source: "tmpfs", fstype: "tmpfs", size: 1024 ** 3, other: 0, reserved_pct: 0 },
      ],
      dns: {
        names: {
          "db-primary.internal": "10.0.2.10",
          "db-replica.internal": "10.0.2.11",
          "cache-01.internal": "10.0.2.20",
          "api.payments.example": "198.18.7.21",
          "shop.example.com": "192.0.2.10",
          "archive.ubuntu.com": "185.125.190.36",
        },
        internal_suffixes: ["internal"],
        resolvers: { "10.0.0.2": "private", "8.8.8.8": "public", "1.1.1.1": "public" },
      },
      remotes: remote ? [{ name: "db-primary", address: "10.0.2.10", port: 5432, kind: "postgres", roles: { shop: SHOP_DB_PASSWORD } }] : [],
      ...(remote ? {} : { postgres: { roles: { shop: SHOP_DB_PASSWORD, postgres: "" }, databases: ["shop", "postgres"] } }),
      apps: {
        "shop.service": { health: "/api/health", required_env: ["SECRET_KEY", "DATABASE_URL"], database_env: "DATABASE_URL", rss_kib: 148_000, writes: ["/tmp"], reads: ["/opt/shop/shop/settings.py"] },
      },
      scripts: {
        ...(remote ? {} : { "/usr/local/bin/db-backup.sh": { writes: ["/var/backups/postgres"], database: "shop", rss_kib: 40_000, duration_s: 540 } }),
        "/opt/scripts/cleanup.sh": { writes: ["/var/tmp"], rss_kib: 6_000, duration_s: 20 },
        "/opt/shop/bin/export-catalog": { writes: ["/var/lib/shop/exports"], rss_kib: 1_250_000, duration_s: 2_700 },
      },
      clients: [
        { name: "customer (front page)", from: "192.0.2.80", kind: "http", port: 80, host: "shop.example.com", path: "/", legit: true },
        { name: "customer (api over https)", from: "192.0.2.81", kind: "http", port: 443, host: "shop.example.com", path: "/api/health", legit: true },
        { name: "deploy (CI runner)", from: "198.51.100.7", kind: "ssh", port: 22, user: "deploy", auth: "publickey", key: KEYS.deploy, legit: true },
        { name: "alice (office)", from: "198.51.100.23", kind: "ssh", port: 22, user: "alice", auth: "publickey", key: KEYS.alice, legit: true },
        { name: "internet scanner (redis)", from: "203.0.113.99", kind: "tcp", port: 6379, legit: false },
        { name: "internet scanner (postgres)", from: "203.0.113.99", kind: "tcp", port: 5432, legit: false },
      ],
      keep: [
        ...(remote ? [] : ["var/lib/postgresql/14/main/", "var/backups/postgres/"]),
        "var/log/auth.log",
        "var/log/syslog",
        "var/log/nginx/access.log",
        "var/www/shop/",
        "home/",
        "etc/shop/shop.env",
      ],
      thresholds: { disk_pct: 90, memory_pct: 90 },
    },
    boot: ["netfilter-persistent.service", "ssh.service", "cron.service", "redis-server.service", ...(remote ? [] : ["postgresql.service"]), "shop.service", "nginx.service"],
    booted: BOOTED,
    now: NOW,
  };
}

const built = new Map<string, HostFiles>();

/** The reference host booted (cached: bases and rule cases share it; callers copy before changing). */
export function referenceHost(options: ReferenceOptions = {}): HostFiles {
  const key = JSON.stringify(options);
  let found = built.get(key);
  if (!found) {
    found = bootHost(referenceDeclaration(options));
    built.set(key, found);
  }
  return { ...found };
}
