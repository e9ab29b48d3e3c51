/**
 * A fleet on one machine, as the fleet tests and `npm run fleet` run it: a redis-server of its own, N
 * breakfix replicas (child processes, EPISODE_STORE pointing at it) and nginx round-robin in front, every
 * one on a free 127.0.0.1 port. Replicas can be killed and replaced while the balancer keeps serving.
 */
import { startServerProcess, type ServerProcess } from "../load/server-process.js";
import { startNginx, type NginxProcess } from "./nginx-process.js";
import { startRedis, type RedisProcess } from "./redis-process.js";

export interface FleetOptions {
  replicas: number;
  /** Worker threads per replica (WORKERS). */
  workers?: number;
  /** Keep Redis's data across its restarts (append-only file). */
  persistent?: boolean;
  /** More environment for the replicas (MAX_SESSIONS, ...). */
  env?: Record<string, string>;
}

export interface Fleet {
  /** The balancer's URL: what clients talk to. */
  url: string;
  redis: RedisProcess;
  replicas: ServerProcess[];
  nginx: NginxProcess;
  /** Starts one more replica on the same store (not yet behind the balancer: route() puts it there). */
  addReplica(): Promise<ServerProcess>;
  /** Puts the replicas still running behind the balancer. */
  route(): Promise<void>;
  /** Stops everything (replicas with SIGTERM, then the balancer and Redis). */
  stop(): Promise<void>;
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const redis = await startRedis({ persistent: options.persistent ?? false });
  const replicas: ServerProcess[] = [];
  let nginx: NginxProcess | undefined;
  const addReplica = async (): Promise<ServerProcess> => {
    const replica = await startServerProcess({ env: { EPISODE_STORE: redis.url, WORKERS: String(options.workers ?? 1), ...options.env } });
    replicas.push(replica);
    return replica;
  };
  try {
    // One at a time: on two cores, starting replicas side by side only makes each slower.
    for (let i = 0; i < options.replicas; i++) await addReplica();
    nginx = await startNginx(replicas.map((r) => r.url));
  } catch (error) {
    await Promise.all(replicas.map((r) => r.stop("SIGKILL")));
    await redis.stop();
    throw error;
  }
  const balancer = nginx;
  return {
    url: balancer.url,
    redis,
    replicas,
    nginx: balancer,
    addReplica,
    route: () => balancer.route(replicas.filter((r) => r.running()).map((r) => r.url)),
    async stop() {
      await Promise.all(replicas.map((r) => r.stop()));
      await balancer.stop();
      await redis.stop();
    },
  };
}
