/**
 * The build model: runs the stages the final image needs, instruction by instruction, the way BuildKit would,
 * and stops at the first step that fails. The result is the final image (for the container checks) or the
 * failure, with the log lines docker build would print.
 */
import path from "node:path";
import type { App, World } from "../world.js";
import { GlobBudgetExceeded, GlobSyntaxError } from "../glob.js";
import { lookupImage } from "../images/lookup.js";
import type { BuildContext } from "./context.js";
import { hasWildcard, matchSource } from "./context.js";
import { loadContext } from "./context-load.js";
import { cacheKeyMessage } from "./rules/copy-source-not-found.js";
import type { Command, Image, StageBuilt } from "./image.js";
import { addFile, cloneImage, emptyImage, imageFromConfig, isDir, isRootUser, knownAbsent, mkdirs, resolveIn } from "./image.js";
import type { BuildStage, Instruction, ParsedDockerfile } from "./parse.js";
import { keyValues } from "./parse.js";
import type { Failure, UnitRun } from "../engine/engine.js";
import type { DockerEvent, DockerUnit } from "./events.js";
import { at } from "./events.js";
import type { VariableOrigin } from "./commands/command.js";
import { runScript } from "./run-commands.js";
import { execScript } from "../shell/commands.js";
import { baseReference, fromFlagTarget, neededStages } from "./stages.js";
import { stageEntries } from "./stage-paths.js";
import { splitWords, substitute } from "./substitute.js";

/**
 * A step a rule failed, with the progress label BuildKit shows for it; or, without an instruction, the
 * loading of the build context (label null: BuildKit's frontend stopped before any step ran).
 */
export interface BuildFailure {
  failure: Failure;
  instruction?: Instruction;
  label: string | null;
}

export interface BuildOutcome {
  image: Image | null;
  failure: BuildFailure | null;
  /** Labels of the steps that completed, for the log. */
  stepsDone: string[];
  /** The stages before the final one, built (empty when the build failed). */
  stages?: readonly StageBuilt[];
}

export interface BuildRequest {
  parsed: ParsedDockerfile;
  context: BuildContext;
  world: World;
  globalArgs: ReadonlyMap<string, string>;
  buildArgs: ReadonlyMap<string, string>;
  apps: readonly App[];
  /** The scenario's closed world (see RunEnvironment.strict). */
  strict: boolean;
  /** The stage `--target` names; the last stage when absent. */
  target?: BuildStage;
  /** The build's unit in the rule engine: each step that can fail is judged by its rules. */
  unit: UnitRun<DockerEvent, DockerUnit>;
}

const STEP_KEYWORDS = new Set(["FROM", "RUN", "COPY", "ADD", "WORKDIR"]);

/** The local archives ADD unpacks (tar, optionally compressed with gzip, bzip2 or xz). */
const ARCHIVE = /\.(tar|tar\.gz|tgz|tar\.bz2|tbz2?|tar\.xz|txz)$/i;

function stepLabel(parsed: ParsedDockerfile, stage: BuildStage, n: number, total: number, text: string): string {
  const name = stage.name ?? (parsed.stages.length > 1 ? `stage-${stage.index}` : null);
  return `[${name ? name + " " : ""}${n}/${total}] ${text}`;
}

function oneLine(i: Instruction): string {
  const flags = [...i.flags].map(([k, v]) => (v === null ? `--${k}` : `--${k}=${v}`));
  return [i.written.toUpperCase(), ...flags, i.args.replace(/\s+/g, " ")].join(" ").trim();
}

function userExists(image: Image, user: string): boolean {
  const name = user.split(":")[0]!;
  return /^\d+$/.test(name) || image.users.has(name) || !image.known;
}

function commandOf(i: Instruction, vars: ReadonlyMap<string, string>): Command {
  if (i.json) return { form: "exec", argv: i.json, line: i.line };
  return { form: "shell", text: i.args, line: i.line };
  void vars;
}

class StageBuilder {
  /** BuildKit numbers a stage's steps from its FROM, which is 1 (runBuild logs it): the first instruction is 2. */
  step = 2;
  readonly total: number;

  constructor(
    private readonly request: BuildRequest,
    private readonly stage: BuildStage,
    readonly image: Image,
    private readonly built: ReadonlyMap<number, Image>,
    private readonly done: string[],
  ) {
    this.total = 1 + stage.instructions.filter((i) => STEP_KEYWORDS.has(i.keyword)).length;
  }

