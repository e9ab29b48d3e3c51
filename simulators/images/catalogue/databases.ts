/** Data stores: redis, postgres, mysql, mariadb, mongo. Each runs as its own account through an entrypoint script. */
import { alpine, COREUTILS, debianSlim, PLATFORMS_COMMON, ubuntu, type ConfigOverlay } from "./configs.js";
import { patches, range, tagProduct } from "./tags.js";
import { official, type CatalogueImage } from "./types.js";

const redisOverlay: ConfigOverlay = { binaries: ["redis-server", "redis-cli", "redis-sentinel"], users: ["redis"], workdir: "/data", entrypoint: ["docker-entrypoint.sh"], cmd: ["redis-server"] };
const REDIS_VERSIONS = ["", "6", "6.0", "6.2", ...range("6.2.", 0, 20), "7", "7.0", ...range("7.0.", 0, 15), "7.2", ...range("7.2.", 0, 11), "7.4", ...range("7.4.", 0, 6), "8", "8.0", ...range("8.0.", 0, 4), "8.2", ...range("8.2.", 0, 3)];
export const REDIS: CatalogueImage = official("redis", [
  { tags: tagProduct(REDIS_VERSIONS, ["", "-bookworm"]), config: debianSlim(redisOverlay), exposes: [6379] },
  { tags: tagProduct(REDIS_VERSIONS, ["-alpine"]), config: alpine(redisOverlay), exposes: [6379] },
]);

const PG_PATCHES = { "12": 22, "13": 23, "14": 20, "15": 15, "16": 11, "17": 7, "18": 1 };
const PG_VERSIONS = ["", ...Object.keys(PG_PATCHES), ...Object.entries(PG_PATCHES).flatMap(([major, last]) => range(`${major}.`, major === "18" ? 0 : 1, last))];
const postgresOverlay: ConfigOverlay = { binaries: ["postgres", "psql", "pg_dump", "pg_ctl", "initdb", "gosu"], users: ["postgres"], entrypoint: ["docker-entrypoint.sh"], cmd: ["postgres"], env: { PGDATA: "/var/lib/postgresql/data" } };
export const POSTGRES: CatalogueImage = official("postgres", [
  { tags: tagProduct(PG_VERSIONS, ["", "-bookworm", "-bullseye", "-trixie"]), config: debianSlim(postgresOverlay), exposes: [5432] },
  { tags: tagProduct(PG_VERSIONS, ["-alpine", "-alpine3.20", "-alpine3.21", "-alpine3.22"]), config: alpine({ ...postgresOverlay, binaries: ["postgres", "psql", "pg_dump", "pg_ctl", "initdb", "su-exec"] }), exposes: [5432] },
]);

// mysql: Oracle Linux by default (microdnf), Debian for the `-debian` tags of 5.7 and 8.0.
const mysqlOverlay: ConfigOverlay = { binaries: ["mysqld", "mysql", "mysqladmin", "mysqldump", "gosu"], users: ["mysql"], entrypoint: ["docker-entrypoint.sh"], cmd: ["mysqld"] };
const MYSQL_ORACLE = ["", "lts", "innovation", "5.7", "8", "8.0", ...range("8.0.", 30, 44), "8.4", ...range("8.4.", 0, 7), "9", ...range("9.", 0, 5), ...range("9.", 0, 5).map((v) => `${v}.0`)];
export const MYSQL: CatalogueImage = official("mysql", [
  { tags: tagProduct(MYSQL_ORACLE, ["", "-oracle"]).filter((t) => t !== "oracle"), config: { ...mysqlOverlay, binaries: [...COREUTILS, "bash", "microdnf", ...(mysqlOverlay.binaries ?? [])], platforms: PLATFORMS_COMMON }, exposes: [3306, 33060] },
  { tags: tagProduct(["5.7", "8.0", "8"], ["-debian"]), config: debianSlim({ ...mysqlOverlay, platforms: ["linux/amd64"] }), exposes: [3306, 33060] },
]);

// mariadb: Ubuntu-based; `mariadbd` replaced `mysqld` as the command in 10.5+.
const mariadbOverlay: ConfigOverlay = { binaries: ["mariadbd", "mariadb", "mariadb-admin", "mariadb-dump", "gosu"], users: ["mysql"], entrypoint: ["docker-entrypoint.sh"], cmd: ["mariadbd"] };
const MARIADB_VERSIONS = ["", "lts", "10", "10.5", "10.6", "10.11", "11", ...range("11.", 0, 8), "12", "12.0", "12.1"];
export const MARIADB: CatalogueImage = official("mariadb", [
  { tags: tagProduct(MARIADB_VERSIONS, ["", "-jammy", "-noble"]).filter((t) => !/^(jammy|noble)$/.test(t)), config: ubuntu(mariadbOverlay, true), exposes: [3306] },
]);

// mongo: Ubuntu-based; the server runs as `mongodb`.
const mongoOverlay: ConfigOverlay = { binaries: ["mongod", "mongosh", "mongos", "gosu"], users: ["mongodb"], entrypoint: ["docker-entrypoint.sh"], cmd: ["mongod"] };
const MONGO_VERSIONS = ["", "4", "4.4", "5", "5.0", "6", "6.0", "7", "7.0", "8", "8.0", ...patches({ "6.0": 26, "7.0": 25, "8.0": 15 }, 0)];
export const MONGO: CatalogueImage = official("mongo", [
  { tags: [...tagProduct(MONGO_VERSIONS, ["", "-jammy"]).filter((t) => t !== "jammy"), ...tagProduct(["4.4", "5.0", "4", "5"], ["-focal"]), ...tagProduct(["8.0", "8"], ["-noble"])], config: ubuntu({ ...mongoOverlay, platforms: PLATFORMS_COMMON }, false), exposes: [27017] },
]);
