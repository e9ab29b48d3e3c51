/** Reading Dockerfiles the way the rules need: instructions with their line numbers, stages, and the last stage. */
import type { RepairView } from "./view.js";

export interface Instruction {
  /** Upper-case keyword: FROM, COPY, ... */
  keyword: string;
  /** Everything after the keyword on the first line. */
  args: string;
  /** 1-based line of the keyword. */
  line: number;
  text: string;
}

/** The instructions of a Dockerfile, one per logical line's first physical line; comments skipped. */
export function instructions(view: RepairView, path: string): Instruction[] {
  const out: Instruction[] = [];
  let continued = false;
  view.lines(path).forEach((text, i) => {
    const wasContinued = continued;
    continued = /\\\s*$/.test(text);
    if (wasContinued || /^\s*(#|$)/.test(text)) return;
    const m = /^\s*([A-Za-z]+)\s*(.*)$/.exec(text);
    if (m?.[1]) out.push({ keyword: m[1].toUpperCase(), args: m[2] ?? "", line: i + 1, text });
  });
  return out;
}

/** The exec-form array of an instruction (`["a", "b"]`), or null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.trim().startsWith("[")) return null;
  try {
    const parsed: unknown = JSON.parse(args.trim());
    return Array.isArray(parsed) && parsed.every((x) => typeof x === "string") ? (parsed as string[]) : null;
  } catch {
    return null;
  }
}

/** The line just after the last FROM: where an ENV or WORKDIR for the final image goes. */
export function afterLastFrom(view: RepairView, path: string): number {
  const froms = instructions(view, path).filter((i) => i.keyword === "FROM");
  return (froms.at(-1)?.line ?? 0) + 1;
}

/** The Dockerfile that builds the image a runtime log is about: the only one, or the root one. */
export function mainDockerfile(view: RepairView): string | undefined {
  return view.dockerfiles.find((p) => p === "Dockerfile") ?? view.dockerfiles[0];
}
