/**
 * app-bound-to-loopback: the workload tells its app to bind a loopback address (its bind variable set to
 * 127.0.0.1, or a command copied from a local run with `--host 127.0.0.1`); the app answers only inside its
 * own pod, so the kubelet's probes on the pod IP are refused: K8S026 when the container has a liveness or
 * startup probe, K8S027 when it has only a readiness probe. Split rule: train binds 127.0.0.1; test binds
 * localhost or 127.0.1.1 (the address Debian maps the host name to), which train never shows.
 */
import path from "node:path";
import { defineInjector } from "../injector.js";
import type { GenFile, InjectionContext } from "../injector.js";
import { addEnvEntry, insertAfterPair, k8sInjection, touchesReserved } from "./k8s-edit.js";
import { appContainers, manifestObjects, runsSomePods } from "./k8s-manifests.js";
import { heldOut } from "./k8s-names.js";
import { unansweredCode } from "./k8s-probes.js";

/** The exec-form CMD of a Dockerfile's last stage, when that stage has no ENTRYPOINT and no other fault touched it. */
function stageCommand(ctx: InjectionContext, file: string, content: string): string[] | undefined {
  const lines = content.split("\n");
  const from = lines.map((l) => /^\s*FROM\s/i.test(l)).lastIndexOf(true);
  const stage = lines.slice(Math.max(0, from));
  if (stage.some((l) => /^\s*ENTRYPOINT\s/i.test(l))) return undefined;
  const cmd = [...stage].reverse().find((l) => /^\s*CMD\s/i.test(l));
  if (!cmd) return undefined;
  const at = content.indexOf(cmd);
  if (touchesReserved(ctx, file, at, at + cmd.length)) return undefined;
  try {
    const argv: unknown = JSON.parse(cmd.replace(/^\s*CMD\s+/i, ""));
    return Array.isArray(argv) && argv.every((a) => typeof a === "string") ? (argv as string[]) : undefined;
  } catch {
    return undefined;
  }
}

export const appBoundToLoopback = defineInjector({
  kind: "app-bound-to-loopback",
  layer: "k8s",
  summary: "An app told to bind a loopback address in its pod: probes on the pod IP are refused",
  inject(ctx) {
    const { rng, split, world } = ctx;
    const address = heldOut(split) ? rng.pick(["localhost", "127.0.1.1"]) : "127.0.0.1";
    const candidates = appContainers(manifestObjects(ctx.files, world), world).filter(
      (u) => runsSomePods(u.object) && u.app.language !== "static" && (u.app.bind_env || u.app.bind_option) && unansweredCode(u.container, u.port) !== null && u.container.container["command"] === undefined && u.container.container["args"] === undefined,
    );
    if (candidates.length === 0) return null;
    const { object, container, app, port } = rng.pick(candidates);
    const source = ctx.files.get(object.file)!.content;
    let content: string | null = null;
    let how: string;
    if (app.bind_env) {
      content = addEnvEntry(source, object, container.path, [`name: ${app.bind_env}`, `value: ${JSON.stringify(address)}`]);
      how = `sets ${app.bind_env}=${address}`;
    } else {
      const dockerfile = path.posix.normalize(path.posix.join(app.root, "Dockerfile"));
      const file: GenFile | undefined = ctx.files.get(dockerfile);
      const argv = file && stageCommand(ctx, dockerfile, file.content);
      const i = argv ? argv.indexOf(app.bind_option!) : -1;
      if (!argv || i < 0 || argv[i + 1] === undefined) return null;
      const command = [...argv.slice(0, i + 1), address, ...argv.slice(i + 2)];
      content = insertAfterPair(source, object, [...container.path, "image"], [`command: [${command.map((a) => JSON.stringify(a)).join(", ")}]`]);
      how = `runs its app with ${app.bind_option} ${address}`;
    }
    if (!content) return null;
    const code = unansweredCode(container, port)!;
    return k8sInjection(ctx, "app-bound-to-loopback", new Map([[object.file, content]]), {
      description: `${object.file}: container ${container.name} of ${object.kind}/${object.name} ${how}, so ${app.name} listens on port ${port} only inside its own pod; the kubelet's probes on the pod IP are refused and ${code === "K8S026" ? "the container is restarted over and over" : "the pod never becomes Ready"}.`,
      hint: "The probe's connection is refused although the port is the app's. On which address does the app listen inside the container, and can anything outside the pod reach that address?",
      stage: "runtime",
      detection: [{ code, file: object.file }],
    });
  },
});
