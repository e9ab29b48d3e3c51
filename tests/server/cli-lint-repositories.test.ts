/**
 * `breakfix lint` on files inside real repositories: a workflow named alone is judged with its repository's
 * files, a workflow outside any `.github/workflows/` is judged without a workspace and says so, `--kind` is
 * honoured wherever the file lives, workflows are never read as manifests, and files of unrelated
 * repositories are never simulated as one repository or one cluster.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CliIO } from "../../server/cli/io.js";
import { main } from "../../server/cli/main.js";

async function lint(args: string[], cwd: string) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env: {}, cwd };
  const code = await main(["lint", ...args], io);
  return { code, stdout, stderr, lines: stdout.split("\n").filter((l) => l !== "") };
}

const NPM_CI = `name: CI
on: push
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - run: npm ci
      - run: npm test
`;
const READS_CHANGELOG = `on: push
jobs:
  notes:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: head -n 5 CHANGELOG.md
`;
const NO_RUNS_ON = "on: push\njobs:\n  a:\n    steps:\n      - run: echo hi\n";
const SERVICE_API = "apiVersion: v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  selector:\n    app: api\n  ports:\n    - port: 80\n";
const DEPLOYMENT_WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: nginx:1.27
`;

let dir: string;
const at = (...parts: string[]) => path.join(dir, ...parts);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "breakfix-lint-repos-"));
  const write = (rel: string, content: string) => {
    mkdirSync(path.dirname(at(rel)), { recursive: true });
    writeFileSync(at(rel), content);
  };
  // A Node repository: its workflow's npm ci finds package.json and the lockfile at the root.
  write("shop/.github/workflows/ci.yml", NPM_CI);
  write("shop/.github/workflows/notes.yml", READS_CHANGELOG);
  write("shop/package.json", '{"name":"shop","version":"1.0.0","scripts":{"test":"node -e 0"}}\n');
  write("shop/package-lock.json", '{"name":"shop","lockfileVersion":3,"packages":{}}\n');
  write("shop/src/index.js", "console.log('shop');\n");
  // A loose folder of workflow files, as a corpus of examples is kept: no repository around them.
  write("examples/broken.yml", NO_RUNS_ON);
  write("examples/npm.yml", NPM_CI);
  write("examples/ci.txt", NO_RUNS_ON);
  // Workflows kept in folders whose names say "manifests".
  write("ops/deploy/release.yml", NO_RUNS_ON);
  write("ops/k8s/ci.yml", NO_RUNS_ON);
  // Two unrelated repositories, each marked by its .git: one only defines a Service, the other runs pods.
  write("repos/api/.git/HEAD", "ref: refs/heads/main\n");
  write("repos/api/k8s/service.yaml", SERVICE_API);
  write("repos/web/.git/HEAD", "ref: refs/heads/main\n");
  write("repos/web/k8s/deployment.yaml", DEPLOYMENT_WEB);
  // The same two as loose folders, named together.
  write("loose/api/service.yaml", SERVICE_API);
  write("loose/web/deployment.yaml", DEPLOYMENT_WEB);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a workflow named alone inside its repository", () => {
  it("is judged with the repository's files: npm ci finds package.json and its lockfile", async () => {
    for (const [cwd, file] of [
      [at("shop"), ".github/workflows/ci.yml"],
      [at("shop", "src"), "../.github/workflows/ci.yml"],
      [dir, "shop/.github/workflows/ci.yml"],
    ] as const) {
      const res = await lint([file], cwd);
      expect(res.stdout, `${cwd} ${file}`).toBe("");
      expect(res.code).toBe(0);
      expect(res.stderr).toBe("");
    }
  });

  it("keeps the workspace checks: a file the repository does not have is still missing", async () => {
    const alone = await lint([".github/workflows/notes.yml"], at("shop"));
    expect(alone.lines).toEqual([".github/workflows/notes.yml:7:14: error GHA101: head: cannot open 'CHANGELOG.md' for reading: No such file or directory"]);
    const whole = await lint(["."], at("shop"));
    expect(whole.lines).toEqual(alone.lines);
  });
});

describe("a workflow outside any .github/workflows/", () => {
  it("is checked, with its workspace reads left unchecked and one note saying so", async () => {
    const res = await lint(["examples"], dir);
    expect(res.lines).toEqual(["examples/broken.yml:4:5: error GHA006: Required property is missing: runs-on"]);
    const notes = res.stderr.split("\n").filter((l) => l !== "");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain("2 workflows are not under a repository's .github/workflows/ (examples/broken.yml, examples/npm.yml)");
    expect(notes[0]).toContain("the files their steps read were not checked");
  });

  it("is checked as a workflow under --kind workflow, whatever its name", async () => {
    const res = await lint(["--kind", "workflow", "examples/ci.txt"], dir);
    expect(res.lines).toEqual(["examples/ci.txt:4:5: error GHA006: Required property is missing: runs-on"]);
    expect(res.code).toBe(1);
  });

  it("is never read as a Kubernetes manifest, in deploy/ or k8s/ alike", async () => {
    const res = await lint(["ops"], dir);
    expect(res.lines).toEqual(["ops/deploy/release.yml:4:5: error GHA006: Required property is missing: runs-on", "ops/k8s/ci.yml:4:5: error GHA006: Required property is missing: runs-on"]);
    const forced = await lint(["--kind", "workflow", "ops/deploy/release.yml"], dir);
    expect(forced.lines).toEqual([res.lines[0]]);
  });
});

describe("unrelated repositories in one call", () => {
  it("are separate clusters: one repository's Service is not judged against another's pods", async () => {
    // Together, the Service would select none of the web pods and report no endpoints (K8S030).
    for (const args of [["repos"], ["repos/api", "repos/web"], ["loose/api", "loose/web"], ["loose/api/service.yaml", "loose/web/deployment.yaml"]]) {
      const res = await lint(["--format", "json", ...args], dir);
      const codes = (JSON.parse(res.stdout) as { code: string }[]).map((d) => d.code);
      expect(codes, args.join(" ")).not.toContain("K8S030");
    }
  });
});
