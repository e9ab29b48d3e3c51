/**
 * SPEC §2's solvability rule, made mechanical. The facts a reference fix uses are the distinctive tokens its
 * edits write that the edited file did not hold (values, names, paths, numbers), less what an engineer knows
 * from the tools themselves (Dockerfile, workflow and Kubernetes keywords, shell commands, catalogued actions
 * and official images) and less the values the scenario declares as its own choice, which an alternative
 * fix must then show to be replaceable. Each remaining fact must be located in what the agent has seen by
 * the time it writes it: the files, their paths, the error logs and secrets of the states the reference fix
 * passes through, and the output of the inspections the scenario declares, run against the real inspect
 * simulator on those states.
 */
import { diffLines } from "diff";
import type { Action } from "../../contracts/actions.js";
import { isEditAction as isEdit } from "../../contracts/actions.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { lookupImage } from "../../simulators/images/lookup.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { actionVersion } from "../../simulators/workflow/runner/action-catalogue.js";
import { EMPTY_WORLD } from "../../simulators/world.js";
import type { Catalog } from "../../tasks/catalog.js";
import type { Scenario } from "../../tasks/schema.js";

/**
 * The words of a text: runs of name, path, number and reference characters, without a YAML key's colon.
 * Read as what an agent saw (`segments`), a path's parts count too: `9200/TCP` shows the port 9200.
 */
export function tokensOf(text: string, options: { segments?: boolean } = {}): Set<string> {
  const out = new Set<string>();
  const keep = (raw: string) => {
    const t = raw.replace(/[:.,]+$/, "").replace(/^[$:]+/, "");
    if (t.length >= 2 && /[A-Za-z0-9]/.test(t)) out.add(t);
  };
  for (const raw of text.match(/[A-Za-z0-9_.\/@:+\-$]+/g) ?? []) {
    keep(raw);
    if (options.segments && raw.includes("/")) for (const part of raw.split("/")) keep(part);
  }
  return out;
}

/**
 * Words every engineer brings from the tools: instructions, keys and values of the Dockerfile, workflow and
 * Kubernetes formats, and the shell commands and options the fixes use. A scenario's facts are never here.
 */
const TOOL_WORDS = new Set([
  // Dockerfile
  "FROM", "RUN", "CMD", "ENV", "ARG", "COPY", "ADD", "WORKDIR", "USER", "EXPOSE", "ENTRYPOINT", "AS", "--chmod", "--from", "--platform",
  // shell
  "chmod", "+x", "chown", "mkdir", "-p", "-R", "echo", "docker", "login", "push", "build", "buildx", "create", "--use", "--password-stdin",
  "password-stdin", "-u", "--username", "username", "password", "install", "-d", "-o", "-g", "test", "-n", "npm", "node", "python", "sh",
  // GitHub workflow
  "on", "push", "pull_request", "workflow_dispatch", "branches", "tags", "jobs", "runs-on", "needs", "steps", "uses", "run", "name", "with",
  "env", "permissions", "contents", "packages", "read", "write", "build-args", "registry", "context", "file", "platforms", "cache-to",
  "cache-from", "Log", "in", "to", "Set", "up", "strategy", "matrix", "if", "secrets.GITHUB_TOKEN", "GITHUB_TOKEN", "ghcr.io", "ubuntu-latest",
  // Kubernetes
  "apiVersion", "v1", "kind", "ConfigMap", "metadata", "labels", "data", "spec", "ingress", "from", "namespaceSelector", "podSelector",
  "matchLabels", "kubernetes.io/metadata.name", "ports", "port", "protocol", "TCP", "targetPort", "ingressClassName", "selector", "app",
  "memory", "cpu", "requests", "limits", "image", "command", "containerPort", "path", "livenessProbe", "readinessProbe", "httpGet",
  // Linux host administration (the host action's commands and their options)
  "systemctl", "start", "stop", "restart", "reload", "enable", "disable", "daemon-reload", "reset-failed", "service", "rm", "-rf", "-f", "kill",
  "pkill", "killall", "-9", "truncate", "-s", "iptables", "iptables-save", "iptables-restore", "netfilter-persistent", "save", "-A", "-I", "-D",
  "-F", "-P", "-j", "-m", "-p", "tcp", "--dport", "--dports", "multiport", "INPUT", "DROP", "ACCEPT", "printf", "u=rwx,go=rx", "nameserver", "search",
  "644", "700", "755", "PubkeyAuthentication", "PermitRootLogin", "prohibit-password",
]);

