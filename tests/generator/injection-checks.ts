/** What the injector families' tests check alike: the lines an injection writes, and repairs applied in order. */
import { isEditAction } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { repositoryFrom } from "../../simulators/repository.js";
import type { Injection } from "../../tasks/generator/injector.js";
import type { Files } from "../../tasks/generator/scenario.js";

/** The (file, line) pairs an injection writes that the files before it did not have. */
export function addedLines(before: Files, injection: Injection): Set<string> {
  const out = new Set<string>();
  for (const c of injection.changes) {
    if ("remove" in c) continue;
    const had = new Set((before[c.file]?.content ?? "").split("\n"));
    for (const line of c.content.split("\n")) if (!had.has(line)) out.add(`${c.file}\n${line.trim()}`);
  }
  return out;
}

/** Applies repairs in order; the first that does not apply is returned as an error. */
export function repairAll(files: Files, repairs: readonly Injection[]): string | null {
  let repo = repositoryFrom(files);
  for (const injection of repairs) {
    for (const action of injection.repair) {
      if (!isEditAction(action)) continue;
      const out = applyEditAction(repo, action);
      if (!out.ok) return `${injection.kind}: ${out.error}`;
      repo = out.repo;
    }
  }
  return null;
}
