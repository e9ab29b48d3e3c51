/**
 * copy-from-path-missing: a multi-stage COPY --from names a path its source stage never writes (BuildKit:
 * `failed to compute cache key: "/app/build": not found`), the classic case being a bundle copied from dist/
 * when the tool writes build/. Three real mistakes, by what the path is: the builder's WORKDIR left out or
 * taken for another (`/dist` for `/app/dist`), an output directory named after another tool's (`build` for
 * `dist`), or a jar whose version the build no longer produces. Train: the WORKDIR dropped, an output name
 * among dist/build/out, the next patch version; test: a WORKDIR taken from another project (/workspace,
 * /project), an output name among public/release/output/www, the next minor version, none of which train
 * shows. Paths under system directories, globs and variables are left alone (the build model cannot rule
 * them out).
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import type { BuildStage } from "./dockerfile-places.js";
import { changeTo, contextPrefix, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";

const SYSTEM = new Set(["usr", "bin", "sbin", "lib", "lib64", "etc", "opt", "var", "root", "go", "tmp", "proc", "sys", "dev"]);
const OUTPUT_DIRS = new Set(["dist", "build", "out", "public_html", "release", "output", "www", "bundle", "target"]);
const OUTPUT_NAMES = { train: ["dist", "build", "out"], test: ["release", "output", "www", "bundle"] };
const OTHER_WORKDIRS = ["/workspace", "/project"];

/** The builder stage's working directory when the COPY runs (its last WORKDIR), or null. */
function workdirOf(stage: BuildStage): string | null {
  const last = [...stage.instructions].reverse().find((i) => i.keyword === "WORKDIR");
  const dir = last?.args.trim();
  return dir && dir.startsWith("/") && !dir.includes("$") ? dir.replace(/\/$/, "") : null;
}

/** Wrong paths for `source`, copied from `builder`, in the split's range. */
function wrongPaths(source: string, builder: BuildStage, rng: Rng, split: "train" | "test"): string[] {
  const out: string[] = [];
  const workdir = workdirOf(builder);
  if (workdir && workdir !== "/" && source.startsWith(`${workdir}/`)) {
    const rest = source.slice(workdir.length);
    out.push(split === "train" ? rest : `${rng.pick(OTHER_WORKDIRS.filter((w) => w !== workdir))}${rest}`);
  }
  const base = path.posix.basename(source);
  if (OUTPUT_DIRS.has(base)) {
    const names = OUTPUT_NAMES[split].filter((n) => n !== base);
    out.push(path.posix.join(path.posix.dirname(source), rng.pick(names)));
  }
  const jar = /^(.*-)(\d+)\.(\d+)\.(\d+)(\.jar)$/.exec(base);
  if (jar) {
    const [, name, major, minor, patch, ext] = jar;
    const version = split === "train" ? `${major}.${minor}.${Number(patch) + 1}` : `${major}.${Number(minor) + 1}.0`;
    out.push(path.posix.join(path.posix.dirname(source), `${name}${version}${ext}`));
  }
  return rng.shuffle(out);
}

export const copyFromPathMissing = defineInjector({
  kind: "copy-from-path-missing",
  layer: "dockerfile",
  summary: "A COPY --from path the source stage never writes: BuildKit's `failed to compute cache key … not found`",
  inject(ctx) {
    const { rng } = ctx;
    const split = ctx.split === "test" ? "test" : "train";
    const candidates = viewsOf(ctx.files).flatMap((view) =>
      view.parsed.instructions.flatMap((i) => {
        const from = i.flags.get("from");
        const builder = view.parsed.stages.find((s) => s.name === from);
        const words = i.args.trim().split(/\s+/);
        const source = words[0]!;
        if (i.keyword !== "COPY" || !builder || words.length !== 2 || i.line !== i.endLine) return [];
        if (!source.startsWith("/") || /[*?[$]/.test(source)) return [];
        const workdir = workdirOf(builder);
        if (SYSTEM.has(source.split("/")[1]!) && !(workdir && source.startsWith(`${workdir}/`))) return [];
        return [{ view, i, builder, source, workdir }];
      }),
    );
    for (const { view, i, builder, source, workdir } of rng.shuffle(candidates)) {
      const written = view.lines[i.line - 1]!;
      // A path under the builder's WORKDIR that the build context has would be there after its `COPY . .`.
      const fromContext = (p: string) => {
        const rel = workdir && p.startsWith(`${workdir}/`) ? contextPrefix(view.file) + p.slice(workdir.length + 1) : null;
        return rel !== null && [...ctx.files.keys()].some((f) => f === rel || f.startsWith(`${rel}/`));
      };
      for (const wrong of wrongPaths(source, builder, rng, split)) {
        if (wrong === source || wrong === "" || fromContext(wrong) || !written.includes(` ${source} `)) continue;
        const broken = written.replace(` ${source} `, ` ${wrong} `);
        const after = withLines(view.content, i.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "copy-from-path-missing",
          change,
          after,
          issue: {
            description: `${view.file}: \`${broken.trim()}\` copies ${wrong} from the ${builder.name} stage, which writes ${source} and nothing at ${wrong}.`,
            hint: "The copy from an earlier stage finds nothing at its path, though that stage built fine. Where does that stage's build really write its output?",
            stage: "build",
            detection: [{ code: "DF011", file: view.file }],
          },
        });
      }
    }
    return null;
  },
});