/** Expression contexts whose property names come from elsewhere: `secrets.X` is a secret's name, `matrix.node` a matrix key. */
const CONTEXTS = /^(secrets|env|matrix|vars|needs|steps|inputs)\.([A-Za-z0-9_-]+)$/;

/** Whether a word is the tools' knowledge rather than a fact of the scenario. */
export function isToolKnowledge(token: string): boolean {
  if (TOOL_WORDS.has(token)) return true;
  if (/^github\.[a-z_]+$/.test(token)) return true;
  const action = /^([\w.-]+\/[\w.-]+)@(.+)$/.exec(token);
  if (action && actionVersion(action[1]!, action[2]!) === "exists") return true;
  // An official image of the catalogue (python:3.12-slim, nginx:latest) is public knowledge, as on Docker Hub.
  if (/^[a-z0-9][a-z0-9._\/-]*:[\w.-]+$/.test(token) && !token.includes("//") && lookupImage(token, EMPTY_WORLD).status === "found") return true;
  return false;
}

/** What the agent has seen: the words of every text, and the paths of the repository. */
export interface Corpus {
  words: Set<string>;
  paths: Set<string>;
}

function add(corpus: Corpus, text: string): void {
  for (const w of tokensOf(text, { segments: true })) corpus.words.add(w);
}

/** A path segment seen as part of a path (`build/static/…`, `…/build`, `build/`), not just the word. */
function pathSegmentSeen(corpus: Corpus, segment: string): boolean {
  for (const w of corpus.words) if (w.includes("/") && (w.startsWith(`${segment}/`) || w.endsWith(`/${segment}`) || w.includes(`/${segment}/`))) return true;
  return false;
}

/**
 * Whether the corpus shows `token`: as a word; a context's property as the name it refers to; a repository path
 * with or without `./`; an absolute path as a known directory and a segment seen in a path; a cluster URL as
 * its Service's name and port, with the cluster's DNS suffix.
 */
export function located(token: string, corpus: Corpus): boolean {
  if (corpus.words.has(token)) return true;
  const context = CONTEXTS.exec(token);
  if (context) return corpus.words.has(context[2]!);
  const bare = token.replace(/^\.\//, "").replace(/\/$/, "");
  if (corpus.paths.has(bare) || corpus.words.has(bare)) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(token)) {
    let url: URL;
    try {
      url = new URL(token);
    } catch {
      return false;
    }
    const [service, ...rest] = url.hostname.split(".");
    const suffix = rest.join(".");
    const port = url.port === "" || corpus.words.has(url.port);
    // A host name seen whole (a resolver's answer) in a URL otherwise seen, or a cluster Service by its name and namespace.
    if (corpus.words.has(url.hostname) && (port || seenWithOtherHost(url, corpus))) return true;
    const dns = suffix === "" || /^[a-z0-9-]+(\.svc(\.cluster\.local)?)?$/.test(suffix) && corpus.words.has(rest[0]!);
    return dns && service !== undefined && corpus.words.has(service) && port;
  }
  // A reference made of parts the agent has seen: `node:node`, `ghcr.io/acme/app:main`.
  if (/^[^:]+(:[^:/]+)+$/.test(bare) && bare.split(":").every((part) => part !== "" && located(part, corpus))) return true;
  if (bare.includes("/")) {
    const segments = bare.split("/").filter(Boolean);
    const dir = `${bare.startsWith("/") ? "/" : ""}${segments.slice(0, -1).join("/")}`;
    const last = segments.at(-1)!;
    return (dir === "" || dir === "/" || corpus.words.has(dir) || located(dir, corpus)) && pathSegmentSeen(corpus, last);
  }
  return false;
}

