/** Shell builtins a RUN step's commands may use as programs: cd (the interpreter keeps the directory) and test. */
import type { Handler } from "./command.js";
import { failure, ok } from "./command.js";

export const cd: Handler = () => ok;

/**
 * `test` / `[` on strings: `-n`, `-z`, a bare string, `=` and `!=`. A build that guards a required build ARG
 * with `RUN test -n "$APP_VERSION"` fails here when the workflow passed no value. File tests are left alone:
 * the model may not know every file a base image holds.
 */
export const testCommand: Handler = (args) => {
  const operands = args[args.length - 1] === "]" ? args.slice(0, -1) : args;
  let verdict: boolean | null = null;
  if (operands.length === 1) verdict = operands[0] !== "";
  else if (operands.length === 2 && operands[0] === "-n") verdict = operands[1] !== "";
  else if (operands.length === 2 && operands[0] === "-z") verdict = operands[1] === "";
  else if (operands.length === 3 && (operands[1] === "=" || operands[1] === "==")) verdict = operands[0] === operands[2];
  else if (operands.length === 3 && operands[1] === "!=") verdict = operands[0] !== operands[2];
  return verdict === false ? failure(1) : ok;
};
