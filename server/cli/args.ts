/** node:util parseArgs, with its errors (unknown flag, missing value) turned into usage errors. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** What parseArgs gives for `options` with `--help` added (spelt out so that declaration files can name it). */
type ParsedCommandArgs<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O & { help: { type: "boolean"; short: "h" } }; allowPositionals: boolean; strict: true }>
>;

/**
 * Parses a command's arguments strictly; `--help` is always accepted and reported as `help: true`.
 * @throws UsageError on an unknown flag or a flag without its value
 */
export function parseCommandArgs<O extends Options>(args: string[], options: O, usage: string, allowPositionals: boolean): ParsedCommandArgs<O> {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), usage);
  }
}

/** A flag's value checked against its choices. */
export function choice<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T, usage: string): T {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`--${name} must be one of ${choices.join(", ")}, got '${value}'`, usage);
}
