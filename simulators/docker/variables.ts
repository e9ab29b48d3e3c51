/** Variables visible to an instruction: global ARGs re-declared in the stage, stage ARGs and ENVs before it. */
import type { BuildStage, Instruction, ParsedDockerfile } from "./parse.js";
import { keyValues } from "./parse.js";
import { substitute } from "./substitute.js";

export function stageVariables(
  _parsed: ParsedDockerfile,
  stage: BuildStage,
  before: Instruction | null,
  globalArgs: ReadonlyMap<string, string>,
  buildArgs: ReadonlyMap<string, string> = new Map(),
  baseEnv: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const vars = new Map(baseEnv);
  for (const i of stage.instructions) {
    if (i === before) break;
    if (i.keyword !== "ARG" && i.keyword !== "ENV") continue;
    for (const { key, value } of keyValues(i)) {
      if (i.keyword === "ARG") {
        const v = buildArgs.get(key) ?? (value === null ? globalArgs.get(key) : substitute(value, vars));
        if (v !== undefined && !vars.has(key)) vars.set(key, v);
        else if (v !== undefined && buildArgs.has(key)) vars.set(key, v);
      } else vars.set(key, substitute(value ?? "", vars));
    }
  }
  return vars;
}
