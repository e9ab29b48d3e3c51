/**
 * A build whose args the run cannot know is not judged on the placeholder their value stands for. The
 * Dockerfile is built once more aside, those args empty: a build rule that fails there and did not fail on the
 * placeholder depends on the unknown value (`RUN test -n "$APP_VERSION"` with the version from a release's
 * tag), so that rule is undecided on the Dockerfile, never passed.
 */
import type { DockerfileRequest } from "../docker/index.js";
import { simulateDockerfile } from "../docker/index.js";
import type { RuleEngine } from "../engine/engine.js";
import type { AnyRule } from "../engine/rule.js";
import { RuleEngine as Engine } from "../engine/engine.js";
import { FactLog } from "../engine/facts.js";
import type { Repository } from "../repository.js";
import { checkKey } from "../simulation.js";
import type { SimulationOptions } from "../simulation.js";

export function judgeUnknownArgs(engine: RuleEngine, rules: readonly AnyRule[], repo: Repository, options: SimulationOptions, request: DockerfileRequest, unknown: readonly string[]): void {
  if (unknown.length === 0) return;
  const empty = new Map(request.buildArgs ?? []);
  for (const name of unknown) empty.set(name, "");
  const aside = new Engine(rules, engine.env);
  const outcome = simulateDockerfile(aside, repo, options, { ...request, buildArgs: empty, run: false, probeStart: false });
  const failure = outcome.failure;
  if (!failure || failure.rule.stage !== "build" || failure.diagnostic.severity !== "error") return;
  engine.adopt({ diagnostics: [], checked: new Set(), undecided: new Set([checkKey(failure.rule.code, request.file)]), facts: new FactLog() });
}
