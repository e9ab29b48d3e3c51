/** What a stage is built from, and which stages a build of the final stage needs. */
import type { BuildStage, ParsedDockerfile } from "./parse.js";
import { keyValues } from "./parse.js";
import { substitute } from "./substitute.js";
import { processWord } from "./word-lexer.js";

export type BaseReference = { kind: "stage"; stage: BuildStage } | { kind: "scratch" } | { kind: "image"; reference: string } | { kind: "blank"; written: string };

/** Values of the ARGs before the first FROM: defaults, overridden by build args. */
export function globalArgValues(parsed: ParsedDockerfile, buildArgs: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  const values = new Map<string, string>();
  for (const arg of parsed.globalArgs) {
    for (const { key, value } of keyValues(arg)) {
      const given = buildArgs.get(key);
      if (given !== undefined) values.set(key, given);
      else if (value !== null) values.set(key, substitute(value, values));
    }
  }
  return values;
}

export function baseReference(parsed: ParsedDockerfile, stage: BuildStage, globalArgs: ReadonlyMap<string, string>): BaseReference {
  // BuildKit reads the base name through its shell lexer, quotes and all: `FROM "gcr.io/distroless/static"`
  // pulls gcr.io/distroless/static. A word the lexer refuses is DF's word-processing error, reported on its own.
  const processed = processWord(stage.image, globalArgs, parsed.escape);
  const written = (processed.ok ? processed.value : substitute(stage.image, globalArgs)).trim();
  if (written === "") return { kind: "blank", written: stage.image };
  const lower = written.toLowerCase();
  const earlier = parsed.stages.find((s) => s.index < stage.index && s.name === lower);
  if (earlier) return { kind: "stage", stage: earlier };
  if (lower === "scratch") return { kind: "scratch" };
  return { kind: "image", reference: written };
}

/** A `--from` value: a stage name or index (only earlier stages), or else an image reference. */
export function fromFlagTarget(parsed: ParsedDockerfile, stage: BuildStage, value: string): { kind: "stage"; stage: BuildStage } | { kind: "image"; reference: string } {
  const lower = value.toLowerCase();
  if (/^\d+$/.test(value)) {
    const s = parsed.stages[Number(value)];
    if (s && s.index < stage.index) return { kind: "stage", stage: s };
  }
  // BuildKit orders stages as a graph, so COPY --from may name a stage defined later (but not its own).
  const named = parsed.stages.find((s) => s.index !== stage.index && s.name === lower);
  if (named) return { kind: "stage", stage: named };
  return { kind: "image", reference: value };
}

/** Stages the final stage depends on, through FROM and COPY --from, in build order. */
export function neededStages(parsed: ParsedDockerfile, globalArgs: ReadonlyMap<string, string>, target?: BuildStage): BuildStage[] {
  const final = target ?? parsed.stages[parsed.stages.length - 1];
  if (!final) return [];
  const needed = new Set<number>();
  const visit = (stage: BuildStage) => {
    if (needed.has(stage.index)) return;
    needed.add(stage.index);
    const base = baseReference(parsed, stage, globalArgs);
    if (base.kind === "stage") visit(base.stage);
    for (const i of stage.instructions) {
      const from = i.flags.get("from");
      if ((i.keyword === "COPY" || i.keyword === "ADD") && from) {
        const t = fromFlagTarget(parsed, stage, substitute(from, globalArgs));
        if (t.kind === "stage") visit(t.stage);
      }
      const mount = i.keyword === "RUN" ? i.flags.get("mount") : undefined;
      const mountFrom = mount ? /(?:^|,)from=([^,]+)/.exec(mount)?.[1] : undefined;
      if (mountFrom) {
        const t = fromFlagTarget(parsed, stage, mountFrom);
        if (t.kind === "stage") visit(t.stage);
      }
    }
  };
  visit(final);
  return parsed.stages.filter((s) => needed.has(s.index));
}
