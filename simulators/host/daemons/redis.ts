/**
 * redis-server, as far as the hosts use it: redis.conf's `bind` and `port` decide where it listens (a
 * cache other app servers reach, so the firewall is what keeps the internet out).
 */
import { keyOf } from "../paths.js";
import { listener } from "../network.js";
import type { Daemon } from "./types.js";

function redisConf(content: string): { binds: string[]; port: number } {
  let binds = ["127.0.0.1"];
  let port = 6379;
  for (const raw of content.split("\n")) {
    const [key, ...args] = raw.replace(/#.*$/, "").trim().split(/\s+/);
    if (key === "bind" && args.length > 0) binds = args.map((a) => a.replace(/^-/, "")).filter((a) => !a.includes(":"));
    if (key === "port" && /^\d+$/.test(args[0] ?? "")) port = Number(args[0]);
  }
  return { binds, port };
}

export const REDIS: Daemon = {
  kind: "redis",
  runs: (program) => program.endsWith("/redis-server"),
  start({ fs, state, argv, user }) {
    const confPath = argv.find((a) => a.endsWith(".conf")) ?? "/etc/redis/redis.conf";
    const key = keyOf(confPath);
    const content = key === null ? undefined : fs.content(key);
    if (content === undefined) return { ok: false, status: "1/FAILURE", said: [{ ident: "redis-server", message: `*** FATAL CONFIG FILE ERROR (Redis 6.0.16) ***\nFatal error, can't open config file '${confPath}': No such file or directory`, priority: "err" }] };
    const { binds, port } = redisConf(content);
    for (const b of binds) {
      if (listener(state, b, port)) return { ok: false, status: "1/FAILURE", said: [{ ident: "redis-server", message: `# Could not create server TCP listening socket ${b}:${port}: bind: Address already in use`, priority: "err" }] };
    }
    return {
      ok: true,
      loaded: { [key!]: content },
      said: [{ ident: "redis-server", message: `* Ready to accept connections` }],
      main: { user, command: `/usr/bin/redis-server ${binds.map((b) => `${b}:${port}`).join(" ")}`, rss_kib: 9_800, listens: binds.map((b) => `tcp ${b}:${port}`) },
    };
  },
};
