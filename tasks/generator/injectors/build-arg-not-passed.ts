/**
 * build-arg-not-passed: the Dockerfile guards a build ARG (`RUN test -n "$APP_VERSION"`) that the workflow's
 * build does not pass, so the guard fails the build (DF009: `process "/bin/sh -c test -n …" did not complete
 * successfully: exit code: 1`). An ARG without a value is only empty (real-errors.md §I), which is why the
 * guard is there; the Dockerfile names the ARG, the workflow decides its value.
 *
 * Two places: a build that passes a guarded ARG drops it (train) or takes its value from a repository
 * variable that does not exist, which expands to nothing (test); or a Dockerfile gains a guarded ARG the
 * workflow was never taught to pass, named from APP_VERSION/GIT_SHA/BUILD_VERSION in train and
 * RELEASE_TAG/SOURCE_COMMIT/BUILD_REVISION in test.
 */
import type { InjectionContext } from "../injector.js";
import { defineInjector } from "../injector.js";
import type { Build } from "./delivery/builds.js";
import { deliveryBuilds, lineSpan, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections, spanFree } from "./delivery/edits.js";
import type { Change } from "./delivery/edits.js";
import { withHead } from "./delivery/workflows.js";

const NAMES = { train: ["APP_VERSION", "GIT_SHA", "BUILD_VERSION"], test: ["RELEASE_TAG", "SOURCE_COMMIT", "BUILD_REVISION"] };

