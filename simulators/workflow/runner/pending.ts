/**
 * What a job leg that stopped early never got to: the events its unreached steps (and the rest of the failing
 * step) would have emitted, read from what those steps are: the action a step `uses`, and the commands its
 * `run:` script runs, read with the shared shell parser. The engine counts a run rule as judged on a stopped
 * leg only when none of the events it subscribes to was still to come (`unit.stop(pending)`).
 */
import type { AndOrList, SimpleCommand, Word } from "../../shell/parse.js";
import type { WorkflowEventType } from "../events.js";
import type { JobView, StepView } from "../model.js";
import { flatCommands, isLiteral, readScript, wordText } from "../script-commands.js";
import { get, scalarText } from "../source.js";
import type { WorkflowSource } from "../source.js";
import type { StepFailure } from "./state.js";

type Types = readonly WorkflowEventType[];

const BUILD: Types = ["image-build", "file-read", "base-image-pull", "registry-push", "image-pushed"];

/** What each action emits, in order. */
const ACTIONS: Record<string, Types> = {
  "docker/login-action": ["docker-on-runner", "registry-login"],
  "docker/build-push-action": ["docker-on-runner", ...BUILD],
  "actions/download-artifact": ["artifact-download"],
};

/** What a command whose name the simulator cannot read (`$TOOL build`) might emit: any command's events. */
const ANY_COMMAND: Types = ["file-read", "docker-on-runner", "image-lookup", ...BUILD, "registry-login", "request-url", "npm-install", "npm-script"];

function actionTypes(uses: string): Types {
  const action = uses.split("@")[0]!.toLowerCase();
  return ACTIONS[action] ?? (action.startsWith("docker/") ? ["docker-on-runner"] : []);
}

function dockerTypes(words: readonly string[]): Types {
  const rest = words[0] === "buildx" || words[0] === "image" ? words.slice(1) : words;
  switch (rest[0]) {
    case "build":
      return ["docker-on-runner", ...BUILD];
    case "login":
      return ["docker-on-runner", "registry-login"];
    case "push":
      return ["docker-on-runner", "image-lookup", "registry-push", "image-pushed"];
    case "tag":
      return ["docker-on-runner", "image-lookup"];
    default:
      return ["docker-on-runner"];
  }
}

function hasBadPart(words: readonly (Word | null)[]): boolean {
  return words.some((w) => w?.parts.some((p) => p.kind === "bad") === true);
}

/** What one simple command emits, in the order it meets them. */
export function commandTypes(command: SimpleCommand): WorkflowEventType[] {
  const types: WorkflowEventType[] = [];
  if (hasBadPart([...command.words, ...command.assignments.map((a) => a.value), ...command.redirects.map((r) => r.target)])) types.push("substitution");
  if (command.redirects.some((r) => r.op === "<")) types.push("file-read");
  const first = command.words[0];
  if (!first) return types;
  types.push("shell-command");
  if (!isLiteral(first)) return [...types, ...ANY_COMMAND];
  const words = command.words.map(wordText);
  const [name, ...args] = words;
  switch (name) {
    case "docker":
      return [...types, ...dockerTypes(args)];
    case "curl":
      return [...types, "request-url"];
    case "exit":
      return [...types, "script-exit"];
    case "cat":
    case "head":
    case "tail":
    case "wc":
    case "cd":
    case "pip":
    case "pip3":
    case "make":
      return [...types, "file-read"];
    case "python":
    case "python3":
      return args[0] === "-m" && args[1] === "pip" ? [...types, "file-read"] : types;
    case "npm":
      if (["ci", "install", "i", "add"].includes(args[0] ?? "")) return [...types, "file-read", "npm-install"];
      if (["test", "t", "run", "run-script", "start", "build"].includes(args[0] ?? "")) return [...types, "file-read", "npm-script"];
      return types;
    default:
      return types;
  }
}

/** Everything a step would emit. */
export function stepTypes(step: StepView, source: WorkflowSource): Set<WorkflowEventType> {
  const types = new Set<WorkflowEventType>(["step-run"]);
  for (const t of actionTypes(scalarText(get(step.map, "uses", source.doc)))) types.add(t);
  const run = get(step.map, "run", source.doc);
  if (run !== undefined) for (const command of flatCommands(readScript(scalarText(run)))) for (const t of commandTypes(command)) types.add(t);
  return types;
}

/** Everything a job that never ran would have emitted: its runner request, then each of its steps. */
export function jobTypes(job: JobView, source: WorkflowSource): Set<WorkflowEventType> {
  const types = new Set<WorkflowEventType>(["runner-label", "actions-download", "job-leg"]);
  for (const step of job.steps) for (const t of stepTypes(step, source)) types.add(t);
  return types;
}

/** What comes after `type` in a command's or action's sequence. */
function after(sequence: readonly WorkflowEventType[], type: WorkflowEventType): WorkflowEventType[] {
  const at = sequence.lastIndexOf(type);
  return at < 0 ? [] : sequence.slice(at + 1);
}

/**
 * What a leg that stopped at `failure` in its step at position `at` of `job.steps` left unreached: the rest of
 * the failing command (or action), the commands after it in that step, and every later step.
 */
export function unreachedTypes(job: JobView, at: number, failure: StepFailure, lists: readonly AndOrList[] | null, source: WorkflowSource): Set<WorkflowEventType> {
  const types = new Set<WorkflowEventType>(["job-leg"]);
  const step = job.steps[at]!;
  if (failure.command && lists) {
    const commands = flatCommands(lists);
    const index = commands.indexOf(failure.command);
    for (const t of after(commandTypes(failure.command), failure.type)) types.add(t);
    for (const command of commands.slice(index + 1)) for (const t of commandTypes(command)) types.add(t);
  } else {
    for (const t of after(actionTypes(scalarText(get(step.map, "uses", source.doc))), failure.type)) types.add(t);
  }
  for (const later of job.steps.slice(at + 1)) for (const t of stepTypes(later, source)) types.add(t);
  return types;
}
