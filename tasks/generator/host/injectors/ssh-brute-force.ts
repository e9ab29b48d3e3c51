/**
 * A "temporary" rule opened SSH to the whole internet and an address is guessing passwords: handled only when
 * the attacker can no longer reach sshd and the operator and CI still get in.
 */
import { bySplit, defineHostInjector, edit, occursOnce, RULES, run, SSHD_CONFIG } from "../injector.js";

const VPC = "-A INPUT -s 10.0.0.0/16 -p tcp -m tcp --dport 22 -m comment --comment vpc -j ACCEPT\n";
const OPEN = "-A INPUT -p tcp -m tcp --dport 22 -j ACCEPT\n";

function attempts(host: string, attacker: string, user: string): string {
  return Array.from({ length: 10 }, (_, i) => {
    const t = `09:${String(28 + i).padStart(2, "0")}:${String((i * 13) % 60).padStart(2, "0")}`;
    return `Mar 14 ${t} ${host} sshd[${40100 + i}]: Failed password for ${i % 3 === 2 ? `invalid user ${user}` : "root"} from ${attacker} port ${50210 + i * 7} ssh2\n`;
  }).join("");
}

export const sshBruteForce = defineHostInjector({
  kind: "host-ssh-brute-force",
  summary: "SSH open to the internet and one address guessing passwords (auth.log, lastb); block it without locking out the legitimate users",
  inject(ctx) {
    if (!occursOnce(ctx.files, RULES, VPC) || !ctx.files["var/log/auth.log"]) return null;
    const attacker = bySplit(ctx, { train: ["203.0.113.45", "203.0.113.77"], test: ["198.18.40.9", "192.0.2.200"] });
    const user = bySplit(ctx, { train: ["admin", "oracle"], test: ["ubuntu", "test"] });
    const log = ctx.files["var/log/auth.log"].content;
    const first = log.split("\n")[0]!;
    return {
      kind: this.kind,
      faults: [
        { file: RULES, replace: VPC, with: `${VPC}${OPEN}` },
        { host: { run: "netfilter-persistent reload" } },
        { host: { client: { name: "attacker (password guessing)", from: attacker, kind: "ssh", port: 22, user: "root", auth: "password", legit: false, password_ok: false } } },
        { file: "var/log/auth.log", replace: first, with: `${attempts(ctx.base.variant.hostname, attacker, user).trimEnd()}\n${first}` },
      ],
      issue: {
        description: `A rule \`${OPEN.trim()}\` opened SSH to everyone and ${attacker} is guessing passwords; only the office and the VPC should reach sshd.`,
        hint: "`lastb` and auth.log name the address. What in `iptables -S INPUT` lets it reach port 22 at all?",
        stage: "traffic",
        detection: [
          { code: "HOST032", file: SSHD_CONFIG },
          { code: "HOST035", file: RULES },
        ],
      },
      repair: [edit(RULES, OPEN, ""), run("netfilter-persistent reload")],
      claims: [RULES, "firewall", "ssh", "var/log/auth.log"],
    };
  },
});
