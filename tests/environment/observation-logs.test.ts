/**
 * The logs in observations read as the real tools print them (facts/real-errors.md, and the tools' own
 * sources where it cites them): BuildKit's step counters, a Python traceback's quoted line, docker run's exit
 * status for an exec that is refused, `kubectl describe pod`'s controller, and one `kubectl get pods` row per
 * replica. Agents learn from these texts; a counter that repeats or a line that did not raise teaches nonsense.
 */
import { startJudgedEpisode } from "../../graders/episodes.js";
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { Episode } from "../../environment/episode.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

/** The error_message after `actions` (none: the scenario's first observation). */
function logOf(scenarioId: string, actions: Action[] = []): string {
  const episode = startJudgedEpisode(catalog, { scenario_id: scenarioId }, "logs");
  let observation = episode.observe().observation;
  for (const action of actions) {
    observation = episode.step(action).observation;
    expect(observation.last_action_error).toBeNull();
  }
  return observation.error_message ?? "";
}

/** BuildKit's progress lines (` => [stage k/n] …`, ` => ERROR [k/n] …`) as stage, k and n. */
function buildSteps(log: string): Array<{ stage: string; k: number; n: number; line: string }> {
  return log
    .split("\n")
    .map((line) => ({ line, m: /^ => (?:ERROR )?\[(?:(\S+) )?(\d+)\/(\d+)\] /.exec(line) }))
    .filter((x) => x.m !== null)
    .map(({ line, m }) => ({ stage: m![1] ?? "", k: Number(m![2]), n: Number(m![3]), line }));
}

