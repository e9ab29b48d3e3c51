/**
 * The cluster family: kubectl against the simulated cluster the manifests were applied to, and curl against
 * its Services and Ingresses. `get` and `describe` answer from the simulation's facts (kubectl-get.ts,
 * kubectl-describe.ts); `logs` with what the kubelet reported for a failing pod; `top pod` with the memory the
 * app settles at; `exec POD -- curl` and `curl` follow a request through the cluster (curl.ts). RBAC, CPU use
 * and a healthy app's own log lines are not modelled, and the answers say so.
 */
import { podName } from "../k8s/identity.js";
import type { CommandFamily, CommandOutput, InspectionContext } from "./context.js";
import { failed, ok } from "./context.js";
import type { ClusterView, PodView } from "./cluster-view.js";
import { clusterView, findPod, normaliseCommand, podStatus } from "./cluster-view.js";
import { curl } from "./curl.js";
import { describe } from "./kubectl-describe.js";
import type { NamespaceScope } from "./kubectl-get.js";
import { get } from "./kubectl-get.js";
import { notFound, RESOURCES, table } from "./kubectl-shared.js";

function logs(view: ClusterView, args: readonly string[], command: string): CommandOutput {
  const name = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c" && args[i - 1] !== "--container");
  if (name === undefined) return failed("error: expected 'logs [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\n");
  const podRef = name.replace(/^(pod|deploy|deployment)\//, "");
  const pod = findPod(view, podRef);
  if (!pod) return notFound("pods", podRef);
  const previous = args.includes("-p") || args.includes("--previous");
  const key = normaliseCommand(["kubectl", "logs", podName(pod.workload), ...(previous ? ["--previous"] : [])]);
  const known = view.sections.get(command) ?? view.sections.get(key) ?? view.sections.get(normaliseCommand(["kubectl", "logs", podName(pod.workload), "--previous"]));
  if (known !== undefined) return ok(known);
  if (previous) return failed(`Error from server (BadRequest): previous terminated container in pod "${pod.name}" not found\n`);
  return ok(`(pod ${pod.name} is ${podStatus(pod).status}; the simulation models whether its app starts and serves, not the app's own log lines)\n`);
}

function top(view: ClusterView, ctx: InspectionContext, what: string | undefined): CommandOutput {
  if (what === "node" || what === "nodes") {
    return ok(table([["NAME", "CPU(cores)", "CPU(%)", "MEMORY(bytes)", "MEMORY(%)"], ["node-1", "<unknown>", "<unknown>", "<unknown>", "<unknown>"]]) + `(node capacity: ${ctx.world.cluster.node.cpu_millicores}m CPU, ${ctx.world.cluster.node.memory_mib}Mi memory; its use is not modelled)\n`);
  }
  // Only pods on the node use memory: not those Pending for want of room.
  const rows = view.pods.filter((p) => p.unschedulable === undefined).map((p) => {
    const used = view.memory.find((m) => m.object === p.workload)?.containers.reduce<number | undefined>((sum, c) => (c.used === undefined ? sum : (sum ?? 0) + c.used), undefined);
    return [p.name, "<unknown>", used === undefined ? "<unknown>" : `${Math.round(used / 1024 / 1024)}Mi`];
  });
  if (rows.length === 0) return ok(`No resources found in ${ctx.world.cluster.namespace} namespace.\n`);
  const more = view.groups.reduce((sum, g) => sum + g.scheduled, 0) - rows.length;
  const unlisted = more > 0 ? `(${more} more pods not listed: the simulation names the first ${rows.length})\n` : "";
  return ok(table([["NAME", "CPU(cores)", "MEMORY(bytes)"], ...rows]) + unlisted + "(CPU use is not modelled; memory is what the app settles at once started)\n");
}

/** Flags that take a value, whose value is not an operand. */
const VALUED = new Set(["-n", "--namespace", "-o", "--output", "-l", "--selector", "-c", "--container", "--sort-by", "--field-selector"]);

interface Parsed {
  verb: string | undefined;
  operands: string[];
  flags: Set<string>;
  output: string | undefined;
  selector: Record<string, string> | undefined;
  scope: NamespaceScope;
  /** After `--`: the command `exec` runs. */
  command: string[];
}

function parseArgs(argv: readonly string[], own: string): Parsed | CommandOutput {
  const dash = argv.indexOf("--");
  const args = dash < 0 ? argv.slice(1) : argv.slice(1, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const operands: string[] = [];
  const flags = new Set<string>();
  let output: string | undefined;
  let selector: Record<string, string> | undefined;
  let scope: NamespaceScope = { kind: "own" };
  for (let i = 0; i < args.length; i++) {
    const raw = args[i]!;
    const [name, inline] = raw.startsWith("--") && raw.includes("=") ? [raw.slice(0, raw.indexOf("=")), raw.slice(raw.indexOf("=") + 1)] : /^-[nol]./.test(raw) ? [raw.slice(0, 2), raw.slice(2)] : [raw, undefined];
    const value = () => inline ?? args[++i];
    if (name === "-n" || name === "--namespace") {
      const ns = value();
      if (ns === undefined) return failed("error: flag needs an argument: 'n' in -n\n");
      scope = ns === own ? { kind: "own" } : { kind: "named", name: ns };
    } else if (name === "-A" || name === "--all-namespaces") scope = { kind: "all" };
    else if (name === "-o" || name === "--output") output = value();
    else if (name === "-l" || name === "--selector") {
      const text = value() ?? "";
      selector = Object.fromEntries(text.split(",").filter(Boolean).map((kv) => kv.split("=") as [string, string]));
    } else if (VALUED.has(name)) value();
    else if (name.startsWith("-")) flags.add(name);
    else operands.push(raw);
  }
  return { verb: operands.shift(), operands, flags, output, selector, scope, command };
}

/** `pods,svc`, `pod/web-1`, `deploy web`: the resources asked for and the name, or what kubectl says when one is unknown. */
function resourcesOf(operands: readonly string[]): { resources: string[]; name: string | undefined } | CommandOutput {
  const first = operands[0];
  if (first === undefined) return failed("error: Required resource not specified.\n");
  const [kinds, slashName] = first.includes("/") ? [first.slice(0, first.indexOf("/")), first.slice(first.indexOf("/") + 1)] : [first, undefined];
  const resources: string[] = [];
  for (const kind of kinds.split(",").filter(Boolean)) {
    const resource = RESOURCES[kind.toLowerCase().split(".")[0]!];
    if (resource === undefined) return failed(`error: the server doesn't have a resource type "${kind}"\n`);
    resources.push(resource);
  }
  if (resources.length === 0) return failed("error: Required resource not specified.\n");
  return { resources, name: slashName ?? operands[1] };
}

function exec(p: Parsed, ctx: InspectionContext): CommandOutput {
  const podRef = p.operands[0]?.replace(/^(pod|pods|po)\//, "").replace(/^(deploy|deployment)\//, "");
  if (podRef === undefined) return failed("error: pod, type/name or --filename must be specified\n");
  if (p.command.length === 0) return failed("error: you must specify at least one command for the container\n");
  if (p.command[0] !== "curl") {
    return failed(`breakfix inspect: kubectl exec runs only curl here (kubectl exec POD -- curl URL); '${p.command[0]}' in a container is not simulated.\n`);
  }
  const view = clusterView(ctx);
  const pod = findPod(view, podRef);
  if (!pod) return failed(`Error from server (NotFound): pods "${podRef}" not found\n`);
  if (pod.status !== "Ready" && pod.status !== "Running") {
    return failed(`error: unable to upgrade connection: container not found ("${pod.name}" is ${podStatus(pod).status})\n`);
  }
  return curl(p.command.slice(1), ctx, pod.workload);
}

export const CLUSTER_FAMILY: CommandFamily = {
  family: "cluster",
  supported: [
    "kubectl get pods|deploy|rs|svc|endpoints|ingress|ingressclass|networkpolicy|configmap|secret|nodes|namespaces|events[,...] [NAME] [-o wide] [--show-labels] [-l K=V] [-n NS | -A]",
    "kubectl describe pod|deploy|rs|svc|ingress|networkpolicy|node|configmap|secret [NAME]",
    "kubectl logs POD [--previous]",
    "kubectl top pod|node",
    "kubectl exec POD -- curl [-i] [-H 'Host: H'] URL",
    "curl [-i] [-H 'Host: H'] URL (an Ingress host, or the ingress controller's address)",
  ],
  programs: ["kubectl", "curl"],
  run(argv, _stdin, ctx) {
    if (argv[0] === "curl") return curl(argv.slice(1), ctx);
    const own = ctx.world.cluster.namespace;
    const p = parseArgs(argv, own);
    if ("status" in p) return p;
    // The simulators' logs name commands without a namespace flag: `kubectl -n default logs x` is their `kubectl logs x`.
    const args = argv.slice(1).filter((a, i, all) => !(a === "-n" || a === "--namespace" || all[i - 1] === "-n" || all[i - 1] === "--namespace" || a.startsWith("--namespace=")));
    const command = normaliseCommand(["kubectl", ...args]);
    if (p.verb === "get" || p.verb === "describe") {
      const asked = resourcesOf(p.operands);
      if ("status" in asked) return asked;
      const view = clusterView(ctx);
      if (p.verb === "describe") {
        if (asked.resources.length > 1) return failed("error: describe takes one resource type at a time here\n");
        if (p.scope.kind !== "own") return ok(`No resources found in ${p.scope.kind === "named" ? p.scope.name : "any"} namespace the manifests deploy to.\n`);
        return describe(view, ctx, asked.resources[0]!, asked.name, command);
      }
      if (p.output !== undefined && p.output !== "wide") {
        return failed(`kubectl get -o ${p.output}: only the tables are printed here (and -o wide); cat the manifest, or describe the object\n`);
      }
      return get(view, ctx, asked.resources, { name: asked.name, wide: p.output === "wide", showLabels: p.flags.has("--show-labels"), selector: p.selector, scope: p.scope, prefixed: false });
    }
    if (p.verb === "logs") return logs(clusterView(ctx), args.slice(args.indexOf("logs") + 1), command);
    if (p.verb === "top") return top(clusterView(ctx), ctx, p.operands[0]);
    if (p.verb === "exec") return exec(p, ctx);
    if (p.verb === "auth") return failed("kubectl auth can-i: RBAC is not part of the simulated cluster (every manifest is applied with cluster-admin rights)\n");
    return failed(`kubectl ${p.verb ?? ""}: not supported here. Supported: ${CLUSTER_FAMILY.supported.join("; ")}\n`);
  },
};
