/**
 * An issue is not counted as fixed where the fix leaves a check undecided that the start and the clean base
 * decided: unknown earns no credit. A check the run cannot reach because an issue still open fails before it
 * is the open issue's, and does not take away the credit of the issue that was fixed.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../contracts/actions.js";
import { isEditAction } from "../contracts/actions.js";
import { applyEditAction } from "../environment/apply-action.js";
import { repositoryFrom } from "../simulators/repository.js";
import { loadCatalog } from "../tasks/catalog.js";
import { edit } from "../tasks/fix.js";
import { assess } from "./assess.js";

const catalog = loadCatalog();

function assessAfter(id: string, actions: Action[]) {
  const scenario = catalog.scenario(id)!;
  let repo = repositoryFrom(scenario.files);
  for (const action of actions) {
    if (!isEditAction(action)) continue;
    const out = applyEditAction(repo, action);
    expect(out.ok).toBe(true);
    if (out.ok) repo = out.repo;
  }
  return assess(scenario, repo);
}

const PUB = ".github/workflows/publish.yml";
const buildx = (ref: string) => edit(PUB, "      - name: Set up Docker Buildx\n", `      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@${ref}\n`);

describe("unknown outcomes", () => {
  it("refuse a fix whose action version may not exist, and accept the released one", () => {
    const unknown = assessAfter("missing_step_uses_or_run", [buildx("v9")]);
    expect(unknown.fixed).toEqual([false]);
    expect(unknown.violations.map((v) => [v.check, v.file])).toEqual([["no-unknown-outcomes", PUB]]);
    expect(unknown.violations[0]!.message).toContain("GHA115");
    const released = assessAfter("missing_step_uses_or_run", [buildx("v3")]);
    expect(released.violations).toEqual([]);
    expect(released.fixed).toEqual([true]);
  });

  it("leave alone a check an open issue's failure stops the run before", () => {
    const token = edit(".github/workflows/release.yml", '        run: echo "$GITHUB_TOKEN" | docker login', '        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo "$GITHUB_TOKEN" | docker login');
    const half = assessAfter("full_pipeline_ghcr_and_selector", [token]);
    expect(half.violations).toEqual([]);
    expect(half.fixed).toEqual([true, false]);
  });
});

describe("objects a fix moved to another file", () => {
  const SVC = "k8s/service.yaml";
  const DEP = "k8s/deployment.yaml";
  const scenario = catalog.scenario("selector_mismatch")!;
  const service = scenario.files[SVC]!.content;
  const deployment = scenario.files[DEP]!.content;

  // The API server knows objects, not files: the Service moved beside its Deployment is the same Service.
  it("judge the issue where the object now is", () => {
    const moved = assessAfter("selector_mismatch", [
      edit(DEP, deployment, `${deployment}---\n${service.replace("app: api\n", "app: api-server\n")}`),
      edit(SVC, service, "# The Service is in deployment.yaml, beside the pods it selects.\n"),
    ]);
    expect(moved.violations).toEqual([]);
    expect(moved.fixed).toEqual([true]);
  });

  it("and still find it broken there", () => {
    const moved = assessAfter("selector_mismatch", [edit(DEP, deployment, `${deployment}---\n${service}`), edit(SVC, service, "# moved\n")]);
    expect(moved.fixed).toEqual([false]);
    expect(moved.diagnostics.some((d) => d.code === "K8S030" && d.file === DEP)).toBe(true);
  });
});
