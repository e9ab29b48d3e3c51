import { deleteLine, edit } from "../fix.js";
import { SSHD_CONFIG as SSHD_TEXT } from "../../simulators/host/packages/system.js";
import type { ScenarioSource } from "../schema.js";
import { lineOf, run, SSH_UNIT, SSHD_CONFIG } from "./actions.js";

export const sshdConfigTypo: ScenarioSource = {
  id: "sshd_config_typo",
  task_id: "host_incidents",
  title: "Nobody can SSH in after an sshd_config edit",
  difficulty: "medium",
  description:
    "A hand edit misspelt a keyword in /etc/ssh/sshd_config (PubkeyAuthenticaton), and the restart that followed failed on " +
    "`sshd -t` (\"Bad configuration option\"). sshd is down: CI cannot deploy and alice cannot log in (sessions already open survive). " +
    "Graded on sshd -t, sshd running, and the people who log in getting in.",
  base: "web-01",
  faults: [{ file: SSHD_CONFIG, replace: "PubkeyAuthentication yes", with: "PubkeyAuthenticaton yes" }, { host: { run: "systemctl restart ssh" } }],
  issues: [
    {
      id: "sshd-typo",
      description: "PubkeyAuthenticaton is not a keyword; sshd -t fails and sshd does not run.",
      hint: "`sshd -t` names the line.",
      stage: "parse",
      detection: [
        { code: "HOST002", file: SSHD_CONFIG },
        { code: "HOST010", file: SSH_UNIT },
        { code: "HOST031", file: SSHD_CONFIG },
      ],
    },
  ],
  solution: [edit(SSHD_CONFIG, "PubkeyAuthenticaton yes", "PubkeyAuthentication yes"), run("systemctl start ssh")],
  alternatives: [
    { description: "delete the line (public keys are on by default) and restart through the alias", actions: [deleteLine(SSHD_CONFIG, lineOf(SSHD_TEXT, "PubkeyAuthentication yes")), run("systemctl restart sshd")] },
    { description: "only the misspelt word, started through the SysV wrapper", actions: [edit(SSHD_CONFIG, "Authenticaton", "Authentication"), run("service ssh start")] },
  ],
  wrong: [
    { description: "start it again as it is", because: { fires: "HOST002" }, actions: [run("systemctl start ssh")] },
    { description: "turn public keys off to get rid of the line: CI and alice use keys", because: { fires: "HOST031" }, actions: [edit(SSHD_CONFIG, "PubkeyAuthenticaton yes", "PubkeyAuthentication no"), run("systemctl start ssh")] },
    { description: "delete sshd_config", because: { fires: "HOST002" }, actions: [run("rm /etc/ssh/sshd_config"), run("systemctl start ssh")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
