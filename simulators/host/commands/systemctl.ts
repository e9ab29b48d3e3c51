/**
 * systemctl and service, the verbs that change something: start, stop, restart, reload, try-restart,
 * reload-or-restart, enable/disable (with --now), mask/unmask, daemon-reload, reset-failed. A unit that does
 * not exist is refused as systemctl refuses it; the verbs that only look are for the inspect action.
 */
import { changedOnDisk, daemonReload, enable, findUnit, mask, reload, resetFailed, restart, start, stop } from "../systemd.js";
import type { JobResult } from "../systemd.js";
import { unitName } from "../units.js";
import type { CommandHandler, CommandInput, CommandResult } from "./types.js";
import { done, refuse } from "./types.js";

const LOOKING = new Set(["status", "is-active", "is-enabled", "is-failed", "list-units", "list-unit-files", "show", "cat", "list-dependencies", "list-timers"]);
const VERBS = new Set(["start", "stop", "restart", "reload", "try-restart", "reload-or-restart", "enable", "disable", "mask", "unmask", "daemon-reload", "reset-failed"]);

function run(input: CommandInput, verb: string, units: string[], now: boolean): CommandResult {
  const { draft } = input;
  if (verb === "daemon-reload") return done(daemonReload(draft).output);
  if (units.length === 0) return refuse(`Too few arguments.`);
  const names: string[] = [];
  for (const raw of units) {
    const name = findUnit(draft, raw);
    if (name === null) {
      const verbing = { start: "start", stop: "stop", restart: "restart", reload: "reload", "try-restart": "try-restart", "reload-or-restart": "reload-or-restart", enable: "enable", disable: "disable", mask: "mask", unmask: "unmask", "reset-failed": "reset failed state of" }[verb] ?? verb;
      return refuse(verb === "enable" || verb === "disable" ? `Failed to ${verbing} unit: Unit file ${unitName(raw)} does not exist.` : `Failed to ${verbing} ${unitName(raw)}: Unit ${unitName(raw)} not found.`);
    }
    names.push(name);
  }
  const output: string[] = [];
  let status = 0;
  const take = (r: JobResult) => {
    output.push(...r.output);
    if (!r.ok) status = 1;
  };
  for (const name of names) {
    if (["start", "restart", "reload", "try-restart", "reload-or-restart"].includes(verb) && changedOnDisk(draft, name)) {
      output.push(`Warning: The unit file, source configuration file or drop-ins of ${name} changed on disk. Run 'systemctl daemon-reload' to reload units.`);
    }
    switch (verb) {
      case "start":
        take(start(draft, name));
        break;
      case "stop":
        take(stop(draft, name));
        break;
      case "restart":
        take(restart(draft, name));
        break;
      case "try-restart":
        if (draft.state.units[name]?.active === "active") take(restart(draft, name));
        break;
      case "reload":
        take(reload(draft, name));
        break;
      case "reload-or-restart": {
        const r = reload(draft, name);
        take(r.ok || !r.output[0]?.includes("not applicable") ? r : restart(draft, name));
        break;
      }
      case "enable":
      case "disable":
        take(enable(draft, name, verb === "enable"));
        if (now) take(verb === "enable" ? start(draft, name) : stop(draft, name));
        break;
      case "mask":
      case "unmask":
        take(mask(draft, name, verb === "mask"));
        if (now && verb === "mask") take(stop(draft, name));
        break;
      case "reset-failed":
        take(resetFailed(draft, name));
        break;
    }
  }
  return done(output, status);
}

export const systemctl: CommandHandler = (input) => {
  const args = input.argv.slice(1).filter((a) => a !== "--no-pager" && a !== "-q" && a !== "--quiet" && a !== "--no-block");
  const now = args.includes("--now");
  const words = args.filter((a) => a !== "--now");
  const bad = words.find((a) => a.startsWith("-"));
  if (bad) return refuse(`systemctl: unrecognized option '${bad}'`);
  const [verb, ...units] = words;
  if (verb === undefined) return refuse("systemctl: a verb is needed (start, stop, restart, reload, enable, disable, daemon-reload, ...)");
  if (LOOKING.has(verb)) return refuse(`'systemctl ${verb}' only reads: use the inspect action for it`);
  if (!VERBS.has(verb)) return refuse(`Unknown command verb ${verb}.`);
  return run(input, verb, units, now);
};

/** `service NAME start|stop|restart|reload|status`, the SysV wrapper, which calls systemctl. */
export const service: CommandHandler = (input) => {
  const [, name, verb] = input.argv;
  if (!name || !verb) return refuse("Usage: service < option > | --status-all | [ service_name [ command | --full-restart ] ]");
  if (verb === "status") return refuse("'service NAME status' only reads: use the inspect action for it");
  if (!["start", "stop", "restart", "reload", "force-reload", "try-restart"].includes(verb)) return refuse(`service: '${verb}' is not a command of ${name}`);
  return run(input, verb === "force-reload" ? "reload-or-restart" : verb, [name], false);
};
