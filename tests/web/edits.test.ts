/**
 * The playground turns editor changes into actions; here those actions go through the real engine and must
 * produce exactly what the user typed, for any text (a property test over files full of repeated lines, where
 * a careless old_content would match twice). Also the replay view's reading of pasted trajectories and the
 * quick-start reader of the README.
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ActionSchema, type EditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { EXECUTABLE, REGULAR, repositoryFrom, type Repository } from "../../simulators/repository.js";
import { actionFor, changedFiles, minimalEdit, type FileChange } from "../../web/edits.js";
import { readmeSection } from "../../web/readme.js";
import { parseTrajectoryText, TrajectoryError } from "../../web/trajectory.js";

function apply(repo: Repository, action: Record<string, unknown>): Repository {
  const parsed = ActionSchema.parse(action) as EditAction;
  const outcome = applyEditAction(repo, parsed);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.repo;
}

const change = (before: string | null, after: string, modeAfter: "100644" | "100755" = "100644"): FileChange => ({
  path: "app/Dockerfile",
  before,
  after,
  modeBefore: "100644",
  modeAfter,
});

describe("edits from the editor", () => {
  it("edit_file carries the changed lines only, widened until they occur once", () => {
    expect(minimalEdit("FROM x\nCOPY requirments.txt .\nRUN y\n", "FROM x\nCOPY requirements.txt .\nRUN y\n")).toEqual({
      old_content: "COPY requirments.txt .",
      new_content: "COPY requirements.txt .",
    });
    // "RUN a" occurs twice: the edit takes in the line before it.
    expect(minimalEdit("FROM x\nRUN a\nFROM y\nRUN a\n", "FROM x\nRUN a\nFROM y\nRUN b\n")).toEqual({ old_content: "FROM y\nRUN a", new_content: "FROM y\nRUN b" });
    // A pure insertion has no old text of its own: it takes in a neighbour.
    expect(minimalEdit("a\nc\n", "a\nb\nc\n")).toEqual({ old_content: "a", new_content: "a\nb" });
  });

  it("any change, sent as edit_file or as apply_patch, gives exactly the editor's text through the engine", () => {
    const text = fc.array(fc.constantFrom("RUN a", "RUN b", "RUN ab", "a", "  - uses: x", "", "COPY . ."), { maxLength: 12 }).chain((lines) => fc.constantFrom(lines.join("\n"), `${lines.join("\n")}\n`));
    fc.assert(
      fc.property(text, text, (before, after) => {
        fc.pre(before !== after);
        const repo = repositoryFrom({ "app/Dockerfile": before });
        for (const kind of ["edit_file", "apply_patch"] as const) {
          const { action } = actionFor([change(before, after)], kind);
          expect(apply(repo, action).get("app/Dockerfile")!.content).toBe(after);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a changed execute bit goes out as apply_patch with git's mode lines; a new file as an edit that creates it", () => {
    const repo = repositoryFrom({ "app/Dockerfile": "echo hi\n" });
    const modeOnly = actionFor([change("echo hi\n", "echo hi\n", "100755")], "edit_file");
    expect(modeOnly.kind).toBe("apply_patch");
    expect(modeOnly.action.patch).toContain("old mode 100644\nnew mode 100755");
    expect(apply(repo, modeOnly.action).get("app/Dockerfile")).toEqual({ content: "echo hi\n", mode: EXECUTABLE });
    const both = actionFor([change("echo hi\n", "echo hello\n", "100755")], "edit_file");
    expect(apply(repo, both.action).get("app/Dockerfile")).toEqual({ content: "echo hello\n", mode: EXECUTABLE });

    const created = { path: "k8s/configmap.yaml", before: null, after: "kind: ConfigMap\n", modeBefore: "100644", modeAfter: "100644" } as const;
    for (const kind of ["edit_file", "apply_patch"] as const) {
      expect(apply(repo, actionFor([created], kind).action).get("k8s/configmap.yaml")).toEqual({ content: "kind: ConfigMap\n", mode: REGULAR });
    }
    // Text in an existing empty file cannot be an edit_file (its old text would be ""): a patch says it.
    const empty = repositoryFrom({ "app/Dockerfile": "" });
    const filled = actionFor([change("", "FROM x\n")], "edit_file");
    expect(filled.kind).toBe("apply_patch");
    expect(apply(empty, filled.action).get("app/Dockerfile")!.content).toBe("FROM x\n");
  });

  it("several files in one action, in path order; unchanged drafts are left out", () => {
    const changes = changedFiles(
      { b: "1\n", a: "x\n", c: "same\n" },
      {},
      new Map([
        ["b", { content: "2\n", mode: "100644" as const }],
        ["a", { content: "y\n", mode: "100644" as const }],
        ["c", { content: "same\n", mode: "100644" as const }],
      ]),
    );
    expect(changes.map((c) => c.path)).toEqual(["a", "b"]);
    const { action } = actionFor(changes, "edit_file");
    expect(action).toEqual({ action_type: "edit_file", edits: [{ file_path: "a", old_content: "x", new_content: "y" }, { file_path: "b", old_content: "1", new_content: "2" }] });
  });
});

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
    expect(loaded.results!.rows.map((r) => [r.scenario_id, r.score, r.trajectory !== null])).toEqual([["s", 0.9, false], ["t", 0.05, true]]);
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

describe("the README's quick starts, as the Connect view reads them", () => {
  it("has a Quick starts section with an OpenEnv Python client and an MCP client config", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const section = readmeSection(readme, "Quick starts")!;
    expect(section).toContain("GenericEnvClient");
    expect(section).toContain('"mcpServers"');
    expect(section).not.toContain("## Tasks");
  });
});
