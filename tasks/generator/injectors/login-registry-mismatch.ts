/**
 * login-registry-mismatch: the workflow logs in to another registry than the one it pushes to. Where that
 * registry refuses the credentials (GITHUB_TOKEN sent to Docker Hub when `registry: ghcr.io` is dropped, a
 * Docker Hub token sent to ghcr.io) the login fails: `unauthorized: incorrect username or password` /
 * `denied: denied` (GHA103). Where the other registry accepts them, the push is the first to fail, with no
 * login for its registry (GHA104).
 *
 * Split rule: for a ghcr.io push, train drops the registry (login-action and `docker login` default to
 * Docker Hub) or names docker.io; for a Docker Hub push it names ghcr.io. Test names registries train never
 * shows: GitHub's former docker.pkg.github.com for a ghcr.io push, quay.io for a Docker Hub push.
 */
import { defineInjector } from "../injector.js";
import type { InjectionContext } from "../injector.js";
import { dockerCommands, loginRegistry } from "./delivery/docker-cli.js";
import { applied, change, detections } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";
import { pushedImages } from "./delivery/images.js";
import { deliveryWorkflows } from "./delivery/workflows.js";
import type { Entry, Job, Step, Workflow } from "./delivery/workflows.js";

const GITHUB_CREDENTIAL = /\$\{\{\s*(?:secrets\.GITHUB_TOKEN|github\.token)\s*\}\}|GITHUB_TOKEN|GHCR|(^|_)PAT\b/;
const DOCKER_CREDENTIAL = /DOCKER|HUB/i;

function normalise(registry: string): string {
  const r = registry.trim().replace(/^https?:\/\//, "").replace(/\/.*$/, "");
  return r === "" || r === "index.docker.io" || r === "registry-1.docker.io" ? "docker.io" : r;
}

/**
 * The registry the login goes to instead (`""`: none named, Docker Hub by default), and the rule that
 * reports it.
 */
function elsewhere(pushTo: string, password: string, ctx: InjectionContext): { registry: string; code: "GHA103" | "GHA104" } | null {
  const test = ctx.split === "test";
  if (pushTo === "ghcr.io" && GITHUB_CREDENTIAL.test(password)) return test ? { registry: "docker.pkg.github.com", code: "GHA104" } : { registry: ctx.rng.pick(["", "docker.io"]), code: "GHA103" };
  if (pushTo === "docker.io" && DOCKER_CREDENTIAL.test(password) && !GITHUB_CREDENTIAL.test(password)) return test ? { registry: "quay.io", code: "GHA104" } : { registry: "ghcr.io", code: "GHA103" };
  return null;
}

interface Place {
  workflow: Workflow;
  job: Job;
  step: Step;
  pushTo: string;
  target: { registry: string; code: "GHA103" | "GHA104" };
}

/** A login-action step rewritten to log in to `registry` (`""`: the input dropped, Docker Hub by default). */
function actionLogin(ctx: InjectionContext, workflow: Workflow, step: Step, registry: string): Change | null {
  const current = step.inputs.get("registry");
  const inputs = [...step.inputs.values()].sort((a, b) => a.span[0] - b.span[0]);
  const text = (e: Entry) => workflow.content.slice(e.span[0], e.span[1]);
  if (registry === "") {
    if (!current) return null;
    // The input goes; the input after it (or before it) is where the repair puts it back.
    const next = inputs.find((e) => e.span[0] === current.span[1]);
    const prev = inputs.find((e) => e.span[1] === current.span[0]);
    if (next) return change(ctx, workflow.file, [current.span[0], next.span[1]], text(next));
    return prev ? change(ctx, workflow.file, [prev.span[0], current.span[1]], text(prev)) : null;
  }
  if (current) return change(ctx, workflow.file, current.span, `${current.indent}registry: ${registry}\n`);
  const first = inputs[0];
  return first ? change(ctx, workflow.file, first.span, `${first.indent}registry: ${registry}\n${text(first)}`) : null;
}

export const loginRegistryMismatch = defineInjector({
  kind: "login-registry-mismatch",
  layer: "pipeline",
  summary: "The workflow logs in to another registry than it pushes to: the login is refused (GHA103) or the push has no login (GHA104)",
  inject(ctx) {
    const workflows = deliveryWorkflows(ctx.files);
    const pushes = pushedImages(workflows, ctx.world);
    if (pushes === null) return null;
    const places: Place[] = [];
    for (const workflow of workflows) {
      for (const job of workflow.jobs) {
        const registries = new Set(pushes.filter((p) => p.workflow === workflow && p.job === job.id).map((p) => p.key.split("/")[0]!));
        if (registries.size !== 1) continue;
        const pushTo = [...registries][0]!;
        const logins = job.steps.filter((s) => s.uses === "docker/login-action" || dockerCommands(workflow).some((c) => c.step === s && c.words[0] === "login"));
        if (logins.length !== 1) continue;
        const step = logins[0]!;
        const cli = dockerCommands(workflow).find((c) => c.step === step && c.words[0] === "login");
        const registry = normalise(cli ? loginRegistry(cli) : (step.inputs.get("registry")?.value ?? ""));
        const password = cli ? (step.run?.text ?? "") : (step.inputs.get("password")?.value ?? "");
        const target = registry === pushTo ? elsewhere(pushTo, password, ctx) : null;
        if (target) places.push({ workflow, job, step, pushTo, target });
      }
    }
    if (places.length === 0) return null;
    const { workflow, step, pushTo, target } = ctx.rng.pick(places);
    let c: Change | null;
    const cli = dockerCommands(workflow).find((cmd) => cmd.step === step && cmd.words[0] === "login");
    if (cli) {
      const written = cli.words[1] !== undefined && !cli.words[1].startsWith("-") ? cli.words[1] : null;
      const after = target.registry === "" ? "docker login" : `docker login ${target.registry}`;
      const head = written ? `docker login ${written}` : "docker login";
      if (!cli.text.startsWith(head)) return null;
      c = change(ctx, workflow.file, [cli.span[0], cli.span[1]], cli.text.replace(head, after));
    } else c = actionLogin(ctx, workflow, step, target.registry);
    if (!c) return null;
    const to = target.registry === "" ? "Docker Hub (no registry given)" : target.registry;
    return {
      kind: "login-registry-mismatch",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description:
          `${workflow.file} logs in to ${to} but pushes to ${pushTo}` +
          (target.code === "GHA103" ? `: ${target.registry || "docker.io"} refuses the ${pushTo} credentials.` : `: the push to ${pushTo} has no login.`),
        hint: "Which registry does the login step talk to, and which one does the push go to?",
        stage: "push",
        detection: detections(target.code, [workflow.file]),
      },
    };
  },
});