/** The ARGs a Dockerfile's RUN steps refuse to build without. */
function guarded(ctx: InjectionContext, dockerfile: string): Set<string> {
  const parsed = readDockerfile(ctx.files, dockerfile);
  const out = new Set<string>();
  for (const i of parsed?.instructions ?? []) {
    if (i.keyword !== "RUN") continue;
    for (const m of i.args.matchAll(/(?:test|\[)\s+-n\s+"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?/g)) out.add(m[1]!);
  }
  return out;
}

/** A build that passes a guarded ARG stops passing it (train) or passes an undefined variable (test). */
function dropPassed(ctx: InjectionContext, build: Build, name: string): { changes: Change[]; says: string } | null {
  const { workflow, step } = build;
  const entry = step.inputs.get("build-args")!;
  const text = workflow.content.slice(entry.span[0], entry.span[1]);
  const line = text.split("\n").find((l) => new RegExp(`^\\s*(?:build-args:\\s*)?${name}=`).test(l));
  if (line === undefined) return null;
  if (ctx.split === "test") {
    if (ctx.world.variables[name] !== undefined) return null;
    const c = change(ctx, workflow.file, entry.span, text.replace(line, line.replace(/=.*$/, `=\${{ vars.${name} }}`)));
    return c && { changes: [c], says: `passes it from the repository variable ${name}, which is not defined` };
  }
  if (build.buildArgs.size > 1) {
    const c = change(ctx, workflow.file, entry.span, text.replace(`${line}\n`, ""));
    return c && { changes: [c], says: "no longer passes it" };
  }
  // The only build arg: the whole input goes, and the input next to it is where the repair puts it back.
  const entries = [...step.inputs.values()].sort((a, b) => a.span[0] - b.span[0]);
  const next = entries.find((e) => e.span[0] === entry.span[1]);
  const prev = entries.find((e) => e.span[1] === entry.span[0]);
  const c = next
    ? change(ctx, workflow.file, [entry.span[0], next.span[1]], workflow.content.slice(next.span[0], next.span[1]))
    : prev
      ? change(ctx, workflow.file, [prev.span[0], entry.span[1]], workflow.content.slice(prev.span[0], prev.span[1]))
      : null;
  return c && { changes: [c], says: "no longer passes it" };
}

/** A Dockerfile gains a guarded ARG; the repair teaches the workflow's build to pass it. */
function addGuard(ctx: InjectionContext, build: Build, name: string): { changes: Change[]; repaired: Change[]; says: string } | null {
  const { workflow, step, dockerfile } = build;
  const parsed = readDockerfile(ctx.files, dockerfile);
  if (!parsed || parsed.instructions.some((i) => i.keyword === "ARG" && i.args.split("=")[0]!.trim() === name)) return null;
  const sha = /SHA|COMMIT|REVISION/.test(name);
  const value = sha ? "${{ github.sha }}" : "${{ github.ref_name }}";
  const content = ctx.files.get(dockerfile)!.content;
  const at = lineSpan(content, parsed.stages[0]!.from.endLine)[1];
  const why = sha ? "# The image records the commit it was built from; a build without it is not a release." : "# The image records the release it was built for; a build without it is not a release.";
  const guard = change(ctx, dockerfile, [at, at], `${why}\nARG ${name}\nRUN test -n "$${name}"\n`);
  if (!guard) return null;
  let pass: Change | null;
  if (build.command) {
    const first = build.command.text.split("\n")[0]!;
    const verb = /^docker\s+(?:buildx\s+)?build/.exec(first)![0];
    pass = { file: workflow.file, content: "", broken: first, fixed: first.replace(verb, `${verb} --build-arg ${name}=${value}`) };
  } else if (step.inputs.has("build-args")) {
    const entry = step.inputs.get("build-args")!;
    const text = workflow.content.slice(entry.span[0], entry.span[1]);
    const item = /\n(\s+)\S/.exec(text);
    if (!item) return null;
    pass = { file: workflow.file, content: "", broken: text, fixed: `${text}${item[1]}${name}=${value}\n` };
  } else {
    const head = withHead(workflow, step);
    pass = head && { file: workflow.file, content: "", broken: head.text, fixed: `${head.text}${head.indent}build-args: ${name}=${value}\n` };
  }
  // The repair edits the workflow's text there: it must be unique and no other fault's.
  const where = pass ? workflow.content.indexOf(pass.broken) : -1;
  if (!pass || where === -1 || workflow.content.split(pass.broken).length !== 2 || !spanFree(ctx, workflow.file, workflow.content, [where, where + pass.broken.length])) return null;
  return { changes: [guard], repaired: [pass], says: "does not pass it" };
}

export const buildArgNotPassed = defineInjector({
  kind: "build-arg-not-passed",
  layer: "pipeline",
  summary: "A build ARG the Dockerfile's guard requires is not passed by the workflow: the guard fails the build (DF009)",
  inject(ctx) {
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const builtOnce = (b: Build) => builds.filter((o) => o.dockerfile === b.dockerfile).length === 1 && ctx.files.has(b.dockerfile);
    const passed = builds.flatMap((b) => (b.command || !builtOnce(b) ? [] : [...b.buildArgs.keys()].filter((n) => guarded(ctx, b.dockerfile).has(n)).map((name) => ({ b, name }))));
    const fresh = builds.filter((b) => builtOnce(b) && b.target === null);
    const useFresh = passed.length === 0 || (fresh.length > 0 && ctx.rng.chance(0.5));
    let done: { changes: Change[]; repaired?: Change[]; says: string } | null;
    let place: { b: Build; name: string };
    if (useFresh) {
      if (fresh.length === 0) return null;
      const names = NAMES[ctx.split === "test" ? "test" : "train"];
      place = { b: ctx.rng.pick(fresh), name: ctx.rng.pick(names) };
      if (guarded(ctx, place.b.dockerfile).has(place.name) || place.b.buildArgs.has(place.name)) return null;
      done = addGuard(ctx, place.b, place.name);
    } else {
      place = ctx.rng.pick(passed);
      done = dropPassed(ctx, place.b, place.name);
    }
    if (!done) return null;
    const { b, name } = place;
    return {
      kind: "build-arg-not-passed",
      layer: "pipeline",
      ...applied(done.changes, done.repaired),
      issue: {
        description: `${b.dockerfile} refuses to build without the build arg ${name} (RUN test -n "$${name}"), and ${b.workflow.file}'s build ${done.says}: the ARG is empty and the guard fails the build.`,
        hint: "The failing RUN checks a build ARG. Where does its value come from when the release builds the image?",
        stage: "build",
        detection: detections("DF009", [b.dockerfile]),
      },
    };
  },
});
