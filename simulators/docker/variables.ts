/** Variables visible to an instruction: global ARGs re-declared in the stage, stage ARGs and ENVs before it. */
import type { BuildStage, Instruction, ParsedDockerfile } from "./parse.js";
import { keyValues } from "./parse.js";
import { substitute, substitution } from "./substitute.js";

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

/** An ARG or ENV whose value grows past MAX_VALUE_CHARS, the value as written and the length it would reach. */
export interface OverflowingValue {
  instruction: Instruction;
  written: string;
  chars: number;
}

/**
 * The first ARG or ENV, in the order BuildKit converts them (global ARGs, then each stage's), whose value
 * substitutes past MAX_VALUE_CHARS (`ENV A=$A$A`, again and again): a base image's environment is not known
 * here, so only what the Dockerfile itself builds counts. Null when none does.
 */
export function firstOverflowingValue(parsed: ParsedDockerfile): OverflowingValue | null {
  const globals = new Map<string, string>();
  const scan = (instruction: Instruction, vars: Map<string, string>): OverflowingValue | null => {
    for (const { key, value } of keyValues(instruction)) {
      if (value === null) {
        const global = globals.get(key);
        if (instruction.keyword === "ARG" && global !== undefined && vars !== globals) vars.set(key, global);
        continue;
      }
      const result = substitution(value, vars, parsed.escape);
      if (result.cut) return { instruction, written: value, chars: result.chars };
      vars.set(key, result.value);
    }
    return null;
  };
  for (const arg of parsed.globalArgs) {
    const found = scan(arg, globals);
    if (found) return found;
  }
  for (const stage of parsed.stages) {
    const vars = new Map<string, string>();
    for (const i of stage.instructions) {
      if (i.keyword !== "ARG" && i.keyword !== "ENV") continue;
      const found = scan(i, vars);
      if (found) return found;
    }
  }
  return null;
}
