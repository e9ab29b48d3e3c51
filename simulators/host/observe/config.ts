/**
 * The configuration tests, on the files as they are on disk (what the next start or reload would read): nginx
 * (`nginx -t`), sshd (`sshd -t`), PostgreSQL's postgresql.conf and pg_hba.conf, /etc/iptables/rules.v4 (as
 * iptables-restore reads it at boot), logrotate's files (it ignores one with a wrong mode or owner) and the
 * unit files (systemd refuses a service without ExecStart). Each file read gets its own unit of work, so a
 * finding and its absence are both recorded on the file where the problem is.
 */
import type { RuleEngine } from "../../engine/engine.js";
import { testNginx } from "../daemons/nginx.js";
import { emergLine } from "../daemons/nginx.js";
import { testOutput } from "../daemons/nginx.js";
import { postgresLayout } from "../daemons/postgres.js";
import { restoreRules, RULES_V4 } from "../daemons/others.js";
import { testSshd } from "../daemons/sshd.js";
import type { ConfigTestEvent, HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import { octal } from "../fs.js";
import { keyOf } from "../paths.js";
import { readHba } from "../postgres/hba.js";
import { diskSource } from "../sources.js";
import type { HostState } from "../state.js";
import { execArgv, parseUnit, serviceNames, unitFileKey, unitText, value } from "../units.js";

function emit(engine: RuleEngine, file: string, event: ConfigTestEvent): void {
  const unit = engine.unit<HostEvent>(HOST_DOMAIN, file);
  unit.enter("config");
  unit.emit(event);
  unit.finish();
}

/** One event per file read: the problem on the file that has it, a clean test on the others. */
function perFile(engine: RuleEngine, daemon: ConfigTestEvent["daemon"], files: readonly string[], problem: ConfigTestEvent["problem"], output: string[]): void {
  const keys = [...new Set(files.map((f) => keyOf(f)).filter((k): k is string => k !== null))];
  if (problem && !keys.includes(problem.file)) keys.push(problem.file);
  for (const key of keys) emit(engine, key, { type: "config-test", daemon, problem: problem && problem.file === key ? problem : null, output });
}

function hasUnitRunning(fs: HostFs, program: RegExp): string | null {
  for (const name of serviceNames(fs.files)) {
    const text = unitText(fs.files, name);
    const start = text ? value(parseUnit(name, "", text), "Service.ExecStart") : undefined;
    if (start && program.test(execArgv(start).argv[0] ?? "")) return name;
  }
  return null;
}

export function observeConfig(engine: RuleEngine, fs: HostFs, state: HostState): void {
  if (fs.files.has("etc/nginx/nginx.conf")) {
    const check = testNginx(diskSource(fs.files), fs, state);
    const output = testOutput(check);
    const problem = check.ok ? null : { file: keyOf(check.error.file) ?? "etc/nginx/nginx.conf", line: Math.max(1, check.error.line), message: emergLine(check.error).replace(/^nginx: /, "") };
    perFile(engine, "nginx", check.ok ? check.model.files : check.files, problem, output);
  }
  if (fs.files.has("etc/ssh/sshd_config") || hasUnitRunning(fs, /\/sshd$/)) {
    const test = testSshd(diskSource(fs.files), fs);
    const first = test.ok ? null : test.output.find((l) => /line \d+/.test(l)) ?? test.output.at(-1)!;
    const m = first ? /^(\/\S+?):? line (\d+)/.exec(first) : null;
    const key = m ? keyOf(m[1]!) ?? "etc/ssh/sshd_config" : "etc/ssh/sshd_config";
    const problem = first ? { file: key, line: m ? Number(m[2]) : 1, message: first } : null;
    perFile(engine, "sshd", test.config.files, problem, test.output);
  }
  const postgres = hasUnitRunning(fs, /\/postgres$/);
  if (postgres) {
    const text = unitText(fs.files, postgres)!;
    const layout = postgresLayout(execArgv(value(parseUnit(postgres, "", text), "Service.ExecStart") ?? "").argv, fs);
    const confKey = keyOf(layout.configFile)!;
    const hbaKey = keyOf(layout.hbaFile)!;
    const confProblem = layout.conf?.problems[0];
    const hbaText = fs.content(hbaKey);
    const hba = hbaText === undefined ? null : readHba(hbaText, layout.hbaFile);
    if (layout.conf) {
      emit(engine, confKey, { type: "config-test", daemon: "postgres", problem: confProblem ? { file: confKey, line: confProblem.line, message: confProblem.log.split("\n")[0]!.replace(/^LOG:\s+/, "") } : null, output: layout.conf.problems.flatMap((p) => p.log.split("\n")) });
    }
    if (hba) emit(engine, hbaKey, { type: "config-test", daemon: "postgres", problem: hba.problem ? { file: hbaKey, line: hba.problem.line, message: hba.problem.log.split("\n")[0]!.replace(/^LOG:\s+/, "") } : null, output: hba.problem ? hba.problem.log.split("\n") : [] });
  }
  if (fs.files.has(RULES_V4)) {
    const restored = restoreRules(fs.content(RULES_V4));
    const line = restored.ok ? 0 : Number(/line:? (\d+)/.exec(restored.lines.join("\n"))?.[1] ?? "1");
    emit(engine, RULES_V4, { type: "config-test", daemon: "firewall", problem: restored.ok ? null : { file: RULES_V4, line, message: restored.lines[0]! }, output: restored.ok ? [] : restored.lines });
  }
  for (const e of fs.entries("etc/logrotate.d")) {
    if (e.dir) continue;
    const stat = fs.stat(e.key)!;
    const name = e.name;
    let message: string | null = null;
    if ((stat.mode & 0o7533) !== 0o400) message = `error: Ignoring ${name} because of bad file mode - must be 0644 or 0444.`;
    else if (stat.owner !== "root") message = `error: Ignoring ${name} because the file owner is wrong (should be root or user with uid 0).`;
    emit(engine, e.key, { type: "config-test", daemon: "logrotate", problem: message ? { file: e.key, line: 1, message } : null, output: message ? [message, `(the file's mode is ${octal(stat.mode)}, owner ${stat.owner})`] : [] });
  }
  for (const name of serviceNames(fs.files)) {
    const key = unitFileKey(fs.files, name)!;
    const unit = parseUnit(name, key, unitText(fs.files, name)!);
    const bad = unit.problems.find((p) => p.severity === "error");
    emit(engine, key, { type: "config-test", daemon: "unit", problem: bad ? { file: key, line: bad.line, message: `${name}: ${bad.message}` } : null, output: unit.problems.map((p) => `/${key}:${p.line}: ${p.message}`) });
  }
}
