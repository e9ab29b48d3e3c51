/**
 * The episode store's contract, one suite run over both implementations: the memory store and the Redis
 * store on a real redis-server of its own. Records round-trip, steps commit only onto the generation and
 * step count they were played on (nothing lost, nothing twice), capacity evicts only finished episodes,
 * idle episodes expire, and finished records are archived.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import type { EpisodeRecord } from "../../environment/episode-record.js";
import { startRedis, type RedisProcess } from "../../scripts/fleet/redis-process.js";
import { skipFleet } from "../../scripts/fleet/tools.js";
import { CapacityError } from "../../server/store/capacity.js";
import type { EpisodeStore, StoreEviction } from "../../server/store/episode-store.js";
import { MemoryEpisodeStore } from "../../server/store/memory-store.js";
import { RedisEpisodeStore } from "../../server/store/redis-store.js";
import { testClock } from "../server/helpers.js";

interface Subject {
  store: EpisodeStore;
  evicted: Array<[StoreEviction, string | null]>;
  /** Lets `ms` of idle time pass, as the store sees it. */
  age(ms: number): Promise<void>;
}

type MakeStore = (limits: { maxSessions: number; ttlSeconds: number }) => Promise<Subject>;

const hint: Action = { action_type: "request_hint" };
const submit: Action = { action_type: "submit" };

function fresh(id: string): EpisodeRecord {
  return { episode_id: id, scenario_id: "typo_filename", seed: 7, actions: [], hints_used: 0, done: false };
}

function after(record: EpisodeRecord, action: Action, done = false): EpisodeRecord {
  return { ...record, actions: [...record.actions, action], hints_used: record.hints_used + (action.action_type === "request_hint" ? 1 : 0), done };
}

const start = (store: EpisodeStore, record: EpisodeRecord, generation = "g1", asDefault = false) =>
  store.start({ record, generation }, { asDefault, placesHeldElsewhere: 0 });

