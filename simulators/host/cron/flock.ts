/**
 * `flock [options] LOCK COMMAND [ARGS]` and `flock [options] LOCK -c COMMAND` in a cron line, as util-linux's
 * flock reads its arguments: options (bundled short ones too, `-xn`) before the lock, those that take a value
 * (`-w 5`, `-E 1`) with it. A run keeps the next from starting only when it does not wait for the lock (`-n`,
 * or `-w`, which gives up) and when every run names the same lock file: a path made of the run's own process
 * id or of a command's output (`/tmp/job.lock.$$`, `$(date +%s)`) is a new file each run, which no other run
 * holds, so nothing is excluded.
 */
import type { Word } from "../../shell/parse.js";

export interface FlockCall {
  /** Whether one run keeps the next from starting while it holds the lock. */
  excludes: boolean;
  /** The words of the command flock runs (from its own argument list); empty with -c. */
  command: Word[];
  /** The command text given with -c, run by sh. */
  shellCommand: string | null;
}

/** Options whose value is the next argument (or glued to a short one: `-w5`). */
const VALUED_SHORT = new Set(["w", "E"]);
const VALUED_LONG = new Set(["--wait", "--timeout", "--conflict-exit-code"]);
/** Parts of a lock path that differ from run to run. */
const PER_RUN = /\$\$|\$\{\$\}|\$PPID\b|\$\{PPID\}|\$BASHPID\b|\$\(|`/;

const NO_WORD: Word = { parts: [], raw: "" };

/** Whether argv[0] is flock. */
export const isFlock = (program: string | undefined): boolean => program === "flock" || program === "/usr/bin/flock" || program === "/bin/flock";

/**
 * What `flock` does with `words` (its own name first). Options end at the first argument that is not one (flock
 * reads them with getopt's `+`): that is the lock, and what follows is the command, or `-c TEXT` for sh.
 */
export function readFlock(words: readonly Word[], expand: (word: Word) => string[]): FlockCall {
  let nonBlocking = false;
  let i = 1;
  for (; i < words.length; i++) {
    const arg = expand(words[i]!)[0] ?? "";
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("-") || arg === "-") break;
    if (arg.startsWith("--")) {
      const name = arg.split("=", 1)[0]!;
      if (name === "--nonblock" || name === "--nb" || name === "--wait" || name === "--timeout") nonBlocking = true;
      if (VALUED_LONG.has(name) && !arg.includes("=")) i++;
      continue;
    }
    for (let k = 1; k < arg.length; k++) {
      const flag = arg[k]!;
      if (flag === "n" || flag === "w") nonBlocking = true;
      if (VALUED_SHORT.has(flag)) {
        // The rest of the bundle is the value (`-w5`); else the next argument is.
        if (k + 1 === arg.length) i++;
        break;
      }
    }
  }
  const lock = words[i];
  const rest = words.slice(i + 1);
  const excludes = nonBlocking && lock !== undefined && !PER_RUN.test(lock.raw);
  const option = rest[0] === undefined ? "" : (expand(rest[0])[0] ?? "");
  if (option === "-c" || option === "--command") return { excludes, command: [], shellCommand: expand(rest[1] ?? NO_WORD).join(" ") };
  return { excludes, command: rest, shellCommand: null };
}