describe("BuildKit step counters", () => {
  it("typo_filename: FROM is step 1 and every later step counts on from it", () => {
    const steps = buildSteps(logOf("typo_filename")).map((s) => s.line);
    expect(steps).toEqual([" => [1/5] FROM python:3.12-slim", " => [2/5] WORKDIR /app", " => ERROR [3/5] COPY requirments.txt ."]);
    expect(logOf("typo_filename")).toContain("\n > [3/5] COPY requirments.txt .:\n");
  });

  it("a multi-stage build numbers each stage from its own FROM: [builder 1/6] … [stage-1 1/2], [stage-1 2/2]", () => {
    const steps = buildSteps(logOf("artifact_path_mismatch"));
    expect(steps.filter((s) => s.stage === "builder").map((s) => s.k)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(steps.filter((s) => s.stage === "stage-1").map((s) => `${s.k}/${s.n}`)).toEqual(["1/2", "2/2"]);
    expect(steps.find((s) => s.stage === "stage-1" && s.k === 1)!.line).toContain("FROM nginx:");
  });

  it.each(catalog.scenarios.map((s) => [s.id]))("%s: within each stage k rises by one from 1, never repeats, never passes n", (id) => {
    const scenario = catalog.scenario(id)!;
    // The first log, and the one after the first half of the solution (a later build in multi-issue scenarios).
    for (const log of [logOf(id), logOf(id, scenario.solution.slice(0, Math.floor(scenario.solution.length / 2)))]) {
      const byStage = new Map<string, Array<{ k: number; n: number }>>();
      for (const step of buildSteps(log)) byStage.set(step.stage, [...(byStage.get(step.stage) ?? []), step]);
      for (const [stage, steps] of byStage) {
        expect({ stage, ks: steps.map((s) => s.k) }).toEqual({ stage, ks: steps.map((_, i) => i + 1) });
        expect(new Set(steps.map((s) => s.n)).size).toBe(1);
        expect(steps.at(-1)!.k).toBeLessThanOrEqual(steps[0]!.n);
      }
    }
  });
});

describe("a Python traceback quotes the line that raised", () => {
  it("missing_required_env: the os.environ line of app.py, at its real line number, not the docstring", () => {
    const log = logOf("missing_required_env");
    const frame = /File "\/app\/app\.py", line (\d+), in <module>\n {4}(.+)\n/.exec(log);
    expect(frame).not.toBeNull();
    const source = startFiles("missing_required_env")["app.py"]!.split("\n");
    expect(frame![2]).toBe('DATABASE_URL = os.environ["DATABASE_URL"]');
    expect(source[Number(frame![1]) - 1]!.trim()).toBe(frame![2]);
    expect(log).not.toContain('"""');
    expect(log.trimEnd().split("\n").slice(-2)).toEqual(['  File "<frozen os>", line 714, in __getitem__', "KeyError: 'DATABASE_URL'"]);
  });
});

describe("docker run's exit status, and CI's words only in CI", () => {
  it("entrypoint_not_executable: the daemon's permission denied, then docker's exit status 126", () => {
    const log = logOf("entrypoint_not_executable");
    expect(log.split("\n")[0]).toMatch(/^\$ docker run /);
    expect(log).toContain('exec: "/entrypoint.sh": permission denied: unknown.');
    expect(log.trimEnd().split("\n").slice(-2)).toEqual(["$ echo $?", "126"]);
    expect(log).not.toContain("Process completed");
  });

  it("a program that is not in the image is exit status 127", () => {
    const files = startFiles("entrypoint_not_executable");
    const dockerfile = files["Dockerfile"]!;
    const line = dockerfile.split("\n").findIndex((l) => l.startsWith("ENTRYPOINT")) + 1;
    const log = logOf("entrypoint_not_executable", [{ action_type: "replace_line", file_path: "Dockerfile", line_number: line, new_content: 'ENTRYPOINT ["gunicorn-server"]' }]);
    expect(log).toContain('exec: "gunicorn-server": executable file not found in $PATH: unknown.');
    expect(log.trimEnd().split("\n").slice(-2)).toEqual(["$ echo $?", "127"]);
  });

  it.each(catalog.scenarios.map((s) => [s.id]))("%s: `Process completed with exit code` only ever ends a GitHub Actions step", (id) => {
    const log = logOf(id);
    if (!log.includes("Process completed with exit code")) return;
    expect(log.split("\n")[0]).toMatch(/^(Run |\.github\/workflows\/)/);
    expect(log).not.toMatch(/^\$ (docker run|kubectl) /m);
  });
});

describe("kubectl", () => {
  it("describe pod: a Deployment's pod is Controlled By its ReplicaSet, whose name begins the pod's", () => {
    const log = logOf("oom_killed");
    const pod = /^Name: +(\S+)$/m.exec(log)![1]!;
    const controller = /^Controlled By: +(\S+)$/m.exec(log)![1]!;
    expect(controller).toMatch(/^ReplicaSet\/catalog-api-[a-z0-9]{10}$/);
    expect(pod).toMatch(new RegExp(`^${controller.slice("ReplicaSet/".length)}-[a-z0-9]{5}$`));
    expect(log).not.toContain("Deployment/");
  });

  it("get pods: a Deployment with replicas: 3 shows three pods of one ReplicaSet, sorted by name; replicas: 1 shows one", () => {
    const manifest = startFiles("selector_mismatch")["k8s/deployment.yaml"]!;
    expect(manifest).toContain("replicas: 3");
    const rows = (log: string) => log.split("$ kubectl get pods --show-labels\n")[1]!.split("\n\n")[0]!.split("\n").slice(1);
    const three = rows(logOf("selector_mismatch"));
    expect(three).toHaveLength(3);
    const names = three.map((r) => r.split(/\s+/)[0]!);
    expect(new Set(names).size).toBe(3);
    expect(names).toEqual([...names].sort());
    const replicaSets = new Set(names.map((n) => n.replace(/-[a-z0-9]{5}$/, "")));
    expect(replicaSets.size).toBe(1);
    expect([...replicaSets][0]).toMatch(/^api-server-[a-z0-9]{10}$/);
    const edit: Action = { action_type: "edit_file", edits: [{ file_path: "k8s/deployment.yaml", old_content: "replicas: 3", new_content: "replicas: 1" }] };
    const one = rows(logOf("selector_mismatch", [edit]));
    expect(one).toHaveLength(1);
    expect(three).toContain(one[0]);
  });
});

/** A scenario's files at the start, path → content. */
function startFiles(id: string): Record<string, string> {
  return startJudgedEpisode(catalog, { scenario_id: id }, "files").observe().observation.files;
}
