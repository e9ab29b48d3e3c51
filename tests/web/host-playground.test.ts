/**
 * The playground on a host scenario in a real browser (Debian's chromium through playwright-core) against a
 * real server: unit_user_missing played to a solved state through the page only (the tree, the editor, the
 * host command box), following the scenario's reference solution; a refused host command shown with its
 * reason and changing nothing; absolute paths for host files; the replay and arena views naming the host
 * commands; the box absent on a repository scenario; labels and a phone's screen.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";
import { CHROMIUM, SKIP_REASON, startRig, type BrowserRig } from "./browser.js";
import { loggedBodies, retypeLine, shot, sidewaysOverflow, startScenario as startOn, unnamedControls } from "./page-helpers.js";

const suite = CHROMIUM === null ? describe.skip : describe;
const title = CHROMIUM === null ? `host playground in chromium (${SKIP_REASON})` : "host playground in chromium";

const SCENARIO = "unit_user_missing";
const scenario = loadCatalog().scenario(SCENARIO)!;
// The reference solution: the unit's User= line put back, then daemon-reload and a restart.
const [fix, restart] = scenario.solution as [
  { action_type: "edit_file"; edits: [{ file_path: string; old_content: string; new_content: string }] },
  { action_type: "host"; command: string },
];
const UNIT = fix.edits[0].file_path;

let rig: BrowserRig;

beforeAll(async () => {
  if (CHROMIUM === null) return;
  rig = await startRig();
}, 45_000);

afterAll(async () => {
  await rig?.close();
});

const startScenario = (page: Page, id: string) => startOn(page, rig.server.url, id);

async function state(episodeId: string): Promise<{ files: Record<string, string>; file_modes: Record<string, string>; failed_actions: number; step_count: number; actions: unknown[] }> {
  return (await (await fetch(`${rig.server.url}/state?episode_id=${episodeId}`)).json()) as never;
}

/** Types a host command into the box and runs it with Enter, then waits for its history entry. */
async function runHost(page: Page, command: string): Promise<void> {
  const before = await page.locator("#host-history li").count();
  await page.locator("#host-command").fill(command);
  await page.locator("#host-command").press("Enter");
  await expect.poll(() => page.locator("#host-history li").count()).toBe(before + 1);
}