function contract(name: string, make: MakeStore): void {
  describe(`${name} episode store`, () => {
    it("keeps a started episode's record and generation; the default episode is the latest started as default", async () => {
      const { store } = await make({ maxSessions: 8, ttlSeconds: 60 });
      await start(store, fresh("a"), "g1", true);
      await start(store, fresh("b"));
      expect(await store.load("a")).toEqual({ record: fresh("a"), generation: "g1" });
      expect((await store.load(null))?.record.episode_id).toBe("a");
      expect(await store.load("nope")).toBeUndefined();
      expect(store.size).toBe(2);
      await store.close();
    });

    it("commits a step only onto the generation and step count it was played on, appending, never replacing", async () => {
      const { store } = await make({ maxSessions: 8, ttlSeconds: 60 });
      const first = fresh("a");
      await start(store, first);
      const one = after(first, hint);
      expect(await store.commit("a", "g1", 0, one)).toBe("committed");
      // A second replica played its step on the same 0 actions: refused, and the record is as the first left it.
      expect(await store.commit("a", "g1", 0, after(first, submit, true))).toBe("conflict");
      expect(await store.commit("a", "other", 1, after(one, submit, true))).toBe("conflict");
      expect(await store.commit("gone", "g1", 0, one)).toBe("missing");
      expect((await store.load("a"))?.record).toEqual(one);
      const two = after(one, submit, true);
      expect(await store.commit("a", "g1", 1, two)).toBe("committed");
      expect((await store.load("a"))?.record).toEqual(two);
      await store.close();
    });

    it("a restart under the same id is a new generation with no actions: steps of the old one are refused", async () => {
      const { store } = await make({ maxSessions: 8, ttlSeconds: 60 });
      await start(store, fresh("a"));
      expect(await store.commit("a", "g1", 0, after(fresh("a"), hint))).toBe("committed");
      await start(store, fresh("a"), "g2");
      expect(await store.load("a")).toEqual({ record: fresh("a"), generation: "g2" });
      expect(await store.commit("a", "g1", 0, after(fresh("a"), submit, true))).toBe("conflict");
      expect(store.size).toBe(1);
      await store.close();
    });

    it("at capacity evicts the least recently used finished episode, and refuses when none is finished", async () => {
      const { store, evicted } = await make({ maxSessions: 2, ttlSeconds: 60 });
      await start(store, fresh("a"));
      await start(store, fresh("b"));
      const refused = await start(store, fresh("c")).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(CapacityError);
      expect((refused as CapacityError).status).toBe(503);
      // Restarting one that exists takes no new place.
      await start(store, fresh("b"), "g2");
      expect(await store.commit("a", "g1", 0, after(fresh("a"), submit, true))).toBe("committed");
      await start(store, fresh("c"));
      expect(evicted).toContainEqual(["capacity", "a"]);
      expect(await store.load("a")).toBeUndefined();
      expect((await store.load("b"))?.generation).toBe("g2");
      expect(store.size).toBe(2);
      await store.close();
    });

    it("of several finished episodes, capacity takes the one used least recently, not the one started first", async () => {
      const { store, evicted, age } = await make({ maxSessions: 3, ttlSeconds: 60 });
      for (const id of ["a", "b", "playing"]) {
        await start(store, fresh(id));
        await age(10);
      }
      expect(await store.commit("a", "g1", 0, after(fresh("a"), submit, true))).toBe("committed");
      await age(10);
      expect(await store.commit("b", "g1", 0, after(fresh("b"), submit, true))).toBe("committed");
      await age(10);
      expect(await store.load("a")).toBeDefined();
      await age(10);
      await start(store, fresh("c"));
      expect(evicted).toContainEqual(["capacity", "b"]);
      expect(await store.load("b")).toBeUndefined();
      expect(await store.load("a")).toBeDefined();
      expect(await store.load("playing")).toBeDefined();
      await store.close();
    });

    it("removes an episode, and with it the default when it was the default", async () => {
      const { store } = await make({ maxSessions: 8, ttlSeconds: 60 });
      await start(store, fresh("a"), "g1", true);
      expect(await store.remove("a")).toBe(true);
      expect(await store.remove("a")).toBe(false);
      expect(await store.load(null)).toBeUndefined();
      await store.close();
    });

    it("expires episodes idle past the TTL; use keeps one alive", async () => {
      const { store, age } = await make({ maxSessions: 8, ttlSeconds: 1 });
      await start(store, fresh("idle"));
      await start(store, fresh("used"));
      await age(600);
      expect(await store.load("used")).toBeDefined();
      await age(600);
      expect(await store.load("idle")).toBeUndefined();
      expect(await store.load("used")).toBeDefined();
      await store.close();
    });

    it("expiry follows the last use, not the order of starting: a use or a commit moves an episode behind newer ones", async () => {
      const { store, age } = await make({ maxSessions: 8, ttlSeconds: 1 });
      for (const id of ["loaded", "committed", "idle"]) await start(store, fresh(id));
      await age(600);
      expect(await store.load("loaded")).toBeDefined();
      expect(await store.commit("committed", "g1", 0, after(fresh("committed"), hint))).toBe("committed");
      await age(600);
      expect(await store.load("idle")).toBeUndefined();
      expect(await store.load("loaded")).toBeDefined();
      expect((await store.load("committed"))?.record.actions).toEqual([hint]);
      await age(1100);
      expect(await store.load("loaded")).toBeUndefined();
      expect(await store.load("committed")).toBeUndefined();
      await store.close();
    });

    it("archives finished records of any transport for replay", async () => {
      const { store } = await make({ maxSessions: 8, ttlSeconds: 60 });
      const done = after(after(fresh("ws-1"), hint), submit, true);
      await store.archive({ transport: "ws", record: done });
      expect(await store.archived("ws-1")).toEqual({ transport: "ws", record: done });
      expect(await store.archived("unknown")).toBeUndefined();
      await store.close();
    });
  });
}

contract("memory", async (limits) => {
  const clock = testClock();
  const evicted: Subject["evicted"] = [];
  const store = new MemoryEpisodeStore({ ...limits, clock, onEvict: (reason, id) => evicted.push([reason, id]) });
  return {
    store,
    evicted,
    age: async (ms) => {
      clock.now += ms;
    },
  };
});

describe.skipIf(skipFleet())("on a real redis-server", () => {
  let redis: RedisProcess;
  beforeAll(async () => {
    redis = await startRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  contract("redis", async (limits) => {
    const evicted: Subject["evicted"] = [];
    // A prefix per test: the tests share one Redis and must not see each other's episodes.
    const store = new RedisEpisodeStore({ url: redis.url, ...limits, prefix: `t-${randomUUID()}:`, onEvict: (reason, id) => evicted.push([reason, id]) });
    expect(await store.ready(10_000)).toBe(true);
    return { store, evicted, age: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  });
});
