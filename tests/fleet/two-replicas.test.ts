/**
 * Two breakfix replicas on one Redis behind nginx round-robin, all real processes on loopback ports: 1,000
 * HTTP episodes interleaved across both replicas (round-robin sends consecutive requests of an episode to
 * different replicas, so nearly every step is played by a replica that did not play the one before and
 * rebuilds the episode from the store), each ending with exactly the actions its client sent and a final
 * score equal to its replay; then one replica killed mid-run, and every episode in play still finishes on
 * the other. `npm run fleet` runs the same for longer.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { episodePlans, playEpisodes } from "../../scripts/fleet/episodes.js";
import { startFleet, type Fleet } from "../../scripts/fleet/fleet.js";
import { skipFleet, until } from "../../scripts/fleet/tools.js";

const catalog = loadCatalog();
const EPISODES = 1000;
const CONCURRENCY = 16;

/** Step answers each replica gave, from its /metrics. */
async function stepsServed(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith('breakfix_http_requests_total{method="POST",route="/step",status="200"}'))
    .reduce((sum, line) => sum + Number(line.split(" ").at(-1)), 0);
}

describe.skipIf(skipFleet())("two replicas on one Redis behind nginx", () => {
  let fleet: Fleet;
  beforeAll(async () => {
    // A generous deadline: on a loaded machine a step past the default 10 s would be a 503 the test did not cause.
    fleet = await startFleet({ replicas: 2, workers: 1, env: { STEP_TIMEOUT_MS: "60000" } });
  }, 180_000);
  afterAll(async () => {
    await fleet?.stop();
  }, 30_000);

  it(`plays ${EPISODES} interleaved HTTP episodes, each final score its replay, both replicas serving`, { timeout: 300_000 }, async () => {
    const run = await playEpisodes(fleet.url, episodePlans(catalog, EPISODES), { concurrency: CONCURRENCY });
    expect(run.problems).toEqual([]);
    expect(run.episodes).toBe(EPISODES);
    // Nothing was lost or retried: no replica went away, and one client per episode never races itself.
    expect({ retried: run.retried, statuses: Object.keys(run.statuses) }).toEqual({ retried: 0, statuses: ["200"] });
    const [a, b] = await Promise.all(fleet.replicas.map((r) => stepsServed(r.url)));
    expect(a! + b!).toBe(run.steps);
    // Round-robin: each replica played a fair share of the steps.
    expect(Math.min(a!, b!)).toBeGreaterThan(run.steps * 0.3);
    for (const replica of fleet.replicas) expect(replica.errorLines()).toEqual([]);
    console.log(`fleet: ${run.episodes} episodes, ${run.steps} steps in ${run.seconds.toFixed(1)} s (${(run.steps / run.seconds).toFixed(0)} steps/s); replicas served ${a} and ${b} steps`);
  });

  it("loses no episode when one replica is killed mid-run: the other continues them", { timeout: 300_000 }, async () => {
    const plans = episodePlans(catalog, 300);
    const victim = fleet.replicas[1]!;
    let killed = false;
    const run = await playEpisodes(fleet.url, plans, {
      concurrency: CONCURRENCY,
      onProgress: (finished) => {
        if (finished === 100 && !killed) {
          killed = true;
          victim.child.kill("SIGKILL");
        }
      },
    });
    await until(() => !victim.running(), "the killed replica did not exit");
    expect(killed).toBe(true);
    expect(run.problems).toEqual([]);
    expect(run.episodes).toBe(plans.length);
    expect(fleet.replicas[0]!.errorLines()).toEqual([]);
    console.log(`kill: ${run.episodes} episodes finished; ${run.retried} requests sent again, ${run.recovered} steps found recorded after a lost answer; statuses ${JSON.stringify(run.statuses)}`);
  });
});
