/**
 * The heuristic baseline looks before it edits where the files do not hold the fact: it plays the inspection an
 * engineer would run, then writes what the inspection showed; where the files and the log suffice it does not
 * spend a step looking.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { heuristicAgent } from "../../baseline/heuristic/agent.js";
import { inProcessClient } from "../../baseline/clients/in-process.js";
import { playEpisode } from "../../baseline/play.js";
import { loadCatalog } from "../../tasks/catalog.js";

const client = inProcessClient(loadCatalog());

async function played(scenario_id: string): Promise<{ actions: Action[]; solved: boolean }> {
  const actions: Action[] = [];
  const result = await playEpisode(client, heuristicAgent(), { scenario_id }, { onTurn: (_, turn) => turn.action && actions.push(turn.action) });
  return { actions, solved: result.solved };
}

const inspections = (actions: readonly Action[]) => actions.flatMap((a) => (a.action_type === "inspect" ? [a.command] : []));
const written = (actions: readonly Action[]) => JSON.stringify(actions.filter((a) => a.action_type !== "inspect" && a.action_type !== "submit"));

describe("the heuristic baseline", () => {
  it.each([
    ["oom_killed", "kubectl top pod", "256Mi"],
    ["wrong_command", "docker image inspect ghcr.io/acme/thumbnailer:2.3.0", "worker.py"],
    ["missing_configmap", "kubectl get svc", "http://search:9200"],
    ["missing_ingress_class", "kubectl get ingressclass", "ingressClassName: nginx"],
    ["network_policy_blocking", "kubectl get pods -A --show-labels", "kubernetes.io/metadata.name: ingress-nginx"],
    ["artifact_path_mismatch", "docker build --progress=plain frontend", "/app/build"],
  ])("%s: runs `%s`, then writes what it showed, and solves it", async (scenario, command, fact) => {
    const { actions, solved } = await played(scenario);
    expect(inspections(actions)).toEqual([command]);
    expect(actions.findIndex((a) => a.action_type === "inspect")).toBe(0);
    expect(written(actions)).toContain(fact);
    expect(solved).toBe(true);
  });

  it.each([
    ["full_pipeline_three_bugs", ["docker run app"], "WORKDIR /app"],
    ["full_pipeline_permissions_image_ingress", ["gh run list", "kubectl get ingressclass"], "ghcr.io/acme/reports-api:main"],
    ["full_pipeline_ghcr_dockerfile_k8s", ["kubectl top pod"], "memory: 192Mi"],
  ] as const)("%s: looks at each stage where the files do not say, and solves every issue", async (scenario, commands, fact) => {
    const { actions, solved } = await played(scenario);
    expect(inspections(actions)).toEqual(commands);
    expect(written(actions)).toContain(fact);
    expect(solved).toBe(true);
  });

  it.each(["typo_filename", "selector_mismatch", "missing_env_secrets"])("%s: edits straight away when the log and the files hold the fact", async (scenario) => {
    const { actions, solved } = await played(scenario);
    expect(inspections(actions)).toEqual([]);
    expect(solved).toBe(true);
  });
});
