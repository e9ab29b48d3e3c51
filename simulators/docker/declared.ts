/**
 * What a Dockerfile declares, read once at parse time (variables substituted as BuildKit would): its build
 * stages and what each is based on, the commands its RUN steps run (read with the shared shell reader), and
 * the final stage's user. These are facts whatever the build later meets, so a repository whose build fails
 * early can still be compared with one whose build runs through.
 */
import { pinsVersion } from "../images/pinning.js";
import type { CommandFact } from "../shell/commands.js";
import { commandFacts, execScript } from "../shell/commands.js";
import type { ParsedDockerfile } from "./parse.js";
import { keyValues } from "./parse.js";
import { baseReference } from "./stages.js";
import { splitWords } from "./substitute.js";

export interface DeclaredStage {
  index: number;
  name: string | null;
  base: { kind: "stage" | "scratch" | "image" | "blank"; reference: string; pinned: boolean };
}

export interface DeclaredRun {
  line: number;
  stage: number;
  commands: CommandFact[];
}

/** A COPY or ADD as written: where it puts what it copies, in which stage. */
export interface DeclaredCopy {
  line: number;
  stage: number;
  /** Its destination as written, without a trailing slash or a leading `./` (`.` for the working directory). */
  dest: string;
}

export interface DeclaredDockerfile {
  stages: DeclaredStage[];
  runs: DeclaredRun[];
  copies: DeclaredCopy[];
  /** The final stage's last USER as written, or null (it runs as its base image's user). */
  finalUser: string | null;
  /** The instructions the final stage has (`WORKDIR`, `CMD`, …): what a fix could have deleted from it. */
  finalKeywords: string[];
  /** Every ARG the Dockerfile declares (before FROM and in its stages), and whether any declaration gives it a default. */
  argDefaults: Record<string, boolean>;
}

export function declaredDockerfile(parsed: ParsedDockerfile, globalArgs: ReadonlyMap<string, string>): DeclaredDockerfile {
  const stages = parsed.stages.map((stage): DeclaredStage => {
    const ref = baseReference(parsed, stage, globalArgs);
    const reference = ref.kind === "image" ? ref.reference : ref.kind === "stage" ? (ref.stage.name ?? String(ref.stage.index)) : ref.kind === "blank" ? ref.written : "scratch";
    // A base named by a variable pins whatever the variable says; only a resolved image can float.
    const pinned = ref.kind !== "image" || stage.image.includes("$") || pinsVersion(reference);
    return { index: stage.index, name: stage.name, base: { kind: ref.kind, reference, pinned } };
  });
  const runs: DeclaredRun[] = [];
  const copies: DeclaredCopy[] = [];
  for (const stage of parsed.stages) {
    for (const i of stage.instructions) {
      if (i.keyword === "COPY" || i.keyword === "ADD") {
        const dest = (i.json ?? splitWords(i.args)).at(-1);
        if (dest !== undefined) copies.push({ line: i.line, stage: stage.index, dest: dest.replace(/^\.\/(?=.)/, "").replace(/(?<=.)\/+$/, "") || "." });
      }
      if (i.keyword !== "RUN") continue;
      const scripts = i.json ? [execScript(i.json)] : [i.args, ...i.heredocs.map((h) => h.body)];
      runs.push({ line: i.line, stage: stage.index, commands: scripts.flatMap((s) => commandFacts(s, { githubExpressions: false })) });
    }
  }
  const final = parsed.stages[parsed.stages.length - 1];
  const user = final ? [...final.instructions].reverse().find((i) => i.keyword === "USER") : undefined;
  const finalKeywords = [...new Set(final?.instructions.map((i) => i.keyword) ?? [])];
  const argDefaults: Record<string, boolean> = {};
  for (const arg of [...parsed.globalArgs, ...parsed.stages.flatMap((st) => st.instructions.filter((i) => i.keyword === "ARG"))]) {
    for (const { key, value } of keyValues(arg)) argDefaults[key] = (argDefaults[key] ?? false) || value !== null;
  }
  return { stages, runs, copies, finalUser: user ? user.args.trim() : null, finalKeywords, argDefaults };
}
