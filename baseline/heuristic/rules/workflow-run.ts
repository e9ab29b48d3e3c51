/**
 * Repairs for a workflow run that fails at a step, keyed on the runner's log: a secret the script reads but
 * nobody mapped, `${ … }` that bash cannot expand, a token that may not write packages, the wrong credentials
 * for ghcr.io, a builder that cannot do what the build asks, a push with no login, sources not checked out.
 */
import type { Action } from "../../../contracts/actions.js";
import type { RepairRule } from "../rule.js";
import { insertLines, rewriteFile, type RepairView } from "../view.js";
import { failingStep, outlineWorkflow, type JobOutline, type StepOutline, type WorkflowOutline } from "../workflow-outline.js";
import { nearest } from "../closest.js";

interface Located {
  file: string;
  outline: WorkflowOutline;
  step: StepOutline;
  job: JobOutline;
}

/** The workflow step the run log is about, with its file and job. */
function locate(view: RepairView): Located | null {
  for (const file of view.workflows) {
    const outline = outlineWorkflow(view.content(file) ?? "");
    const step = outline === null ? null : failingStep(outline, view.log);
    const job = step === null ? undefined : outline?.jobs.find((j) => j.id === step.job);
    if (outline !== null && step !== null && job !== undefined) return { file, outline, step, job };
  }
  return null;
}

const secretRef = (name: string): string => `\${{ secrets.${name} }}`;

/** The secret a variable should come from: its namesake, GITHUB_TOKEN, or the nearest name. */
function secretFor(view: RepairView, variable: string): string | null {
  if (view.secrets.includes(variable) || variable === "GITHUB_TOKEN") return variable;
  return nearest(variable, view.secrets, 4);
}

/** An empty `$VAR` in a failing step → `env:` mapping it from the secret of that name. */
export const secretNotMapped: RepairRule = {
  name: "secret-not-mapped",
  summary: "a step's script reads $VAR that no env: maps → env: VAR: ${{ secrets.VAR }} on the step",
  propose(view) {
    const at = locate(view);
    if (at === null || at.step.run === undefined) return [];
    const mapped = new Set([...at.step.env, ...at.job.env, ...at.outline.env]);
    const used = [...new Set([...at.step.run.matchAll(/\$\{?([A-Z][A-Z0-9_]*)\}?/g)].map((m) => m[1] ?? ""))];
    const wanted = used.filter((v) => !mapped.has(v) && !v.startsWith("GITHUB_") || v === "GITHUB_TOKEN").filter((v) => !mapped.has(v));
    const pairs = wanted.map((v) => [v, secretFor(view, v)] as const).filter((p): p is readonly [string, string] => p[1] !== null);
    if (pairs.length === 0) return [];
    const pad = " ".repeat(at.step.indent);
    const entries = pairs.map(([v, s]) => `${pad}  ${v}: ${secretRef(s)}`);
    if (at.step.envLine !== undefined) return [insertLines(at.file, at.step.envLine + 1, entries)];
    // Before `run:` keeps the step reading name, env, run as people write it.
    const lines = view.lines(at.file);
    let runLine = lines.findIndex((l, i) => i + 1 >= at.step.line && i + 1 <= at.step.endLine && new RegExp(`^\\s*(- )?run:`).test(l)) + 1;
    if (runLine <= 0 || runLine === at.step.line) runLine = at.step.endLine + 1;
    return [insertLines(at.file, runLine, [`${pad}env:`, ...entries])];
  },
};

