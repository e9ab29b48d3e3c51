/**
 * start-program-not-found: the program the image starts is misnamed, so the runtime cannot exec it (`exec:
 * "uvicron": executable file not found in $PATH`, StartError, CrashLoopBackOff). The image builds and pushes;
 * the pods that start its ENTRYPOINT or CMD fail. Only the servers the image installs or ships are renamed
 * (node, uvicorn, gunicorn), and only where workloads start them. Train drops or swaps a letter; test writes
 * the name a distribution package uses (`nodejs`, `gunicorn3`) or doubles a letter, which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo, execLine, finalStart, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";
import { containersRunning, reachedContainers, runsImageCmd, runsImageEntrypoint, startFailureDetection } from "./image-workloads.js";

const PROGRAMS = new Set(["node", "uvicorn", "gunicorn"]);
const PACKAGED_NAMES: Record<string, string> = { node: "nodejs", gunicorn: "gunicorn3" };

function wrongNames(program: string, rng: Rng, split: string): string[] {
  const i = rng.between(1, program.length - 1);
  if (split === "test") return [...(PACKAGED_NAMES[program] ? [PACKAGED_NAMES[program]!] : []), program.slice(0, i) + program[i] + program.slice(i)];
  const swapped = i < program.length - 1 ? program.slice(0, i) + program[i + 1] + program[i] + program.slice(i + 2) : null;
  const dropped = program.slice(0, i) + program.slice(i + 1);
  return rng.shuffle([dropped, ...(swapped ? [swapped] : [])]);
}

export const startProgramNotFound = defineInjector({
  kind: "start-program-not-found",
  layer: "dockerfile",
  summary: "The program the image starts is misnamed: `exec: \"uvicron\": executable file not found in $PATH`",
  inject(ctx) {
    const { rng, split, world } = ctx;
    for (const view of rng.shuffle(viewsOf(ctx.files))) {
      const start = finalStart(view);
      // The program is the ENTRYPOINT's first word when there is one, else the CMD's.
      const instruction = start?.entrypoint ?? start?.cmd;
      const program = instruction?.json?.[0];
      if (!start || !instruction || !program || !PROGRAMS.has(program) || instruction.line !== instruction.endLine) continue;
      const reached = reachedContainers(containersRunning(ctx.files, world, view.file), instruction === start.entrypoint ? runsImageEntrypoint : runsImageCmd);
      if (!reached) continue;
      const base = lookupImage(start.stage.image, world);
      for (const wrong of wrongNames(program, rng, split)) {
        if (wrong === program || (base.status === "found" && base.config.binaries?.includes(wrong))) continue;
        const written = view.lines[instruction.line - 1]!;
        const broken = execLine(written, [wrong, ...instruction.json!.slice(1)]);
        const after = withLines(view.content, instruction.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "start-program-not-found",
          change,
          after,
          issue: {
            description: `${view.file}: \`${broken.trim()}\` starts ${wrong}, which is on no PATH of the image (${program} is), so the container cannot start.`,
            hint: "The image builds, but its containers never start: the runtime cannot find the program. Which program does the image install, under which name?",
            stage: "runtime",
            detection: startFailureDetection(reached),
          },
        });
      }
    }
    return null;
  },
});
