/**
 * cmd-repeats-entrypoint: the ENTRYPOINT takes over the interpreter the CMD still names, and Docker appends an
 * exec-form CMD to the ENTRYPOINT, so the container runs `node node src/server.js` and node exits with
 * `Error: Cannot find module '/app/node'`. The image builds and pushes; the pods that start its ENTRYPOINT
 * fail (kubectl: CrashLoopBackOff). Either an `ENTRYPOINT ["node"]` is added before the CMD, or an init
 * wrapper's ENTRYPOINT (`tini --`) gains the program. Train adds the bare program; test adds it with an
 * option (`node --enable-source-maps`), which train never shows.
 */
import { lookupImage } from "../../../simulators/images/index.js";
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";
import { containersRunning, reachedContainers, startFailureDetection } from "./image-workloads.js";

/** Interpreters whose first argument is a script, with an option each takes in test. */
const INTERPRETERS: Record<string, string> = { node: "--enable-source-maps" };
const WRAPPERS = /^(tini|dumb-init)$/;

const exec = (argv: readonly string[]) => `[${argv.map((a) => JSON.stringify(a)).join(", ")}]`;

export const cmdRepeatsEntrypoint = defineInjector({
  kind: "cmd-repeats-entrypoint",
  layer: "dockerfile",
  summary: "An ENTRYPOINT that repeats the CMD's program (`node node server.js`): the container exits at start",
  fits: (base) => base.stack.languages.includes("node"),
  inject(ctx) {
    const { rng, split, world } = ctx;
    for (const view of rng.shuffle(viewsOf(ctx.files))) {
      const final = view.parsed.stages[view.parsed.stages.length - 1];
      if (!final || lookupImage(final.image, world).status !== "found") continue;
      const cmd = [...final.instructions].reverse().find((i) => i.keyword === "CMD");
      const entrypoint = [...final.instructions].reverse().find((i) => i.keyword === "ENTRYPOINT");
      const program = cmd?.json?.[0];
      if (!cmd || !program || !(program in INTERPRETERS) || cmd.line !== cmd.endLine) continue;
      if (entrypoint && (!entrypoint.json || !WRAPPERS.test(entrypoint.json[0] ?? "") || entrypoint.line !== entrypoint.endLine)) continue;
      const added = split === "test" ? [program, INTERPRETERS[program]!] : [program];
      const reached = reachedContainers(containersRunning(ctx.files, world, view.file), (c) => !c.command && (c.args === null || c.args[0] === program));
      if (!reached) continue;
      const broken = entrypoint ? `ENTRYPOINT ${exec([...entrypoint.json!, ...added])}` : `ENTRYPOINT ${exec(added)}`;
      const after = entrypoint ? withLines(view.content, entrypoint.line, [broken]) : withLines(view.content, cmd.line, [broken, view.lines[cmd.line - 1]!]);
      const change = changeTo(ctx, view.file, after);
      if (!change) continue;
      return restoringInjection({
        kind: "cmd-repeats-entrypoint",
        change,
        after,
        issue: {
          description: `${view.file}: \`${broken}\` is followed by \`CMD ${exec(cmd.json!)}\`, which Docker appends to it, so the container runs ${program} with "${program}" as its script and exits.`,
          hint: "The image builds but its pods crash at start. With an exec-form ENTRYPOINT, CMD only supplies arguments: write out the whole command the container runs.",
          stage: "runtime",
          detection: startFailureDetection(reached),
        },
      });
    }
    return null;
  },
});
