/** A misspelt keyword in sshd_config and a restart: sshd refuses the file and nobody can log in. */
import { bySplit, defineHostInjector, edit, occursOnce, run, SSH_UNIT, SSHD_CONFIG } from "../injector.js";

const TYPOS: { train: readonly (readonly [string, string])[]; test: readonly (readonly [string, string])[] } = {
  train: [
    ["PubkeyAuthentication yes", "PubkeyAuthenticaton yes"],
    ["MaxAuthTries 6", "MaxAuthTrys 6"],
  ],
  test: [
    ["X11Forwarding yes", "X11Fowarding yes"],
    ["PrintMotd no", "PrintMod no"],
  ],
};

export const sshdConfigTypo = defineHostInjector({
  kind: "host-sshd-config-typo",
  summary: "a misspelt sshd_config keyword; `sshd -t` says \"Bad configuration option\" and ssh.service fails to start",
  inject(ctx) {
    const [good, bad] = bySplit(ctx, TYPOS);
    if (!occursOnce(ctx.files, SSHD_CONFIG, `${good}\n`)) return null;
    return {
      kind: this.kind,
      faults: [{ file: SSHD_CONFIG, replace: `${good}\n`, with: `${bad}\n` }, { host: { run: "systemctl restart ssh" } }],
      issue: {
        description: `/${SSHD_CONFIG} says \`${bad}\`, which sshd does not know; the restart failed and sshd is down.`,
        hint: "`sshd -t` names the line.",
        stage: "parse",
        detection: [
          { code: "HOST002", file: SSHD_CONFIG },
          { code: "HOST010", file: SSH_UNIT },
          { code: "HOST031", file: SSHD_CONFIG },
        ],
      },
      repair: [edit(SSHD_CONFIG, `${bad}\n`, `${good}\n`), run("systemctl start ssh")],
      claims: [SSHD_CONFIG, "ssh"],
    };
  },
});
