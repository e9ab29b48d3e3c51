/**
 * The replay view in a real browser against a real server: an oracle trajectory from `breakfix eval --jsonl`
 * stepped through (each step's diff, reward and log, the rewards the run recorded), two agents' results files
 * side by side and one scenario of them in the arena, a pasted trajectory and arena request, a generated
 * scenario's oracle from `breakfix export`, inputs it cannot read, and the view on a phone's screen.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runEval } from "../../server/cli/eval.js";
import { runExport } from "../../server/cli/export.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { CHROMIUM, SKIP_REASON, startRig, type BrowserRig } from "./browser.js";
import { openPlayground, shot, sidewaysOverflow, unnamedControls } from "./page-helpers.js";

const suite = CHROMIUM === null ? describe.skip : describe;
const title = CHROMIUM === null ? `replay view in chromium (${SKIP_REASON})` : "replay view in chromium";

let rig: BrowserRig;
/** `breakfix eval --agent oracle,baseline --task full_pipeline --jsonl`'s output folder. */
let results: string;
/** The same for pipeline_build_push, a task the heuristic baseline does not solve whole. */
let contested: string;
/** A scenario of it the baseline fails, for the arena. */
const ARENA_SCENARIO = "image_tag_mismatch";

interface EvalLine {
  agent: string;
  scenario_id: string;
  score: number;
  actions: Array<{ action_type: string }>;
  turns: Array<{ reward: number; issues_fixed: number }>;
}

const signed = (n: number) => (n.toFixed(2) === "0.00" ? "0.00" : `${n < 0 ? "−" : "+"}${Math.abs(n).toFixed(2)}`);
const linesOf = (file: string): EvalLine[] => readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));

beforeAll(async () => {
  if (CHROMIUM === null) return;
  results = mkdtempSync(path.join(os.tmpdir(), "breakfix-eval-"));
  const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: process.cwd() };
  expect(await runEval(["--agent", "oracle,baseline", "--task", "full_pipeline", "--jsonl", "--out", results, "--quiet"], io)).toBe(0);
  contested = mkdtempSync(path.join(os.tmpdir(), "breakfix-eval-"));
  expect(await runEval(["--agent", "oracle,baseline", "--task", "pipeline_build_push", "--jsonl", "--out", contested, "--quiet"], io)).toBe(0);
  rig = await startRig();
}, 90_000);

afterAll(async () => {
  await rig?.close();
});

