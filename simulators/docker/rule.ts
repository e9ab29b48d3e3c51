/**
 * The shared base of Dockerfile rules. A static rule inspects the parsed Dockerfile and reports through the
 * context; build and runtime rules are met while the build model and the container run (build.ts,
 * container.ts), which report under the rule's code, so their files hold the rule's identity, message wording
 * and cases.
 */
import type { Diagnostic } from "../diagnostic.js";
import type { Repository } from "../repository.js";
import type { RuleCases, RuleInfo } from "../rule.js";
import type { SimulationOptions } from "../simulation.js";
import type { World } from "../world.js";
import type { BuildContext } from "./context.js";
import type { Instruction, ParsedDockerfile } from "./parse.js";

export interface DockerRuleContext {
  file: string;
  parsed: ParsedDockerfile;
  repo: Repository;
  world: World;
  options: SimulationOptions;
  /** null under `--no-context`. */
  context: BuildContext | null;
  /** Values of the ARGs declared before the first FROM (defaults, or build args). */
  globalArgs: ReadonlyMap<string, string>;
  /** Reports a finding of the current rule at an instruction or a line. */
  report(at: Instruction | { line: number; column?: number }, message: string, log?: string): void;
}

export interface DockerRule extends RuleInfo {
  cases: RuleCases;
  /** Static rules only: evaluated on every parse, whatever else fails. */
  check?: (ctx: DockerRuleContext) => void;
}

export function diagnosticAt(rule: RuleInfo, file: string, at: Instruction | { line: number; column?: number }, message: string, log?: string): Diagnostic {
  return {
    file,
    line: at.line,
    column: "keyword" in at ? at.column : (at.column ?? 1),
    code: rule.code,
    severity: rule.severity,
    message,
    stage: rule.stage,
    ...(log === undefined ? {} : { log }),
  };
}
