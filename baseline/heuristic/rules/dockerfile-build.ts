/**
 * Repairs for a docker build that fails: a misspelt COPY source, a base image tag that does not exist, a lost
 * line continuation, a port that is not a number, a missing FROM, a misspelt instruction.
 */
import type { Action } from "../../../contracts/actions.js";
import { lookupImage, parseImageReference, isReferenceError, catalogueNames } from "../../../simulators/images/index.js";
import { nearest } from "../closest.js";
import { instructions } from "../dockerfile.js";
import type { RepairRule } from "../rule.js";
import { appPorts, dockerLogLocation, insertLines, lookedAt, replaceLine, type RepairView } from "../view.js";

const INSTRUCTIONS = ["FROM", "RUN", "CMD", "LABEL", "EXPOSE", "ENV", "ADD", "COPY", "ENTRYPOINT", "VOLUME", "USER", "WORKDIR", "ARG", "ONBUILD", "STOPSIGNAL", "HEALTHCHECK", "SHELL"];

/** `"/requirments.txt": not found` → the closest path in the build context. */
export const copySourceTypo: RepairRule = {
  name: "copy-source-typo",
  summary: "a COPY/ADD source that is not found → the closest file in the build context",
  propose(view) {
    const missing = /"\/?([^"]+)": not found/.exec(view.log)?.[1];
    const at = dockerLogLocation(view);
    if (missing === undefined || at === null) return [];
    const line = view.lines(at.file)[at.line - 1] ?? "";
    if (!/^\s*(COPY|ADD)\b/i.test(line) || /--from=/.test(line)) return [];
    const dir = at.file.includes("/") ? at.file.slice(0, at.file.lastIndexOf("/") + 1) : "";
    const inContext = view.paths.filter((p) => p.startsWith(dir)).map((p) => p.slice(dir.length));
    const dirs = new Set(inContext.flatMap((p) => p.split("/").slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
    const best = nearest(missing, [...inContext, ...dirs]);
    if (best === null || !line.includes(missing)) return [];
    return [replaceLine(at.file, at.line, line.replace(missing, best))];
  },
};

/** The directory a bundler says it wrote, in a plain build log: react-scripts' "The build folder is ready", vite's `dist/index.html`. */
function writtenDirectory(log: string): string | null {
  return /The (\S+) folder is ready to be deployed/.exec(log)?.[1] ?? /^#\d+ [\d.]+ (\S+)\/index\.html\s/m.exec(log)?.[1] ?? null;
}

/** `COPY --from=builder /app/dist` not found → the directory the build tool really writes. */
export const stageOutputPath: RepairRule = {
  name: "stage-output-path",
  summary: "a COPY --from path the build stage never wrote → the directory the bundler's own log (docker build --progress=plain) says it wrote",
  propose(view) {
    const missing = /"(\/[^"]+)": not found/.exec(view.log)?.[1];
    const at = dockerLogLocation(view);
    if (missing === undefined || at === null) return [];
    const line = view.lines(at.file)[at.line - 1] ?? "";
    if (!/--from=/.test(line) || !line.includes(missing)) return [];
    const leaf = missing.slice(missing.lastIndexOf("/") + 1);
    const parent = missing.slice(0, missing.lastIndexOf("/") + 1);
    // The builder stage ran; its log says where the bundle went.
    const context = at.file.includes("/") ? at.file.slice(0, at.file.lastIndexOf("/")) : ".";
    const log = lookedAt(view, `docker build --progress=plain ${at.file === "Dockerfile" || at.file === `${context}/Dockerfile` ? "" : `-f ${at.file} `}${context}`);
    if (typeof log !== "string") return [log];
    const written = writtenDirectory(log);
    if (written !== null && written !== leaf) return [replaceLine(at.file, at.line, line.replace(missing, parent + written))];
    const scripts = view.paths.filter((p) => p.endsWith("package.json")).map((p) => view.content(p) ?? "").join("\n");
    const preferred = /react-scripts\s+build/.test(scripts) ? "build" : /vite\s+build/.test(scripts) ? "dist" : /next\s+build/.test(scripts) ? "out" : null;
    const options = [preferred, "build", "dist", "out", "public"].filter((o): o is string => o !== null && o !== leaf);
    return [...new Set(options)].map((o) => replaceLine(at.file, at.line, line.replace(missing, parent + o)));
  },
};

/** The image reference a log says cannot be pulled or resolved. */
export function failedImage(log: string): string | null {
  return (
    /failed to resolve source metadata for (\S+): /.exec(log)?.[1] ??
    /Failed to pull image "([^"]+)"/.exec(log)?.[1] ??
    /(?:manifest for|pull access denied for) (\S+?)(?: not found|,)/.exec(log)?.[1] ??
    /Back-off pulling image "([^"]+)"/.exec(log)?.[1] ??
    null
  );
}