/** `${ secrets.X }: bad substitution` → the mapped variable, or the expression with double braces. */
export const singleBraceSecret: RepairRule = {
  name: "single-brace-secret",
  summary: "${ secrets.X } in a script → $VAR when env: maps it, else ${{ secrets.X }}",
  propose(view) {
    if (!/bad substitution/.test(view.log)) return [];
    const actions: Action[] = [];
    for (const file of view.workflows) {
      const text = view.content(file) ?? "";
      const next = text.replace(/\$\{\s*(secrets|env|github|vars)\.([A-Za-z0-9_]+)\s*\}(?!\})/g, (whole, ctx: string, name: string, offset: number) => {
        if (text[offset - 1] === "{" || text[offset + 2] === "{") return whole;
        const mappedAs = new RegExp(`^\\s*([A-Z][A-Z0-9_]*):\\s*\\$\\{\\{\\s*${ctx}\\.${name}\\s*\\}\\}`, "m").exec(text)?.[1];
        return mappedAs !== undefined ? `$${mappedAs}` : `\${{ ${ctx}.${name} }}`;
      });
      const action = rewriteFile(view, file, next);
      if (action !== null) actions.push(action);
    }
    return actions;
  },
};

/** `denied: permission_denied: write_package` → `packages: write` for GITHUB_TOKEN. */
export const packagesWrite: RepairRule = {
  name: "packages-write",
  summary: "ghcr.io refuses the push for lack of packages: write → grant it in permissions:",
  propose(view) {
    if (!/write_package|not allowed to (Write|Create) organization package/.test(view.log)) return [];
    for (const file of view.workflows) {
      const lines = view.lines(file);
      if (!lines.some((l) => l.includes("ghcr.io"))) continue;
      const read = lines.findIndex((l) => /^\s*packages:\s*(read|none)\s*$/.test(l));
      if (read >= 0) return [{ action_type: "replace_line", file_path: file, line_number: read + 1, new_content: (lines[read] ?? "").replace(/(read|none)\s*$/, "write") }];
      const block = lines.findIndex((l) => /^permissions:\s*$/.test(l));
      if (block >= 0) return [insertLines(file, block + 2, ["  packages: write"])];
      const jobs = lines.findIndex((l) => /^jobs:/.test(l));
      return [insertLines(file, jobs < 0 ? 1 : jobs + 1, ["permissions:", "  contents: read", "  packages: write", ""])];
    }
    return [];
  },
};

