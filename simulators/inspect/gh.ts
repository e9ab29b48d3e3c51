/**
 * The CI family: the simulated run of each workflow file as the GitHub CLI shows it. `gh run list` has one
 * run per workflow (the push that the scenario's log comes from), `gh run view --log [--job J]` every job's
 * steps in `JOB<TAB>STEP<TAB>TIME LINE` lines, with the failing step's log as the runner printed it;
 * `gh secret list` the repository secrets' names, `gh workflow list` the workflows, `gh api …/permissions/workflow`
 * the token's default. Each job's set-up lists its GITHUB_TOKEN's permissions. The run's times, ids and
 * a successful step's own output are not modelled; the lines say so rather than invent them.
 */
import { createHash } from "node:crypto";
import type { Diagnostic } from "../diagnostic.js";
import { isWorkflowPath } from "../workflow/index.js";
import { tokenPermissions } from "../workflow/runner/context.js";
import { asMap, get, readWorkflowSource } from "../workflow/source.js";
import type { JobLegEvent, StepRunEvent } from "../workflow/events.js";
import type { CommandFamily, CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import { joinLines } from "./text.js";

/** Every line of a run's log carries a time; the simulation has none, so all runs read as of one instant. */
const TIME = "2025-01-01T00:00:00.0000000Z";

interface Run {
  file: string;
  name: string;
  id: number;
  status: "success" | "failure" | "startup_failure";
  legs: JobLegEvent[];
  steps: StepRunEvent[];
  errors: Diagnostic[];
}

function workflowName(content: string, file: string): string {
  const m = /^name:\s*["']?([^"'#\n]+?)["']?\s*(#.*)?$/m.exec(content);
  return m ? m[1]!.trim() : file;
}

function runsOf(ctx: InspectionContext): Run[] {
  const sim = ctx.simulation();
  const files = [...ctx.repo.keys()].filter(isWorkflowPath).sort();
  return files.map((file) => {
    const legs = sim.facts.of<JobLegEvent>("job-leg").filter((f) => f.file === file).map((f) => f.event);
    const steps = sim.facts.of<StepRunEvent>("step-run").filter((f) => f.file === file).map((f) => f.event);
    const errors = sim.diagnostics.filter((d) => d.file === file && d.severity === "error");
    const refused = errors.some((d) => d.stage === "parse");
    const status = refused ? "startup_failure" : legs.some((l) => l.status === "failure") || errors.length > 0 ? "failure" : "success";
    const id = 10_000_000_000 + (parseInt(createHash("sha1").update(file).digest("hex").slice(0, 8), 16) % 1_000_000_000);
    return { file, name: workflowName(ctx.repo.get(file)!.content, file), id, status, legs, steps, errors };
  });
}

function runList(ctx: InspectionContext): CommandOutput {
  const runs = runsOf(ctx);
  if (runs.length === 0) return ok("no runs found\n");
  const branch = ctx.world.repository.default_branch;
  const rows = runs.map((r) => [r.status === "success" ? "✓" : "X", r.name, r.name, branch, "push", String(r.id), "-", "-"]);
  return ok(table([["STATUS", "TITLE", "WORKFLOW", "BRANCH", "EVENT", "ID", "ELAPSED", "AGE"], ...rows]));
}

/** A table as the CLIs print one: columns padded to their widest cell, `gap` spaces apart (kubectl uses 3). */
export function table(rows: readonly (readonly string[])[], gap = 2): string {
  // A loop, not Math.max(...column): a long listing would pass more arguments than a call takes.
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, (r[c] ?? "").length), 0));
  return joinLines(rows.map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join(" ".repeat(gap)).trimEnd()));
}

