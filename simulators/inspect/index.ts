/**
 * The inspect action: a read-only command line answered from the simulated world, as the real tool would
 * print it. The line is read with the shared shell parser; `|` pipes one command's output into the next,
 * `&&`, `||` and `;` chain commands on their exit status. Anything that would change something (a
 * redirection, `rm`, `sed -i`, `kubectl apply`) and any command the simulation cannot answer is refused with
 * the list of what is supported. Pure: the same files and command give the same answer, and nothing changes.
 */
import { MAX_INSPECT_OUTPUT_CHARS, MAX_INSPECT_PIPELINE_COMMANDS } from "./limits.js";
import { BadSubstitution, expandWord } from "../shell/expand.js";
import { parseScript } from "../shell/parse.js";
import type { SimpleCommand } from "../shell/parse.js";
import { BUILD_FAMILY } from "./docker.js";
import { CI_FAMILY } from "./gh.js";
import { CLUSTER_FAMILY } from "./kubectl.js";
import type { CommandFamily, CommandOutput, InspectionInput } from "./context.js";
import { InspectionContext } from "./context.js";
import { REPOSITORY_FAMILY } from "./repository.js";
import { FILTERS, isFilter } from "./repository.js";
import { expandGlob, RepoReader } from "./files.js";
import { heldToBound, pipeCutNote } from "./output.js";
import { writeRefusal } from "./refusals.js";
import { GlobBudgetExceeded, MAX_GLOB_STEPS, withGlobBudget } from "../glob.js";
import { inspectHost } from "../host/inspect/index.js";
import { isHostRepository } from "../host/state.js";

export type { InspectionInput } from "./context.js";

export const FAMILIES: readonly CommandFamily[] = [REPOSITORY_FAMILY, BUILD_FAMILY, CI_FAMILY, CLUSTER_FAMILY];

/** Every supported form by family, as refusals and the docs list them. */
export function supportedCommands(): string {
  return FAMILIES.map((f) => `${f.family}: ${f.supported.join(", ")}`).join("\n");
}

const REFUSED = "breakfix inspect";

function refusal(reason: string): string {
  return `${REFUSED}: ${reason}\nInspections are read-only and answered from the simulation. Supported commands:\n${supportedCommands()}\n` +
    "Pipes to grep, head, tail, wc, sort and uniq work; `&&`, `||` and `;` chain commands.\n";
}

function familyOf(program: string): CommandFamily | undefined {
  return FAMILIES.find((f) => f.programs.includes(program));
}

/** The words of a command, expanded as sh would with an empty environment, unquoted globs against the files. */
function argvOf(command: SimpleCommand, reader: RepoReader): string[] {
  return command.words.flatMap((w) => {
    const fields = expandWord(w, { env: new Map() });
    const unquotedGlob = w.parts.every((p) => p.kind === "lit" && !p.quoted);
    return unquotedGlob ? fields.flatMap((f) => expandGlob(reader, f)) : fields;
  });
}

/**
 * Redirections that write nothing: `2>&1` and `2>/dev/null` (the parser keeps the operator, not its
 * descriptor: output here is already the terminal's mix of both streams) and `<` from a file.
 */
function harmless(op: string, target: string | undefined): boolean {
  if (op === ">&") return target === "1" || target === "2";
  if (op === ">" || op === "&>") return target === "/dev/null";
  return op === "<";
}

/** Cuts an answer to the output bound, saying how much was left out (with what commands counted but never produced). */
function bounded(text: string, unshown = 0): string {
  if (text.length <= MAX_INSPECT_OUTPUT_CHARS && unshown === 0) return text;
  const kept = text.slice(0, MAX_INSPECT_OUTPUT_CHARS);
  const more = Math.max(0, text.length - MAX_INSPECT_OUTPUT_CHARS) + unshown;
  return `${kept}\n[output cut at ${MAX_INSPECT_OUTPUT_CHARS} characters; ${more} more not shown: narrow it with grep, head or tail]\n`;
}

/**
 * Answers one inspection.
 * @example inspectRepository("grep -n FROM Dockerfile", { repo, world, start: repo }) // "1:FROM python:3.12-slim\n"
 */
export function inspectRepository(commandLine: string, input: InspectionInput): string {
  // One glob budget for the whole inspection, as for a simulation: a pattern past it is refused, not run on.
  try {
    return withGlobBudget(() => (isHostRepository(input.repo) ? inspectHost(commandLine, input.repo) : answer(commandLine, input)));
  } catch (error) {
    if (error instanceof GlobBudgetExceeded) return refusal(`its patterns take more than ${MAX_GLOB_STEPS} steps of matching.`);
    throw error;
  }
}

