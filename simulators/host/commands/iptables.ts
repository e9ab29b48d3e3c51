/**
 * Changing the live firewall: iptables -A/-I/-D/-R/-F/-P/-N/-X/-Z on the filter table, iptables-restore from a
 * file, iptables-save into one, and netfilter-persistent save/reload/flush. The live ruleset and the file
 * (/etc/iptables/rules.v4, loaded at boot) are separate, as they are on a real host: a change made live only
 * is gone after a reboot, and an edit to the file does nothing until it is loaded.
 */
import type { HostDraft } from "../draft.js";
import { restoreRules, RULES_V4 } from "../daemons/others.js";
import { liveRuleset } from "../network.js";
import { keyOf } from "../paths.js";
import { jumpProblem } from "../netfilter/jumps.js";
import type { Ruleset } from "../netfilter/ruleset.js";
import { BUILTIN_CHAINS, parseRule, writeRuleset } from "../netfilter/ruleset.js";
import { redirectWrite } from "./files.js";
import type { CommandHandler, CommandResult } from "./types.js";
import { done, refuse } from "./types.js";

const V = "iptables v1.8.7 (nf_tables)";

function copy(r: Ruleset): Ruleset {
  return { chains: r.chains.map((c) => ({ ...c })), rules: [...r.rules] };
}

function commit(draft: HostDraft, ruleset: Ruleset): CommandResult {
  draft.state.netfilter = writeRuleset(ruleset);
  draft.tick(1);
  return done();
}

export const iptables: CommandHandler = ({ draft, argv }) => {
  let args = argv.slice(1).filter((a) => a !== "-w" && a !== "--wait" && a !== "-n" && a !== "-v");
  if (args[0] === "-t") {
    if (args[1] !== "filter") return refuse(`only the filter table is simulated, not '-t ${args[1] ?? ""}'`);
    args = args.slice(2);
  }
  const [command, chainArg, ...rest] = args;
  if (!command) return refuse(`${V}: no command specified\nTry \`iptables -h' or 'iptables --help' for more information.`);
  if (["-L", "-S", "--list", "--list-rules", "-C", "--check"].includes(command)) return refuse(`'iptables ${command}' only reads: use the inspect action for it`);
  const ruleset = copy(liveRuleset(draft.state));
  const chain = (name: string | undefined) => ruleset.chains.find((c) => c.name === name);
  switch (command) {
    case "-F":
    case "--flush":
      if (chainArg !== undefined && !chain(chainArg)) return refuse(`iptables: No chain/target/match by that name.`);
      ruleset.rules = chainArg === undefined ? [] : ruleset.rules.filter((r) => r.chain !== chainArg);
      return commit(draft, ruleset);
    case "-P":
    case "--policy": {
      const target = rest[0];
      const c = chain(chainArg);
      if (!c || !(BUILTIN_CHAINS as readonly string[]).includes(c.name)) return refuse(`${V}: Bad built-in chain name`);
      if (target !== "ACCEPT" && target !== "DROP") return refuse(`${V}: Bad policy name. Run \`dmesg' for more information.`);
      c.policy = target;
      return commit(draft, ruleset);
    }
    case "-N":
    case "--new-chain":
      if (!chainArg) return refuse(`${V}: option "-N" requires an argument`);
      if (chain(chainArg)) return refuse(`${V}: Chain already exists.`);
      ruleset.chains.push({ name: chainArg, policy: null });
      return commit(draft, ruleset);
    case "-X":
    case "--delete-chain":
      if (chainArg === undefined) {
        ruleset.chains = ruleset.chains.filter((c) => c.policy !== null || ruleset.rules.some((r) => r.target === c.name));
        return commit(draft, ruleset);
      }
      if (!chain(chainArg) || chain(chainArg)!.policy !== null) return refuse(`${V}: No chain/target/match by that name.`);
      if (ruleset.rules.some((r) => r.target === chainArg)) return refuse(`${V}: Too many links.`);
      ruleset.chains = ruleset.chains.filter((c) => c.name !== chainArg);
      ruleset.rules = ruleset.rules.filter((r) => r.chain !== chainArg);
      return commit(draft, ruleset);
    case "-Z":
    case "--zero":
      return commit(draft, ruleset);
    case "-A":
    case "--append":
    case "-I":
    case "--insert":
    case "-D":
    case "--delete":
    case "-R":
    case "--replace": {
      if (!chain(chainArg)) return refuse(`${V}: Couldn't load target \`${chainArg ?? ""}':No such file or directory\n\nTry \`iptables -h' or 'iptables --help' for more information.`);
      let position: number | null = null;
      let spec = rest;
      if ((command === "-I" || command === "--insert" || command === "-D" || command === "--delete" || command === "-R" || command === "--replace") && /^\d+$/.test(rest[0] ?? "")) {
        position = Number(rest[0]);
        spec = rest.slice(1);
      }
      const inChain = ruleset.rules.filter((r) => r.chain === chainArg);
      if ((command === "-D" || command === "--delete") && position !== null && spec.length === 0) {
        const victim = inChain[position - 1];
        if (!victim) return refuse(`${V}: Index of deletion too big.`);
        ruleset.rules = ruleset.rules.filter((r) => r !== victim);
        return commit(draft, ruleset);
      }
      const rule = parseRule(spec, ruleset, true, chainArg);
      if (typeof rule === "string") return refuse(rule.replace("iptables-restore", "iptables"));
      if (command === "-D" || command === "--delete") {
        const victim = inChain.find((r) => r.spec === rule.spec);
        if (!victim) return refuse(`${V}: Bad rule (does a matching rule exist in that chain?).`);
        ruleset.rules = ruleset.rules.filter((r) => r !== victim);
      } else if (command === "-R" || command === "--replace") {
        const victim = position === null ? undefined : inChain[position - 1];
        if (!victim) return refuse(`${V}: Index of replacement too big.`);
        ruleset.rules = ruleset.rules.map((r) => (r === victim ? rule : r));
      } else if (command === "-A" || command === "--append") ruleset.rules.push(rule);
      else {
        const before = inChain[(position ?? 1) - 1];
        if (position !== null && position > inChain.length + 1) return refuse(`${V}: Index of insertion too big.`);
        const at = before ? ruleset.rules.indexOf(before) : ruleset.rules.length;
        ruleset.rules.splice(at, 0, rule);
      }
      // A jump that closes a loop (-A A -j B, -A B -j A) or nests too deep is refused as the kernel does.
      const jumps = jumpProblem(ruleset);
      if (jumps !== null) return refuse(`iptables: ${jumps}.`);
      return commit(draft, ruleset);
    }
    default:
      return refuse(`${V}: unknown option "${command}"\nTry \`iptables -h' or 'iptables --help' for more information.`);
  }
};

