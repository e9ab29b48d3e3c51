/**
 * What the replay view reads (pasted text or opened files: trajectories, arena requests, eval results, eval's
 * and export's JSON lines, the runner's lines), what the inspection box suggests for a repository, and how a
 * generated scenario's id is read for the start form. Pure functions of the pages, checked without a browser.
 */
import { describe, expect, it } from "vitest";
import { parseGeneratedId } from "../../web/generated-id.js";
import { suggestedCommands } from "../../web/inspect-commands.js";
import { mergeLoaded, parseTrajectoryText, TrajectoryError } from "../../web/trajectory.js";

describe("trajectories pasted into the replay view", () => {
  const actions = [{ action_type: "submit" }];

  it("reads a trajectory, a list, an arena request and GET /state's answer", () => {
    expect(parseTrajectoryText(JSON.stringify({ scenario_id: "s", actions })).trajectories).toEqual([{ label: "trajectory", scenario_id: "s", actions }]);
    expect(parseTrajectoryText(JSON.stringify([{ scenario_id: "s", actions, label: "mine" }])).trajectories[0]!.label).toBe("mine");
    const arena = parseTrajectoryText(JSON.stringify({ scenario_id: "s", a: { label: "A", actions }, b: { label: "B", actions: [] } }));
    expect(arena.arena).toEqual({ scenario_id: "s", a: { label: "A", actions }, b: { label: "B", actions: [] } });
    expect(arena.trajectories.map((t) => t.label)).toEqual(["A", "B"]);
    const state = { episode_id: "e", step_count: 1, task_id: "t", scenario_id: "s", seed: null, done: true, actions };
    expect(parseTrajectoryText(JSON.stringify(state)).trajectories[0]!.actions).toEqual(actions);
  });

  it("reads breakfix eval results: rows always, trajectories where an episode carries its actions", () => {
    const loaded = parseTrajectoryText(JSON.stringify({ agent: "baseline", episodes: [{ scenario_id: "s", score: 0.9, steps: 1, solved: true }, { scenario_id: "t", score: 0.05, steps: 1, solved: false, actions }] }));
    expect(loaded.results!.map((r) => [r.agent, r.scenario_id, r.score, r.trajectory !== null])).toEqual([["baseline", "s", 0.9, false], ["baseline", "t", 0.05, true]]);
    expect(loaded.trajectories).toEqual([{ label: "baseline: t", scenario_id: "t", actions }]);
  });

  it("reads the LLM runner's lines, interleaved episodes apart, turns without an action skipped", () => {
    const lines = [
      '[START] {"episode":1,"scenario_id":"typo_filename","model":"m"}',
      '[START] {"episode":2,"scenario_id":"oom_killed","model":"m"}',
      '[STEP] {"episode":1,"step":1,"action":null,"error":"prose"}',
      '[STEP] {"episode":2,"step":1,"action":{"action_type":"request_hint"}}',
      '[STEP] {"episode":1,"step":2,"action":{"action_type":"submit"}}',
      '[END] {"episode":1,"scenario_id":"typo_filename","score":0.05}',
    ].join("\n");
    const { trajectories } = parseTrajectoryText(lines);
    expect(trajectories.map((t) => [t.scenario_id, t.actions])).toEqual([
      ["typo_filename", [{ action_type: "submit" }]],
      ["oom_killed", [{ action_type: "request_hint" }]],
    ]);
  });

  it("says what is wrong with bad input", () => {
    for (const [input, message] of [
      ["", "nothing to load"],
      ["{nope", "not JSON"],
      ['{"actions": []}', 'no "scenario_id"'],
      ['{"scenario_id": "s"}', 'no "actions"'],
      ["[]", "no trajectory"],
      ["42", "expected a JSON object"],
      ['{"scenario_id": "s", "a": 1, "b": {"actions": []}}', "a is not a JSON object"],
      ["[STEP] not json", "does not end in a JSON object"],
      ['[STEP] {"episode": 3, "action": {"action_type": "submit"}}', "episode 3 has no [START]"],
    ] as const) {
      expect(() => parseTrajectoryText(input), input).toThrow(TrajectoryError);
      expect(() => parseTrajectoryText(input), input).toThrow(message);
    }
  });
});