/** ghcr.io denies a login with Docker Hub credentials → the workflow's own GITHUB_TOKEN as github.actor. */
export const ghcrCredentials: RepairRule = {
  name: "ghcr-credentials",
  summary: "ghcr.io denies the login → username github.actor, password secrets.GITHUB_TOKEN",
  propose(view) {
    if (!/ghcr\.io\/v2\/": denied|ghcr\.io.*(denied|unauthorized)/.test(view.log) || /write_package/.test(view.log)) return [];
    const at = locate(view);
    if (at === null || at.step.uses?.startsWith("docker/login-action") !== true) return [];
    const lines = view.lines(at.file);
    const next = lines.map((l, i) => {
      if (i + 1 < at.step.line || i + 1 > at.step.endLine) return l;
      if (/^\s*username:/.test(l)) return l.replace(/username:.*/, "username: ${{ github.actor }}");
      if (/^\s*password:/.test(l)) return l.replace(/password:.*/, "password: ${{ secrets.GITHUB_TOKEN }}");
      return l;
    });
    const action = rewriteFile(view, at.file, `${next.join("\n")}\n`);
    return action === null ? [] : [action];
  },
};

/** `… is not supported for the docker driver` → set up a docker-container builder before the build. */
export const setupBuildx: RepairRule = {
  name: "setup-buildx",
  summary: "multi-platform or cache export on the docker driver → docker/setup-buildx-action before the build",
  propose(view) {
    if (!/not supported for the docker driver/.test(view.log)) return [];
    const at = locate(view);
    if (at === null) return [];
    const pad = " ".repeat(at.step.indent - 2);
    return [insertLines(at.file, at.step.line, [`${pad}- name: Set up Docker Buildx`, `${pad}  uses: docker/setup-buildx-action@v3`])];
  },
};

/** A push refused for want of a login → a login step for the registry the tags name, before the push. */
export const loginBeforePush: RepairRule = {
  name: "login-before-push",
  summary: "push denied or unauthenticated and no login step → docker/login-action before the push",
  propose(view) {
    if (!/requested access to the resource is denied|unauthorized: (unauthenticated|authentication required)|insufficient_scope/.test(view.log)) return [];
    const at = locate(view);
    if (at === null || at.job.steps.some((s) => s.uses?.startsWith("docker/login-action") || /docker login/.test(s.run ?? ""))) return [];
    const pad = " ".repeat(at.step.indent - 2);
    const ghcr = /ghcr\.io/.test(view.content(at.file) ?? "");
    const user = view.secrets.find((s) => /USER/.test(s));
    const pass = view.secrets.find((s) => /TOKEN|PASSWORD|PASS/.test(s));
    const creds = ghcr
      ? ["registry: ghcr.io", "username: ${{ github.actor }}", "password: ${{ secrets.GITHUB_TOKEN }}"]
      : user !== undefined && pass !== undefined
        ? [`username: ${secretRef(user)}`, `password: ${secretRef(pass)}`]
        : null;
    if (creds === null) return [];
    return [insertLines(at.file, at.step.line, [`${pad}- name: Log in to the registry`, `${pad}  uses: docker/login-action@v3`, `${pad}  with:`, ...creds.map((c) => `${pad}    ${c}`)])];
  },
};

/** Files the step needs are not there: the job never checked out, or checks out too late → checkout first. */
export const checkoutFirst: RepairRule = {
  name: "checkout-first",
  summary: "a step finds no repository files → actions/checkout as the job's first step",
  propose(view) {
    if (!/no such file or directory|ENOENT|Could not open requirements file|not found in build context/i.test(view.log)) return [];
    const at = locate(view);
    if (at === null) return [];
    const steps = at.job.steps;
    const checkout = steps.find((s) => s.uses?.startsWith("actions/checkout") === true);
    const first = steps[0];
    if (first === undefined || checkout === first) return [];
    const lines = view.lines(at.file);
    const pad = " ".repeat(first.indent - 2);
    if (checkout === undefined) return [insertLines(at.file, first.line, [`${pad}- uses: actions/checkout@v4`])];
    // Move the existing checkout (with its name and inputs) to the front.
    const moved = lines.slice(checkout.line - 1, checkout.endLine);
    const rest = lines.filter((_, i) => i + 1 < checkout.line || i + 1 > checkout.endLine);
    rest.splice(first.line - 1, 0, ...moved);
    const action = rewriteFile(view, at.file, `${rest.join("\n")}\n`);
    return action === null ? [] : [action];
  },
};

/** `Artifact not found for name: X` → the downloading job needs the job that uploads X. */
export const artifactNeeds: RepairRule = {
  name: "artifact-needs",
  summary: "an artifact another job uploads is not found → needs: that job",
  propose(view) {
    const name = /Artifact not found for name: (\S+)/.exec(view.log)?.[1];
    const at = locate(view);
    if (name === undefined || at === null) return [];
    const producer = at.outline.jobs.find((j) => j.id !== at.job.id && j.steps.some((s) => s.uses?.startsWith("actions/upload-artifact") && s.with["name"] === name));
    if (producer === undefined || at.job.needs.includes(producer.id)) return [];
    const pad = " ".repeat(at.job.indent);
    const needsLine = at.job.keys["needs"];
    if (needsLine !== undefined) {
      const needs = [...at.job.needs, producer.id];
      return [{ action_type: "replace_line", file_path: at.file, line_number: needsLine, new_content: `${pad}needs: [${needs.join(", ")}]` }];
    }
    return [insertLines(at.file, at.job.line + 1, [`${pad}needs: ${producer.id}`])];
  },
};

export const WORKFLOW_RUN_RULES: readonly RepairRule[] = [singleBraceSecret, secretNotMapped, packagesWrite, ghcrCredentials, setupBuildx, loginBeforePush, checkoutFirst, artifactNeeds];
