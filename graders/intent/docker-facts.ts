/** The Dockerfile facts intent checks read: what each Dockerfile declares, the images built, the guards run. */
import type { DeclaredDockerfile } from "../../simulators/docker/declared.js";
import type { DockerfileDeclaredEvent, ImageBuiltEvent, RunStepEvent } from "../../simulators/docker/events.js";
import type { GuardFact } from "../../simulators/docker/commands/command.js";
import type { Image } from "../../simulators/docker/image.js";
import type { RepositoryState } from "./types.js";
import { perState } from "./per-state.js";

/** What each Dockerfile declares, by path (the first reading when a build ran more than once). */
function computeDeclaredDockerfiles(state: RepositoryState): Map<string, DeclaredDockerfile> {
  const out = new Map<string, DeclaredDockerfile>();
  for (const { event } of state.facts.of<DockerfileDeclaredEvent>("dockerfile-declared")) if (!out.has(event.file)) out.set(event.file, event.declared);
  return out;
}
export const declaredDockerfiles = perState(computeDeclaredDockerfiles);

/** The image each Dockerfile built, by path (the first build when a pipeline built it several times). */
function computeBuiltImages(state: RepositoryState): Map<string, Image> {
  const out = new Map<string, Image>();
  for (const { event } of state.facts.of<ImageBuiltEvent>("image-built")) if (!out.has(event.file)) out.set(event.file, event.image);
  return out;
}
export const builtImages = perState(computeBuiltImages);

/** The guards each Dockerfile's RUN steps ran, by path. */
function computeGuardsRun(state: RepositoryState): Map<string, GuardFact[]> {
  const out = new Map<string, GuardFact[]>();
  for (const { file, event } of state.facts.of<RunStepEvent>("run-step")) {
    const list = out.get(file) ?? [];
    list.push(...event.guards);
    out.set(file, list);
  }
  return out;
}
export const guardsRun = perState(computeGuardsRun);