export const iptablesRestore: CommandHandler = ({ draft, argv, redirects }) => {
  const input = redirects.find((r) => r.op === "<")?.target ?? argv.slice(1).find((a) => !a.startsWith("-"));
  if (!input) return refuse("iptables-restore reads the rules from a file: iptables-restore < /etc/iptables/rules.v4");
  const key = keyOf(input);
  const content = key === null ? undefined : draft.files.get(key)?.content;
  if (content === undefined) return refuse(`sh: 1: cannot open ${input}: No such file`);
  const restored = restoreRules(content);
  if (!restored.ok) return done(restored.lines, 1);
  draft.state.netfilter = restored.text;
  draft.tick(1);
  return done();
};

export const iptablesSave: CommandHandler = ({ draft, redirects }) => {
  const out = redirects.find((r) => r.op === ">" || r.op === ">>");
  if (!out) return refuse("'iptables-save' alone only prints the rules: use the inspect action, or save them with iptables-save > /etc/iptables/rules.v4");
  const text = `# Generated by iptables-save v1.8.7 on ${new Date(draft.state.clock * 1000).toUTCString()}\n${draft.state.netfilter}# Completed\n`;
  return redirectWrite(draft, out.target, text, out.op === ">>") ?? done();
};

export const netfilterPersistent: CommandHandler = ({ draft, argv }) => {
  const verb = argv[1];
  if (verb === "save") {
    const written = redirectWrite(draft, `/${RULES_V4}`, `# Generated by iptables-save v1.8.7\n${draft.state.netfilter}`, false);
    return written ?? done(["run-parts: executing /usr/share/netfilter-persistent/plugins.d/15-ip4tables save"]);
  }
  if (verb === "reload" || verb === "start") {
    const restored = restoreRules(draft.files.get(RULES_V4)?.content);
    if (!restored.ok) return done([...restored.lines, "run-parts: /usr/share/netfilter-persistent/plugins.d/15-ip4tables exited with return code 1"], 1);
    draft.state.netfilter = restored.text;
    draft.tick(1);
    return done(["run-parts: executing /usr/share/netfilter-persistent/plugins.d/15-ip4tables start"]);
  }
  if (verb === "flush") {
    draft.state.netfilter = writeRuleset({ chains: BUILTIN_CHAINS.map((name) => ({ name, policy: "ACCEPT" as const })), rules: [] });
    draft.tick(1);
    return done(["run-parts: executing /usr/share/netfilter-persistent/plugins.d/15-ip4tables flush"]);
  }
  return refuse("Usage: /usr/sbin/netfilter-persistent (start|stop|restart|reload|flush|save)");
};
