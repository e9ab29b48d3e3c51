/**
 * The one way every rule's own cases are run, whatever its domain: a case is a small repository played
 * through the whole simulator as a scenario would (or as `breakfix lint` would, for a case marked `lint`),
 * and judged the same way everywhere. A valid case raises nothing of the rule and no error at all, and the
 * rule was evaluated on it; an invalid case raises the rule's finding where the case says, with the rule's
 * stage and severity and the text it names.
 */
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import type { SimulationResult } from "../simulation.js";
import { parseWorld } from "../world.js";
import type { Diagnostic } from "../diagnostic.js";
import type { RuleCase, RuleCases, RuleInfo } from "./rule.js";

export function runCase(c: RuleCase): SimulationResult {
  return simulateRepository(repositoryFrom(c.files), parseWorld(c.world ?? {}), { worldKnown: c.lint !== true, context: true });
}

/** What is wrong with a valid case's run, or null. */
export function validProblem(rule: RuleInfo, result: SimulationResult): string | null {
  const own = result.diagnostics.filter((d) => d.code === rule.code);
  if (own.length > 0) return `fired: ${own.map(show).join("; ")}`;
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return `a valid case must run clean, but: ${errors.map(show).join("; ")}`;
  return null;
}

/** Whether the rule was judged on some file of a valid case (a rule that never looked proves nothing). */
export function wasEvaluated(rule: RuleInfo, result: SimulationResult): boolean {
  return [...result.checked].some((k) => k.startsWith(`${rule.code}@`));
}

/** What is wrong with an invalid case's run, or null. */
export function invalidProblem(rule: RuleInfo, c: RuleCase, result: SimulationResult): string | null {
  const own = result.diagnostics.filter((d) => d.code === rule.code);
  const hit = own.find((d) => (c.file === undefined || d.file === c.file) && (c.line === undefined || d.line === c.line) && (c.message === undefined || d.message.includes(c.message)));
  if (!hit) return `no ${rule.code} finding${c.file ? ` on ${c.file}` : ""}${c.line ? ` at line ${c.line}` : ""}${c.message ? ` saying "${c.message}"` : ""}; found: ${result.diagnostics.map(show).join("; ") || "nothing"}`;
  if (hit.stage !== rule.stage) return `stage ${hit.stage}, but the rule says ${rule.stage}`;
  if (hit.severity !== rule.severity) return `severity ${hit.severity}, but the rule says ${rule.severity}`;
  if (hit.message.includes("\n")) return "a message must be one line (logs carry the rest)";
  const keys = own.map((d) => JSON.stringify([d.file, d.line, d.column, d.message]));
  if (new Set(keys).size !== keys.length) return "the same finding is reported twice";
  return null;
}

/** Cases repeated within a rule (the same files and world), which test nothing twice. */
export function repeatedCases(cases: RuleCases): string[] {
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const c of [...cases.valid, ...cases.invalid]) {
    const key = JSON.stringify([c.files, c.world ?? null, c.lint ?? false]);
    if (seen.has(key)) repeated.push(c.name ?? key.slice(0, 80));
    seen.add(key);
  }
  return repeated;
}

function show(d: Diagnostic): string {
  return `${d.file}:${d.line} ${d.code} ${d.message.split("\n")[0]}`;
}
