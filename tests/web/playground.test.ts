/**
 * The playground in a real browser (Debian's chromium through playwright-core) against a real server:
 * a scenario played to 0.9 by editing in the editor, a hint and its penalty, failed edits and their errors,
 * people playing side by side, the replay view on a reference solution, the arena, /docs, the controls that
 * appear only when the server advertises them, keyboard use and a narrow screen. Screenshots at 1280x800 go
 * to tests/web/screenshots/ (not committed).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { CHROMIUM, SKIP_REASON, startRig, type BrowserRig } from "./browser.js";

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");
const suite = CHROMIUM === null ? describe.skip : describe;
const title = CHROMIUM === null ? `playground in chromium (${SKIP_REASON})` : "playground in chromium";

let rig: BrowserRig;

beforeAll(async () => {
  if (CHROMIUM === null) return;
  mkdirSync(SHOTS, { recursive: true });
  rig = await startRig();
}, 45_000);

afterAll(async () => {
  await rig?.close();
});

/** Opens the playground and starts `scenario` through the start form, as a user would. */
async function startScenario(page: Page, scenario: string): Promise<void> {
  await page.goto(`${rig.server.url}/`);
  await page.waitForSelector("body[data-ready=true]");
  const task = loadCatalog().scenario(scenario)!.task_id;
  await page.selectOption("#task-select", task);
  await page.selectOption("#scenario-select", scenario);
  await page.click("#start-button");
  await expect.poll(() => page.locator("#status-scenario").textContent()).toMatch(new RegExp(`^${scenario} `));
}

/** Replaces the editor line that reads `from` with `to`, by keyboard. */
async function retypeLine(page: Page, from: string, to: string): Promise<void> {
  await page.locator(".cm-line", { hasText: from }).first().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.type(to);
}

/** The JSON bodies the action log shows, in order (the log prints "METHOD /path" then the body). */
async function loggedBodies(page: Page): Promise<any[]> {
  const texts = await page.locator(".log-json").allTextContents();
  return texts.map((t) => JSON.parse(t.slice(t.indexOf("\n") + 1)));
}

