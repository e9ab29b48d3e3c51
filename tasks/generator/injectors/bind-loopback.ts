/**
 * bind-loopback: the server in the image is told to listen on the loopback address, so inside its pod it
 * answers only itself: the kubelet's probes, sent to the pod's IP, are refused (`Liveness probe failed: Get
 * "http://10.244.0.41:8000/healthz": dial tcp …: connect: connection refused`) and the pod restarts. Only an
 * option the app's server really reads as its bind address (the world's `bind_option`, as `--host` for
 * uvicorn) is changed, and only where the workloads that run the image probe it. Train writes 127.0.0.1; test
 * writes localhost, which train never shows.
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import { changeTo, restoringInjection, viewsOf, withLines } from "./dockerfile-places.js";
import { containersRunning, reachedContainers, runsImageCmd, runsImageEntrypoint } from "./image-workloads.js";

const ANY_ADDRESS = /^(0\.0\.0\.0|::|\[::\])(:\d+)?$/;

export const bindLoopback = defineInjector({
  kind: "bind-loopback",
  layer: "dockerfile",
  summary: "The server told to bind 127.0.0.1: the pod's probes are refused (`connect: connection refused`)",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const loopback = split === "test" ? "localhost" : "127.0.0.1";
    for (const view of rng.shuffle(viewsOf(ctx.files))) {
      const dir = path.posix.dirname(view.file);
      const app = world.apps.find((a) => path.posix.normalize(a.root) === path.posix.normalize(dir));
      const final = view.parsed.stages[view.parsed.stages.length - 1];
      if (!app?.bind_option || !final) continue;
      const option = app.bind_option;
      for (const keyword of ["CMD", "ENTRYPOINT"] as const) {
        const i = [...final.instructions].reverse().find((x) => x.keyword === keyword);
        const argv = i?.json;
        if (!i || !argv || i.line !== i.endLine) continue;
        const at = argv.findIndex((a, n) => (a === option && ANY_ADDRESS.test(argv[n + 1] ?? "")) || (a.startsWith(`${option}=`) && ANY_ADDRESS.test(a.slice(option.length + 1))));
        if (at < 0) continue;
        const reached = reachedContainers(containersRunning(ctx.files, world, view.file), keyword === "CMD" ? runsImageCmd : runsImageEntrypoint);
        if (!reached || reached.some((c) => !c.liveness && !c.readiness)) continue;
        const wrong = [...argv];
        if (wrong[at] === option) wrong[at + 1] = wrong[at + 1]!.replace(/^(0\.0\.0\.0|::|\[::\])/, loopback);
        else wrong[at] = wrong[at]!.replace(/=(0\.0\.0\.0|::|\[::\])/, `=${loopback}`);
        const written = view.lines[i.line - 1]!;
        const broken = `${written.slice(0, written.indexOf("["))}[${wrong.map((a) => JSON.stringify(a)).join(", ")}]`;
        const after = withLines(view.content, i.line, [broken]);
        const change = changeTo(ctx, view.file, after);
        if (!change) continue;
        const detection = [...new Map(reached.map((c) => [c.file, { code: c.liveness ? ("K8S026" as const) : ("K8S027" as const), file: c.file }])).values()];
        return restoringInjection({
          kind: "bind-loopback",
          change,
          after,
          issue: {
            description: `${view.file}: \`${broken.trim()}\` makes ${app.name} listen on ${loopback}, which only the pod itself can reach, so the kubelet's probes to the pod's address are refused.`,
            hint: "The pods start, then fail their probes with connection refused on the right port. From where does the kubelet connect, and which addresses does the server accept connections on?",
            stage: "runtime",
            detection,
          },
        });
      }
    }
    return null;
  },
});