function pickRun(args: readonly string[], runs: readonly Run[]): Run | string {
  const operand = args.find((a, i) => !a.startsWith("-") && !["--job", "-j", "-w", "--workflow"].includes(args[i - 1] ?? ""));
  if (operand !== undefined) {
    const run = runs.find((r) => String(r.id) === operand || r.file === operand || r.file.endsWith(`/${operand}`) || r.name === operand);
    return run ?? `could not find any workflow run with ID ${operand}\n`;
  }
  if (runs.length === 0) return "no runs found\n";
  // Without an id gh asks which run; the scenario's failing run is the one anyone means.
  return runs.find((r) => r.status !== "success") ?? runs[0]!;
}

function runView(args: readonly string[], ctx: InspectionContext): CommandOutput {
  const runs = runsOf(ctx);
  const run = pickRun(args, runs);
  if (typeof run === "string") return failed(run);
  const jobFlag = args.findIndex((a) => a === "--job" || a === "-j");
  const job = jobFlag >= 0 ? args[jobFlag + 1] : undefined;
  const wantLog = args.includes("--log") || args.includes("--log-failed");
  if (run.status === "startup_failure") {
    const annotation = run.errors.find((d) => d.stage === "parse");
    return failed(
      `X ${ctx.world.repository.default_branch} ${run.name} · ${run.id}\nTriggered via push\n\nX This run likely failed because of a workflow file issue.\n\n` +
        `For more information, see: https://github.com/${ctx.world.repository.owner}/${ctx.world.repository.name}/actions/runs/${run.id}\n\n` +
        (annotation?.log ?? annotation?.message ?? "") + "\n",
    );
  }
  const legs = run.legs.filter((l) => l.status !== "not-run" && (job === undefined || l.job === job || l.leg === job));
  if (job !== undefined && legs.length === 0) {
    return failed(`could not find job ${job} in run ${run.id}; jobs: ${[...new Set(run.legs.map((l) => l.leg))].join(", ") || "(none ran)"}\n`);
  }
  if (!wantLog) {
    const mark = (s: string) => (s === "success" ? "✓" : s === "failure" ? "X" : "-");
    const lines = [`${mark(run.status)} ${ctx.world.repository.default_branch} ${run.name} · ${run.id}`, "Triggered via push", "", "JOBS"];
    for (const l of legs) lines.push(`${mark(l.status)} ${l.leg}`);
    lines.push("", `To see the full job log, try: gh run view --log --job <job>`);
    return ok(joinLines(lines));
  }
  const failedOnly = args.includes("--log-failed");
  const unused = run.errors.filter((d) => d.stage !== "parse");
  const out: string[] = [];
  for (const leg of legs) {
    if (failedOnly && leg.status !== "failure") continue;
    const steps = run.steps.filter((s) => s.step.job === leg.job && s.step.leg === leg.leg).sort((a, b) => a.step.index - b.step.index);
    const line = (step: string, text: string) => `${leg.leg}\t${step}\t${TIME} ${text}`;
    out.push(line("Set up job", leg.runner ? `Runner Image: ${leg.runner.imageOs} (${leg.runner.label})` : "Waiting for a runner to pick up this job..."));
    if (leg.runner) for (const l of tokenLines(run.file, leg.job, ctx)) out.push(line("Set up job", l));
    for (const s of steps) {
      if (failedOnly && s.status !== "failure") continue;
      if (s.status === "switched-off") continue;
      if (s.status === "success") {
        out.push(line(s.name, "(step succeeded; its own output is not modelled)"));
        continue;
      }
      const error = unused.shift();
      const text = error?.log ?? error?.message ?? "##[error]the step failed";
      for (const l of text.split("\n")) out.push(line(s.name, l));
    }
    if (leg.status === "failure" && steps.every((s) => s.status !== "failure")) {
      const error = unused.shift();
      if (error) for (const l of (error.log ?? error.message).split("\n")) out.push(line("Set up job", l));
    }
    out.push(line("Complete job", `Cleaning up orphan processes`));
  }
  return ok(joinLines(out));
}

/** How the runner names a token scope in the job log: `pull-requests` → `PullRequests`. */
const scopeTitle = (scope: string) => scope.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");