  private label(i: Instruction): string {
    return stepLabel(this.request.parsed, this.stage, this.step, this.total, oneLine(i));
  }

  /**
   * ADD unpacks a local archive into the destination: what it holds is not known, so the image's files no
   * longer are; a root filesystem unpacked into an empty image makes an image the model does not know.
   */
  private unpack(destPath: string): void {
    const { image } = this;
    mkdirs(image, destPath, "root");
    image.exact = false;
    if (image.os === "scratch") {
      image.known = false;
      image.os = "unknown";
    }
  }

  /** Hands a step's event to the rules: the step's failure when one of them stops the build. */
  private judge(i: Instruction, event: DockerEvent): BuildFailure | null {
    const verdict = this.request.unit.emit(event);
    return verdict.failed ? { failure: verdict.failed, instruction: i, label: this.label(i) } : null;
  }

  /**
   * A step whose source pattern Go refuses (BuildKit's cache key computation fails on it) or whose glob
   * matching ran the simulation's budget out fails saying so.
   */
  private patternFailure(i: Instruction, source: string, error: unknown): BuildFailure | null {
    if (error instanceof GlobBudgetExceeded) return this.judge(i, { type: "copy-pattern", instruction: i, message: error.message });
    if (error instanceof GlobSyntaxError) return this.judge(i, { type: "copy-pattern", instruction: i, message: cacheKeyMessage(error.message, `${this.request.context.dir}${source}`) });
    throw error;
  }

  /** Where each variable's value in this stage came from. */
  private readonly origins = new Map<string, VariableOrigin>();

  /** The stage set CMD itself (an ENTRYPOINT then keeps it). */
  private cmdSet = false;

  /**
   * Runs the stage's instructions; returns the first failure, or null. A real build stops there. Lint (no
   * closed world) goes on with what does not need the failed step's result: a COPY's sources are in the build
   * context or another stage whatever the step before did, so they are still checked; a RUN works on the
   * filesystem the failed step should have left, so it is not.
   */
  run(): BuildFailure | null {
    const vars = new Map<string, string>([...this.image.env]);
    for (const k of vars.keys()) this.origins.set(k, this.image.envOrigins?.get(k) ?? "image");
    let first: BuildFailure | null = null;
    for (const i of this.stage.instructions) {
      const failure: BuildFailure | null = first !== null && i.keyword === "RUN" ? null : this.apply(i, vars);
      if (failure && this.request.strict) return failure;
      first ??= failure;
      if (STEP_KEYWORDS.has(i.keyword)) {
        if (first === null) this.done.push(this.label(i));
        this.step += 1;
      }
    }
    return first;
  }

  private apply(i: Instruction, vars: Map<string, string>): BuildFailure | null {
    const { image } = this;
    const sub = (s: string) => substitute(s, vars, this.request.parsed.escape);
    switch (i.keyword) {
      case "ARG":
        for (const { key, value } of keyValues(i)) {
          const given = this.request.buildArgs.get(key);
          const v = given ?? (value === null ? this.request.globalArgs.get(key) : sub(value));
          if (v !== undefined && (!vars.has(key) || given !== undefined)) {
            vars.set(key, v);
            this.origins.set(key, given !== undefined ? "build-arg" : "default");
          }
        }
        return null;
      case "ENV":
        for (const { key, value } of keyValues(i)) {
          const v = sub(value ?? "");
          vars.set(key, v);
          image.env.set(key, v);
          // ENV X=$X keeps where X came from; any other value is the Dockerfile's own.
          const from = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec((value ?? "").trim());
          const origin = from && this.origins.has(from[1]!) ? this.origins.get(from[1]!)! : "default";
          this.origins.set(key, origin);
          (image.envOrigins ??= new Map()).set(key, origin);
        }
        return null;
      case "HEALTHCHECK": {
        const words = splitWords(i.args);
        image.healthcheck = words[0]?.toUpperCase() === "NONE" ? "none" : i.args.replace(/^\s*CMD\s+/i, "").trim();
        return null;
      }
      case "WORKDIR": {
        const dir = resolveIn(image.workdir, sub(splitWords(i.args)[0] ?? "/"));
        if (!isDir(image, dir)) mkdirs(image, dir, "root");
        image.workdir = dir;
        return null;
      }
      case "USER":
        image.user = sub(i.args.trim());
        return null;
      case "EXPOSE":
        // A word that expands to nothing (`EXPOSE $UNSET`) exposes nothing: BuildKit drops it.
        image.exposed.push(...splitWords(i.args).map(sub).filter((spec) => spec.trim() !== ""));
        return null;
      case "CMD":
        image.cmd = commandOf(i, vars);
        this.cmdSet = true;
        return null;
      case "ENTRYPOINT":
        image.entrypoint = commandOf(i, vars);
        // An ENTRYPOINT resets the CMD the stage inherited (from a base image or an earlier stage alike), unless
        // the stage set its own CMD.
        if (!this.cmdSet) image.cmd = null;
        return null;
      case "SHELL":
        if (i.json) image.shell = i.json;
        return null;
      case "COPY":
      case "ADD":
        return this.copy(i, sub);
      case "RUN":
        return this.runStep(i, vars);
      default:
        return null;
    }
  }

