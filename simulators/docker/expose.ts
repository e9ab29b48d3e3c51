/** The port specifications of every EXPOSE, with variables substituted as BuildKit does. */
import type { Instruction } from "./parse.js";
import type { DockerfileEvent } from "./events.js";
import { splitWords, substitute } from "./substitute.js";
import { stageVariables } from "./variables.js";

export function* exposedSpecs(ctx: Pick<DockerfileEvent, "parsed" | "globalArgs">): Generator<{ instruction: Instruction; spec: string }> {
  for (const stage of ctx.parsed.stages) {
    for (const instruction of stage.instructions) {
      if (instruction.keyword !== "EXPOSE") continue;
      const vars = stageVariables(ctx.parsed, stage, instruction, ctx.globalArgs);
      for (const word of splitWords(instruction.args)) yield { instruction, spec: substitute(word, vars).trim() };
    }
  }
}
