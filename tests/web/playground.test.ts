/**
 * The playground in a real browser (Debian's chromium through playwright-core) against a real server:
 * a scenario played to 0.9 by editing in the editor, a hint and its penalty, failed edits and their errors,
 * people playing side by side, /docs, keyboard use and a narrow screen. Screenshots at 1280x800 (start,
 * mid-episode, done) go to tests/web/screenshots/ (git-ignored).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, SKIP_REASON, startRig, type BrowserRig } from "./browser.js";
import { loggedBodies, openPlayground, retypeLine, shot, sidewaysOverflow, startScenario as startOn, unnamedControls } from "./page-helpers.js";
import type { Page } from "playwright-core";

const suite = CHROMIUM === null ? describe.skip : describe;
const title = CHROMIUM === null ? `playground in chromium (${SKIP_REASON})` : "playground in chromium";

let rig: BrowserRig;

beforeAll(async () => {
  if (CHROMIUM === null) return;
  rig = await startRig();
}, 45_000);

afterAll(async () => {
  await rig?.close();
});

const startScenario = (page: Page, scenario: string) => startOn(page, rig.server.url, scenario);

// A browser step waits on chromium and the server; under a loaded machine a test may take many seconds.
suite(title, { timeout: 60_000 }, () => {
  it("plays typo_filename to 0.9: an edit in the editor goes out as edit_file on the page's own episode", async () => {
    const page = await rig.page();
    await startScenario(page, "typo_filename");
    await expect.poll(() => page.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await page.locator("#status-steps").textContent()).toBe("0 / 10");
    expect(await page.locator("#error-log").textContent()).toContain('"/requirments.txt": not found');
    expect(await page.locator("#editor-file").textContent()).toBe("Dockerfile");
    await page.screenshot({ path: shot("1-start.png") });

    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await expect.poll(() => page.locator("#send-button").textContent()).toBe("Send edit (1 file)");
    await page.locator("#pending-details summary").click();
    const pending = JSON.parse((await page.locator("#pending-json").textContent())!);
    expect(pending.action).toEqual({
      action_type: "edit_file",
      edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt .", new_content: "COPY requirements.txt ." }],
    });
    await page.screenshot({ path: shot("2-mid-episode.png") });

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
    await page.screenshot({ path: shot("3-done.png") });

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
    await openPlayground(page, `${rig.server.url}/`);
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

  it("/docs, linked from the playground, renders the OpenAPI document from local files and lists /reset", async () => {
    const page = await rig.page();
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(rig.server.url) && !request.url().startsWith("data:")) foreign.push(request.url());
    });
    await openPlayground(page, `${rig.server.url}/`);
    await page.getByRole("link", { name: "API docs" }).first().click();
    await page.waitForSelector('.opblock-summary-path[data-path="/reset"]', { timeout: 15_000 });
    expect(page.url()).toBe(`${rig.server.url}/docs`);
    expect(await page.locator(".opblock-summary-path").count()).toBeGreaterThan(10);
    expect(foreign).toEqual([]);
    expect(page.problems).toEqual([]);
  });

  it("links the catalogue, OpenEnv's metadata and the README's Python and MCP quick starts", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/`);
    for (const [name, href] of [["/tasks", "tasks"], ["/metadata", "metadata"]]) expect(await page.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
    await page.getByRole("link", { name: "Python & MCP quick starts" }).click();
    await page.waitForSelector("#view-connect:not([hidden]) #quick-starts pre");
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe("connect-heading");
    const text = (await page.locator("#quick-starts").textContent())!;
    expect(text).toContain("GenericEnvClient");
    expect(text).toContain('"mcpServers"');
    expect(await page.locator("#view-play").isHidden()).toBe(true);
    // The browser's back button returns to the playground.
    await page.goBack();
    await page.waitForSelector("#view-play:not([hidden])");
    expect(page.problems).toEqual([]);
  });

  it("works from the keyboard: labelled controls, focus order, and the editor does not trap Tab", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/`);
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
    const unnamed = await unnamedControls(page);
    expect(unnamed).toEqual([]);
  });

  it("is usable on a phone's screen (390x844): no sideways scrolling, the editor and its buttons reachable", async () => {
    const page = await rig.page({ width: 390, height: 844 });
    await startScenario(page, "typo_filename");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const editor = await page.locator(".editor").boundingBox();
    expect(editor!.width).toBeGreaterThan(300);
    // The panes stack: the editor comes below the file list, the side panel below the editor.
    const files = (await page.locator(".files-pane").boundingBox())!;
    const side = (await page.locator(".side-pane").boundingBox())!;
    expect(editor!.y).toBeGreaterThan(files.y + files.height - 1);
    expect(side.y).toBeGreaterThan(editor!.y + editor!.height - 1);
    expect(files.width).toBeGreaterThan(340);
    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await page.check('input[name="send-as"][value="apply_patch"]');
    await page.locator("#send-button").scrollIntoViewIfNeeded();
    // Viewport shots: a full-page capture resizes the window, and the editor's gutter re-measures after it.
    await page.screenshot({ path: shot("5-narrow-editor.png") });
    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    await page.locator("#result-section").scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot("5-narrow-done.png") });
    expect(await page.locator("#result-score").textContent()).toBe("0.90");
    expect((await loggedBodies(page))[1].action.patch).toContain("-COPY requirments.txt .\n+COPY requirements.txt .");
  });
});
