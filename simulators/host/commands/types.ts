/**
 * What a host command is given and answers. A refusal is an action that could not be run as typed (an
 * unknown program or option, a file or unit that does not exist): it changes nothing and the agent is told
 * why. Anything else ran: it printed what the real tool prints and exited with its status, and its changes
 * stand even when the status says it failed (a unit that would not start is now failed).
 */
import type { HostDraft } from "../draft.js";

export interface Redirection {
  op: ">" | ">>" | "<";
  target: string;
}

export interface CommandInput {
  draft: HostDraft;
  argv: string[];
  redirects: Redirection[];
}

export type CommandResult = { refused: string } | { output: string[]; status: number };

export type CommandHandler = (input: CommandInput) => CommandResult;

export const refuse = (refused: string): CommandResult => ({ refused });
export const done = (output: string[] = [], status = 0): CommandResult => ({ output, status });

/** Splits `-abc` style flags from operands; `--` ends the flags. */
export function splitFlags(args: readonly string[]): { flags: string[]; operands: string[] } {
  const flags: string[] = [];
  const operands: string[] = [];
  let ended = false;
  for (const a of args) {
    if (!ended && a === "--") ended = true;
    else if (!ended && a.startsWith("-") && a !== "-") flags.push(a);
    else operands.push(a);
  }
  return { flags, operands };
}