  private runStep(i: Instruction, vars: Map<string, string>): BuildFailure | null {
    const { image } = this;
    const refused = this.judge(i, { type: "user-check", user: image.user, exists: userExists(image, image.user), at: "run", location: at(i) });
    if (refused) return refused;
    const script = i.heredocs.length > 0 ? i.heredocs.map((h) => h.body).join("\n") : i.json ? execScript(i.json) : i.args;
    const saved = new Map(image.env);
    for (const [k, v] of vars) if (!image.env.has(k)) image.env.set(k, v);
    let unmount: () => void;
    try {
      unmount = this.mount(i);
    } catch (e) {
      image.env = saved;
      return this.patternFailure(i, i.mounts.join(" "), e);
    }
    const result = runScript(script, { image, apps: this.request.apps, strict: this.request.strict, origins: this.origins, platform: stagePlatform(this.stage, this.request.globalArgs) });
    unmount();
    image.env = saved;
    return this.judge(i, {
      type: "run-step",
      instruction: i,
      shell: i.json ? [] : image.shell,
      command: i.json ? JSON.stringify(i.json) : script.replace(/\s*\\?\n\s*/g, " "),
      status: result.status,
      output: result.output,
      guards: result.guards ?? [],
      ran: result.ran ?? [],
      unfollowed: result.unfollowed ?? [],
      skipped: result.skipped ?? [],
    });
  }

  /**
   * RUN --mount: bind mounts (the default type) put context or stage files at the target for this step only;
   * cache, tmpfs, secret and ssh mounts provide their target directory. Returns what undoes the mounts.
   */
  private mount(i: Instruction): () => void {
    const { image } = this;
    const added: string[] = [];
    for (const spec of i.mounts) {
      const opts = new Map(spec.split(",").map((kv) => {
        const [k, ...v] = kv.split("=");
        return [k!.trim().toLowerCase(), v.join("=")] as const;
      }));
      const type = opts.get("type") ?? "bind";
      const target = resolveIn(image.workdir, opts.get("target") ?? opts.get("dst") ?? opts.get("destination") ?? "/run/mount");
      if (image.fs.has(target)) continue;
      if (type === "bind" && !opts.has("from")) {
        const source = opts.get("source") ?? opts.get("src") ?? ".";
        for (const { rel, base } of matchSource(this.request.context, source)) {
          const file = this.request.context.files.get(rel)!;
          const into = this.request.context.files.has(path.posix.normalize(source)) ? target : path.posix.join(target, base === "" ? rel : path.posix.relative(base, rel));
          if (image.fs.has(into)) continue;
          addFile(image, into, { type: "file", owner: "root", mode: file.mode, content: file.content, source: file.repoPath });
          added.push(into);
        }
      } else if (type === "bind" || type === "cache" || type === "tmpfs") {
        mkdirs(image, target, "root", 0o777);
        added.push(target);
        if (type === "bind") image.exact = this.request.strict && image.exact;
      } else if (type === "secret" || type === "ssh") {
        addFile(image, target, { type: "file", owner: "root", mode: 0o400, content: "" });
        added.push(target);
      }
    }
    return () => {
      for (const p of added.reverse()) image.fs.delete(p);
    };
  }

