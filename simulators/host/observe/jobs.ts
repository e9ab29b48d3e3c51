/** The crontabs cron reads and each job's next run. */
import type { RuleEngine } from "../../engine/engine.js";
import { crontabKeys, neverRuns, readCrontab } from "../cron/crontab.js";
import { runJob, usageOnce } from "../cron/jobs.js";
import type { HostEvent } from "../events.js";
import { HOST_DOMAIN } from "../events.js";
import type { HostFs } from "../fs.js";
import type { HostState } from "../state.js";

export function observeJobs(engine: RuleEngine, fs: HostFs, state: HostState): void {
  const usageOf = usageOnce(fs);
  for (const { key, system } of crontabKeys(fs)) {
    const tab = readCrontab(fs, key, system);
    const unit = engine.unit<HostEvent>(HOST_DOMAIN, key);
    unit.enter("jobs");
    const ignored = tab.skipped
      ? `cron never reads /${key}: run-parts names in /etc/cron.d may contain only letters, digits, underscores and hyphens`
      : tab.ignored?.join("\n") ?? null;
    unit.emit({ type: "crontab", ignored, line: tab.line });
    for (const job of tab.jobs) {
      // A schedule no date matches (`0 0 30 2 *`) is read but never runs: the job is not scheduled.
      if (neverRuns(job.schedule)) continue;
      const run = runJob(fs, state, job, usageOf);
      unit.emit({ type: "cron-job", line: job.line, user: job.user, schedule: job.schedule, command: job.command, failure: run.failure, overlapping: run.overlapping, runs: run.runs });
    }
    unit.finish();
  }
}