/** Whether the corpus shows a URL that differs from `url` only in its host (a misspelt host put right). */
function seenWithOtherHost(url: URL, corpus: Corpus): boolean {
  const rest = (u: URL) => `${u.protocol}//${u.username}:${u.password}@:${u.port}${u.pathname}${u.search}`;
  for (const w of corpus.words) {
    if (!w.includes("://")) continue;
    try {
      if (rest(new URL(w)) === rest(url)) return true;
    } catch {
      continue;
    }
  }
  return false;
}

/** The edits of one action as the words it adds to each file it changes, less the words that file already had. */
export function wordsWritten(before: Repository, after: Repository): Set<string> {
  const out = new Set<string>();
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(path)?.content ?? "";
    const now = after.get(path)?.content ?? "";
    if (was === now) continue;
    const had = tokensOf(was);
    const added = diffLines(was, now).filter((c) => c.added).map((c) => c.value).join("");
    for (const w of tokensOf(added)) if (!had.has(w)) out.add(w);
  }
  return out;
}

function play(repo: Repository, actions: readonly Action[]): Repository {
  for (const a of actions) {
    if (!isEdit(a)) continue;
    const out = applyEditAction(repo, a);
    if (out.ok) repo = out.repo;
  }
  return repo;
}

/** One way the check found a fact the agent could not have seen, or a declaration it could not verify. */
export interface Finding {
  scenario: string;
  problem: string;
}

/**
 * What the solvability check finds on one scenario; empty when every fact of its reference fix can be seen
 * before it is written and every declaration holds.
 */
export function solvabilityFindings(catalog: Catalog, scenario: Scenario): Finding[] {
  const findings: Finding[] = [];
  const report = (problem: string) => findings.push({ scenario: scenario.id, problem });
  const evidence = scenario.evidence ?? { inspect: [], choices: [] };
  const initial = repositoryFrom(scenario.files);
  // The states the reference fix passes through, with what the agent observed in each.
  const episode = startJudgedEpisode(catalog, { scenario_id: scenario.id }, `solvability-${scenario.id}`);
  const observations = [episode.observe().observation];
  const states: Repository[] = [initial];
  const edits = scenario.solution.filter(isEdit);
  for (const action of edits) {
    const next = play(states.at(-1)!, [action]);
    states.push(next);
    const step = episode.step(action);
    observations.push(step.observation);
    if (step.done) break;
  }
  // Where each declared inspection first shows its text.
  const shownAt = evidence.inspect.map((e) => {
    const at = states.slice(0, -1).findIndex((repo) => inspectRepository(e.command, { repo, world: scenario.world, start: initial }).includes(e.shows));
    if (at < 0) report(`the inspection \`${e.command}\` never shows ${JSON.stringify(e.shows)} before the fix is complete`);
    return at;
  });
  const choices = new Set(evidence.choices);
  const written = new Set<string>();
  const corpus: Corpus = { words: new Set(), paths: new Set() };
  for (const [k, action] of edits.entries()) {
    const seen = observations[k]!;
    for (const [path, content] of Object.entries(seen.files)) {
      corpus.paths.add(path);
      add(corpus, `${path}\n${content}`);
    }
    add(corpus, `${seen.error_message ?? ""}\n${seen.available_secrets.join("\n")}`);
    evidence.inspect.forEach((e, i) => {
      if (shownAt[i] === k) add(corpus, e.shows);
    });
    // A host command writes what the daemons it drives write (pids, logs, timestamps); the agent writes its words.
    const words = action.action_type === "host" ? tokensOf(action.command) : wordsWritten(states[k]!, play(states[k]!, [action]));
    for (const word of words) {
      written.add(word);
      if (isToolKnowledge(word) || choices.has(word)) continue;
      if (!located(word, corpus)) report(`step ${k + 1} writes ${JSON.stringify(word)}, which nothing the agent has seen shows`);
    }
  }
  // A choice is one only if the reference fix makes it and some alternative fixes the scenario without it.
  for (const choice of choices) {
    if (!written.has(choice)) report(`the declared choice ${JSON.stringify(choice)} is not written by the reference fix`);
    const avoided = scenario.alternatives.some((alt) => !wordsWritten(initial, play(initial, alt.actions)).has(choice));
    if (!avoided) report(`every alternative writes the declared choice ${JSON.stringify(choice)}: it is a fact, not a choice`);
  }
  return findings;
}