  private copy(i: Instruction, sub: (s: string) => string): BuildFailure | null {
    const { image } = this;
    if (i.heredocs.length > 0) return null;
    // Under `# escape=\``, backslashes are path separators (Windows images).
    const windows = this.request.parsed.escape === "`";
    const words = (i.json ?? splitWords(i.args)).map(sub).map((w) => (windows ? w.replace(/\\/g, "/") : w));
    const dest = words.pop();
    if (dest === undefined) return null;
    const chown = i.flags.get("chown");
    const chmodFlag = i.flags.get("chmod");
    const owner = chown ? sub(chown).split(":")[0]! : "root";
    const fromFlag = i.flags.get("from");
    void this.done;
    const destPath = resolveIn(image.workdir, dest);
    const listDest = dest.endsWith("/") || words.length > 1 || isDir(image, destPath);

    const place = (target: string, entry: { content?: string; mode: number; source?: string; producedBy?: string; platform?: string; fromStage?: string }) => {
      mkdirs(image, path.posix.dirname(target), chown ? owner : "root");
      const mode = chmodFlag ? parseInt(chmodFlag, 8) : entry.mode;
      const { source, producedBy, platform, fromStage } = entry;
      addFile(image, target, { type: "file", owner, mode, ...(entry.content === undefined ? {} : { content: entry.content }), ...(source ? { source } : {}), ...(producedBy ? { producedBy } : {}), ...(platform ? { platform } : {}), ...(fromStage ? { fromStage } : {}) });
    };

    if (fromFlag) {
      const target = fromFlagTarget(this.request.parsed, this.stage, sub(fromFlag));
      const from = target.kind === "stage" ? this.built.get(target.stage.index) : undefined;
      if (!from) {
        image.exact = this.request.strict && image.exact; // an image we do not model: what it gives is unknown
        return null;
      }
      if (!from.exact) image.exact = false;
      for (const src of words) {
        const abs = resolveIn("/", src);
        let entries: ReturnType<typeof stageEntries>;
        try {
          entries = stageEntries(from.fs, abs, hasWildcard(src));
        } catch (e) {
          return this.patternFailure(i, src, e);
        }
        const missing = this.judge(i, { type: "copy-from-path", instruction: i, path: abs, found: entries.length > 0, knownAbsent: knownAbsent(from, abs), wildcard: hasWildcard(src), parsed: this.request.parsed });
        if (missing) return missing;
        if (entries.length === 0) continue;
        for (const { path: p, entry: e, root } of entries) {
          const sourceIsFile = from.fs.get(root)?.type === "file";
          const into = sourceIsFile ? (listDest ? path.posix.join(destPath, path.posix.basename(p)) : destPath) : path.posix.join(destPath, path.posix.relative(root, p));
          const fromStage = target.kind === "stage" ? (target.stage.name ?? `stage-${target.stage.index}`) : undefined;
          if (e.type === "dir") mkdirs(image, into, chown ? owner : "root");
          else place(into, { content: e.content ?? "", mode: e.mode, ...(e.source ? { source: e.source } : {}), ...(e.producedBy ? { producedBy: e.producedBy } : {}), ...(e.platform ? { platform: e.platform } : {}), ...(fromStage ? { fromStage } : {}) });
        }
      }
      return null;
    }

    for (const src of words) {
      const remote = remoteSource(src);
      if (remote !== null) {
        if (i.keyword !== "ADD") continue;
        if (remote.kind === "git") this.unpack(destPath);
        else if (remote.name === "") image.exact = false;
        // A downloaded file gets mode 600 (Dockerfile reference, ADD); what it holds is not known.
        else place(listDest ? path.posix.join(destPath, remote.name) : destPath, { mode: 0o600 });
        continue;
      }
      const normal = path.posix.normalize(src.replace(/^\/+/, ""));
      const outside = normal.startsWith("..");
      let matches: ReturnType<typeof matchSource>;
      try {
        matches = outside ? [] : matchSource(this.request.context, src);
      } catch (e) {
        return this.patternFailure(i, src, e);
      }
      const missing = this.judge(i, { type: "copy-source", instruction: i, source: src, normal, matches: matches.length, wildcard: hasWildcard(src), outside, context: this.request.context });
      if (missing) return missing;
      if (matches.length === 0) continue; // BuildKit allows a wildcard to match nothing
      if (i.keyword === "ADD" && ARCHIVE.test(src)) {
        this.unpack(destPath);
        continue;
      }
      const sourceIsFile = !hasWildcard(src) && this.request.context.files.has(normal);
      for (const { rel, base } of matches) {
        const file = this.request.context.files.get(rel)!;
        const relative = base === "" ? rel : path.posix.relative(base, rel);
        const into = sourceIsFile && !listDest ? destPath : path.posix.join(destPath, relative);
        place(into, { content: file.content, mode: file.mode, source: file.repoPath });
      }
      if (!sourceIsFile) mkdirs(image, destPath, chown ? owner : "root");
    }
    return null;
  }
}

