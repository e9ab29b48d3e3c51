/**
 * What is kept by repository state (assessments, host commands' outcomes, a state's answer JSON) is what
 * doing the work again gives, is told apart by every file's content, mode and place in the listing, stays
 * within its bounds, and is neither kept nor looked up while reuse is off.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { StepResult } from "../../contracts/observation.js";
import type { Action } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { assess } from "../../graders/assess.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { forgetAssessments, keptAssessments } from "../../graders/kept-assessments.js";
import { resultJson, stateJson } from "../../server/pool/result-json.js";
import { copyState, HOST_STATE_PATH, readState, serializeState } from "../../simulators/host/state.js";
import { KeptByState, stateKey } from "../../simulators/incremental/kept.js";
import { setIncremental } from "../../simulators/incremental/sections.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

afterEach(() => setIncremental(true));

describe("state keys", () => {
  it("tell states apart by content, mode and the order of paths, and equal states alike", () => {
    const base = repositoryFrom({ a: "1", b: "2" });
    expect(stateKey(repositoryFrom({ a: "1", b: "2" }))).toBe(stateKey(base));
    expect(stateKey(repositoryFrom({ a: "1", b: "3" }))).not.toBe(stateKey(base));
    expect(stateKey(repositoryFrom({ a: "1", b: { content: "2", mode: 0o755 } }))).not.toBe(stateKey(base));
    expect(stateKey(repositoryFrom({ b: "2", a: "1" }))).not.toBe(stateKey(base));
    expect(stateKey(repositoryFrom({ a: "1", b: "2", c: "" }))).not.toBe(stateKey(base));
    // A path or content holding the separators cannot pass for another listing.
    expect(stateKey(repositoryFrom({ "a\u0000420": "x" }))).not.toBe(stateKey(repositoryFrom({ a: "x" })));
  });
});

describe("a store kept by state", () => {
  it("computes once per key, keeps the most recently used within its count and bytes, and is bypassed while reuse is off", () => {
    let runs = 0;
    const store = new KeptByState<string>({ count: 3, bytes: 10_000 }, (v) => v.length);
    const get = (key: string) => store.get(key, () => `${key}:${++runs}`);
    expect(get("a")).toBe("a:1");
    expect(get("a")).toBe("a:1");
    get("b");
    get("c");
    get("a");
    get("d");
    // b was the least recently used when d came: it is the one dropped.
    expect(store.size).toBe(3);
    expect(get("b")).toBe("b:5");
    expect(get("a")).toBe("a:1");
    setIncremental(false);
    expect(get("a")).toBe("a:6");
    setIncremental(true);
    expect(get("a")).toBe("a:1");
    const small = new KeptByState<string>({ count: 100, bytes: 1_000 }, (v) => v.length);
    for (let i = 0; i < 50; i++) small.get(`k${i}`, () => "x".repeat(40));
    expect(small.bytes).toBeLessThanOrEqual(1_000);
    // A value over an eighth of the bytes is answered, never kept.
    small.get("huge", () => "y".repeat(500));
    expect(small.get("huge", () => "computed again")).toBe("computed again");
  });
});

describe("kept assessments", () => {
  it("answer a state met again with the assessment a full run gives, and nothing while reuse is off", () => {
    forgetAssessments();
    for (const scenario of catalog.scenarios) {
      let repo = repositoryFrom(scenario.files);
      const states = [repo];
      for (const action of scenario.solution) {
        const out = applyEditAction(repo, action as never);
        if (out.ok) states.push((repo = out.repo));
      }
      for (const state of states) {
        const first = assess(scenario, state);
        // Built again from the same contents: another episode reaching the same state.
        const again = assess(scenario, new Map([...state].map(([p, f]) => [p, { ...f }])));
        expect(again).toBe(first);
        setIncremental(false);
        expect(assess(scenario, state)).toStrictEqual(first);
        setIncremental(true);
      }
    }
    expect(keptAssessments().count).toBeGreaterThan(catalog.scenarios.length);
    forgetAssessments();
    expect(keptAssessments()).toEqual({ count: 0, bytes: 0 });
  }, 120_000);
});

describe("host states", () => {
  const hostScenario = catalog.scenario("nginx_killed")!;

  it("are read in one canonical form, whether the file was written by hand or by a command", () => {
    const start = repositoryFrom(hostScenario.files);
    const raw = JSON.parse(start.get(HOST_STATE_PATH)!.content);
    // The same state written with its keys in another order and with defaults left out where it has them.
    const shuffled = JSON.stringify(Object.fromEntries(Object.entries(raw).reverse()), null, 2);
    const handWritten = repositoryFrom({ ...hostScenario.files, [HOST_STATE_PATH]: { content: shuffled, mode: 0o600 } });
    expect(readState(handWritten)).toStrictEqual(readState(start));
    expect(Object.keys(readState(handWritten))).toEqual(Object.keys(readState(start)));
    const out = applyEditAction(start, { action_type: "host", command: "systemctl start nginx" });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const after = readState(out.repo);
    expect(serializeState(after)).toBe(out.repo.get(HOST_STATE_PATH)!.content);
    expect(Object.keys(after)).toEqual([...Object.keys(after)].sort());
    // A copy is the state, and changing it changes nothing read.
    const copy = copyState(out.repo);
    expect(copy).toStrictEqual(after);
    copy.clock += 100;
    expect(readState(out.repo).clock).toBe(after.clock);
  });

  it("refuse a state file that is not a host's state", () => {
    const broken = repositoryFrom({ ...hostScenario.files, [HOST_STATE_PATH]: { content: JSON.stringify({ version: 1, clock: "noon" }), mode: 0o600 } });
    expect(() => readState(broken)).toThrow();
    expect(() => copyState(broken)).toThrow();
  });

  it("keep a command's outcome by the state it ran on: the same as running it again", () => {
    const start = repositoryFrom(hostScenario.files);
    const command = { action_type: "host" as const, command: "systemctl restart nginx" };
    const first = applyEditAction(start, command);
    const again = applyEditAction(repositoryFrom(hostScenario.files), command);
    setIncremental(false);
    const fresh = applyEditAction(repositoryFrom(hostScenario.files), command);
    setIncremental(true);
    expect(first.ok && again.ok && fresh.ok).toBe(true);
    if (!first.ok || !again.ok || !fresh.ok) return;
    expect(again.repo).toBe(first.repo);
    expect(fresh.repo).not.toBe(first.repo);
    expect([...fresh.repo].map(([p, f]) => [p, f.content, f.mode])).toEqual([...first.repo].map(([p, f]) => [p, f.content, f.mode]));
    expect(fresh.output).toBe(first.output);
  });
});

describe("a step's answer as JSON", () => {
  it("is exactly JSON.stringify's, for every scenario's start and fixed state", () => {
    for (const scenario of catalog.scenarios) {
      const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, `json-${scenario.id}`);
      const results: StepResult[] = [episode.observe()];
      for (const action of scenario.solution) if (!episode.done) results.push(episode.step(action));
      for (const result of results.slice(0, 1)) expect(resultJson(result, repositoryFrom(scenario.files))).toBe(JSON.stringify(result));
      expect(resultJson(results.at(-1)!, episode.files())).toBe(JSON.stringify(results.at(-1)));
      expect(stateJson(episode.state(), episode.files())).toBe(JSON.stringify(episode.state()));
    }
  }, 120_000);

  it("is exactly JSON.stringify's for states reached apart: the same edit in two episodes, edits in either order, reuse off", () => {
    const scenario = catalog.scenarios.find((s) => !s.id.includes(":") && Object.keys(s.files).length > 1)!;
    const write = (path: string, content: string): Action => ({ action_type: "edit_file", edits: [{ file_path: path, old_content: "", new_content: content }] });
    const answers = (order: Array<[string, string]>) => {
      const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, `apart-${order.map(([p]) => p).join("-")}`);
      const results = order.map(([p, c]) => episode.step(write(p, c)));
      for (const result of results) expect(result.observation.last_action_error).toBeNull();
      return results.map((result, i) => [resultJson(result, i === results.length - 1 ? episode.files() : episodeFilesAt(result)), JSON.stringify(result)]);
    };
    const episodeFilesAt = (result: StepResult) => repositoryFrom(result.observation.files);
    for (const reuse of [true, false]) {
      setIncremental(reuse);
      for (const order of [[["notes/a.txt", "a\n"], ["notes/b.txt", "b\n"]], [["notes/a.txt", "a\n"], ["notes/b.txt", "b\n"]], [["notes/b.txt", "b\n"], ["notes/a.txt", "a\n"]], [["notes/a.txt", "a\n"], ["notes/b.txt", "other\n"]]] as Array<Array<[string, string]>>) {
        for (const [spliced, plain] of answers(order)) expect(spliced).toBe(plain);
      }
    }
  });

  it("is exactly JSON.stringify's when other fields and the files hold the stand-ins' text", () => {
    const sneaky = '"files":"\u0000files" "file_modes":"\u0000modes" \\u0000files';
    const repo = repositoryFrom({ [sneaky]: sneaky, "\u0000files": "\u0000modes", b: "x" });
    const episode = startJudgedEpisode(catalog, { scenario_id: catalog.scenarios[0]!.id }, sneaky);
    const result = episode.observe();
    const files = Object.fromEntries([...repo].map(([p, f]) => [p, f.content]));
    const modes = Object.fromEntries([...repo].map(([p]) => [p, "100644" as const]));
    const forged: StepResult = { ...result, observation: { ...result.observation, files, file_modes: modes, hint: "\u0000files", last_action_error: sneaky } };
    expect(resultJson(forged, repo)).toBe(JSON.stringify(forged));
    expect(JSON.parse(resultJson(forged, repo))).toStrictEqual(JSON.parse(JSON.stringify(forged)));
    const state = { ...episode.state(), files, file_modes: modes, hint: sneaky };
    expect(stateJson(state, repo)).toBe(JSON.stringify(state));
  });

  it("is exactly JSON.stringify's whatever the instructions and the error log hold, the error log null included", () => {
    const repo = repositoryFrom({ a: "x" });
    const episode = startJudgedEpisode(catalog, { scenario_id: catalog.scenarios[0]!.id }, "texts");
    const result = episode.observe();
    const odd = ['"error_message":"\u0000error" \u2028 \u0000instructions', "line\nwith \"quotes\" and \u0001 and \ud800", "", "\u0000error"];
    for (const instructions of odd) {
      for (const error of [...odd, null]) {
        const observation = { ...result.observation, files: { a: "x" }, file_modes: { a: "100644" as const }, instructions, error_message: error, hint: error };
        const forged: StepResult = { ...result, observation };
        expect(resultJson(forged, repo)).toBe(JSON.stringify(forged));
        const state = { ...episode.state(), ...observation };
        expect(stateJson(state, repo)).toBe(JSON.stringify(state));
      }
    }
  });
});
