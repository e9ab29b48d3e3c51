/**
 * command-file-missing: a container's command or args name a script the image does not contain (`node
 * src/wroker.js`: `Cannot find module`, exit 1; `python workers.py`: `can't open file`, exit 2), or a program
 * that is not on its PATH (`exec: "celey": executable file not found in $PATH`, StartError); the container
 * exits at every start and the pod goes into CrashLoopBackOff (K8S023). Split rule: train drops or swaps a
 * letter of the name; test doubles or changes one (see k8s-names.ts).
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import { fieldReserved, k8sInjection, scalarSource, setValue } from "./k8s-edit.js";
import { appOf, containersOf, crashOutcome, manifestObjects, runsSomePods, workloads, type FieldPath } from "./k8s-manifests.js";
import { asScalar, slip } from "./k8s-names.js";

const SCRIPT = /\.(py|js|mjs|cjs|sh|rb)$/;
const INTERPRETER = /^(python[0-9.]*|node|sh|bash|ruby)$/;

export const commandFileMissing = defineInjector({
  kind: "command-file-missing",
  layer: "k8s",
  summary: "A command naming a script or program the image does not have: the container exits at start, CrashLoopBackOff",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const candidates = workloads(manifestObjects(ctx.files, world))
      .filter(runsSomePods)
      .flatMap((object) =>
        containersOf(object)
          .filter((c) => !c.init)
          .flatMap((container) => {
            const app = appOf(world, container);
            const places: { object: typeof object; container: typeof container; field: FieldPath; value: string; script: boolean }[] = [];
            const argv: { field: FieldPath; value: unknown }[] = [];
            for (const key of ["command", "args"] as const) {
              const list = container.container[key];
              if (Array.isArray(list)) list.forEach((value, i) => argv.push({ field: [...container.path, key, i], value }));
            }
            const first = argv[0];
            if (!first || typeof first.value !== "string") return [];
            // The script an interpreter runs: its first argument that is not an option.
            const script = INTERPRETER.test(path.posix.basename(first.value)) ? argv.slice(1).find((a) => typeof a.value === "string" && !a.value.startsWith("-")) : undefined;
            if (script && typeof script.value === "string" && SCRIPT.test(script.value) && app) {
              const inRepo = path.posix.normalize(path.posix.join(app.root, script.value));
              if (ctx.files.has(inRepo)) places.push({ object, container, field: script.field, value: script.value, script: true });
            }
            // A program named on its own (celery, gunicorn) in `command`, which replaces the image's entrypoint.
            if (!script && first.field.includes("command") && /^[a-z][a-z0-9_-]{2,}$/.test(first.value) && !INTERPRETER.test(first.value)) {
              places.push({ object, container, field: first.field, value: first.value, script: false });
            }
            return places;
          }),
      )
      .filter((p) => !fieldReserved(ctx, p.object, p.field));
    if (candidates.length === 0) return null;
    const { object, container, field, value, script } = rng.pick(candidates);
    let wrong: string;
    if (script) {
      const dir = path.posix.dirname(value);
      const base = path.posix.basename(value);
      const ext = path.posix.extname(base);
      const stem = slip(base.slice(0, base.length - ext.length), rng, split);
      wrong = `${dir === "." && !value.startsWith("./") ? "" : `${dir}/`}${stem}${ext}`;
      const app = appOf(world, container)!;
      if (ctx.files.has(path.posix.normalize(path.posix.join(app.root, wrong)))) return null;
    } else {
      wrong = slip(value, rng, split);
    }
    if (wrong === value) return null;
    const source = ctx.files.get(object.file)!.content;
    const content = setValue(source, object, field, asScalar(scalarSource(source, object, field) ?? "", wrong));
    if (!content) return null;
    const outcome = crashOutcome(object);
    return k8sInjection(ctx, "command-file-missing", new Map([[object.file, content]]), {
      description: script
        ? `${object.file}: container ${container.name} of ${object.kind}/${object.name} runs ${wrong}, which the image does not contain (its script is ${value}): the interpreter exits at every start and ${outcome}.`
        : `${object.file}: container ${container.name} of ${object.kind}/${object.name} runs the program ${wrong}, which is not on the image's PATH (${value} is): the runtime cannot start the container (StartError) and ${outcome}.`,
      hint: script
        ? "kubectl logs --previous shows which file the process could not open. Compare the command with the files the image actually holds (the Dockerfile's COPY lines)."
        : "The container never starts: the runtime could not find the program the command names. Compare it with what the image installs.",
      stage: "runtime",
      detection: [{ code: "K8S023", file: object.file }],
    });
  },
});
