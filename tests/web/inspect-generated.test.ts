/**
 * The playground's inspection box and generated scenarios in a real browser against a real server: an
 * inspection's real output, counted as a step and logged as the JSON an agent sends, a refusal that is no
 * failed action, the same 0.9 with inspections in between; a generated scenario picked by seed, difficulty and
 * split (or linked by its id) and played to the end with its oracle; and neither control on a server that does
 * not advertise them.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runExport } from "../../server/cli/export.js";
import { CHROMIUM, SKIP_REASON, startRig, type BrowserRig } from "./browser.js";
import { loggedBodies, openPlayground, retypeLine, shot, startScenario } from "./page-helpers.js";

const suite = CHROMIUM === null ? describe.skip : describe;
const title = CHROMIUM === null ? `inspections and generated scenarios in chromium (${SKIP_REASON})` : "inspections and generated scenarios in chromium";

let rig: BrowserRig;

beforeAll(async () => {
  if (CHROMIUM === null) return;
  rig = await startRig();
}, 45_000);

afterAll(async () => {
  await rig?.close();
});

async function inspect(page: Page, command: string, step: number): Promise<string> {
  await page.fill("#inspect-command", command);
  await page.keyboard.press("Enter");
  await expect.poll(() => page.locator("#status-steps").textContent()).toBe(`${step} / 10`);
  return (await page.locator("#inspect-output").textContent()) ?? "";
}

/** `breakfix export`'s line for one generated scenario (its oracle trajectory among the fields). */
async function exportLine(split: string, difficulty: string, seed: number): Promise<{ scenario_id: string; oracle: unknown[]; issues_total: number }> {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), "breakfix-export-")), "line.jsonl");
  const io = { stdout: () => {}, stderr: () => {}, env: {}, cwd: process.cwd() };
  expect(await runExport(["--split", split, "--difficulty", difficulty, "--count", "1", "--from", String(seed), "--out", out, "--quiet"], io)).toBe(0);
  return JSON.parse(readFileSync(out, "utf8").trim());
}

