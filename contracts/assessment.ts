/**
 * What the grader makes of one state of a scenario's files: which issues are fixed, the simulators' findings,
 * the log the agent reads, and why fixes did not count. The episode engine and the grader share it.
 */
import type { Diagnostic } from "../simulators/diagnostic.js";
import type { IntentCheckName } from "./intent-checks.js";

/** Why a fix does not count: the check that failed, the file, and what it says. */
export interface Violation {
  check: IntentCheckName;
  file: string;
  message: string;
}

export interface Assessment {
  fixed: boolean[];
  fixedCount: number;
  diagnostics: Diagnostic[];
  errorMessage: string | null;
  /** Errors that no issue of the scenario accounts for. */
  foreign: Diagnostic[];
  violations: Violation[];
  solved: boolean;
}