// A browser step waits on chromium and the server; under a loaded machine a test may take many seconds.
suite(title, { timeout: 60_000 }, () => {
  it("steps through an oracle trajectory from an eval results file: each step's diff, reward and log", async () => {
    const oracle = linesOf(path.join(results, "oracle.jsonl")).find((l) => l.scenario_id === "full_pipeline_three_bugs")!;
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.setInputFiles("#trajectory-file", path.join(results, "oracle.jsonl"));
    await page.waitForSelector("#results-heading");
    expect(await page.locator("#results-heading").textContent()).toBe("Results: oracle");
    expect(await page.locator(".results-table tbody tr").count()).toBe(5);
    expect(await page.locator(".results-summary").textContent()).toBe("oracle: 5 episodes, mean score 0.90, 5 solved, 5 with their actions");
    await page.click('.results-table tr[data-scenario="full_pipeline_three_bugs"] td[data-agent="oracle"] button');

    const last = oracle.actions.length;
    await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step 0 of ${last}`);
    expect(await page.locator("#player-heading").textContent()).toBe("Replay: oracle: full_pipeline_three_bugs on full_pipeline_three_bugs");
    expect(await page.locator("#step-prev").isDisabled()).toBe(true);
    const logs = [(await page.locator(".replay-frame .log").textContent())!];
    for (let step = 1; step <= last; step++) {
      await page.click("#step-next");
      await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step ${step} of ${last}`);
      expect(await page.locator(".replay-frame h3").textContent()).toBe(`Step ${step}: ${oracle.actions[step - 1]!.action_type}`);
      // The reward the replay gets is the one the evaluation recorded for that turn.
      expect(await page.locator(".frame-reward").textContent()).toBe(signed(oracle.turns[step - 1]!.reward));
      expect(await page.locator(".replay-frame .facts dd").nth(1).textContent()).toBe(`${oracle.turns[step - 1]!.issues_fixed} / 3`);
      expect(await page.locator(".replay-frame .diff-add").count()).toBeGreaterThan(0);
      logs.push((await page.locator(".replay-frame .log").last().textContent())!);
      if (step === 1) await page.screenshot({ path: shot("4-replay-step-1.png"), fullPage: true });
    }
    // Each repair moves the log on to the next failure, and the last one leaves none.
    expect(new Set(logs).size).toBe(logs.length);
    expect(logs.at(-1)).toContain("No error");
    expect(await page.locator("#step-next").isDisabled()).toBe(true);
    expect(await page.locator(".replay-frame .facts dd").nth(2).textContent()).toBe("yes, score 0.90");
    expect(await page.locator("#replay-final .breakdown tfoot td").textContent()).toBe("0.90");

    // The slider steps by keyboard too.
    await page.focus("#step-range");
    await page.keyboard.press("Home");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step 0 of ${last}`);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step 1 of ${last}`);
    expect(await unnamedControls(page)).toEqual([]);
    expect(page.problems).toEqual([]);
  });

  it("shows two agents' results side by side and compares one scenario of them in the arena", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.setInputFiles("#trajectory-file", [path.join(contested, "oracle.jsonl"), path.join(contested, "baseline.jsonl")]);
    await page.waitForSelector("#results-heading");
    expect(await page.locator("#results-heading").textContent()).toBe("Results: oracle vs baseline");
    expect(await page.locator(".results-table thead th").allTextContents()).toEqual(["scenario", "oracle", "baseline", "arena"]);
    const baseline = linesOf(path.join(contested, "baseline.jsonl")).find((l) => l.scenario_id === ARENA_SCENARIO)!;
    const oracle = linesOf(path.join(contested, "oracle.jsonl")).find((l) => l.scenario_id === ARENA_SCENARIO)!;
    const row = page.locator(`.results-table tr[data-scenario="${ARENA_SCENARIO}"]`);
    expect(await row.locator('td[data-agent="baseline"] .num').textContent()).toBe(baseline.score.toFixed(2));

    // The filter narrows the rows.
    await page.fill("#results-filter", "tag_mismatch");
    await expect.poll(() => page.locator(".results-table tbody tr").count()).toBe(1);

    await row.getByRole("button", { name: `Compare on ${ARENA_SCENARIO}` }).click();
    await page.waitForSelector("#arena-result:not([hidden])");
    expect(baseline.score).toBeLessThan(0.9);
    expect(await page.locator("#arena-verdict").textContent()).toMatch(new RegExp(`^oracle wins on ${ARENA_SCENARIO}: `));
    const sides = page.locator(".arena-side");
    expect(await sides.count()).toBe(2);
    expect(await sides.nth(0).locator(".arena-score").textContent()).toBe(`score 0.90 in ${oracle.actions.length} step${oracle.actions.length === 1 ? "" : "s"}`);
    expect(await sides.nth(1).locator(".arena-score").textContent()).toBe(`score ${baseline.score.toFixed(2)} in ${baseline.actions.length} step${baseline.actions.length === 1 ? "" : "s"}`);
    // Side by side at 1280 px: the two columns share a row.
    const [a, b] = [(await sides.nth(0).boundingBox())!, (await sides.nth(1).boundingBox())!];
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    await page.locator("#arena-result").screenshot({ path: shot("6-arena.png") });

    // Choosing the same agent twice is refused with a reason.
    await page.selectOption("#compare-b", "oracle");
    await row.getByRole("button", { name: `Compare on ${ARENA_SCENARIO}` }).click();
    await expect.poll(() => page.locator("#replay-error").textContent()).toContain("two different agents");
    expect(page.problems).toEqual([]);
  });

  it("replays a pasted reference solution, and a pasted arena request side by side", async () => {
    const scenario = loadCatalog().scenario("typo_filename")!;
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.fill("#trajectory-input", JSON.stringify({ scenario_id: scenario.id, actions: scenario.solution }));
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe("Step 0 of 1");
    await page.click("#step-last");
    expect(await page.locator(".replay-frame .diff-add").textContent()).toContain("+COPY requirements.txt .");

    await page.fill("#trajectory-input", JSON.stringify({ scenario_id: scenario.id, a: { label: "reference", actions: scenario.solution }, b: { label: "noop", actions: [{ action_type: "submit" }] } }));
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#arena-verdict").textContent()).toContain("reference wins");
    expect(await page.locator(".arena-side.is-winner h3").textContent()).toContain("reference");
  });

  it("replays a generated scenario's oracle from a breakfix export line", async () => {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), "breakfix-export-")), "hard.jsonl");
    const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: process.cwd() };
    expect(await runExport(["--split", "validation", "--difficulty", "hard", "--count", "1", "--from", "11", "--out", out, "--quiet"], io)).toBe(0);
    const line = JSON.parse(readFileSync(out, "utf8"));
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.fill("#trajectory-input", readFileSync(out, "utf8"));
    await page.click("#replay-form button[type=submit]");
    // The oracle ends in a submit, but the episode is over once its last repair lands: that submit is not played.
    expect(line.oracle.at(-1)).toEqual({ action_type: "submit" });
    const last = line.oracle.length - 1;
    await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step 0 of ${last}`);
    expect(await page.locator("#replay-final .notice").textContent()).toBe("The episode was over before the last action, which was not played.");
    expect(await page.locator("#player-heading").textContent()).toBe("Replay: oracle: gen:validation:hard:11 on gen:validation:hard:11");
    await page.click("#step-last");
    expect(await page.locator(".replay-frame .facts dd").nth(1).textContent()).toBe(`${line.issues_total} / ${line.issues_total}`);
    expect(Number(await page.locator("#replay-final .breakdown tfoot td").textContent())).toBeGreaterThanOrEqual(0.9);
  });

  it("says what it cannot read: no actions in a results file, not JSON, a bad line, which file", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.setInputFiles("#trajectory-file", path.join(results, "baseline.json"));
    await expect.poll(() => page.locator("#replay-choices").textContent()).toContain("not its actions, so there is nothing to step through");
    expect(await page.locator(".results-table tbody tr").count()).toBe(5);
    expect(await page.locator(".results-table button").count()).toBe(0);

    await page.fill("#trajectory-input", "{ not json");
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#replay-error").textContent()).toContain("not JSON");
    await page.fill("#trajectory-input", `${readFileSync(path.join(results, "oracle.jsonl"), "utf8").split("\n")[0]}\n{"agent": oops}\n`);
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#replay-error").textContent()).toContain("line 2 is not JSON");
    await page.setInputFiles("#trajectory-file", { name: "broken.jsonl", mimeType: "text/plain", buffer: Buffer.from('{"scenario_id": "typo_filename"}\n{"x": 1}\n') });
    await expect.poll(() => page.locator("#replay-error").textContent()).toBe('broken.jsonl: line 1 has no "actions" list');
    // A trajectory whose scenario does not exist: the server's refusal, in words.
    await page.fill("#trajectory-input", '{"scenario_id": "no_such_scenario", "actions": []}');
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#replay-error").textContent()).toMatch(/answered 4\d\d: .*no_such_scenario/);
  });

  it("fits a phone's screen (390x844): results, replay and arena stack without sideways scrolling", async () => {
    const page = await rig.page({ width: 390, height: 844 });
    await openPlayground(page, `${rig.server.url}/#replay`);
    await page.setInputFiles("#trajectory-file", [path.join(results, "oracle.jsonl"), path.join(results, "baseline.jsonl")]);
    await page.waitForSelector("#results-heading");
    const row = page.locator('.results-table tr[data-scenario="full_pipeline_three_bugs"]');
    await row.locator('td[data-agent="oracle"] button').click();
    await expect.poll(() => page.locator("#step-label").textContent()).toBe("Step 0 of 3");
    await page.click("#step-next");
    await row.getByRole("button", { name: "Compare on full_pipeline_three_bugs" }).click();
    await page.waitForSelector("#arena-result:not([hidden])");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const sides = page.locator(".arena-side");
    const [a, b] = [(await sides.nth(0).boundingBox())!, (await sides.nth(1).boundingBox())!];
    expect(b.y).toBeGreaterThan(a.y + a.height - 1);
    await page.screenshot({ path: shot("8-narrow-arena.png") });
  });
});