/**
 * What ADD fetches from a remote source: a Git repository (`git@host:repo`, `git://`, an HTTP(S) URL ending in
 * `.git` with an optional `#ref:dir`) or a file over HTTP(S), named after its URL's last path segment; null for a
 * context path.
 */
function remoteSource(src: string): { kind: "git" } | { kind: "file"; name: string } | null {
  if (src.startsWith("git@") || /^(git|ssh):\/\//.test(src) || /^https?:\/\/[^#?]*\.git(#.*)?$/.test(src)) return { kind: "git" };
  const url = /^https?:\/\/[^/?#]+([^?#]*)/.exec(src);
  if (!url) return null;
  return { kind: "file", name: path.posix.basename(url[1] ?? "") };
}

/**
 * The platform a stage's steps run on: its `FROM --platform` (expanded with the global ARGs), else the build's
 * target platform, which BuildKit predefines as TARGETPLATFORM.
 */
export function stagePlatform(stage: BuildStage, globalArgs: ReadonlyMap<string, string>): string | undefined {
  const written = stage.platform === null ? "" : substitute(stage.platform, globalArgs).trim();
  return written !== "" ? written : globalArgs.get("TARGETPLATFORM");
}

/** The base image of a stage, or null when it cannot be had (DF003 reports why). */
function baseImage(request: BuildRequest, stage: BuildStage, built: ReadonlyMap<number, Image>): Image | null {
  const base = baseReference(request.parsed, stage, request.globalArgs);
  if (base.kind === "stage") {
    const from = built.get(base.stage.index);
    return from ? cloneImage(from) : null;
  }
  if (base.kind === "scratch") return emptyImage(true);
  if (base.kind === "blank") return request.strict ? null : emptyImage(false);
  const lookup = lookupImage(base.reference, request.world);
  if (lookup.status === "found") return imageFromConfig(lookup.config);
  if (lookup.status === "scratch") return emptyImage(true);
  if (lookup.status === "unknown" || !request.strict) return emptyImage(false);
  return null;
}

export function runBuild(request: BuildRequest): BuildOutcome {
  const built = new Map<number, Image>();
  const done: string[] = [];
  const stages = neededStages(request.parsed, request.globalArgs, request.target);
  const unloadable = loadContext(request, stages);
  if (unloadable) {
    request.unit.stop();
    return { image: null, failure: unloadable, stepsDone: unloadable.label === null ? ["[internal] load .dockerignore"] : [] };
  }
  // A real build stops at its first failure. Lint (no closed world) still builds the stages that do not need
  // the failed one (their own base, their own COPY --from), as BuildKit builds independent stages side by side.
  let first: { failure: BuildFailure | null; stepsDone: string[] } | null = null;
  for (const stage of stages) {
    const image = baseImage(request, stage, built);
    const failure = image ? buildStage(request, stage, image, built, done) : null;
    if (image && !failure) {
      built.set(stage.index, image);
      continue;
    }
    first ??= { failure, stepsDone: [...done] };
    if (request.strict) break;
  }
  if (first) {
    request.unit.stop();
    return { image: null, ...first };
  }
  const final = stages[stages.length - 1];
  const before = stages.filter((stage) => stage !== final).map((stage) => ({ name: stage.name ?? `stage-${stage.index}`, sources: sourcesOf(built.get(stage.index)!) }));
  return { image: final ? (built.get(final.index) ?? null) : null, failure: null, stepsDone: done, stages: before };
}

/** The repository files an image holds, each once, in order. */
function sourcesOf(image: Image): string[] {
  const out = new Set<string>();
  for (const entry of image.fs.values()) if (entry.type === "file" && entry.source !== undefined) out.add(entry.source);
  return [...out].sort();
}

/** Builds one stage on its base image; the first failure, or null. */
function buildStage(request: BuildRequest, stage: BuildStage, image: Image, built: ReadonlyMap<number, Image>, done: string[]): BuildFailure | null {
  const builder = new StageBuilder(request, stage, image, built, done);
  done.push(stepLabel(request.parsed, stage, 1, builder.total, `FROM ${stage.image}`));
  return builder.run();
}

export { isRootUser };
