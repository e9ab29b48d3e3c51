/** systemctl's read-only verbs and journalctl, from the units' state and the journal. */
import { statusText, journalLine } from "../status.js";
import { findUnit, loadedUnit } from "../systemd.js";
import { serviceNames, unitName, unitText } from "../units.js";
import type { HostCommand, HostLook } from "./context.js";
import { failed, ok } from "./context.js";

function unitOf(look: HostLook, raw: string): string | null {
  return findUnit({ files: look.files, state: look.state }, raw);
}

export const systemctl: HostCommand = (argv, _stdin, look) => {
  const args = argv.slice(1).filter((a) => !["--no-pager", "-l", "--full", "--no-legend", "-q", "--quiet"].includes(a));
  const [verb = "list-units", ...rest] = args;
  const units = rest.filter((a) => !a.startsWith("-"));
  const { state, files } = look;
  switch (verb) {
    case "status": {
      if (units.length === 0) return ok(`● ${state.facts.hostname}\n    State: ${Object.values(state.units).some((u) => u.active === "failed") ? "degraded" : "running"}\n     Jobs: 0 queued\n   Failed: ${Object.values(state.units).filter((u) => u.active === "failed").length} units\n`);
      const out: string[] = [];
      let status = 0;
      for (const raw of units) {
        const name = unitOf(look, raw);
        if (!name) {
          out.push(`Unit ${unitName(raw)} could not be found.`);
          status = 4;
          continue;
        }
        out.push(...statusText(files, state, name, 10), "");
        if (state.units[name]?.active !== "active") status = Math.max(status, 3);
      }
      return { out: `${out.join("\n").replace(/\n+$/, "")}\n`, status };
    }
    case "is-active":
    case "is-enabled":
    case "is-failed": {
      const out = units.map((raw) => {
        const name = unitOf(look, raw);
        const u = name ? state.units[name] : undefined;
        if (verb === "is-active") return u?.active ?? "inactive";
        if (verb === "is-failed") return u?.active === "failed" ? "failed" : u?.active ?? "inactive";
        return u?.masked ? "masked" : u?.enabled ? "enabled" : name ? "disabled" : "not-found";
      });
      const good = verb === "is-failed" ? out.every((o) => o === "failed") : out.every((o) => o === "active" || o === "enabled");
      return { out: `${out.join("\n")}\n`, status: good ? 0 : verb === "is-enabled" ? 1 : 3 };
    }
    case "list-units": {
      const failedOnly = rest.includes("--failed") || rest.includes("--state=failed");
      const rows = serviceNames(files)
        .map((n) => [n, state.units[n]] as const)
        .filter(([, u]) => u && (u.active !== "inactive" || rest.includes("--all")) && (!failedOnly || u.active === "failed"))
        .map(([n, u]) => `  ${n.padEnd(30)} loaded ${u!.active.padEnd(8)} ${u!.sub.padEnd(8)} ${loadedUnit({ files, state }, n) ? (/Description=(.*)/.exec(unitText(files, n) ?? "")?.[1] ?? "") : ""}`);
      return ok(["  UNIT                           LOAD   ACTIVE   SUB      DESCRIPTION", ...rows, "", `${rows.length} loaded units listed.`].join("\n") + "\n");
    }
    case "--failed":
      return systemctl([argv[0]!, "list-units", "--failed"], null, look);
    case "list-unit-files": {
      const rows = serviceNames(files).map((n) => `${n.padEnd(40)} ${state.units[n]?.masked ? "masked" : state.units[n]?.enabled ? "enabled" : "disabled"}`);
      return ok(["UNIT FILE                                STATE", ...rows, "", `${rows.length} unit files listed.`].join("\n") + "\n");
    }
    case "cat": {
      const out: string[] = [];
      for (const raw of units) {
        const name = unitOf(look, raw);
        const text = name ? unitText(files, name) : undefined;
        if (!name || text === undefined) return failed(`No files found for ${unitName(raw)}.\n`);
        out.push(`# /${["etc/systemd/system", "lib/systemd/system"].map((d) => `${d}/${name}`).find((k) => files.has(k))}`, text);
      }
      return ok(`${out.join("\n")}`);
    }
    case "show": {
      const name = units[0] ? unitOf(look, units[0]) : null;
      if (!name) return failed(`Unit ${units[0] ?? ""} could not be found.\n`);
      const u = state.units[name];
      return ok(`Id=${name}\nActiveState=${u?.active ?? "inactive"}\nSubState=${u?.sub ?? "dead"}\nResult=${u?.result ?? "success"}\nMainPID=${u?.main_pid ?? 0}\nUnitFileState=${u?.enabled ? "enabled" : "disabled"}\n`);
    }
    default:
      return failed(`'systemctl ${verb}' changes the host or is not simulated as a look: use the host action to start, stop, restart, reload or enable units\n`);
  }
};

export const journalctl: HostCommand = (argv, _stdin, look) => {
  const { state } = look;
  let entries = state.journal;
  let lines: number | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => (a.includes("=") ? a.split("=")[1]! : argv[++i] ?? "");
    if (a === "-u" || a.startsWith("--unit")) {
      const raw = value();
      const name = unitOf(look, raw) ?? unitName(raw);
      entries = entries.filter((e) => e.unit === name);
    } else if (a === "-n" || a.startsWith("--lines")) lines = Number(value()) || 10;
    else if (/^-n\d+$/.test(a)) lines = Number(a.slice(2));
    else if (a === "-e" || a === "-xe" || a === "-xeu") {
      lines ??= 1000;
      if (a === "-xeu") {
        const raw = argv[++i] ?? "";
        const name = unitOf(look, raw) ?? unitName(raw);
        entries = entries.filter((e) => e.unit === name);
      }
    } else if (a === "-p" || a.startsWith("--priority")) {
      const p = value();
      const keep = p === "err" || p === "3" ? ["err"] : p === "warning" || p === "4" ? ["err", "warning"] : ["err", "warning", "notice", "info"];
      entries = entries.filter((e) => keep.includes(e.priority));
    } else if (a === "-k" || a === "--dmesg") entries = entries.filter((e) => e.ident === "kernel");
    else if (a === "-f" || a === "--follow") return failed("journalctl: --follow waits for new entries; look with -n or -e instead\n");
    else if (a === "--no-pager" || a === "-x" || a === "-b" || a === "--since" || a === "--until" || a === "-r") {
      if (a === "--since" || a === "--until") i++;
      continue;
    } else if (a.startsWith("--since=") || a.startsWith("--until=")) continue;
    else if (a.startsWith("-")) return failed(`journalctl: unrecognized option '${a}'\n`);
  }
  if (lines !== null) entries = entries.slice(-lines);
  if (entries.length === 0) return ok("-- No entries --\n");
  return ok(entries.map((e) => journalLine(state, e)).join("\n") + "\n");
};
