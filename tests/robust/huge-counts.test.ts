/**
 * Counts a client can write as large as it likes (a Deployment's replicas, gunicorn's --workers) are counted,
 * never iterated: the cluster view builds at most MAX_MODELLED_PODS pods and kubectl lists the rest line by
 * line up to the output bound; the node takes NODE_MAX_PODS and leaves the rest Pending; gunicorn forks what
 * memory holds and then fails as its fork does.
 */
import { describe, expect, it } from "vitest";
import { MAX_INSPECT_OUTPUT_CHARS, MAX_MODELLED_PODS } from "../../contracts/limits.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { gradeTrajectory } from "../../graders/grade.js";
import { simulateRepository } from "../../simulators/index.js";
import { readState } from "../../simulators/host/state.js";
import { clusterViewCounters } from "../../simulators/inspect/cluster-view.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { NODE_MAX_PODS } from "../../simulators/k8s/capacity.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const scenario = catalog.scenario("selector_mismatch")!;

function edited(repo: Repository, path: string, from: string, to: string): Repository {
  const out = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path: path, old_content: from, new_content: to }] });
  if (!out.ok) throw new Error(out.error);
  return out.repo;
}

const withReplicas = (n: number) => edited(repositoryFrom(scenario.files), "k8s/deployment.yaml", "replicas: 3", `replicas: ${n}`);

describe("a Deployment of replicas: 100000", () => {
  const repo = withReplicas(100_000);
  const look = (command: string) => inspectRepository(command, { repo, world: scenario.world, start: repo });

  it("kubectl get pods lists them up to the output bound, says how much more, and builds at most the bound of pods", () => {
    const before = { ...clusterViewCounters };
    const out = look("kubectl get pods");
    expect(out).toMatch(new RegExp(`\\[output cut at ${MAX_INSPECT_OUTPUT_CHARS} characters; \\d{7} more not shown`));
    expect(out.length).toBeLessThan(MAX_INSPECT_OUTPUT_CHARS + 200);
    expect(out.split("\n").filter((l) => / Running /.test(l))).toHaveLength(NODE_MAX_PODS);
    expect(out).toMatch(/0\/1 {5}Pending/);
    // Ten more inspections of the same state build no other view.
    for (let i = 0; i < 10; i++) look("kubectl get pods");
    expect(clusterViewCounters.views - before.views).toBe(1);
    expect(clusterViewCounters.podsBuilt - before.podsBuilt).toBeLessThanOrEqual(MAX_MODELLED_PODS);
  });

  it("counts come from the counts: the node takes 110, the rest wait Pending as the scheduler says", () => {
    expect(look("kubectl get deploy")).toContain(`${NODE_MAX_PODS}/100000`);
    expect(look("kubectl describe node")).toContain(`Non-terminated Pods:          (${NODE_MAX_PODS} in total)`);
    const pending = look("kubectl get pods | tail -3").split("\n")[0]!.split(/\s+/)[0]!;
    const described = look(`kubectl describe pod ${pending}`);
    expect(described).toContain("0/1 nodes are available: 1 Too many pods.");
    expect(described).toContain("Node:             <none>");
    expect(look("kubectl get pods | wc -l")).toContain("more were not passed on");
  });
});

describe("replicas: 2147483647, the API server's int32 maximum, graded", () => {
  it("the replay answers with the Service's diagnostic listing the node's pods and counting the rest", () => {
    const actions = [
      { action_type: "edit_file" as const, edits: [{ file_path: "k8s/deployment.yaml", old_content: "replicas: 3", new_content: "replicas: 2147483647" }] },
      ...Array.from({ length: 5 }, () => ({ action_type: "inspect" as const, command: "kubectl get pods" })),
    ];
    const result = gradeTrajectory(catalog, scenario, actions);
    expect(result.history.map((h) => h.last_action_error)).toEqual(Array(6).fill(null));
    const diagnostic = simulateRepository(withReplicas(2_147_483_647), scenario.world, { worldKnown: true }).diagnostics.find((d) => d.code === "K8S030");
    expect(diagnostic?.log).toContain(`(${2_147_483_647 - NODE_MAX_PODS} more pods Pending: 0/1 nodes are available: 1 Too many pods.`);
    expect(diagnostic!.log!.split("\n").length).toBeLessThan(NODE_MAX_PODS + 20);
  });
});

describe("gunicorn --workers 1000000000", () => {
  it("forks the workers memory holds, then fails as its fork does, with 255/EXCEPTION", () => {
    const start = catalog.scenario("nginx_killed")!;
    let repo = edited(repositoryFrom(start.files), "etc/systemd/system/shop.service", "--workers 2", "--workers 1000000000");
    const out = applyEditAction(repo, { action_type: "host", command: "systemctl daemon-reload && systemctl restart shop" });
    if (!out.ok) throw new Error(out.error);
    repo = out.repo;
    expect(out.output).toContain("Job for shop.service failed");
    const state = readState(repo);
    expect(state.processes.length).toBeLessThan(100);
    const journal = inspectRepository("journalctl -u shop -n 12", { repo, world: start.world, start: repo });
    expect(journal).toContain("OSError: [Errno 12] Cannot allocate memory");
    expect(journal).toContain("status=255/EXCEPTION");
  });
});
