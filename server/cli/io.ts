/**
 * What a CLI command may touch of the outside world, passed in so that tests run commands in-process and
 * read their output and exit codes without spawning anything.
 */
export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  /** Directory relative paths are resolved against. */
  cwd: string;
  /** Whether stderr is a terminal (progress is then a bar redrawn in place, else plain lines). */
  stderrIsTTY?: boolean;
  /** `serve` stops when this aborts; when absent it stops on SIGTERM or SIGINT. */
  stop?: AbortSignal;
}

/** The real process's streams, environment and working directory. */
export function processIO(): CliIO {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
  };
}

/** Exit status: 0 success, 1 findings (lint errors), 2 bad usage. */
export const EXIT = { ok: 0, findings: 1, usage: 2 } as const;

/** Bad usage: reported on stderr with the command's usage, exit status 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}