// A browser step waits on chromium and the server; under a loaded machine a test may take many seconds.
suite(title, { timeout: 60_000 }, () => {
  it("an inspection shows the simulation's output, is a step, and is logged as the inspect action", async () => {
    const page = await rig.page();
    await startScenario(page, rig.server.url, "typo_filename");
    await page.waitForSelector("#inspect-section:not([hidden])");
    // The suggestions follow the files; picking one fills the box and sends nothing.
    const chips = await page.locator("#inspect-examples button").allTextContents();
    expect(chips[0]).toBe("docker build .");
    await page.click('#inspect-examples button:text-is("docker build .")');
    expect(await page.inputValue("#inspect-command")).toBe("docker build .");
    expect(await page.locator("#status-steps").textContent()).toBe("0 / 10");

    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#status-steps").textContent()).toBe("1 / 10");
    const build = (await page.locator("#inspect-output").textContent())!;
    expect(build).toContain("=> ERROR [3/5] COPY requirments.txt .");
    expect(build).toContain('"/requirments.txt": not found');
    expect(await page.locator("#inspect-caption").textContent()).toBe("Step 1: $ docker build .");
    const [reset, step] = await loggedBodies(page);
    expect(step).toEqual({ action: { action_type: "inspect", command: "docker build ." }, episode_id: reset.episode_id });
    const entry = page.locator(".log-entry").last();
    expect(await entry.locator(".log-title").textContent()).toBe("Step 1 · inspect · reward 0.00 · issues 0/1");
    expect(await entry.locator(".log-output summary").textContent()).toMatch(/^inspect_output \(\d+ lines\)$/);

    expect(await inspect(page, "cat -n Dockerfile | grep COPY", 2)).toBe("     8\tCOPY requirments.txt .\n    12\tCOPY . .\n");
    await page.screenshot({ path: shot("7-inspect.png") });

    // A command that would change something is refused in the output: it is no failed action.
    expect(await inspect(page, "rm Dockerfile", 3)).toContain("'rm' changes files or state");
    expect(await page.locator("#action-error").isHidden()).toBe(true);
    expect(await page.locator(".log-entry.is-failed").count()).toBe(0);

    // Inspections are steps, not edits: the same one edit still scores 0.90.
    await retypeLine(page, "COPY requirments.txt .", "COPY requirements.txt .");
    await page.click("#send-button");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await page.locator("#result-score").textContent()).toBe("0.90");
    expect(await page.locator("#result-breakdown").textContent()).toContain("inspections3 (steps, but not counted in e)");
    expect(await page.locator("#status-steps").textContent()).toBe("4 / 10");

    // Replayed, an inspection's step shows what it printed and that it changed no file.
    await page.click("#replay-episode-button");
    await expect.poll(() => page.locator("#step-label").textContent()).toBe("Step 0 of 4");
    await page.click("#step-next");
    expect(await page.locator(".replay-frame h3").textContent()).toBe("Step 1: inspect");
    expect(await page.locator(".replay-frame").textContent()).toContain("This step changed no file.");
    expect(await page.locator(".replay-frame h4", { hasText: "Inspection output" }).locator("xpath=following-sibling::pre[1]").textContent()).toContain("=> ERROR [3/5] COPY requirments.txt .");
    expect(page.problems).toEqual([]);
  });

  it("an empty command sends nothing, and the box is shut once the episode is done", async () => {
    const page = await rig.page();
    await startScenario(page, rig.server.url, "typo_filename");
    await page.fill("#inspect-command", "   ");
    await page.keyboard.press("Enter");
    await page.click("#submit-button");
    await page.waitForSelector("#result-section:not([hidden])");
    expect(await loggedBodies(page)).toHaveLength(2);
    expect(await page.locator("#status-steps").textContent()).toBe("1 / 10");
    expect(await page.locator("#inspect-form button[type=submit]").isDisabled()).toBe(true);
  });

  it("plays a generated scenario picked by seed, difficulty and split, to the end with its oracle", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/`);
    await page.selectOption("#task-select", "generated");
    expect(await page.locator("#scenario-field").isHidden()).toBe(true);
    expect(await page.locator("#difficulty-select option").allTextContents()).toEqual(["easy", "medium", "hard", "expert"]);
    expect(await page.locator("#split-select option").allTextContents()).toEqual(["train", "validation", "test"]);

    // A seed no generated id can carry (below 0, past 15 digits, not whole) is refused by the form, before any request.
    for (const seed of ["-1", "9007199254740991", "2.5"]) {
      await page.fill("#seed-input", seed);
      await page.click("#start-button");
      expect(await page.locator("#episode").isHidden(), seed).toBe(true);
      expect(await page.evaluate(() => (globalThis as any).document.querySelector("#seed-input").validity.valid), seed).toBe(false);
    }
    expect(await loggedBodies(page)).toEqual([]);

    await page.fill("#seed-input", "3");
    await page.selectOption("#difficulty-select", "easy");
    await page.selectOption("#split-select", "train");
    await page.click("#start-button");
    await expect.poll(() => page.locator("#status-scenario").textContent()).toBe("gen:train:easy:3 (easy)");
    const [reset] = await loggedBodies(page);
    expect(reset).toEqual({ task_id: "generated", seed: 3, difficulty: "easy", split: "train", episode_id: expect.stringMatching(/^play-/) });
    expect(await page.locator("#status-issues").textContent()).toBe("0 / 1");
    expect(await page.locator(".tree-file").count()).toBeGreaterThan(3);
    expect(await page.locator("#error-log").textContent()).not.toBe("");

    // Its oracle (from `breakfix export`), typed as JSON actions, repairs it.
    const line = await exportLine("train", "easy", 3);
    expect(line.scenario_id).toBe("gen:train:easy:3");
    // (Its closing submit is not needed: the episode is over once the last repair lands.)
    for (const action of line.oracle) {
      if (await page.locator("#result-section").isVisible()) break;
      await page.fill("#raw-action", JSON.stringify(action));
      await page.click("#raw-form button[type=submit]");
      await page.waitForSelector('#episode[aria-busy="false"]');
    }
    await page.waitForSelector("#result-section:not([hidden])");
    expect(Number(await page.locator("#result-score").textContent())).toBeGreaterThanOrEqual(0.9);
    expect(await page.locator("#status-issues").textContent()).toBe("1 / 1");
    expect(page.problems).toEqual([]);
  });

  it("a generated scenario's id in the address preselects its seed, difficulty and split", async () => {
    const page = await rig.page();
    await openPlayground(page, `${rig.server.url}/?scenario=gen:test:medium:5`);
    expect(await page.inputValue("#task-select")).toBe("generated");
    expect(await page.inputValue("#seed-input")).toBe("5");
    expect(await page.inputValue("#difficulty-select")).toBe("medium");
    expect(await page.inputValue("#split-select")).toBe("test");
    await page.click("#start-button");
    await expect.poll(() => page.locator("#status-scenario").textContent()).toBe("gen:test:medium:5 (medium)");
    // What the generator draws for this id is its business; the page must show what the API serves for it.
    const served = (await (await fetch(`${rig.server.url}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ scenario_id: "gen:test:medium:5" }) })).json()) as {
      observation: { issues_total: number; files: Record<string, string> };
    };
    const paths = Object.keys(served.observation.files);
    expect(await page.locator("#status-issues").textContent()).toBe(`0 / ${served.observation.issues_total}`);
    // Suggestions name the repository's own Dockerfile folders, and cluster commands for its manifests.
    const dockerfileFolders = paths.filter((p) => /(^|\/)Dockerfile$/.test(p)).map((p) => (p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "."));
    const chips = await page.locator("#inspect-examples button").allTextContents();
    expect(chips).toContain(`docker build ${dockerfileFolders[0]}`);
    expect(await page.locator("#inspect-suggestions option").evaluateAll((options) => options.map((o: any) => o.value))).toContain("kubectl get pods");
    // Its files open highlighted by their language: a manifest as YAML, package.json as JSON, a Dockerfile.
    const pick = (test: (p: string) => boolean) => paths.find(test);
    for (const [file, language] of [
      [pick((p) => /\.ya?ml$/.test(p) && !p.startsWith(".github/")), "YAML"],
      [pick((p) => p.endsWith(".json")), "JSON"],
      [pick((p) => /(^|\/)Dockerfile$/.test(p)), "Dockerfile"],
    ] as const) {
      if (file === undefined) continue;
      await page.click(`.tree-file[data-path="${file}"]`);
      expect(await page.locator("#editor-language").textContent()).toBe(`(${language})`);
      expect(await page.locator(".cm-line span[class]").count()).toBeGreaterThan(0);
    }
  });

  it("shows neither control on a server without the inspect action or the generated family", async () => {
    const page = await rig.page();
    await page.route("**/tasks", async (route) => {
      const tasks = await (await route.fetch()).json();
      await route.fulfill({ json: { tasks: tasks.tasks.filter((task: { task_id: string }) => task.task_id !== "generated") } });
    });
    await page.route("**/info", async (route) => {
      const info = await (await route.fetch()).json();
      await route.fulfill({ json: { ...info, action_types: info.action_types.filter((type: string) => type !== "inspect") } });
    });
    await startScenario(page, rig.server.url, "typo_filename");
    expect(await page.locator("#inspect-section").isHidden()).toBe(true);
    expect(await page.locator('#task-select option[value="generated"]').count()).toBe(0);
  });
});