function answer(commandLine: string, input: InspectionInput): string {
  const ctx = new InspectionContext(input);
  const reader = new RepoReader(input.repo);
  const lists = parseScript(commandLine, { githubExpressions: false });
  if (lists.length === 0) return refusal("no command given.");
  const commands = lists.flatMap((l) => l.pipelines.flatMap((p) => p.commands));
  if (commands.some((c) => c.conditional)) return refusal("compound commands (if, for, while, case, functions, subshells) are not supported.");
  for (const c of commands) {
    const redirect = c.redirects.find((r) => !harmless(r.op, r.target?.raw));
    if (redirect) return refusal(`the redirection '${redirect.op}${redirect.target ? ` ${redirect.target.raw}` : ""}' would write a file.`);
    if (c.assignments.length > 0 && c.words.length === 0) return refusal("variable assignments change the shell's state.");
  }
  if (lists.some((l) => l.background)) return refusal("background jobs ('&') are not supported.");
  let out = "";
  // Where a command stopped at MAX_INSPECT_PIPE_CHARS, said after the answer so the output cap cannot cut it.
  let notes = "";
  let status = 0;
  let unshown = 0;
  for (const list of lists) {
    for (const [i, pipeline] of list.pipelines.entries()) {
      const op = list.ops[i - 1];
      if (op === "&&" && status !== 0) continue;
      if (op === "||" && status === 0) continue;
      if (pipeline.commands.length > MAX_INSPECT_PIPELINE_COMMANDS) {
        return bounded(out + refusal(`a pipeline may have at most ${MAX_INSPECT_PIPELINE_COMMANDS} commands.`)) + notes;
      }
      const result = runPipeline(pipeline.commands, ctx, reader);
      if ("refused" in result) return bounded(out + refusal(result.refused), unshown) + notes;
      out += result.out;
      unshown += result.unshown ?? 0;
      notes += result.notes;
      status = pipeline.negated ? (result.status === 0 ? 1 : 0) : result.status;
      if (out.length > MAX_INSPECT_OUTPUT_CHARS || unshown > 0) return bounded(out, unshown) + notes;
    }
  }
  return bounded(out === "" ? (status === 0 ? "" : `(no output; exit status ${status})\n`) : out, unshown) + notes;
}

function runPipeline(commands: readonly SimpleCommand[], ctx: InspectionContext, reader: RepoReader): (CommandOutput & { notes: string }) | { refused: string } {
  let stdin: string | null = null;
  let last: CommandOutput = { out: "", status: 0 };
  let notes = "";
  /** A command before a '|' that stopped at the output bound, and how much it left out. */
  let cut: { program: string; unshown: number } | undefined;
  for (const [i, command] of commands.entries()) {
    let argv: string[];
    try {
      argv = argvOf(command, reader);
    } catch (error) {
      if (error instanceof BadSubstitution) return { out: `sh: ${error.message}\n`, status: 2, notes };
      throw error;
    }
    if (argv.length === 0) return { refused: "an empty command." };
    const input = command.redirects.find((r) => r.op === "<");
    if (input?.target) {
      const read = reader.read(argv[0]!, expandWord(input.target, { env: new Map() }).join(" "));
      if ("error" in read) return { out: read.error.replace(/^[^:]+: /, "sh: "), status: 1, notes };
      stdin = read.content;
    }
    const program = argv[0]!;
    const write = writeRefusal(argv);
    if (write !== null) return { refused: write };
    if (i > 0 && !isFilter(program)) {
      return { refused: `'${program}' cannot read a pipe here: after '|' use one of ${FILTERS.join(", ")}.` };
    }
    const family = familyOf(program);
    if (!family) return { refused: `'${program}' is not a command the simulated world answers.` };
    // What one command hands the next is bounded (MAX_INSPECT_PIPE_CHARS): the bounded tools stop there
    // themselves, the rest are held to it.
    last = heldToBound(family.run(argv, stdin, ctx));
    if (last.cut) notes += pipeCutNote(program);
    stdin = last.out;
    if (last.unshown !== undefined && i < commands.length - 1) cut = { program, unshown: last.unshown };
  }
  if (cut === undefined) return { ...last, notes };
  // What read the pipe got the answer as far as the bound: say so after what it printed.
  const note = `[${cut.program}'s output was cut at ${MAX_INSPECT_OUTPUT_CHARS} characters before '|' read it; ${cut.unshown} more were not passed on: narrow it with the command's own options (kubectl get pods -l KEY=VALUE; kubectl get deploy counts them)]\n`;
  return { out: last.out + note, status: last.status, notes };
}