describe("JSON lines from breakfix eval --jsonl and breakfix export", () => {
  const edit = { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt .", new_content: "COPY requirements.txt ." }] };
  // The shape eval --jsonl writes: the episode's result, its actions, and its turns.
  const evalLine = (agent: string, scenario: string, score: number, actions: unknown[]) =>
    JSON.stringify({ agent, task_id: "t", scenario_id: scenario, difficulty: "easy", score, solved: score >= 0.9, steps: actions.length, issues_fixed: 1, issues_total: 1, hints_used: 0, failed_actions: 0, invalid_turns: 0, error: null, actions, turns: actions.map((action, i) => ({ step: i + 1, action, reward: 0.3, done: true, error: null, issues_fixed: 1 })) });

  it("reads eval's lines as results by agent, every episode replayable", () => {
    const text = `${evalLine("oracle", "typo_filename", 0.9, [edit])}\n${evalLine("oracle", "gen:test:easy:4", 0.9, [edit, { action_type: "submit" }])}\n`;
    const loaded = parseTrajectoryText(text);
    expect(loaded.results!.map((r) => [r.agent, r.scenario_id, r.score, r.steps, r.solved])).toEqual([
      ["oracle", "typo_filename", 0.9, 1, true],
      ["oracle", "gen:test:easy:4", 0.9, 2, true],
    ]);
    expect(loaded.trajectories.map((t) => [t.label, t.actions.length])).toEqual([
      ["oracle: typo_filename", 1],
      ["oracle: gen:test:easy:4", 2],
    ]);
    // A file of one line is one JSON value: read the same way.
    expect(parseTrajectoryText(evalLine("oracle", "typo_filename", 0.9, [edit])).results).toHaveLength(1);
  });

  it("reads export's lines as the oracle trajectories of generated scenarios", () => {
    const line = (seed: number) => JSON.stringify({ scenario_id: `gen:train:easy:${seed}`, task_id: "generated", split: "train", seed, files: {}, hints: ["h"], oracle: [edit] });
    const loaded = parseTrajectoryText(`${line(0)}\n${line(1)}`);
    expect(loaded.results).toBeNull();
    expect(loaded.trajectories).toEqual([
      { label: "oracle: gen:train:easy:0", scenario_id: "gen:train:easy:0", actions: [edit] },
      { label: "oracle: gen:train:easy:1", scenario_id: "gen:train:easy:1", actions: [edit] },
    ]);
  });

  it("merges files opened together: two agents' results side by side", () => {
    const merged = mergeLoaded([parseTrajectoryText(evalLine("oracle", "s", 0.9, [edit])), parseTrajectoryText(evalLine("noop", "s", 0.05, [{ action_type: "submit" }])), parseTrajectoryText(JSON.stringify({ scenario_id: "s", actions: [] }))]);
    expect(merged.results!.map((r) => r.agent)).toEqual(["oracle", "noop"]);
    expect(merged.trajectories.map((t) => t.label)).toEqual(["oracle: s", "noop: s", "trajectory"]);
    expect(merged.arena).toBeNull();
  });

  it("names the line that is wrong", () => {
    const good = evalLine("oracle", "s", 0.9, [edit]);
    expect(() => parseTrajectoryText(`${good}\n{"agent": nope}`)).toThrow("line 2 is not JSON");
    expect(() => parseTrajectoryText(`${good}\n{"agent": "a", "score": 1}`)).toThrow('line 2 has no "scenario_id"');
    expect(() => parseTrajectoryText(`{"scenario_id": "s"}\n${good}`)).toThrow('line 1 has no "actions" list');
    // Lines that are not all objects are neither JSON nor JSON lines.
    expect(() => parseTrajectoryText(`${good}\n[1, 2]`)).toThrow(TrajectoryError);
  });
});

describe("the inspection box's suggestions", () => {
  it("follows the files: a build per Dockerfile, the runs for workflows, the cluster for manifests", () => {
    expect(suggestedCommands(["Dockerfile", "app.py"])).toEqual(["docker build .", "cat -n Dockerfile", "grep -rn FROM .", "tree", "git diff", "git status"]);
    const mixed = suggestedCommands(["web/Dockerfile", "api/Dockerfile", "tools/x/Dockerfile", ".github/workflows/ci.yml", "deploy/fleet.yaml"]);
    expect(mixed.slice(0, 3)).toEqual(["docker build api", "docker build web", "cat -n api/Dockerfile"]);
    expect(mixed).toContain("gh run view --log-failed");
    expect(mixed).toContain("kubectl get pods");
    expect(mixed).not.toContain("docker build tools/x");
    // Workflows alone are no manifests.
    expect(suggestedCommands([".github/workflows/ci.yml"])).not.toContain("kubectl get pods");
  });
});

describe("a generated scenario's id in the page's address", () => {
  it("gives its split, difficulty and seed; anything else is no generated id", () => {
    expect(parseGeneratedId("gen:train:hard:7")).toEqual({ split: "train", difficulty: "hard", seed: 7 });
    for (const id of ["typo_filename", "gen:train:hard", "gen:train:hard:-1", "gen:train:hard:1.5", "gen:train:hard:7:8", "gen:train:hard:1234567890123456"]) expect(parseGeneratedId(id), id).toBeNull();
  });
});
