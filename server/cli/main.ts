/**
 * The `breakfix` command line: dispatches to one module per command. Exported as a function of argv and I/O
 * that returns the exit status, so tests run it in-process.
 */
import { packageInfo } from "../package-info.js";
import { EXIT, UsageError, type CliIO } from "./io.js";
import { runBaseline } from "./baseline.js";
import { runEval } from "./eval.js";
import { runExport } from "./export.js";
import { runInferenceCommand } from "./inference.js";
import { runLint } from "./lint.js";
import { runScenarios } from "./scenarios.js";
import { runServe } from "./serve.js";
import { MAIN_USAGE } from "./usage.js";

type Command = (args: string[], io: CliIO) => Promise<number> | number;

const COMMANDS: Record<string, Command> = {
  serve: runServe,
  scenarios: runScenarios,
  lint: runLint,
  baseline: runBaseline,
  eval: runEval,
  export: runExport,
  inference: runInferenceCommand,
};

/**
 * Runs `breakfix ARGS...` and resolves to its exit status (0 ok, 1 lint errors, 2 bad usage).
 * @example await main(["lint", "--format", "json", "Dockerfile"], processIO())
 */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    (command === undefined ? io.stderr : io.stdout)(MAIN_USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === "-v" || command === "--version") {
    io.stdout(`${packageInfo().version}\n`);
    return EXIT.ok;
  }
  // Own keys only: `breakfix toString` is an unknown command, not Object.prototype.toString.
  const run = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (run === undefined) {
    io.stderr(`breakfix: unknown command '${command}'\n\n${MAIN_USAGE}`);
    return EXIT.usage;
  }
  try {
    return await run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`breakfix ${command}: ${error.message}\n\n${error.usage}`);
      return EXIT.usage;
    }
    throw error;
  }
}
