/**
 * start-script-not-found: the CMD runs a script the image does not have, so the interpreter exits at once
 * (node: `Error: Cannot find module '/app/src/index.js'`; the pods go into CrashLoopBackOff). The image builds
 * and pushes; the pods that start its CMD fail. Only node scripts the build context holds are renamed, to a
 * path that is not in it. Train names another conventional entry file in the same directory (index.js,
 * app.js, main.js, server.js); test names a compiled copy (`dist/server.js`) or another module extension
 * (`server.mjs`), which train never shows.
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import type { Rng } from "../rng.js";
import { changeTo, contextPrefix, execLine, finalStart, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";
import { containersRunning, reachedContainers, runsImageCmd, startFailureDetection } from "./image-workloads.js";

const ENTRY_NAMES = ["index.js", "app.js", "main.js", "server.js"];

function wrongScripts(script: string, rng: Rng, split: string): string[] {
  const dir = path.posix.dirname(script);
  const name = path.posix.basename(script);
  if (split === "test") return rng.shuffle([path.posix.join("dist", name), path.posix.join(dir, name.replace(/\.js$/, ".mjs"))]);
  return rng.shuffle(ENTRY_NAMES.filter((n) => n !== name).map((n) => path.posix.join(dir, n)));
}

export const startScriptNotFound = defineInjector({
  kind: "start-script-not-found",
  layer: "dockerfile",
  summary: "The CMD runs a script the image does not have: node's `Error: Cannot find module`",
  fits: (base) => base.stack.languages.includes("node"),
  inject(ctx) {
    const { rng, split, world, files } = ctx;
    for (const view of rng.shuffle(viewsOf(files))) {
      const cmd = finalStart(view)?.cmd;
      const argv = cmd?.json;
      if (!cmd || !argv || argv[0] !== "node" || cmd.line !== cmd.endLine) continue;
      const at = argv.findIndex((a, n) => n > 0 && !a.startsWith("-"));
      const script = argv[at];
      const prefix = contextPrefix(view.file);
      if (at < 0 || !script || !/\.js$/.test(script) || script.startsWith("/") || !files.has(prefix + script)) continue;
      const reached = reachedContainers(containersRunning(files, world, view.file), runsImageCmd);
      if (!reached) continue;
      for (const wrong of wrongScripts(script, rng, split)) {
        if ([...files.keys()].some((f) => f === prefix + wrong || f.startsWith(`${prefix}${wrong}/`))) continue;
        const broken = execLine(view.lines[cmd.line - 1]!, argv.map((a, n) => (n === at ? wrong : a)));
        const after = withLines(view.content, cmd.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        return restoringInjection({
          kind: "start-script-not-found",
          change,
          after,
          issue: {
            description: `${view.file}: \`${broken.trim()}\` runs ${wrong}, which the image does not have (${script} is the server's entry point).`,
            hint: "The image builds, but node exits at start with Cannot find module. Which file is the server's entry point?",
            stage: "runtime",
            detection: startFailureDetection(reached),
          },
        });
      }
    }
    return null;
  },
});
