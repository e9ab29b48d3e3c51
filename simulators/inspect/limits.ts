/** The bounds of an inspection, re-exported by contracts/limits.ts with every other bound. */

/** Characters of an inspect action's command line. */
export const MAX_INSPECT_COMMAND_CHARS = 2000;

/** Commands in one inspection's pipeline (`grep -rn x . | grep -v y | head`). */
export const MAX_INSPECT_PIPELINE_COMMANDS = 8;

/**
 * Characters of an inspection's answer; the rest is cut with a note saying how much (a `cat` of the largest
 * file a repository may hold, or `grep -r` over all of it, stays a bounded answer).
 */
export const MAX_INSPECT_OUTPUT_CHARS = 64 * 1024;

/**
 * Characters one command of an inspection may produce: what it hands the next command through `|`, and what
 * it prints. Commands that repeat their input (`cat f f f`, a glob named twice, `uniq -c` on blank lines,
 * grep's name prefix on every line) stop producing there, so a pipeline of them holds at most this much at
 * once; the answer says which command was cut. Far above the largest repository (2 MiB) printed whole.
 */
export const MAX_INSPECT_PIPE_CHARS = 8 * 1024 * 1024;

/**
 * Characters of a grep pattern. Patterns are matched by a linear-time automaton (no backtracking), so a
 * pattern's cost is its length times the text's: this bound and the repository's size bound it.
 */
export const MAX_GREP_PATTERN_CHARS = 256;

/**
 * Pods the cluster view builds as pods one can name (describe, logs, exec), over all of a state's workloads.
 * The node runs 110 at most; the others a workload asks for are counted, and `kubectl get pods` lists them
 * line by line until MAX_INSPECT_OUTPUT_CHARS, without building them.
 */
export const MAX_MODELLED_PODS = 1000;
