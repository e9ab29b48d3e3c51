/**
 * A credential typed into the repository is not a fix: it leaks to everyone who can read the files, and the
 * secret meant to hold it still exists. Some simulated failures go away when a literal replaces the secret (curl
 * posts to any URL it is given), so this check is what keeps such a "fix" from counting. Two signs, each
 * compared with the starting files so that nothing already there is blamed:
 *  - a credential-shaped literal (a Slack or Discord webhook URL, a GitHub, Docker Hub, Slack or AWS token, a
 *    private key) appears in any file more often than it did;
 *  - in a workflow, an `env:` or `with:` entry whose name says it holds a secret (…_TOKEN, …PASSWORD,
 *    …WEBHOOK_URL, `password`, …) holds a literal value it did not hold before, where a `${{ secrets.X }}`
 *    reference belongs.
 * And on what the run used: a registry login or a request whose credential came from a secret or the token on
 * the clean base's run now takes it from a literal or from a command's output (`$(cat token)`, `$(echo …)`),
 * which the simulation cannot vouch for and which no secret protects.
 */
import type { WrittenMap } from "../../simulators/workflow/declared-events.js";
import type { RegistryLoginEvent, RequestUrlEvent } from "../../simulators/workflow/events.js";
import type { Origin } from "../../simulators/workflow/runner/values.js";
import { repositoryScan } from "./scan-facts.js";
import type { IntentCheck, RepositoryState, Violation } from "./types.js";
import type { DeclaredWorkflow } from "./workflow-declared.js";
import { declaredWorkflows } from "./workflow-declared.js";
import { perState } from "./per-state.js";

/** Names of variables and action inputs that hold a secret, by how they end (`webhook-type` does not). */
const SECRET_NAME = /(PASSWORD|PASSWD|TOKEN|SECRET|SECRET_KEY|ACCESS_KEY|API_KEY|APIKEY|PRIVATE_KEY|CREDENTIALS?|WEBHOOK|WEBHOOK_URL)$/;

/** `$NAME` or `${NAME}`: not a credential but a (wrong) reference, which fails in the simulators for its own reason. */
const SHELL_REFERENCE = /^\$\{?[A-Za-z_]\w*\}?$/;

/** `NAME=value` for every literal secret-named entry of the workflow's, its jobs' and its steps' env and with maps. */
function literalSecretEntries(workflow: DeclaredWorkflow | undefined): string[] {
  if (!workflow) return [];
  const maps: WrittenMap[] = [workflow.env];
  for (const job of workflow.jobs.values()) maps.push(job.env, job.with);
  for (const step of workflow.steps) maps.push(step.env, step.with);
  const out: string[] = [];
  for (const map of maps) {
    for (const [key, value] of Object.entries(map)) {
      if (!SECRET_NAME.test(key.toUpperCase().replace(/-/g, "_"))) continue;
      const text = value.trim();
      if (text === "" || text.includes("${{") || SHELL_REFERENCE.test(text)) continue;
      out.push(`${key}=${text}`);
    }
  }
  return out;
}

function tally(items: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(item, (out.get(item) ?? 0) + 1);
  return out;
}

/** Where a credential came from, as the checks compare it: held by the repository's secrets, or not. */
const protectedOrigin = (origin: Origin | undefined) => origin?.kind === "secret" || origin?.kind === "token";
const unvouched = (origin: Origin | undefined) => origin?.kind === "literal" || origin?.kind === "opaque";

/** The credentials a state's run used, by file and what they were for: a login's username or password, a request's URL. */
function computeCredentialsUsed(state: RepositoryState): Map<string, Origin> {
  const out = new Map<string, Origin>();
  for (const { file, event } of state.facts.of<RegistryLoginEvent>("registry-login")) {
    if (event.username) out.set(`${file}\0the username for ${event.registry}`, event.username.origin);
    if (event.password) out.set(`${file}\0the password for ${event.registry}`, event.password.origin);
  }
  for (const { file, event } of state.facts.of<RequestUrlEvent>("request-url")) {
    event.urls.forEach((url, i) => out.set(`${file}\0the URL ${event.tool} posts to in job '${event.step.job}'${i > 0 ? ` (${i + 1})` : ""}`, url.origin));
  }
  return out;
}
const credentialsUsed = perState(computeCredentialsUsed);

function credentialViolations(base: RepositoryState | null, current: RepositoryState): Violation[] {
  if (!base) return [];
  const now = credentialsUsed(current);
  const out: Violation[] = [];
  for (const [key, origin] of credentialsUsed(base)) {
    const is = now.get(key);
    if (!protectedOrigin(origin) || !unvouched(is)) continue;
    const [file, what] = key.split("\0") as [string, string];
    const from = is!.kind === "opaque" ? "a command's output" : "text written into the workflow";
    out.push({ check: "no-hard-coded-secrets", file, message: `${file}: ${what} now comes from ${from}, not from ${origin.kind === "secret" ? `the secret ${origin.name}` : "the workflow's token"}` });
  }
  return out;
}

export const noHardCodedSecrets: IntentCheck = {
  name: "no-hard-coded-secrets",
  check({ initial, base, current }) {
    const out: Violation[] = credentialViolations(base, current);
    const was = repositoryScan(initial);
    const is = repositoryScan(current);
    for (const [name, n] of is?.credentials ?? []) {
      if (n > (was?.credentials.get(name) ?? 0)) out.push({ check: "no-hard-coded-secrets", file: ".", message: `${name} was hard-coded; use a repository secret` });
    }
    const before = declaredWorkflows(initial);
    for (const [path, workflow] of declaredWorkflows(current)) {
      const previous = tally(literalSecretEntries(before.get(path)));
      for (const [entry, n] of tally(literalSecretEntries(workflow))) {
        if (n <= (previous.get(entry) ?? 0)) continue;
        const key = entry.slice(0, entry.indexOf("="));
        out.push({ check: "no-hard-coded-secrets", file: path, message: `${path}: '${key}' holds a hard-coded value; a secret belongs there (\${{ secrets.… }})` });
      }
    }
    return out;
  },
};
