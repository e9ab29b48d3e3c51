/**
 * The daemons' configuration tests as commands in a host line: `nginx -t` and `sshd -t` change nothing, but
 * their exit status decides what `&&` and `||` run next, so `nginx -t && systemctl reload nginx` reloads only
 * a configuration that passes, as bash runs it. They read the files as the line has left them so far.
 */
import { testNginx, testOutput } from "../daemons/nginx.js";
import { testSshd } from "../daemons/sshd.js";
import { diskSource } from "../sources.js";
import type { CommandHandler } from "./types.js";
import { done, refuse } from "./types.js";

/** `nginx -t [-q]`: the test nginx -t runs, exit 1 when it fails; `-q` keeps only the errors. */
export const nginxTest: CommandHandler = ({ draft, argv }) => {
  const check = testNginx(diskSource(draft.files), draft.fs(), draft.state);
  const quiet = argv.includes("-q");
  if (check.ok) return done(quiet ? [] : testOutput(check));
  return done(quiet ? testOutput(check).slice(0, 1) : testOutput(check), 1);
};

/** `sshd -t`: silent when the configuration and its host keys load, else sshd's complaint and exit 255. */
export const sshdTest: CommandHandler = ({ draft, argv }) => {
  if (!argv.slice(1).every((a) => a === "-t" || a === "-q")) return refuse(`'${argv.join(" ")}' is not simulated here: 'sshd -t' tests the configuration; sshd -T looks (inspect action); the running sshd is ssh.service`);
  const test = testSshd(diskSource(draft.files), draft.fs());
  return done(test.output, test.ok ? 0 : 255);
};