/**
 * The "GITHUB_TOKEN Permissions" block the runner prints while it sets up a job: every scope the job's token
 * has (the workflow's or job's permissions block, else the repository's default), Metadata always.
 */
function tokenLines(file: string, job: string, ctx: InspectionContext): string[] {
  const content = ctx.repo.get(file)?.content;
  if (content === undefined) return [];
  const source = readWorkflowSource(file, content);
  const jobs = asMap(get(source.root, "jobs", source.doc));
  const permissions = tokenPermissions(source, get(jobs, job, source.doc), ctx.world, false);
  const scopes: Record<string, string> = { ...permissions, metadata: "read" };
  const granted = Object.entries(scopes).filter(([, level]) => level !== "none").sort(([a], [b]) => (a < b ? -1 : 1));
  return ["GITHUB_TOKEN Permissions", ...granted.map(([scope, level]) => `  ${scopeTitle(scope)}: ${level}`), "Secret source: Actions"];
}

/**
 * `gh api repos/OWNER/REPO/actions/permissions/workflow`: the repository's default GITHUB_TOKEN permissions,
 * the one repository setting a workflow's token depends on; other endpoints are not part of the world.
 */
function api(args: readonly string[], ctx: InspectionContext): CommandOutput {
  if (args.some((a) => ["-X", "--method", "-f", "-F", "--field", "--raw-field", "--input"].includes(a) || a.startsWith("--method="))) {
    return failed("breakfix inspect: gh api with a method or fields could change the repository; inspections only read (GET).\n");
  }
  const path = (args.find((a) => !a.startsWith("-")) ?? "").replace(/^\//, "");
  const { owner, name, default_token_permissions: level } = ctx.world.repository;
  const wanted = [`repos/${owner}/${name}/actions/permissions/workflow`, "repos/{owner}/{repo}/actions/permissions/workflow", ":owner/:repo/actions/permissions/workflow"];
  if (wanted.includes(path)) {
    return ok(`${JSON.stringify({ default_workflow_permissions: level === "permissive" ? "write" : "read", can_approve_pull_request_reviews: false })}\n`);
  }
  return failed(`gh api ${path}: only repos/${owner}/${name}/actions/permissions/workflow (the token's default permissions) is answered here\n`);
}

function secretList(ctx: InspectionContext): CommandOutput {
  // GITHUB_TOKEN is GitHub's own, never a repository secret gh lists.
  const names = ctx.world.secrets.filter((s) => s !== "GITHUB_TOKEN").sort();
  if (names.length === 0) return ok("no secrets found\n");
  return ok(joinLines(["NAME", ...names]) + "(the secrets' update times are not part of the simulated world)\n");
}

function workflowList(ctx: InspectionContext): CommandOutput {
  const runs = runsOf(ctx);
  if (runs.length === 0) return ok("no workflows found\n");
  return ok(table([["NAME", "STATE", "PATH"], ...runs.map((r) => [r.name, "active", r.file])]));
}

export const CI_FAMILY: CommandFamily = {
  family: "ci",
  supported: ["gh run list", "gh run view [RUN] [--log | --log-failed] [--job JOB]", "gh secret list", "gh workflow list", "gh api repos/OWNER/REPO/actions/permissions/workflow"],
  programs: ["gh"],
  run(argv, _stdin, ctx) {
    const [, group, sub, ...rest] = argv;
    if (group === "run" && sub === "list") return runList(ctx);
    if (group === "run" && sub === "view") return runView(rest, ctx);
    if (group === "secret" && sub === "list") return secretList(ctx);
    if (group === "workflow" && sub === "list") return workflowList(ctx);
    if (group === "api") return api(argv.slice(2), ctx);
    return failed(`gh ${[group, sub].filter(Boolean).join(" ")}: not supported here. Supported: ${CI_FAMILY.supported.join("; ")}\n`);
  },
};
