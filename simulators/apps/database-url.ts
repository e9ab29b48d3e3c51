/**
 * What an app does with the SQLAlchemy URL it opens at start (`create_engine(DATABASE_URL)`, then a
 * connection): the dialect must be one SQLAlchemy has (`postgres://` has not been since 1.4), its driver must
 * be installed, a sqlite file needs a directory the app's user can write, and a server must be reachable. Each
 * failure is the exception the app dies with.
 */

export interface DatabaseWorld {
  /** Whether a pip package is installed; null when the model cannot say. */
  hasPackage(name: string): boolean | null;
  /** Whether the directory exists and the app's user can create a file in it; null when unknown. */
  writableDirectory(dir: string): boolean | null;
  /** Whether a database server answers at host:port; null when unknown. */
  reachable(host: string, port: number): boolean | null;
  /** The app's working directory, for a relative sqlite path. */
  cwd: string;
}

export interface DatabaseProblem {
  /** The source text the traceback points at: the engine's creation or its first connection. */
  raisedAt: "create_engine" | "connect";
  exception: string[];
}

interface Driver {
  module: string;
  packages: readonly string[];
}

const DRIVERS: Record<string, Record<string, Driver | null>> = {
  sqlite: { "": null, pysqlite: null, aiosqlite: { module: "aiosqlite", packages: ["aiosqlite"] } },
  postgresql: {
    "": { module: "psycopg2", packages: ["psycopg2", "psycopg2-binary"] },
    psycopg2: { module: "psycopg2", packages: ["psycopg2", "psycopg2-binary"] },
    psycopg: { module: "psycopg", packages: ["psycopg", "psycopg-binary"] },
    asyncpg: { module: "asyncpg", packages: ["asyncpg"] },
    pg8000: { module: "pg8000", packages: ["pg8000"] },
  },
  mysql: {
    "": { module: "MySQLdb", packages: ["mysqlclient"] },
    mysqldb: { module: "MySQLdb", packages: ["mysqlclient"] },
    pymysql: { module: "pymysql", packages: ["pymysql"] },
    mysqlconnector: { module: "mysql.connector", packages: ["mysql-connector-python"] },
  },
};
DRIVERS["mariadb"] = DRIVERS["mysql"]!;

const DEFAULT_PORTS: Record<string, number> = { postgresql: 5432, mysql: 3306, mariadb: 3306 };
const BACKGROUND = "(Background on this error at: https://sqlalche.me/e/20/e3q8)";

/** The problem the app meets opening `url`; null when it opens; "unknown" when a fact it depends on is not known. */
export function databaseUrlProblem(url: string, world: DatabaseWorld): DatabaseProblem | null | "unknown" {
  const m = /^([a-z][a-z0-9]*)(?:\+([a-z0-9_]+))?:\/\/(.*)$/i.exec(url.trim());
  if (!m) return null; // not a URL at all: the app's own format check says so
  const dialect = m[1]!.toLowerCase();
  const driverName = (m[2] ?? "").toLowerCase();
  const rest = m[3]!;
  const drivers = DRIVERS[dialect];
  if (!drivers) return { raisedAt: "create_engine", exception: [`sqlalchemy.exc.NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:${dialect}${driverName ? "." + driverName : ""}`] };
  if (!(driverName in drivers)) return { raisedAt: "create_engine", exception: [`sqlalchemy.exc.NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:${dialect}.${driverName}`] };
  const driver = drivers[driverName];
  // A certain failure wins over a fact that is not known: the app fails whichever it meets first.
  let unknown = false;
  if (driver) {
    const installed = driver.packages.map((p) => world.hasPackage(p));
    if (installed.every((i) => i === false)) return { raisedAt: "create_engine", exception: [`ModuleNotFoundError: No module named '${driver.module}'`] };
    if (!installed.includes(true)) unknown = true;
  }
  if (dialect === "sqlite") {
    // sqlite:///relative.db, sqlite:////absolute.db, sqlite:// and sqlite:///:memory: (in memory).
    const path = rest.startsWith("/") ? rest.slice(1) : rest;
    if (path === "" || path === ":memory:") return unknown ? "unknown" : null;
    const file = path.startsWith("/") ? path : `${world.cwd.replace(/\/$/, "")}/${path}`;
    const dir = file.slice(0, file.lastIndexOf("/")) || "/";
    const writable = world.writableDirectory(dir);
    if (writable === false) return { raisedAt: "connect", exception: ["sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) unable to open database file", BACKGROUND] };
    return writable === null || unknown ? "unknown" : null;
  }
  const hostPart = /^(?:[^@/]*@)?(\[[^\]]+\]|[^:/?]*)(?::(\d+))?/.exec(rest);
  const host = (hostPart?.[1] ?? "").replace(/^\[|\]$/g, "") || "localhost";
  const port = hostPart?.[2] ? Number(hostPart[2]) : DEFAULT_PORTS[dialect]!;
  const reachable = world.reachable(host, port);
  if (reachable !== false) return reachable === null || unknown ? "unknown" : null;
  const module = driver?.module ?? dialect;
  const reason =
    host === "localhost" || /^127\./.test(host)
      ? `connection to server at "${host}" (127.0.0.1), port ${port} failed: Connection refused`
      : `could not translate host name "${host}" to address: Name or service not known`;
  return { raisedAt: "connect", exception: [`sqlalchemy.exc.OperationalError: (${module}.OperationalError) ${reason}`, BACKGROUND] };
}

/** The traceback a Python app prints when opening its database fails, quoting the line that raised. */
export function databaseTraceback(problem: DatabaseProblem, entry: string, source: string): string[] {
  const lines = source.split("\n");
  const find = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l) && !/^\s*#/.test(l));
  let at = problem.raisedAt === "connect" ? find(/\.(begin|connect)\(/) : -1;
  if (at < 0) at = find(/create_engine\(/);
  return [
    "Traceback (most recent call last):",
    `  File "${entry}", line ${at + 1 || 1}, in <module>`,
    ...(at >= 0 ? [`    ${lines[at]!.trim()}`] : []),
    ...problem.exception,
  ];
}
