/**
 * The heuristic agent and the LLM policy are honest: their import graphs never reach tasks/ or graders/ (nor the
 * engine, which holds the scenario), and at run time they read nothing but the observation's own fields.
 */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ObservationSchema, type Observation } from "../../contracts/observation.js";
import { Episode } from "../../environment/episode.js";
import { heuristicAgent } from "../../baseline/heuristic/agent.js";
import { policy } from "../../baseline/agent-policy.js";
import { loadCatalog } from "../../tasks/catalog.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Every project file a module imports, transitively (type-only imports included: they could leak shapes). */
function importGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)) {
      const spec = m[1]!;
      if (!spec.startsWith(".")) continue;
      visit(path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts"));
    }
  };
  visit(path.join(ROOT, entry));
  return new Set([...seen].map((f) => path.relative(ROOT, f)));
}

describe("what the agents can reach", () => {
  it.each(["baseline/heuristic/agent.ts", "baseline/agent-policy.ts", "baseline/llm/llm-agent.ts", "baseline/play.ts"])("%s imports nothing hidden", (entry) => {
    const graph = [...importGraph(entry)];
    expect(graph.length).toBeGreaterThan(1);
    const forbidden = graph.filter((f) => f.startsWith("tasks/") || f.startsWith("graders/") || f === "environment/episode.ts" || f.startsWith("server/"));
    expect(forbidden).toEqual([]);
  });

  it("the scan does find a forbidden import where there is one", () => {
    expect([...importGraph("baseline/oracle.ts")].some((f) => f.startsWith("tasks/"))).toBe(true);
  });
});

/** An observation that fails the test on any read of a key the observation schema does not have. */
function guarded(observation: Observation, touched: Set<string>): Observation {
  const allowed = new Set(Object.keys(ObservationSchema.shape));
  return new Proxy(observation, {
    get(target, key, receiver) {
      if (typeof key === "string") {
        if (!allowed.has(key) && key !== "toJSON" && key !== "then") throw new Error(`agent read '${key}', which is not an observation field`);
        touched.add(key);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}

describe("what the agents read", () => {
  const catalog = loadCatalog();
  it("the heuristic agent reads only observation fields, on every scenario", () => {
    const touched = new Set<string>();
    for (const scenario of catalog.scenarios) {
      const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, "honesty");
      const agent = heuristicAgent();
      let observation = episode.observe().observation;
      while (!episode.done) {
        const decision = agent.act(guarded(observation, touched)) as { action: never };
        observation = episode.step(decision.action).observation;
      }
    }
    expect(touched).toContain("error_message");
    expect(touched).toContain("files");
  });

  it("the LLM prompt holds nothing hidden", () => {
    for (const scenario of catalog.scenarios) {
      const observation = startJudgedEpisode(catalog, { scenario_id: scenario.id }, "p").observe().observation;
      const prompt = policy.messages(guarded(observation, new Set()), []).map((m) => m.content).join("\n");
      for (const issue of scenario.issues) {
        expect(prompt).not.toContain(issue.description);
        expect(prompt).not.toContain(issue.hint);
      }
    }
  });
});
