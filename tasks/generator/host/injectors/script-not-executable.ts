/** A cron job's script lost its execute bit: every run fails with Permission denied. */
import { bySplit, defineHostInjector, run } from "../injector.js";

const SCRIPT = "opt/scripts/cleanup.sh";
const CLEANUP = "etc/cron.d/cleanup";

export const scriptNotExecutable = defineHostInjector({
  kind: "host-script-not-executable",
  summary: "a job's script without its execute bit; cron's runs fail with /bin/sh: Permission denied",
  inject(ctx) {
    if (!ctx.files[SCRIPT]) return null;
    const mode = bySplit(ctx, { train: ["644", "600"], test: ["640", "444"] });
    return {
      kind: this.kind,
      faults: [{ host: { run: `chmod ${mode} /${SCRIPT}` } }],
      issue: {
        description: `/${SCRIPT} is at mode ${mode}; cron runs it as a program, so every run fails with Permission denied.`,
        hint: "`grep CRON /var/log/syslog` shows the job running; `ls -l` the command it runs.",
        stage: "runtime",
        detection: [{ code: "HOST021", file: CLEANUP }],
      },
      repair: [run(`chmod 755 /${SCRIPT}`)],
      claims: [SCRIPT],
    };
  },
});
