/**
 * A repair rule: reads the view (the log and the files) and proposes fixes, most likely first. A rule that
 * does not recognise the failure proposes nothing. Rules never see hidden scenario data.
 */
import type { Action } from "../../contracts/actions.js";
import type { RepairView } from "./view.js";

export interface RepairRule {
  /** Short kebab-case id, shown in the agent's notes. */
  readonly name: string;
  /** What failure it recognises and what it does about it. */
  readonly summary: string;
  propose(view: RepairView): Action[];
}