/** The image as the files probably write it: without docker.io/library/ for official images. */
function writtenForms(ref: string): string[] {
  return [ref, ref.replace(/^docker\.io\/library\//, ""), ref.replace(/^docker\.io\//, "")];
}

/**
 * A tag or repository that does not exist → the nearest one Docker Hub has (public knowledge: the same
 * answer `docker search` and the image's tag list give; a private registry is not consulted).
 */
export const imageNotFound: RepairRule = {
  name: "image-not-found",
  summary: "an image tag (or official name) that does not exist → the closest known tag or name",
  propose(view) {
    const ref = failedImage(view.log);
    if (ref === null) return [];
    const lookup = lookupImage(ref);
    let fixed: string | null = null;
    const wrongTag = lookup.status === "tag_not_found" ? lookup.ref.tag : null;
    if (lookup.status === "tag_not_found" && wrongTag !== null && wrongTag !== undefined) {
      const tag = nearest(wrongTag, lookup.knownTags, 3);
      if (tag !== null) fixed = ref.slice(0, ref.length - wrongTag.length) + tag;
    } else if (lookup.status === "repository_not_found") {
      const parsed = parseImageReference(ref);
      if (!isReferenceError(parsed)) {
        const name = parsed.repository.replace(/^library\//, "");
        const official = catalogueNames().map((n) => n.replace(/^docker\.io\//, "").replace(/^library\//, ""));
        const better = nearest(name, official, 2);
        if (better !== null) fixed = ref.replace(name, better);
      }
    }
    if (fixed === null) return [];
    const forms = writtenForms(ref);
    const fixedForms = writtenForms(fixed);
    const actions: Action[] = [];
    for (const path of [...view.dockerfiles, ...view.manifests, ...view.workflows]) {
      view.lines(path).forEach((line, i) => {
        const k = forms.findIndex((f) => new RegExp(`(^|[\\s"'=])${escape(f)}($|[\\s"'])`).test(line));
        if (k >= 0) actions.push(replaceLine(path, i + 1, line.replace(forms[k] ?? "", fixedForms[k] ?? fixed)));
      });
    }
    return actions.slice(0, 1);
  },
};

/** `unknown instruction: &&` → the previous line lost its backslash; a misspelt keyword → the right one. */
export const unknownInstruction: RepairRule = {
  name: "unknown-instruction",
  summary: "an unknown instruction: restore the lost line continuation, or correct a misspelt keyword",
  propose(view) {
    const m = /parse error on line (\d+): unknown instruction: (\S+)/i.exec(view.log);
    const at = dockerLogLocation(view);
    if (!m || at === null) return [];
    const lineNo = Number(m[1]);
    const word = m[2] ?? "";
    const lines = view.lines(at.file);
    const line = lines[lineNo - 1] ?? "";
    const keyword = nearest(word.toUpperCase(), INSTRUCTIONS, 2);
    if (/^[A-Za-z]+$/.test(word) && keyword !== null && word.length >= 3) {
      return [replaceLine(at.file, lineNo, line.replace(word, keyword))];
    }
    for (let i = lineNo - 2; i >= 0; i--) {
      const previous = lines[i] ?? "";
      if (/^\s*(#|$)/.test(previous)) continue;
      if (/\\\s*$/.test(previous)) return [];
      return [replaceLine(at.file, i + 1, `${previous.replace(/\s+$/, "")} \\`)];
    }
    return [];
  },
};

/** `invalid containerPort: eighty` → the port the app's code and README say it listens on. */
export const invalidExpose: RepairRule = {
  name: "invalid-expose",
  summary: "EXPOSE with a port that is not a number → the port the app listens on",
  propose(view) {
    if (!/invalid containerPort/i.test(view.log)) return [];
    const at = dockerLogLocation(view);
    const port = appPorts(view)[0];
    if (at === null || port === undefined) return [];
    const line = view.lines(at.file)[at.line - 1] ?? "";
    if (!/^\s*EXPOSE\b/i.test(line)) return [];
    return [replaceLine(at.file, at.line, `EXPOSE ${port}`)];
  },
};

/** `no build stage in current context` → a FROM for the app's language, at the top. */
export const missingFrom: RepairRule = {
  name: "missing-from",
  summary: "no FROM → a base image for the app's language (version from the README), before the first instruction",
  propose(view) {
    if (!/no build stage in current context|contains no stages to build/i.test(view.log)) return [];
    const at = dockerLogLocation(view);
    const file = at?.file ?? view.dockerfiles[0];
    if (file === undefined) return [];
    const first = instructions(view, file).find((i) => i.keyword !== "ARG");
    const image = baseImageFor(view);
    return [insertLines(file, first?.line ?? 1, [`FROM ${image}`])];
  },
};

/** A base image for the repository's language, at the version its docs name when the catalogue has it. */
function baseImageFor(view: RepairView): string {
  const docs = view.docs.map((p) => view.content(p) ?? "").join("\n");
  const has = (re: RegExp) => view.paths.some((p) => re.test(p));
  const pick = (image: string, fallback: string) => (lookupImage(image).status === "found" ? image : fallback);
  if (has(/(^|\/)package\.json$/)) {
    const version = /node(?:\.js)?\s*v?(\d{2})/i.exec(docs)?.[1] ?? "20";
    return pick(`node:${version}-slim`, "node:20-slim");
  }
  if (has(/(^|\/)go\.mod$/)) return "golang:1.22";
  const version = /python\s*v?(3\.\d+)/i.exec(docs)?.[1] ?? "3.12";
  return pick(`python:${version}-slim`, "python:3.12-slim");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export const DOCKERFILE_BUILD_RULES: readonly RepairRule[] = [copySourceTypo, stageOutputPath, imageNotFound, unknownInstruction, invalidExpose, missingFrom];
