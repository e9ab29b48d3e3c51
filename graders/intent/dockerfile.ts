/**
 * A Dockerfile still builds what it built, judged on the facts the Dockerfile simulator derived:
 *  - build-stages: its named stages are all there, and no fewer stages;
 *  - image-user: an image that ran as a non-root user still does (switching to root to get past a permission
 *    error defeats the point);
 *  - build-commands: every command its RUN steps ran is still run (deleting or echoing the failing
 *    `test -n "$APP_VERSION"` is not a fix; an echo's words are arguments, never commands);
 *  - build-guards: a guard is kept as it was, and passes on the value it checks, not on a default the
 *    Dockerfile now supplies (`ARG APP_VERSION=dev` keeps `test -n "$APP_VERSION"` verbatim and makes it
 *    pass whatever the release passes in);
 *  - base-image-pins: no base image lost its version pin;
 *  - image-start: an image built only to be pushed (nothing here runs it) still starts and serves where the
 *    clean base's did, when started aside: its app not bound to loopback, its server still installed;
 *  - image-metadata: the image still exposes a port, keeps its HEALTHCHECK, the environment it set, the
 *    command it starts (a CMD or ENTRYPOINT of its own, not the base image's default), its working directory,
 *    and the repository files it was built to hold (a config copied into place).
 * The reference is the starting files' facts, else (a build that never ran there) the clean base's.
 */
import path from "node:path";
import type { CommandFact } from "../../simulators/shell/commands.js";
import type { CommandRun, GuardFact, ScriptCommand } from "../../simulators/docker/commands/command.js";
import { TEST_PROGRAMS, testText } from "../../simulators/shell/commands.js";
import type { DeclaredDockerfile } from "../../simulators/docker/declared.js";
import type { AppStartEvent, ImageBuiltEvent, ImageStartEvent, RunStepEvent } from "../../simulators/docker/events.js";
import type { Image, StageBuilt } from "../../simulators/docker/image.js";
import type { WorkloadEvent } from "../../simulators/k8s/events.js";
import { builtImages, declaredDockerfiles, guardsRun } from "./docker-facts.js";
import type { IntentCheck, IntentInputs, Violation } from "./types.js";
import { perState } from "./per-state.js";

/** Programs whose subcommand says what they do (`pip install`, `npm ci`). */
const WITH_SUBCOMMAND = new Set(["docker", "kubectl", "helm", "npm", "yarn", "pnpm", "pip", "pip3", "go", "cargo", "make", "gh", "apt-get", "apk", "mvn", "gradle", "./gradlew", "poetry", "pipenv"]);

/** Commands that only move around or print: a fix may drop them (`cd /app` once WORKDIR is set). */
const MAY_GO = new Set(["cd", "echo", "printf", ":", "true", "set", "export", "exit"]);

