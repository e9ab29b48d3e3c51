/**
 * Each command family of the inspect action on real scenarios, compared with the real tools' formats:
 * coreutils and grep, git diff, BuildKit's log, `gh run view --log` lines, kubectl's tables and describe
 * output; and the refusals of writes and unknown commands.
 */
import { describe, expect, it } from "vitest";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { applyEditAction } from "../../environment/apply-action.js";
import { repositoryFrom } from "../../simulators/repository.js";
import type { Repository } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

function inspector(scenarioId: string, edit?: (repo: Repository) => Repository) {
  const s = catalog.scenario(scenarioId)!;
  const start = repositoryFrom(s.files);
  const repo = edit ? edit(start) : start;
  return (command: string) => inspectRepository(command, { repo, world: s.world, start });
}

describe("repository commands", () => {
  const run = inspector("typo_filename");

  it("list, read and count files as coreutils print them", () => {
    expect(run("ls")).toBe("app.py\nDockerfile\nREADME.md\nrequirements.txt\n");
    // GNU ls in a UTF-8 locale sorts ignoring leading dots and case.
    expect(run("ls -a")).toBe(".\n..\napp.py\nDockerfile\n.dockerignore\nREADME.md\nrequirements.txt\n");
    expect(run("cat Dockerfile")).toBe(catalog.scenario("typo_filename")!.files["Dockerfile"]!.content);
    expect(run("head -n 1 Dockerfile")).toMatch(/^FROM python:3\.12-slim\n$/);
    expect(run("wc -l requirements.txt")).toMatch(/^\d+ requirements\.txt\n$/);
    expect(run("cat nope.txt")).toBe("cat: nope.txt: No such file or directory\n");
    expect(run("cat /etc/passwd")).toContain("outside the repository");
    expect(run("tree")).toMatch(/^\.\n├── app\.py\n(.|\n)*└── requirements\.txt\n\n0 directories, 4 files\n$/);
    expect(run("find . -name '*.txt'")).toBe("./requirements.txt\n");
  });

  it("greps with line numbers, recursion, case folding and context, and pipes into head and wc", () => {
    expect(run("grep -n COPY Dockerfile")).toMatch(/^\d+:COPY requirments\.txt \.\n/);
    expect(run("grep -rn requirments .")).toMatch(/^\.\/Dockerfile:\d+:COPY requirments\.txt \.\n$/);
    expect(run("grep -ril FLASK")).toContain("requirements.txt\n");
    expect(run("grep -c RUN Dockerfile")).toMatch(/^\d+\n$/);
    expect(run("grep -n -A1 WORKDIR Dockerfile")).toMatch(/^\d+:WORKDIR \/app\n\d+-/);
    expect(run("cat Dockerfile | grep -v '^#' | head -1")).toBe("FROM python:3.12-slim\n");
    expect(run("grep -rn . Dockerfile | wc -l")).toMatch(/^\d+\n$/);
    expect(run("grep -E '(' Dockerfile")).toMatch(/^grep: Unmatched \( or \\\(\n$/);
  });

  it("shows the episode's changes as git diff does", () => {
    const fixed = inspector("typo_filename", (repo) => {
      const out = applyEditAction(repo, { action_type: "edit_file", edits: [{ file_path: "Dockerfile", old_content: "COPY requirments.txt", new_content: "COPY requirements.txt" }] });
      if (!out.ok) throw new Error(out.error);
      return out.repo;
    });
    expect(run("git diff")).toBe("");
    expect(run("git status")).toContain("nothing to commit, working tree clean");
    const diff = fixed("git diff");
    expect(diff).toMatch(/^diff --git a\/Dockerfile b\/Dockerfile\nindex [0-9a-f]{7}\.\.[0-9a-f]{7} 100644\n--- a\/Dockerfile\n\+\+\+ b\/Dockerfile\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
    expect(diff).toContain("\n-COPY requirments.txt .\n+COPY requirements.txt .\n");
    expect(fixed("git diff --name-only")).toBe("Dockerfile\n");
    expect(fixed("git status")).toContain("\tmodified:   Dockerfile\n");
    expect(run("git log")).toMatch(/^commit [0-9a-f]{40} \(HEAD -> main\)\n/);
    expect(run("git log")).toContain("no earlier history");
  });
});

describe("build commands", () => {
  it("prints BuildKit's log of a failing build, with the excerpt and the error", () => {
    const out = inspector("typo_filename")("docker build .");
    expect(out).toMatch(/^#0 building with "default" instance using docker driver\n/);
    expect(out).toContain(" => ERROR [3/5] COPY requirments.txt .");
    expect(out).toContain("   8 | >>> COPY requirments.txt .");
    expect(out).toContain('ERROR: failed to build: failed to solve: failed to compute cache key: failed to calculate checksum of ref');
    expect(out).not.toContain("$ docker build");
  });

  it("prints every step and the image's name for a build that succeeds, and inspects the image", () => {
    const run = inspector("ghcr_token_not_mapped");
    const out = run("docker build -t web .");
    expect(out).toContain(" => [1/5] FROM node:20-alpine\n");
    expect(out).toContain(" => [5/5] COPY . .\n");
    expect(out).toMatch(/ => => writing image sha256:[0-9a-f]{64}\n => => naming to docker\.io\/library\/web:latest\n/);
    const image = JSON.parse(run("docker image inspect app"));
    expect(image[0].Config).toMatchObject({ User: "node", Cmd: ["node", "server.js"], ExposedPorts: { "3000/tcp": {} } });
    const manifest = JSON.parse(run("docker manifest inspect node:20-alpine"));
    expect(manifest.manifests.map((m: { platform: { architecture: string } }) => m.platform.architecture)).toContain("arm64");
    expect(run("docker manifest inspect node:20-nosuchtag")).toBe("no such manifest: node:20-nosuchtag\n");
    expect(run("docker build ./missing")).toContain('path "./missing" not found');
  });
});

describe("CI commands", () => {
  const run = inspector("ghcr_token_not_mapped");

  it("lists the run and prints its log as gh run view --log does: job, step, time, line", () => {
    expect(run("gh run list")).toMatch(/^STATUS\s+TITLE\s+WORKFLOW\s+BRANCH\s+EVENT\s+ID\s+ELAPSED\s+AGE\nX\s+release\s+release\s+main\s+push\s+\d+/);
    const log = run("gh run view --log");
    for (const line of log.trimEnd().split("\n")) expect(line).toMatch(/^[^\t]+\t[^\t]+\t2025-01-01T00:00:00\.0000000Z /);
    expect(log).toContain("\tLog in to GHCR\t2025-01-01T00:00:00.0000000Z Error: Cannot perform an interactive login from a non TTY device\n");
    expect(run("gh run view --log --job nosuch")).toContain("could not find job nosuch");
    expect(run("gh secret list")).toBe("no secrets found\n");
  });
});

describe("cluster commands", () => {
  const run = inspector("oom_killed");

  it("prints kubectl's tables from the simulated cluster", () => {
    // kubectl pads columns to their widest cell and puts three spaces between them.
    expect(run("kubectl get pods")).toMatch(/^NAME {27}READY {3}STATUS {13}RESTARTS {6}AGE\ncatalog-api-[a-z0-9]{10}-[a-z0-9]{5} {3}0\/1 {5}CrashLoopBackOff {3}5 \(20s ago\) {3}2m\n/);
    expect(run("kubectl get deploy")).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\ncatalog-api\s+0\/2\s+2\s+0\s+2m\n$/);
    // The search team's Service exists in the cluster beside the manifests' own.
    expect(run("kubectl get svc")).toMatch(/^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE\ncatalog-api\s+ClusterIP\s+10\.96\.\d+\.\d+\s+<none>\s+\d+\/TCP\s+2m\nsearch\s+ClusterIP\s+10\.96\.\d+\.\d+\s+<none>\s+9200\/TCP\s+30d\n$/);
    expect(run("kubectl get ingressclass")).toMatch(/^NAME\s+CONTROLLER\s+PARAMETERS\s+AGE\nnginx\s+k8s\.io\/ingress-nginx\s+<none>\s+30d\n$/);
    expect(run("kubectl get pod nosuch")).toBe('Error from server (NotFound): pods "nosuch" not found\n');
    expect(run("kubectl get widgets")).toBe('error: the server doesn\'t have a resource type "widgets"\n');
  });

  it("describes a failing pod with the kubelet's events, and tops it with the memory the app uses", () => {
    const pod = /\ncatalog-api-\S+/.exec(run("kubectl get pods"))![0].trim();
    const described = run(`kubectl describe pod ${pod}`);
    expect(described).toMatch(/^Name:\s+catalog-api-/);
    expect(described).toContain("Reason:       OOMKilled");
    expect(described).toMatch(/Events:\n {2}Type {5}Reason/);
    expect(run("kubectl top pod")).toMatch(/^NAME\s+CPU\(cores\)\s+MEMORY\(bytes\)\ncatalog-api-\S+\s+<unknown>\s+180Mi\n/);
    expect(run("kubectl get events")).toContain("BackOff");
  });

  it("shows a Service without endpoints when its selector matches no pod", () => {
    const out = inspector("selector_mismatch")("kubectl get endpoints");
    expect(out).toMatch(/\napi\s+<none>\s+2m\n/);
  });

  it("says what it does not model instead of inventing it", () => {
    expect(run("kubectl auth can-i get pods")).toContain("RBAC is not part of the simulated cluster");
  });
});

describe("refusals", () => {
  const run = inspector("oom_killed");

  it.each([
    ["echo x > k8s/deployment.yaml", "the redirection '> k8s/deployment.yaml' would write a file"],
    ["rm -rf k8s", "'rm' changes files or state"],
    ["sed -i s/64Mi/256Mi/ k8s/deployment.yaml", "'sed -i' edits a file in place"],
    ["kubectl apply -f k8s/", "'kubectl apply' would change the cluster"],
    ["kubectl -n default edit deploy catalog-api", "'kubectl edit' would change the cluster"],
    ["git commit -am fix", "'git commit' would change the repository"],
    ["docker push app", "'docker push' would change the registry"],
    ["gh secret set TOKEN", "'gh secret set' would change"],
    ["python3 -c 'print(1)'", "'python3' is not a command the simulated world answers"],
    ["ls | xargs rm", "'xargs' cannot read a pipe here"],
    ["for f in *; do cat $f; done", "compound commands"],
    ["cat a | cat | cat | cat | cat | cat | cat | cat | cat", "at most 8 commands"],
  ])("%s", (command, reason) => {
    const out = run(command);
    expect(out).toContain(`breakfix inspect: `);
    expect(out).toContain(reason);
    expect(out).toContain("Supported commands:\nrepository: ls");
    expect(out).toContain("cluster: kubectl get pods");
  });

  it("chains on exit status and bounds what it prints", () => {
    expect(run("cat nope || echo-not-run")).toContain("cat: nope: No such file or directory\n");
    expect(run("ls k8s && cat nope")).toBe("configmap.yaml\ndeployment.yaml\ningress.yaml\nnetworkpolicy.yaml\nservice.yaml\ncat: nope: No such file or directory\n");
    const big = inspectRepository("cat big.txt", { repo: repositoryFrom({ "big.txt": "x".repeat(200_000) }), world: catalog.scenario("oom_killed")!.world, start: new Map() });
    expect(big.length).toBeLessThan(66_000);
    expect(big).toContain("[output cut at 65536 characters; 134464 more not shown");
  });
});
