/**
 * What the browser suites do on the page as a user would: start a scenario through the start form, retype an
 * editor line by keyboard, read the action log's JSON bodies, measure sideways overflow. Screenshots go to
 * tests/web/screenshots/ (git-ignored).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { loadCatalog } from "../../tasks/catalog.js";

export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "screenshots");

/** The screenshot folder's path for `name`, the folder made when missing. */
export function shot(name: string): string {
  mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, name);
}

/** Opens the playground at `url` and waits for the catalogue to load. */
export async function openPlayground(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
}

/** Opens the playground and starts a curated `scenario` through the start form. */
export async function startScenario(page: Page, baseUrl: string, scenario: string): Promise<void> {
  await openPlayground(page, `${baseUrl}/`);
  const task = loadCatalog().scenario(scenario)!.task_id;
  await page.selectOption("#task-select", task);
  await page.selectOption("#scenario-select", scenario);
  await page.click("#start-button");
  await expect.poll(() => page.locator("#status-scenario").textContent()).toMatch(new RegExp(`^${scenario} `));
}

/** Replaces the editor line that reads `from` with `to`, by keyboard. */
export async function retypeLine(page: Page, from: string, to: string): Promise<void> {
  await page.locator(".cm-line", { hasText: from }).first().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.type(to);
}

/** The JSON bodies the action log shows, in order (the log prints "METHOD /path" then the body). */
export async function loggedBodies(page: Page): Promise<any[]> {
  const texts = await page.locator(".log-json").allTextContents();
  return texts.map((t) => JSON.parse(t.slice(t.indexOf("\n") + 1)));
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  // In-page code: the suite is type-checked without the DOM library, so the page's objects are `any`.
  return page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Visible controls with no accessible name (no label, aria-label, aria-labelledby or text). */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...(globalThis as any).document.querySelectorAll("button, input, select, textarea, .cm-content")]
      .filter((el: any) => el.offsetParent !== null)
      .filter((el: any) => {
        const named = (el.getAttribute("aria-label") ?? "").trim() !== "" || el.getAttribute("aria-labelledby") !== null || (el.labels?.length ?? 0) > 0;
        return !named && (el.textContent ?? "").trim() === "";
      })
      .map((el: any) => String(el.outerHTML).slice(0, 80)),
  );
}