/** What a command is, for "is it still run": its program, and its subcommand where that says what it does. */
export function commandIdentity(c: Pick<CommandFact, "name" | "args">): string {
  // `[ … ]` and `[[ … ]]` are `test` written another way.
  const name = TEST_PROGRAMS.has(c.name) ? "test" : c.name.replace(/^.*\//, "");
  if (!WITH_SUBCOMMAND.has(name) && !WITH_SUBCOMMAND.has(c.name)) return name;
  const sub = c.args.find((a) => !a.startsWith("-"));
  return sub ? `${name} ${sub}` : name;
}

function runCommands(declared: DeclaredDockerfile): Set<string> {
  const out = new Set<string>();
  for (const run of declared.runs) for (const c of run.commands) if (!MAY_GO.has(c.name.replace(/^.*\//, ""))) out.add(commandIdentity(c));
  return out;
}

/** The guards as written, each way of writing one test read as one (`[ -n "$X" ]` is `test -n "$X"`). */
function declaredGuards(declared: DeclaredDockerfile): Set<string> {
  const out = new Set<string>();
  for (const run of declared.runs) for (const c of run.commands) if (TEST_PROGRAMS.has(c.name)) out.add(testText(c.name, c.args));
  return out;
}

const isRoot = (user: string | null) => user === null || /^(root|0)(:|$)/.test(user);

/** The reference declaration of a Dockerfile: the starting files', else the base's. */
function reference(inputs: IntentInputs, path: string): DeclaredDockerfile | undefined {
  return declaredDockerfiles(inputs.initial).get(path) ?? (inputs.base ? declaredDockerfiles(inputs.base).get(path) : undefined);
}

/** Each Dockerfile of the starting files that still exists, with its reference and current declarations. */
function* pairs(inputs: IntentInputs): Generator<{ path: string; was: DeclaredDockerfile; is: DeclaredDockerfile }> {
  const current = declaredDockerfiles(inputs.current);
  for (const path of inputs.initial.repo.keys()) {
    const was = reference(inputs, path);
    const is = current.get(path);
    if (was && is) yield { path, was, is };
  }
}

const violation = (check: Violation["check"], file: string, message: string): Violation => ({ check, file, message });

export const buildStagesKept: IntentCheck = {
  name: "build-stages",
  check(inputs) {
    const out: Violation[] = [];
    for (const { path, was, is } of pairs(inputs)) {
      for (const stage of was.stages) {
        if (stage.name && !is.stages.some((s) => s.name === stage.name)) out.push(violation("build-stages", path, `build stage '${stage.name}' was removed`));
      }
      if (is.stages.length < was.stages.length) out.push(violation("build-stages", path, "build stages were removed"));
    }
    return out;
  },
};

export const imageUserKept: IntentCheck = {
  name: "image-user",
  check(inputs) {
    return [...pairs(inputs)].filter(({ was, is }) => !isRoot(was.finalUser) && isRoot(is.finalUser)).map(({ path }) => violation("image-user", path, "the image now runs as root"));
  },
};

export const buildCommandsKept: IntentCheck = {
  name: "build-commands",
  check(inputs) {
    const out: Violation[] = [];
    for (const { path, was, is } of pairs(inputs)) {
      const now = runCommands(is);
      for (const c of runCommands(was)) if (!now.has(c)) out.push(violation("build-commands", path, `no RUN step runs '${c}' any more`));
    }
    return out;
  },
};

/** Guard facts by their text, from the starting files' build, else the base's. */
function referenceGuards(inputs: IntentInputs, path: string): Map<string, GuardFact> {
  const out = new Map<string, GuardFact>();
  for (const state of [inputs.base, inputs.initial]) {
    if (!state) continue;
    for (const g of guardsRun(state).get(path) ?? []) out.set(g.text, g);
  }
  return out;
}

export const buildGuardsKept: IntentCheck = {
  name: "build-guards",
  check(inputs) {
    const out: Violation[] = [];
    for (const { path, was, is } of pairs(inputs)) {
      const kept = declaredGuards(is);
      if (runCommands(is).has("test")) {
        for (const g of declaredGuards(was)) if (!kept.has(g)) out.push(violation("build-guards", path, `the check '${g}' was rewritten`));
      }
      // A guard that passes because the Dockerfile now defaults what it checks was bypassed, not satisfied; and
      // a default given to what a guard checks, even one the release overrides, makes every other build pass it.
      const before = referenceGuards(inputs, path);
      for (const guard of before.values()) {
        for (const v of guard.variables) {
          if (was.argDefaults[v.name] === false && is.argDefaults[v.name] === true) out.push(violation("build-guards", path, `ARG ${v.name} now has a default, so the check '${guard.text}' passes for a build that gives it none`));
        }
      }
      for (const guard of guardsRun(inputs.current).get(path) ?? []) {
        const ref = before.get(guard.text);
        if (guard.status !== 0 || !ref) continue;
        for (const v of guard.variables) {
          const was = ref.variables.find((r) => r.name === v.name);
          if (v.origin === "default" && was && (was.origin === "build-arg" || was.origin === "unset")) {
            out.push(violation("build-guards", path, `the check '${guard.text}' passes only because the Dockerfile now defaults ${v.name} to '${v.value}'`));
          }
        }
      }
    }
    return out;
  },
};

/** What a command is for "does it still pass": a test by its text (any way of writing it), else its identity. */
function runKey(c: Pick<CommandFact, "name" | "args">): string {
  return TEST_PROGRAMS.has(c.name) ? testText(c.name, c.args) : commandIdentity(c);
}

const shown = (c: Pick<CommandFact, "name" | "args">): string => {
  const text = [c.name, ...c.args].join(" ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** How each Dockerfile's RUN commands fared in a state's builds, by key. */
interface CommandOutcomes {
  /** Ran and returned 0 (on values the model knows, or on some it does not: then it cannot fail). */
  passed: Set<string>;
  /** Ran on values the model knows and returned 0. */
  passedKnown: Set<string>;
  /** Ran on values the model knows, whatever it returned. */
  ranKnown: Set<string>;
  failed: Set<string>;
  /** Commands that failed in a step that still succeeded: the script went on past them. */
  swallowed: Map<string, CommandRun>;
  /** Commands the model could not follow (control flow, the background) or whose values it does not have. */
  unfollowed: Map<string, ScriptCommand>;
  /** Commands an `&&` or `||` before them kept from running. */
  skipped: Map<string, ScriptCommand>;
}

const noOutcomes = (): CommandOutcomes => ({ passed: new Set(), passedKnown: new Set(), ranKnown: new Set(), failed: new Set(), swallowed: new Map(), unfollowed: new Map(), skipped: new Map() });

/** Which check a command's violation belongs to: a test's is build-guards. */
const checkOfKey = (key: string): Violation["check"] => (key === "test" || key.startsWith("test ") ? "build-guards" : "build-commands");

function computeCommandOutcomes(state: IntentInputs["current"]): Map<string, CommandOutcomes> {
  const out = new Map<string, CommandOutcomes>();
  for (const { file, event } of state.facts.of<RunStepEvent>("run-step")) {
    let outcomes = out.get(file);
    if (!outcomes) out.set(file, (outcomes = noOutcomes()));
    const unfollowed = (key: string, c: ScriptCommand) => void (outcomes!.unfollowed.has(key) || outcomes!.unfollowed.set(key, c));
    for (const run of event.ran) {
      const key = runKey(run);
      (run.status === 0 ? outcomes.passed : outcomes.failed).add(key);
      if (run.status === 0 && run.known) outcomes.passedKnown.add(key);
      if (run.known) outcomes.ranKnown.add(key);
      if (!run.known) unfollowed(key, run);
      if (run.status !== 0 && event.status === 0 && !outcomes.swallowed.has(key)) outcomes.swallowed.set(key, run);
    }
    for (const c of event.unfollowed) unfollowed(runKey(c), c);
    for (const c of event.skipped) if (!outcomes.skipped.has(runKey(c))) outcomes.skipped.set(runKey(c), c);
  }
  return out;
}
const commandOutcomes = perState(computeCommandOutcomes);

/**
 * build-commands and build-guards, on what the builds did: a command the clean base's build passed, or the
 * starting build ran (the failing one among them), must pass, not fail in a step that goes on regardless
 * (`test -n "$X"; exit 0`, `npm ci; true`, `… | cat`, `… || printf ''`), and must not have moved where the
 * model cannot tell whether it runs or passes (`if false; then …; fi`, an uncalled function, `… &`, a value
 * read from `$(…)`), nor behind a command whose status skips it (`true || npm ci`): a failure swallowed,
 * hidden or skipped is not fixed, and unknown earns no credit. What the clean
 * base's own build lets fail (`id -u app || useradd app`) may fail.
 */
export const buildOutcomesKept: IntentCheck = {
  name: "build-commands",
  check(inputs) {
    // Without a clean base, what the starting build ran is the whole reference, and nothing may fail.
    const base = inputs.base ? commandOutcomes(inputs.base) : new Map<string, CommandOutcomes>();
    const initial = commandOutcomes(inputs.initial);
    const none = noOutcomes();
    const out: Violation[] = [];
    for (const [path, now] of commandOutcomes(inputs.current)) {
      const clean = base.get(path) ?? none;
      const start = initial.get(path) ?? none;
      for (const [key, run] of now.swallowed) {
        const expected = clean.passed.has(key) || start.passed.has(key) || start.failed.has(key);
        if (!expected || clean.failed.has(key)) continue;
        out.push(violation(checkOfKey(key), path, `'${shown(run)}' fails in the build (exit code ${run.status}) and the step goes on regardless: the failure is swallowed, not fixed`));
      }
      for (const [key, c] of now.unfollowed) {
        const expected = clean.passedKnown.has(key) || start.ranKnown.has(key);
        if (!expected || clean.unfollowed.has(key) || start.unfollowed.has(key) || now.passedKnown.has(key)) continue;
        out.push(violation(checkOfKey(key), path, `'${shown(c)}' now runs only where the build cannot be followed (inside if, a function, a subshell, the background, or on a value it does not know): whether it passes is not known, so it earns no credit`));
      }
      for (const [key, c] of now.skipped) {
        const expected = clean.passedKnown.has(key) || start.ranKnown.has(key);
        if (!expected || clean.skipped.has(key) || start.skipped.has(key) || now.passed.has(key) || now.unfollowed.has(key)) continue;
        out.push(violation(checkOfKey(key), path, `'${shown(c)}' never runs: what comes before it in its list decides the step (\`true || …\`), so the step skips it`));
      }
    }
    out.push(...unbuiltStages(inputs, base, initial));
    return out;
  },
};

/**
 * A command still written in the Dockerfile whose stage the image no longer needs: BuildKit builds only the
 * stages the target reaches, so dropping the `COPY --from=deps` that reached the stage holding
 * `test -n "$BUILD_REVISION"` makes the build pass without running the guard. What the clean base's build ran
 * (else the starting build's) must run in a build that completes.
 */
function unbuiltStages(inputs: IntentInputs, base: Map<string, CommandOutcomes>, initial: Map<string, CommandOutcomes>): Violation[] {
  const out: Violation[] = [];
  const now = commandOutcomes(inputs.current);
  const declared = declaredDockerfiles(inputs.current);
  for (const path of builtImages(inputs.current).keys()) {
    const reference = inputs.base ? base.get(path)?.passedKnown : initial.get(path)?.ranKnown;
    const ran = now.get(path) ?? noOutcomes();
    const reported = new Set<string>();
    for (const run of declared.get(path)?.runs ?? []) {
      for (const c of run.commands) {
        const key = runKey(c);
        if (MAY_GO.has(c.name.replace(/^.*\//, "")) || reported.has(key) || !reference?.has(key)) continue;
        if (ran.passed.has(key) || ran.failed.has(key) || ran.unfollowed.has(key) || ran.skipped.has(key)) continue;
        reported.add(key);
        out.push(violation(checkOfKey(key), path, `'${shown(c)}' never runs: its stage is no longer built, since nothing the image is built from needs it any more`));
      }
    }
  }
  return out;
}

export const baseImagePinsKept: IntentCheck = {
  name: "base-image-pins",
  check(inputs) {
    const out: Violation[] = [];
    for (const { path, was, is } of pairs(inputs)) {
      const unpinned = is.stages.filter((s) => s.base.kind === "image" && !s.base.pinned).map((s) => s.base.reference);
      const before = was.stages.filter((s) => s.base.kind === "image" && !s.base.pinned).length;
      if (unpinned.length > before) out.push(violation("base-image-pins", path, `the base image ${unpinned.join(", ")} pins no version`));
    }
    return out;
  },
};

/** Whether the image's start command is its own: a CMD or ENTRYPOINT of the Dockerfile (line 0 is the base image's). */
const ownStart = (image: Image) => (image.entrypoint?.line ?? 0) > 0 || (image.cmd?.line ?? 0) > 0;

/** Image paths that hold a file of the repository, with that file. */
function repositoryFiles(image: Image): Map<string, string> {
  const out = new Map<string, string>();
  for (const [p, entry] of image.fs) if (entry.type === "file" && entry.source !== undefined) out.set(p, entry.source);
  return out;
}

/**
 * What the image no longer has of what the reference image had: its start command, workdir and copied files.
 * `written` are the instructions the starting Dockerfile's final stage has: where the reference image is the
 * clean base's (the starting build never ran), what the starting file lacks is the fault, not the fix's loss.
 */
function configurationLost(was: Image, is: Image, written: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const wrote = (...keywords: string[]) => keywords.some((k) => written.has(k));
  if (ownStart(was) && !ownStart(is) && wrote("CMD", "ENTRYPOINT")) out.push("the image no longer sets the command it starts (CMD or ENTRYPOINT): it would run its base image's default");
  if (was.workdir !== "/" && is.workdir !== was.workdir && wrote("WORKDIR")) out.push(`the image's working directory moved from ${was.workdir} to ${is.workdir}`);
  const now = repositoryFiles(is);
  const lost = new Map<string, string>();
  for (const [p, source] of repositoryFiles(was)) if (now.get(p) !== source && !lost.has(source)) lost.set(source, p);
  for (const [source, p] of lost) out.push(`the image no longer holds ${source} at ${p}`);
  return out;
}

/**
 * What the clean base's build made in one stage and copied into its image (a jar, a bundle, a binary), that the
 * image no longer holds anywhere: deleting the COPY that fails is no fix of it. Held under another directory
 * counts (a site's files where its server now looks), so a file is matched by name.
 */
function stageOutputsLost(clean: Image, is: Image): string[] {
  const names = (image: Image) => new Set([...image.fs].filter(([, e]) => e.type === "file" && e.fromStage !== undefined).map(([p]) => path.posix.basename(p)));
  const held = names(is);
  const out: string[] = [];
  for (const [p, entry] of clean.fs) {
    if (entry.type !== "file" || entry.fromStage === undefined || entry.source !== undefined || held.has(path.posix.basename(p))) continue;
    out.push(`the image no longer holds ${p}, which the build copied from its '${entry.fromStage}' stage`);
  }
  return out;
}

/**
 * What a build stage no longer holds of the repository files the clean base's stage of that name held: a COPY
 * deleted, or made a wildcard that matches nothing (BuildKit copies nothing then), is no fix of the COPY.
 */
function stageFilesLost(was: readonly StageBuilt[], is: readonly StageBuilt[]): string[] {
  return was.flatMap((stage) => {
    const now = is.find((s) => s.name === stage.name);
    if (!now) return [];
    const held = new Set(now.sources);
    return stage.sources.filter((source) => !held.has(source)).map((source) => `build stage '${stage.name}' no longer holds ${source}`);
  });
}

/**
 * The COPY and ADD destinations the reference declared that no COPY or ADD of the same stage writes now, where
 * the build stops before its image shows what it holds (another fault fails a RUN first): deleting the COPY
 * whose source is wrong (`COPY --from=builld`) is then no fix either, since nothing shows the image still gets
 * what it copied. A stage is matched by name, else by position; once the build runs through, the image's own
 * files decide (configurationLost, stageOutputsLost).
 */
function copiesGone(was: DeclaredDockerfile, is: DeclaredDockerfile): string[] {
  const stageKey = (d: DeclaredDockerfile, index: number) => d.stages[index]?.name ?? `#${index}`;
  const written = new Set(is.copies.map((c) => `${stageKey(is, c.stage)}\u0000${c.dest}`));
  const out: string[] = [];
  for (const copy of was.copies) {
    const stage = stageKey(was, copy.stage);
    if (written.has(`${stage}\u0000${copy.dest}`)) continue;
    const where = was.stages[copy.stage]?.name ? `build stage '${was.stages[copy.stage]!.name}'` : copy.stage === was.stages.length - 1 ? "the final stage" : `build stage ${copy.stage}`;
    out.push(`nothing in ${where} copies to ${copy.dest} any more (line ${copy.line} did), and the build stops before its image shows what it holds`);
  }
  return [...new Set(out)];
}

/** Whether an EXPOSE spec (`8000`, `8000/tcp`, `8000-8010`) covers TCP port `port`. */
function exposesTcp(spec: string, port: number): boolean {
  const m = /^(\d+)(?:-(\d+))?(?:\/(\w+))?$/.exec(spec.trim());
  if (!m || (m[3] !== undefined && m[3].toLowerCase() !== "tcp")) return false;
  return Number(m[1]) <= port && port <= Number(m[2] ?? m[1]);
}

/** The TCP port the app of each Dockerfile's image listened on when its container started, by path. */
function computeListeningPorts(state: IntentInputs["current"]): Map<string, number> {
  const out = new Map<string, number>();
  for (const { file, event } of state.facts.of<AppStartEvent>("app-start")) if (event.listening !== undefined && !out.has(file)) out.set(file, event.listening);
  return out;
}
const listeningPorts = perState(computeListeningPorts);

/** The stages before the final one of each Dockerfile's first build, by path. */
function computeStagesBuilt(state: IntentInputs["current"]): Map<string, readonly StageBuilt[]> {
  const out = new Map<string, readonly StageBuilt[]>();
  for (const { event } of state.facts.of<ImageBuiltEvent>("image-built")) if (!out.has(event.file)) out.set(event.file, event.stages);
  return out;
}
const stagesBuilt = perState(computeStagesBuilt);

/** Every port an app of the state listens on, where the model knows it: started aside, or in the cluster's pods. */
function computeAppPorts(state: IntentInputs["current"]): Set<number> {
  const out = new Set<number>(listeningPorts(state).values());
  for (const { event } of state.facts.of<WorkloadEvent>("workload")) for (const c of event.containers) if (c.listening !== undefined) out.add(c.listening);
  return out;
}
const appPorts = perState(computeAppPorts);

export const imageMetadataKept: IntentCheck = {
  name: "image-metadata",
  check(inputs) {
    const out: Violation[] = [];
    const current = builtImages(inputs.current);
    const listening = listeningPorts(inputs.current);
    for (const path of inputs.initial.repo.keys()) {
      const was = builtImages(inputs.initial).get(path) ?? (inputs.base ? builtImages(inputs.base).get(path) : undefined);
      const is = current.get(path);
      if (!is) {
        const written = reference(inputs, path);
        const now = declaredDockerfiles(inputs.current).get(path);
        if (written && now) for (const message of copiesGone(written, now)) out.push(violation("image-metadata", path, message));
      }
      if (!was || !is) continue;
      if (was.exposed.length > 0 && is.exposed.length === 0) out.push(violation("image-metadata", path, `the image no longer declares the port it serves on (EXPOSE ${was.exposed.join(" ")})`));
      if (was.healthcheck !== null && was.healthcheck !== "none" && (is.healthcheck === null || is.healthcheck === "none")) {
        out.push(violation("image-metadata", path, "the image's HEALTHCHECK was removed"));
      }
      for (const [name, origin] of was.envOrigins ?? []) {
        if (origin !== "image" && !is.env.has(name)) out.push(violation("image-metadata", path, `the image no longer sets ${name}`));
      }
      // EXPOSE documents where the app is reached: a port nothing listens on (80 for an app on 8000, 8000/udp
      // for a TCP server) is no declaration of it, where the reference declared the app's port.
      const port = listening.get(path);
      if (port !== undefined && is.exposed.length > 0 && !is.exposed.some((e) => exposesTcp(e, port)) && was.exposed.some((e) => exposesTcp(e, port))) {
        out.push(violation("image-metadata", path, `the image exposes ${is.exposed.join(" ")}, not ${port}/tcp, where its app listens`));
      }
      // Where no container of it started here (an image only pushed), the clean base's image says where its app
      // is reached: an image that exposes none of those TCP ports declares some other port, not its app's.
      const cleanImage = inputs.base ? builtImages(inputs.base).get(path) : undefined;
      const cleanPorts = (port === undefined ? (cleanImage?.exposed ?? []) : []).flatMap((e) => {
        const m = /^(\d+)(?:\/tcp)?$/i.exec(e.trim());
        return m ? [Number(m[1])] : [];
      });
      const reached = (p: number) => is.exposed.some((e) => exposesTcp(e, p));
      // An app moved to another port, its EXPOSE following, is another fix: a port some app here listens on counts.
      if (cleanPorts.length > 0 && is.exposed.length > 0 && !cleanPorts.some(reached) && ![...appPorts(inputs.current)].some(reached)) {
        out.push(violation("image-metadata", path, `the image exposes ${is.exposed.join(" ")}, not ${cleanPorts.map((p) => `${p}/tcp`).join(" ")}, where its app is reached`));
      }
      const written = new Set(declaredDockerfiles(inputs.initial).get(path)?.finalKeywords ?? []);
      if (was.known && is.known) for (const message of configurationLost(was, is, written)) out.push(violation("image-metadata", path, message));
      if (cleanImage?.known && is.known) for (const message of stageOutputsLost(cleanImage, is)) out.push(violation("image-metadata", path, message));
      const cleanStages = inputs.base ? stagesBuilt(inputs.base).get(path) : undefined;
      const stagesNow = stagesBuilt(inputs.current).get(path);
      if (cleanStages && stagesNow) for (const message of stageFilesLost(cleanStages, stagesNow)) out.push(violation("image-metadata", path, message));
    }
    return out;
  },
};

/** Each Dockerfile's image started aside (pushed, never run here): served, or what stopped it; undecided left out. */
function computeStartsAside(state: IntentInputs["current"]): Map<string, ImageStartEvent> {
  const out = new Map<string, ImageStartEvent>();
  for (const { event } of state.facts.of<ImageStartEvent>("image-start")) if (event.decided && !out.has(event.file)) out.set(event.file, event);
  return out;
}
const startsAside = perState(computeStartsAside);

export const imageStartKept: IntentCheck = {
  name: "image-start",
  check(inputs) {
    if (!inputs.base) return [];
    const before = startsAside(inputs.base);
    const out: Violation[] = [];
    for (const [path, now] of startsAside(inputs.current)) {
      if (before.get(path)?.serving === true && !now.serving) out.push(violation("image-start", path, `the image the pipeline pushes no longer starts and serves (${now.failure ?? "it does not serve"})`));
    }
    return out;
  },
};

export const DOCKERFILE_CHECKS: readonly IntentCheck[] = [buildStagesKept, imageUserKept, buildCommandsKept, buildGuardsKept, buildOutcomesKept, baseImagePinsKept, imageMetadataKept, imageStartKept];