suite(title, { timeout: 90_000 }, () => {
  it("plays unit_user_missing to solved through the page: a refused command changes nothing, then the edit and the host command fix it", async () => {
    const page = await rig.page();
    await startScenario(page, SCENARIO);
    expect(await page.locator("#host-section").isVisible()).toBe(true);
    expect(await page.locator("#inspect-command").getAttribute("placeholder")).toBe("systemctl --failed");
    expect(await page.locator("#host-history-empty").textContent()).toBe("None yet.");
    // The tree starts at / with folded folders; the open file's folders are open, the others closed.
    expect(await page.locator(".tree-root").textContent()).toContain("/");
    expect(await page.locator("#editor-file").textContent()).toMatch(/^\/etc\//);
    const varFolder = page.locator("#file-tree details:has(> summary:text-is('var/'))");
    expect(await varFolder.getAttribute("open")).toBeNull();
    expect(await page.locator('.tree-file[data-path="var/log/syslog"]').isVisible()).toBe(false);
    const [reset] = await loggedBodies(page);
    const start = await state(reset.episode_id);

    // A unit that does not exist: refused as a failed action, with the host's reason, and nothing changes.
    await runHost(page, "systemctl restart shopp");
    const refused = page.locator("#host-history li").last();
    expect(await refused.getAttribute("class")).toContain("is-failed");
    expect(await refused.textContent()).toContain("$ systemctl restart shopp");
    expect(await refused.textContent()).toContain("Unit shopp.service not found.");
    expect(await refused.locator(".badge-failed").textContent()).toBe("refused");
    expect(await page.locator("#action-error").textContent()).toContain("The host refused the command, which changed nothing (−0.02): Failed to restart shopp.service: Unit shopp.service not found.");
    // The refused command stays in the box to be corrected, and the box keeps focus.
    expect(await page.locator("#host-command").inputValue()).toBe("systemctl restart shopp");
    expect(await page.evaluate(() => (globalThis as any).document.activeElement.id)).toBe("host-command");
    const afterRefusal = await state(reset.episode_id);
    expect(afterRefusal.files).toEqual(start.files);
    expect(afterRefusal.file_modes).toEqual(start.file_modes);
    expect([afterRefusal.failed_actions, afterRefusal.step_count]).toEqual([1, 1]);
    expect(await page.locator("#status-issues").textContent()).toBe("0 / 1");

    // The unit file, opened from the tree's folded folders, is named by its absolute path and sent as one.
    await page.locator("#file-tree summary", { hasText: /^systemd\/system\/$/ }).click();
    await page.click(`.tree-file[data-path="${UNIT}"]`);
    expect(await page.locator("#editor-file").textContent()).toBe(`/${UNIT}`);
    await retypeLine(page, fix.edits[0].old_content.trim(), fix.edits[0].new_content.trim());
    await page.locator("#pending-details summary").click();
    const pending = JSON.parse((await page.locator("#pending-json").textContent())!);
    expect(pending.action).toEqual({ action_type: "edit_file", edits: [{ file_path: `/${UNIT}`, old_content: "User=shopapp", new_content: "User=shop" }] });
    await page.click("#send-button");
    await expect.poll(() => page.locator("#status-steps").textContent()).toMatch(/^2 \//);
    expect((await state(reset.episode_id)).files[UNIT]).toContain("\nUser=shop\n");
    // systemd still runs the unit it loaded: not fixed until daemon-reload and a restart.
    expect(await page.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await page.locator(".tree-file.is-modified").count()).toBe(0);

    await page.screenshot({ path: shot("host-1-mid-episode.png") });
    await runHost(page, restart.command);
    await page.waitForSelector("#result-section:not([hidden])");
    const ran = page.locator("#host-history li").last();
    expect(await ran.getAttribute("class")).not.toContain("is-failed");
    expect(await ran.textContent()).toContain(`Step 3: $ ${restart.command}`);
    expect(await page.locator("#host-command").inputValue()).toBe("");
    expect(await page.locator("#status-issues").textContent()).toBe("1 / 1");
    expect(await page.locator("#error-log").textContent()).toBe("No alert firing.");
    await page.screenshot({ path: shot("host-2-done.png") });

    // The page sent exactly the solution's actions after the refused one, and the grader agrees on the score.
    const bodies = await loggedBodies(page);
    expect(bodies.slice(1).map((b) => b.action)).toEqual([
      { action_type: "host", command: "systemctl restart shopp" },
      pending.action,
      { action_type: "host", command: restart.command },
    ]);
    const played = await state(reset.episode_id);
    const graded = (await (
      await fetch(`${rig.server.url}/grader`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: SCENARIO, actions: played.actions }) })
    ).json()) as { breakdown: { score: number; solved: boolean; failed_actions: number } };
    expect(graded.breakdown.solved).toBe(true);
    expect(graded.breakdown.failed_actions).toBe(1);
    expect(await page.locator("#result-score").textContent()).toBe(graded.breakdown.score.toFixed(2));
    // Once done, the host box no longer runs commands.
    expect(await page.locator("#host-form button[type=submit]").isDisabled()).toBe(true);

    // The replay names each host command and shows what it printed or why it was refused.
    await page.click("#replay-episode-button");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe("Step 0 of 3");
    await page.click("#step-next");
    expect(await page.locator(".replay-frame h3").textContent()).toBe("Step 1: host");
    expect(await page.locator(".replay-frame .frame-command").textContent()).toBe("$ systemctl restart shopp");
    expect(await page.locator(".replay-frame .log-error").textContent()).toContain("Unit shopp.service not found.");
    await page.click("#step-next");
    expect(await page.locator(".replay-frame .frame-command").textContent()).toBe(`edits /${UNIT}`);
    await page.click("#step-next");
    expect(await page.locator(".replay-frame .frame-command").textContent()).toBe(`$ ${restart.command}`);
    expect(await page.locator(".replay-frame h4", { hasText: "Host command output" }).count()).toBe(1);
    expect(await page.locator("#replay-final .history tbody tr").nth(2).locator("td").nth(1).textContent()).toBe(`host $ ${restart.command}`);
    expect(page.problems).toEqual([]);
  });

  it("compares two host trajectories in the arena with each step's command", async () => {
    const page = await rig.page();
    await page.goto(`${rig.server.url}/#replay`);
    await page.waitForSelector("body[data-ready=true]");
    const request = { scenario_id: SCENARIO, a: { label: "reference", actions: scenario.solution }, b: { label: "restart only", actions: [{ action_type: "host", command: "systemctl restart shop" }] } };
    await page.fill("#trajectory-input", JSON.stringify(request));
    await page.click("#replay-form button[type=submit]");
    await page.waitForSelector("#arena-result:not([hidden])");
    expect(await page.locator("#arena-verdict").textContent()).toMatch(/^reference wins/);
    const cells = await page.locator(".arena-side").nth(1).locator(".history tbody td:nth-child(2)").allTextContents();
    expect(cells).toEqual(["host $ systemctl restart shop"]);
    expect(await page.locator(".arena-side").first().locator(".history tbody td:nth-child(2) code").allTextContents()).toEqual([`edits ${UNIT}`, `$ ${restart.command}`]);
    expect(page.problems).toEqual([]);
  });

  it("offers no host box on a repository scenario", async () => {
    const page = await rig.page();
    await startScenario(page, "typo_filename");
    expect(await page.locator("#host-section").isHidden()).toBe(true);
    expect(await page.locator(".tree-root").count()).toBe(0);
    expect(await page.locator("#editor-file").textContent()).toBe("Dockerfile");
    expect(await page.locator("#inspect-command").getAttribute("placeholder")).toBe("docker build .");
  });

  it("on a phone's screen (390x844): labelled controls, no sideways scrolling, a new host file by its absolute path", async () => {
    const page = await rig.page({ width: 390, height: 844 });
    await startScenario(page, SCENARIO);
    expect(await unnamedControls(page)).toEqual([]);
    await runHost(page, "systemctl daemon-reload");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await page.locator("#host-form").boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(await page.locator("#host-history li").last().textContent()).toContain("(no output)");

    // A drop-in created by its absolute path lands at the host's path, and nothing is left unsent.
    await page.click("#new-file-button");
    await page.fill("#new-file-path", "/etc/systemd/system/shop.service.d/override.conf");
    await page.press("#new-file-path", "Enter");
    expect(await page.locator("#editor-file").textContent()).toBe("/etc/systemd/system/shop.service.d/override.conf");
    await page.locator(".cm-content").click();
    await page.keyboard.type("[Service]\nUser=shop\n");
    await page.click("#send-button");
    await expect.poll(() => page.locator("#status-steps").textContent()).toMatch(/^2 \//);
    const bodies = await loggedBodies(page);
    expect(bodies[2].action.edits[0].file_path).toBe("/etc/systemd/system/shop.service.d/override.conf");
    expect(await page.locator("#action-error").isHidden()).toBe(true);
    expect(await page.locator("#pending-summary").textContent()).toBe("No unsent changes.");
    await runHost(page, "systemctl daemon-reload && systemctl restart shop");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await page.locator("#status-issues").textContent()).toBe("1 / 1");
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot("host-3-narrow-done.png") });
    expect(page.problems).toEqual([]);
  });
});
