/**
 * A Dockerfile still builds what it built: its named stages are all there, an image that ran as a non-root
 * user still does (switching to root to get past a permission error defeats the point), every command its RUN
 * steps ran is still run (deleting or echoing the `test -n "$APP_VERSION"` that fails is not a fix), and no base
 * image lost its version pin.
 */
import { isDockerfilePath } from "../../simulators/docker/index.js";
import { parseDockerfile as parse } from "../../simulators/docker/parse.js";
import { memoByContent } from "./memo.js";

const parseDockerfile = memoByContent(parse, 128);
import type { IntentCheck } from "./types.js";
import { scriptCommands } from "./workflow.js";

function finalUser(content: string): string | null {
  const parsed = parseDockerfile(content);
  const final = parsed.stages[parsed.stages.length - 1];
  if (!final) return null;
  const user = [...final.instructions].reverse().find((i) => i.keyword === "USER");
  return user ? user.args.trim() : null;
}

/**
 * Base images that pin no version: no tag, `:latest`, or a tag without a version such as `slim` (and no digest). Stage names, `scratch` and images named
 * by a build argument are not counted. `FROM python` builds today and another Python tomorrow (hadolint
 * DL3006/DL3007); replacing a pinned tag with it is not a fix for a tag that does not exist.
 */
/** Release codenames name a version of a distribution; of other images a tag without a digit floats. */
const CODENAMED = new Set(["debian", "ubuntu"]);
const MOVING = /^(latest|rolling|stable|testing|unstable|sid|devel|edge)$/;

/** `python:slim`, `node:lts-alpine`, `nginx:mainline`: no version in the tag or the name (`static-debian12:nonroot` has one). */
function floats(name: string, tag: string): boolean {
  if (/\d/.test(tag) || /\d/.test(name)) return false;
  return !CODENAMED.has(name.toLowerCase()) || MOVING.test(tag.split("-")[0]!);
}

function unpinnedBases(content: string): string[] {
  const parsed = parseDockerfile(content);
  const names = new Set(parsed.stages.map((s) => s.name).filter(Boolean));
  const out: string[] = [];
  for (const stage of parsed.stages) {
    const image = stage.image;
    if (!image || image.includes("$") || image.includes("@") || image.toLowerCase() === "scratch" || names.has(image.toLowerCase())) continue;
    const lastPart = image.slice(image.lastIndexOf("/") + 1);
    const tag = lastPart.includes(":") ? lastPart.slice(lastPart.indexOf(":") + 1) : null;
    if (tag === null || tag === "latest" || floats(lastPart.split(":")[0]!, tag)) out.push(image);
  }
  return out;
}

/** Commands that only move around or print: a fix may drop them (`cd /app` once WORKDIR is set). */
const MAY_GO = new Set(["cd", "echo", "printf", ":", "true", "set", "export", "exit", "#"]);

/** The commands the RUN instructions of a Dockerfile run (`pip install`, `test`, `npm ci`), heredoc bodies included. */
function runCommands(content: string): Set<string> {
  const out = new Set<string>();
  for (const i of parseDockerfile(content).instructions) {
    if (i.keyword !== "RUN") continue;
    const scripts = i.json ? [i.json.join(" ")] : [i.args, ...i.heredocs.map((h) => h.body)];
    for (const script of scripts) for (const c of scriptCommands(script)) if (!MAY_GO.has(c.split(" ")[0]!) && !c.startsWith("<<")) out.add(c);
  }
  return out;
}

/**
 * The guards the RUN steps run (`test -n "$APP_VERSION"`, `[ -f app.py ]`), as written: `${X}` read as `$X`,
 * whitespace collapsed. A guard exists to fail the build; one rewritten to pass whatever the input
 * (`test -z`, a quoted literal, a `${X:-default}`) checks nothing, and the fix it stands for was not made.
 */
function guards(content: string): Set<string> {
  const out = new Set<string>();
  for (const i of parseDockerfile(content).instructions) {
    if (i.keyword !== "RUN") continue;
    const scripts = i.json ? [i.json.join(" ")] : [i.args, ...i.heredocs.map((h) => h.body)];
    for (const script of scripts) {
      for (const part of script.replace(/\\\n/g, " ").split(/\n|&&|\|\||;|\|/)) {
        const text = part.trim().replace(/^[({!]\s*/, "").replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, "$$$1").replace(/\s+/g, " ");
        if (/^(test|\[\[?)\s/.test(text)) out.add(text);
      }
    }
  }
  return out;
}

const isRoot = (user: string | null) => user === null || /^(root|0)(:|$)/.test(user);

export const dockerfileIntent: IntentCheck = (before, after) => {
  const violations: string[] = [];
  for (const [path, file] of before) {
    if (!isDockerfilePath(path)) continue;
    const now = after.get(path);
    if (!now) continue; // filesKept reports it
    const was = parseDockerfile(file.content);
    const is = parseDockerfile(now.content);
    for (const stage of was.stages) {
      if (stage.name && !is.stages.some((s) => s.name === stage.name)) violations.push(`${path}: build stage '${stage.name}' was removed`);
    }
    if (is.stages.length < was.stages.length) violations.push(`${path}: build stages were removed`);
    if (!isRoot(finalUser(file.content)) && isRoot(finalUser(now.content))) violations.push(`${path}: the image now runs as root`);
    const commands = runCommands(now.content);
    for (const c of runCommands(file.content)) if (!commands.has(c)) violations.push(`${path}: no RUN step runs '${c}' any more`);
    if (commands.has("test") || commands.has("[")) {
      const kept = guards(now.content);
      for (const g of guards(file.content)) if (!kept.has(g)) violations.push(`${path}: the check '${g}' was rewritten`);
    }
    const unpinned = unpinnedBases(now.content);
    if (unpinned.length > unpinnedBases(file.content).length) violations.push(`${path}: the base image ${unpinned.join(", ")} pins no version`);
  }
  return violations;
};
