/**
 * The pure `lintFiles` on files of several kinds and repositories: workflows are found by content and never
 * read as manifests, a workflow outside `.github/workflows/` has no workspace to read, `--kind` wins over the
 * path, and each repository among the files (a directory holding `.github/`) is simulated on its own.
 */
import { describe, expect, it } from "vitest";
import { lintFiles, type LintKind } from "../simulators/index.js";

const lint = (files: Record<string, string>, kind: LintKind = "auto") =>
  lintFiles(
    Object.entries(files).map(([path, content]) => ({ path, content, mode: 0o644 })),
    { kind, context: true },
  ).map((d) => `${d.file}:${d.line} ${d.code}`);

const NO_RUNS_ON = "on: push\njobs:\n  a:\n    steps:\n      - run: echo hi\n";
const READS_AFTER_CHECKOUT = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: cat VERSION\n";
const SERVICE_API = "apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n    - port: 80\n";
const DEPLOYMENT_WEB =
  "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      containers:\n        - name: web\n          image: nginx:1.27\n";
const CI = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n";

describe("workflows wherever they live", () => {
  it.each(["deploy/release.yml", "k8s/ci.yml", "bases/ci.yaml", "svc/deploy/.github/workflows/ci.yml"])("%s is a workflow, not a manifest", (file) => {
    expect(lint({ [file]: NO_RUNS_ON })).toEqual([`${file}:4 GHA006`]);
  });

  it("--kind workflow checks any file as a workflow, whatever its name or folder", () => {
    expect(lint({ "notes/ci.txt": NO_RUNS_ON }, "workflow")).toEqual(["notes/ci.txt:4 GHA006"]);
    expect(lint({ "deploy/x.yaml": NO_RUNS_ON }, "workflow")).toEqual(["deploy/x.yaml:4 GHA006"]);
    // Named as a manifest, the same file is one kubectl refuses.
    expect(lint({ "deploy/x.yaml": NO_RUNS_ON }, "k8s")).toEqual(["deploy/x.yaml:1 K8S002"]);
  });

  it("outside .github/workflows/ a workflow has no workspace: what its steps read is not judged", () => {
    expect(lint({ "examples/ci.yml": READS_AFTER_CHECKOUT })).toEqual([]);
    // Under .github/workflows/ the repository is the workspace, and VERSION is not in it.
    expect(lint({ ".github/workflows/ci.yml": READS_AFTER_CHECKOUT })).toEqual([".github/workflows/ci.yml:7 GHA101"]);
    expect(lint({ ".github/workflows/ci.yml": READS_AFTER_CHECKOUT, VERSION: "1.0.0\n" })).toEqual([]);
  });
});

describe("several repositories in one call", () => {
  it("simulates each repository on its own: one's Service never meets another's pods", () => {
    const together = { "k8s/service.yaml": SERVICE_API, "k8s/deployment.yaml": DEPLOYMENT_WEB };
    // One repository: the Service selects none of the pods it deploys.
    expect(lint(together)).toContain("k8s/service.yaml:6 K8S030");
    const apart = {
      "api/.github/workflows/ci.yml": CI,
      "api/k8s/service.yaml": SERVICE_API,
      "web/.github/workflows/ci.yml": CI,
      "web/k8s/deployment.yaml": DEPLOYMENT_WEB,
    };
    expect(lint(apart)).toEqual([]);
  });

  it("reads each repository's paths from its root", () => {
    const files = {
      "api/.github/workflows/ci.yml": READS_AFTER_CHECKOUT,
      "api/VERSION": "1.0.0\n",
      "web/.github/workflows/ci.yml": READS_AFTER_CHECKOUT,
    };
    expect(lint(files)).toEqual(["web/.github/workflows/ci.yml:7 GHA101"]);
  });
});
