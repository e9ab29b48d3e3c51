/**
 * Choosing what to play: a task and one of its scenarios, or, for the generated family when the server lists
 * one (task `generated` in /tasks), a seed and a difficulty (and a split when the family lists splits). The
 * form produces the /reset body; a `?scenario=ID` in the page's address preselects that scenario, a generated
 * one (`gen:<split>:<difficulty>:<seed>`) included, so a scenario can be linked.
 */
import { byId, h } from "./dom.js";
import { MAX_SEED, parseGeneratedId } from "./generated-id.js";
import type { ResetBody, TaskView } from "./types.js";

export const GENERATED_TASK = "generated";
const DEFAULT_DIFFICULTIES = ["easy", "medium", "hard", "expert"];

export type StartRequest = Omit<ResetBody, "episode_id">;

/** Wires the start form; `start` gets the reset body (without the episode id, which the episode adds). */
export function initStartForm(tasks: readonly TaskView[], start: (request: StartRequest) => void): void {
  const form = byId<HTMLFormElement>("start-form");
  const taskSelect = byId<HTMLSelectElement>("task-select");
  const scenarioSelect = byId<HTMLSelectElement>("scenario-select");
  const difficultySelect = byId<HTMLSelectElement>("difficulty-select");
  const splitSelect = byId<HTMLSelectElement>("split-select");
  const seedInput = byId<HTMLInputElement>("seed-input");

  taskSelect.replaceChildren(...tasks.map((t) => h("option", { value: t.task_id }, `${t.title} (${t.task_id === GENERATED_TASK ? "by seed" : t.difficulty})`)));

  const showTask = (taskId: string): void => {
    const task = tasks.find((t) => t.task_id === taskId);
    const generated = taskId === GENERATED_TASK;
    byId("scenario-field").hidden = generated;
    scenarioSelect.required = !generated;
    byId("generated-fields").hidden = !generated;
    if (generated) {
      difficultySelect.replaceChildren(...(task?.difficulties ?? DEFAULT_DIFFICULTIES).map((d) => h("option", { value: d }, d)));
      const splits = task?.splits ?? [];
      byId("split-field").hidden = splits.length === 0;
      splitSelect.replaceChildren(...splits.map((s) => h("option", { value: s }, s)));
      return;
    }
    scenarioSelect.replaceChildren(
      ...(task?.scenarios ?? []).map((s) =>
        h("option", { value: s.scenario_id }, `${s.title} — ${s.scenario_id} (${s.difficulty}, ${s.issues_total} issue${s.issues_total === 1 ? "" : "s"})`),
      ),
    );
  };
  taskSelect.addEventListener("change", () => showTask(taskSelect.value));

  const wanted = new URLSearchParams(location.search).get("scenario");
  const generated = wanted === null ? null : parseGeneratedId(wanted);
  const owner = wanted === null ? undefined : tasks.find((t) => t.scenarios.some((s) => s.scenario_id === wanted));
  const hasGenerated = tasks.some((t) => t.task_id === GENERATED_TASK);
  taskSelect.value = generated !== null && hasGenerated ? GENERATED_TASK : (owner?.task_id ?? tasks[0]?.task_id ?? "");
  showTask(taskSelect.value);
  if (owner !== undefined && wanted !== null) scenarioSelect.value = wanted;
  if (generated !== null && hasGenerated) {
    seedInput.value = String(generated.seed);
    difficultySelect.value = generated.difficulty;
    splitSelect.value = generated.split;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (taskSelect.value === GENERATED_TASK) {
      const seed = Number(seedInput.value);
      if (!Number.isSafeInteger(seed) || seed < 0 || seed > MAX_SEED) {
        seedInput.setCustomValidity(`The seed is a whole number from 0 to ${MAX_SEED}.`);
        seedInput.reportValidity();
        return;
      }
      seedInput.setCustomValidity("");
      start({
        task_id: GENERATED_TASK,
        seed,
        difficulty: difficultySelect.value,
        ...(byId("split-field").hidden ? {} : { split: splitSelect.value }),
      });
      return;
    }
    start({ task_id: taskSelect.value, scenario_id: scenarioSelect.value });
  });
  seedInput.addEventListener("input", () => seedInput.setCustomValidity(""));
}

