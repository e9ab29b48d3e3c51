/**
 * dockerignore-hides-source: a pattern added to .dockerignore (to slim the build context) excludes a file a
 * COPY needs, so BuildKit cannot see it although it is in the repository (`failed to compute cache key:
 * "/requirements.txt": not found`). Train adds the source's own path (`requirements.txt`, `src`); test adds a
 * wildcard that catches it (`*.txt`, `**\/src`), which train never shows. The pattern is checked, with the
 * simulators' own reading of .dockerignore, to exclude the source.
 */
import path from "node:path";
import { readDockerignore } from "../../../simulators/docker/context.js";
import { defineInjector } from "../injector.js";
import { contextPrefix, restoringInjection, viewsOf, changeTo } from "./dockerfile-places.js";

function excludes(dockerignore: string, rel: string): boolean {
  let excluded = false;
  for (const rule of readDockerignore(dockerignore)) if (rule.re.test(rel)) excluded = rule.exclude;
  return excluded;
}

function patternFor(source: string, isDir: boolean, split: string): string | null {
  if (split !== "test") return source;
  const ext = path.posix.extname(source);
  if (!isDir && ext !== "" && !source.includes("/")) return `*${ext}`;
  return `**/${path.posix.basename(source)}`;
}

export const dockerignoreHidesSource = defineInjector({
  kind: "dockerignore-hides-source",
  layer: "dockerfile",
  summary: "A .dockerignore pattern excludes a file a COPY needs: BuildKit's `failed to compute cache key … not found`",
  inject(ctx) {
    const { rng, split, files } = ctx;
    const candidates = viewsOf(files).flatMap((view) => {
      const prefix = contextPrefix(view.file);
      const ignoreFile = `${prefix}.dockerignore`;
      const ignore = files.get(ignoreFile)?.content;
      if (ignore === undefined) return [];
      return view.parsed.instructions.flatMap((i) => {
        if ((i.keyword !== "COPY" && i.keyword !== "ADD") || i.flags.has("from") || i.json) return [];
        const sources = i.args.trim().split(/\s+/).slice(0, -1);
        return sources.flatMap((raw) => {
          const source = path.posix.normalize(raw.replace(/^\.\//, "")).replace(/\/$/, "");
          if (source === "." || source.startsWith("..") || /[*?[$]/.test(source) || source.startsWith("/")) return [];
          const isFile = files.has(prefix + source);
          const isDir = !isFile && [...files.keys()].some((p) => p.startsWith(`${prefix}${source}/`));
          return isFile || isDir ? [{ view, ignoreFile, ignore, source, isDir }] : [];
        });
      });
    });
    for (const { view, ignoreFile, ignore, source, isDir } of rng.shuffle(candidates)) {
      const pattern = patternFor(source, isDir, split);
      const rel = isDir ? `${source}/x` : source;
      if (!pattern || excludes(ignore, rel)) continue;
      const after = `${ignore.replace(/\n?$/, "\n")}${pattern}\n`;
      if (!excludes(after, rel)) continue;
      const change = changeTo(ctx, ignoreFile, after);
      if (!change) continue;
      return restoringInjection({
        kind: "dockerignore-hides-source",
        change,
        after,
        issue: {
          description: `${ignoreFile}: the pattern \`${pattern}\` excludes ${source} from the build context, so ${view.file}'s COPY of it finds nothing.`,
          hint: "The file the build cannot find is in the repository. What decides which of the repository's files the build context holds?",
          stage: "build",
          detection: [{ code: "DF004", file: view.file }],
        },
      });
    }
    return null;
  },
});