suite(title, () => {
  it("plays typo_filename to 0.9: an edit in the editor goes out as edit_file on the page's own episode", async () => {
    const page = await rig.page();
    await startScenario(page, "typo_filename");
    await expect.poll(() => page.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await page.locator("#status-steps").textContent()).toBe("0 / 10");
    expect(await page.locator("#error-log").textContent()).toContain('"/requirments.txt": not found');
    expect(await page.locator("#editor-file").textContent()).toBe("Dockerfile");
    await page.screenshot({ path: path.join(SHOTS, "1-start.png") });

    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await expect.poll(() => page.locator("#send-button").textContent()).toBe("Send edit (1 file)");
    await page.locator("#pending-details summary").click();
    const pending = JSON.parse((await page.locator("#pending-json").textContent())!);
    expect(pending.action).toEqual({
      action_type: "edit_file",
      edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt .", new_content: "COPY requirements.txt ." }],
    });
    await page.screenshot({ path: path.join(SHOTS, "2-mid-episode.png") });

    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await page.locator("#status-score").textContent()).toBe("0.90");
    expect(await page.locator("#result-score").textContent()).toBe("0.90");
    expect(await page.locator("#status-issues").textContent()).toBe("1 / 1");
    expect(await page.locator(".breakdown tfoot td").textContent()).toBe("0.90");
    expect(await page.locator('.breakdown tr[data-term="complete_bonus"] td').textContent()).toBe("+0.25");
    expect(await page.locator("#error-log").textContent()).toContain("No error");
    // The editor is read-only once the episode is done.
    expect(await page.locator(".cm-content").getAttribute("contenteditable")).toBe("false");
    await page.screenshot({ path: path.join(SHOTS, "3-done.png") });

    const [reset, step] = await loggedBodies(page);
    expect(step).toEqual({ action: pending.action, episode_id: reset.episode_id });
    // The page named its own episode; the server's default episode was never touched.
    const state = (await (await fetch(`${rig.server.url}/state?episode_id=${reset.episode_id}`)).json()) as { done: boolean };
    expect(state.done).toBe(true);
    expect((await fetch(`${rig.server.url}/state`)).status).toBe(404);

    // The episode just played opens in the replay view, from GET /state's accepted actions.
    await page.click("#replay-episode-button");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe("Step 0 of 1");
    expect(page.url()).toMatch(/#replay$/);
    await page.click("#step-next");
    expect(await page.locator(".replay-frame .diff-add").textContent()).toContain("+COPY requirements.txt .");
    expect(page.problems).toEqual([]);
  });

  it("shows a hint's cost before it is used, then the hint and its penalty in the score", async () => {
    const page = await rig.page();
    await startScenario(page, "typo_filename");
    expect(await page.locator("#hint-button").textContent()).toBe("Request hint (costs 0.04 of the score)");
    await page.click("#hint-button");
    await expect.poll(() => page.locator("#hint-text").textContent()).toContain("COPY");
    expect(await page.locator("#status-hints").textContent()).toBe("1 (−0.04 on the score)");
    expect(await page.locator(".log-entry").last().textContent()).toContain("reward −0.04");
    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await page.locator('.breakdown tr[data-term="hint_penalty"] td').textContent()).toBe("−0.04");
    // The hint was a step too: 2 steps against an optimum of 1 (of 10) leave e = 8/9, so
    // 0.05 + 0.35 + 0.25 + 0.25·8/9 − 0.04 = 0.83.
    expect(await page.locator("#result-score").textContent()).toBe("0.83");
  });

  it("a failed edit shows its error and changes nothing", async () => {
    const page = await rig.page();
    await startScenario(page, "typo_filename");
    // From the editor: a new file whose path leaves the repository.
    await page.click("#new-file-button");
    await page.fill("#new-file-path", "../outside.txt");
    await page.keyboard.press("Enter");
    await page.locator(".cm-content").click();
    await page.keyboard.type("not allowed");
    await page.click("#send-button");
    await expect.poll(() => page.locator("#action-error").textContent()).toContain("file_path '../outside.txt' leaves the repository");
    expect(await page.locator(".log-entry.is-failed .log-error").first().textContent()).toContain("last_action_error: file_path '../outside.txt' leaves the repository");
    expect(await page.locator("#status-steps").textContent()).toBe("1 / 10");
    // Typed as JSON, as an agent would send it: a line out of range.
    await page.fill("#raw-action", JSON.stringify({ action_type: "replace_line", file_path: "Dockerfile", line_number: 99, new_content: "x" }));
    await page.click("#raw-form button[type=submit]");
    await expect.poll(() => page.locator("#action-error").textContent()).toContain("line_number 99 is out of range for Dockerfile");
    // An action the server refuses outright (not a step) says why too.
    await page.fill("#raw-action", '{"action_type": "rewrite_everything"}');
    await page.click("#raw-form button[type=submit]");
    await expect.poll(() => page.locator("#action-error").textContent()).toContain("422");
    expect(await page.locator("#status-steps").textContent()).toBe("2 / 10");
    expect(await page.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await page.locator(".log-entry.is-failed").count()).toBe(3);
  });

  it("a file's execute bit, ticked in the page, goes out as apply_patch with git's mode lines", async () => {
    const page = await rig.page();
    await startScenario(page, "entrypoint_not_executable");
    await page.click('.tree-file[data-path="entrypoint.sh"]');
    expect(await page.locator("#editor-language").textContent()).toBe("(shell)");
    // Highlighted: the editor marks up tokens, not one plain run of text.
    expect(await page.locator(".cm-line span[class]").count()).toBeGreaterThan(0);
    await page.check("#exec-toggle");
    expect(await page.locator('.tree-file[data-path="entrypoint.sh"]').textContent()).toContain("modified, executable");
    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await page.locator("#result-score").textContent()).toBe("0.90");
    const step = (await loggedBodies(page))[1];
    expect(step.action).toEqual({ action_type: "apply_patch", patch: "diff --git a/entrypoint.sh b/entrypoint.sh\nold mode 100644\nnew mode 100755\n" });
    expect(await page.locator(".log-title").last().textContent()).toContain("edit_file cannot change a file's mode");
  });

  it("a reset the server refuses says why by the start form", async () => {
    const page = await rig.page();
    await page.route("**/reset", (route) => route.fulfill({ status: 503, json: { detail: "the server is at capacity (1024 live episodes); try again later" } }));
    await page.goto(`${rig.server.url}/`);
    await page.waitForSelector("body[data-ready=true]");
    await page.click("#start-button");
    await expect.poll(() => page.locator("#start-error").textContent()).toContain("answered 503: the server is at capacity");
    expect(await page.locator("#episode").isHidden()).toBe(true);
  });

  it("keeps two people's episodes apart", async () => {
    const [a, b] = [await rig.page(), await rig.page()];
    await startScenario(a, "typo_filename");
    await startScenario(b, "typo_filename");
    // A page in the background gets no animation frames; each person's page is in front while they act.
    await a.bringToFront();
    await retypeLine(a, "COPY requirments.txt .", "COPY requirements.txt .");
    await a.click("#send-button");
    await a.waitForSelector("#result-section:not([hidden])");
    await b.bringToFront();
    await b.click("#hint-button");
    await expect.poll(() => b.locator("#status-steps").textContent()).toBe("1 / 10");
    expect(await b.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await b.locator("#error-log").textContent()).toContain("requirments.txt");
    const ids = [(await loggedBodies(a))[0].episode_id, (await loggedBodies(b))[0].episode_id];
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("the replay view steps through a scenario's reference solution: diffs, rewards, logs, the grade", async () => {
    const scenario = loadCatalog().scenario("full_pipeline_three_bugs")!;
    const page = await rig.page();
    await page.goto(`${rig.server.url}/#replay`);
    await page.waitForSelector("body[data-ready=true]");
    await page.fill("#trajectory-input", JSON.stringify({ scenario_id: scenario.id, actions: scenario.solution }));
    await page.click("#replay-form button[type=submit]");
    const last = scenario.solution.length;
    await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step 0 of ${last}`);
    expect(await page.locator("#step-prev").isDisabled()).toBe(true);
    const grade = (await (await fetch(`${rig.server.url}/grader`, { method: "POST", body: JSON.stringify({ scenario_id: scenario.id, actions: scenario.solution }) })).json()) as {
      history: Array<{ reward: number }>;
    };
    for (let step = 1; step <= last; step++) {
      await page.click("#step-next");
      await expect.poll(() => page.locator("#step-label").textContent()).toBe(`Step ${step} of ${last}`);
      expect(await page.locator(".replay-frame h3").textContent()).toBe(`Step ${step}: ${scenario.solution[step - 1]!.action_type}`);
      const reward = grade.history[step - 1]!.reward;
      expect(await page.locator(".frame-reward").textContent()).toBe(`${reward >= 0 ? "+" : "−"}${Math.abs(reward).toFixed(2)}`);
      expect(await page.locator(".replay-frame .diff-add").count()).toBeGreaterThan(0);
      expect(await page.locator(".replay-frame .log").count()).toBe(1);
      if (step === 1) await page.screenshot({ path: path.join(SHOTS, "4-replay-step-1.png"), fullPage: true });
    }
    expect(await page.locator("#step-next").isDisabled()).toBe(true);
    expect(await page.locator(".replay-frame .log").textContent()).toContain("No error");
    expect(await page.locator("#replay-final .breakdown tfoot td").textContent()).toBe("0.90");
    await page.click("#step-first");
    expect(await page.locator("#step-label").textContent()).toBe(`Step 0 of ${last}`);

    // The same solution against doing nothing, side by side in the arena.
    await page.fill("#trajectory-input", JSON.stringify({ scenario_id: scenario.id, a: { label: "reference", actions: scenario.solution }, b: { label: "noop", actions: [{ action_type: "submit" }] } }));
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#arena-verdict").textContent()).toContain("reference wins");
    expect(await page.locator(".arena-side").count()).toBe(2);
    await page.locator("#arena-result").screenshot({ path: path.join(SHOTS, "6-arena.png") });
    expect(await page.locator(".arena-side.is-winner h3").textContent()).toContain("reference");
    expect(page.problems).toEqual([]);
  });

  it("reads a breakfix eval results file and says when it holds no actions to step through", async () => {
    const page = await rig.page();
    await page.goto(`${rig.server.url}/#replay`);
    await page.waitForSelector("body[data-ready=true]");
    const results = { agent: "baseline", reads_hidden_data: false, episodes: [{ task_id: "dockerfile_syntax", scenario_id: "typo_filename", score: 0.9, steps: 1, solved: true }] };
    await page.fill("#trajectory-input", JSON.stringify(results));
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#replay-choices").textContent()).toContain("not its actions");
    await page.fill("#trajectory-input", "{ not json");
    await page.click("#replay-form button[type=submit]");
    await expect.poll(() => page.locator("#replay-error").textContent()).toContain("not JSON");
  });

  it("/docs renders the OpenAPI document from local files and lists /reset", async () => {
    const page = await rig.page();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(rig.server.url) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    await page.goto(`${rig.server.url}/docs`);
    await page.waitForSelector('.opblock-summary-path[data-path="/reset"]', { timeout: 15_000 });
    expect(await page.locator(".opblock-summary-path").count()).toBeGreaterThan(10);
    expect(foreign).toEqual([]);
    expect(page.problems).toEqual([]);
  });

  it("shows inspect and generated-scenario controls only when the server advertises them", async () => {
    // A server without the inspect action or the generated family shows neither.
    const page = await rig.page();
    await page.route("**/tasks", async (route) => {
      const tasks = await (await route.fetch()).json();
      await route.fulfill({ json: { tasks: tasks.tasks.filter((task: { task_id: string }) => task.task_id !== "generated") } });
    });
    await page.route("**/info", async (route) => {
      const info = await (await route.fetch()).json();
      await route.fulfill({ json: { ...info, action_types: info.action_types.filter((type: string) => type !== "inspect") } });
    });
    await startScenario(page, "typo_filename");
    expect(await page.locator("#inspect-section").isHidden()).toBe(true);
    expect(await page.locator('#task-select option[value="generated"]').count()).toBe(0);

    // A server that has the inspect action and the generated family: /info and /tasks say so.
    const advertised = await rig.page();
    let resetBody: any;
    let resetAnswer: any;
    await advertised.route("**/info", async (route) => {
      const info = await (await route.fetch()).json();
      await route.fulfill({ json: { ...info, action_types: [...info.action_types, "inspect"] } });
    });
    await advertised.route("**/tasks", async (route) => {
      const tasks = await (await route.fetch()).json();
      const generated = { task_id: "generated", title: "Generated scenarios", difficulty: "medium", description: "", scenarios: [], difficulties: ["easy", "hard"] };
      const others = tasks.tasks.filter((task: { task_id: string }) => task.task_id !== "generated");
      await route.fulfill({ json: { tasks: [...others, generated] } });
    });
    await advertised.route("**/reset", async (route) => {
      resetBody = route.request().postDataJSON();
      const response = await route.fetch({ postData: JSON.stringify({ scenario_id: "typo_filename", episode_id: resetBody.episode_id }) });
      resetAnswer = await response.json();
      await route.fulfill({ response, json: resetAnswer });
    });
    await advertised.route("**/step", async (route) => {
      const body = route.request().postDataJSON();
      if (body.action.action_type !== "inspect") return route.continue();
      await route.fulfill({ json: { observation: { ...resetAnswer.observation, step_count: 1, inspect_output: "NAME      READY   STATUS\nweb-1     1/1     Running" }, reward: 0, done: false } });
    });
    await advertised.goto(`${rig.server.url}/`);
    await advertised.waitForSelector("body[data-ready=true]");
    await advertised.selectOption("#task-select", "generated");
    expect(await advertised.locator("#scenario-field").isHidden()).toBe(true);
    expect(await advertised.locator("#difficulty-select option").allTextContents()).toEqual(["easy", "hard"]);
    await advertised.fill("#seed-input", "7");
    await advertised.selectOption("#difficulty-select", "hard");
    await advertised.click("#start-button");
    await advertised.waitForSelector("#inspect-section:not([hidden])");
    expect(resetBody).toEqual({ task_id: "generated", seed: 7, difficulty: "hard", episode_id: expect.stringMatching(/^play-/) });
    await advertised.fill("#inspect-command", "kubectl get pods");
    await advertised.keyboard.press("Enter");
    await expect.poll(() => advertised.locator("#inspect-output").textContent()).toContain("web-1     1/1     Running");
    expect((await loggedBodies(advertised))[1]).toEqual({ action: { action_type: "inspect", command: "kubectl get pods" }, episode_id: resetBody.episode_id });
  });

  it("works from the keyboard: labelled controls, focus order, and the editor does not trap Tab", async () => {
    const page = await rig.page();
    await page.goto(`${rig.server.url}/`);
    await page.waitForSelector("body[data-ready=true]");
    const order: string[] = [];
    for (let i = 0; i < 14 && !order.includes("start-button"); i++) {
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      order.push((await focused.getAttribute("id")) || ((await focused.textContent()) ?? "").trim());
    }
    expect(order[0]).toBe("Skip to content");
    const at = (id: string) => order.indexOf(id);
    expect(at("task-select")).toBeGreaterThan(0);
    expect(at("task-select")).toBeLessThan(at("scenario-select"));
    expect(at("scenario-select")).toBeLessThan(at("start-button"));
    await page.keyboard.press("Enter");
    await page.waitForSelector("#episode:not([hidden])");
    await page.waitForSelector(".cm-content");
    await page.locator(".cm-content").focus();
    await page.keyboard.press("Tab");
    expect(await page.locator(".cm-editor :focus").count()).toBe(0);
    expect(await page.locator(":focus").count()).toBe(1);
    // Every visible control has an accessible name.
    // (In-page code: the suite is type-checked without the DOM library, so the page's objects are `any`.)
    const unnamed = await page.evaluate(() =>
      [...(globalThis as any).document.querySelectorAll("button, input, select, textarea, .cm-content")]
        .filter((el: any) => el.offsetParent !== null)
        .filter((el: any) => {
          const named = (el.getAttribute("aria-label") ?? "").trim() !== "" || el.getAttribute("aria-labelledby") !== null || (el.labels?.length ?? 0) > 0;
          return !named && (el.textContent ?? "").trim() === "";
        })
        .map((el: any) => String(el.outerHTML).slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
  });

  it("is usable on a narrow screen (400 px): no sideways scrolling, the editor and its buttons reachable", async () => {
    const page = await rig.page({ width: 400, height: 800 });
    await startScenario(page, "typo_filename");
    const overflow = await page.evaluate(() => {
      const root = (globalThis as any).document.documentElement;
      return root.scrollWidth - root.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    const editor = await page.locator(".editor").boundingBox();
    expect(editor!.width).toBeGreaterThan(300);
    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await page.check('input[name="send-as"][value="apply_patch"]');
    await page.locator("#send-button").scrollIntoViewIfNeeded();
    // Viewport shots: a full-page capture resizes the window, and the editor's gutter re-measures after it.
    await page.screenshot({ path: path.join(SHOTS, "5-narrow-editor.png") });
    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    await page.locator("#result-section").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "5-narrow-done.png") });
    expect(await page.locator("#result-score").textContent()).toBe("0.90");
    expect((await loggedBodies(page))[1].action.patch).toContain("-COPY requirments.txt .\n+COPY requirements.txt .");
  });
});
