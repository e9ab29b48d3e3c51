/**
 * The pipeline simulator end to end on small repositories: which simulator a repository gets, the stage gates
 * and what is marked evaluated, builds handed over with the workflow's build-args, target and platforms (every
 * matrix leg), the registry after the push, and lint on a whole repository.
 */
import { describe, expect, it } from "vitest";
import { lintFiles, simulateRepository, usesPipeline } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";
import { DEPLOYMENT, DOCKERFILE, deliver, deployment, repository, WORKFLOW, WORLD } from "./rules/fixtures.js";

const world = parseWorld(WORLD);
const run = (files: Record<string, string>, w = world) => simulateRepository(repositoryFrom(files), w, { worldKnown: true, context: true });
const codes = (r: ReturnType<typeof run>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}@${d.file}`);

describe("which simulator runs", () => {
  it("a repository with a delivery workflow runs as one pipeline; others as before", () => {
    expect(usesPipeline(repositoryFrom(repository()), {})).toBe(true);
    expect(usesPipeline(repositoryFrom({ Dockerfile: DOCKERFILE }), {})).toBe(false);
    expect(usesPipeline(repositoryFrom({ [WORKFLOW]: "on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n" }), {})).toBe(false);
    expect(usesPipeline(repositoryFrom(repository()), { kind: "dockerfile" })).toBe(false);
  });

  it("a clean delivery evaluates every stage's checks", () => {
    const result = run(repository());
    expect(codes(result)).toEqual([]);
    for (const key of ["GHA104@" + WORKFLOW, "DF004@Dockerfile", "K8S021@" + DEPLOYMENT, "K8S023@" + DEPLOYMENT, "PIPE001@" + DEPLOYMENT]) expect(result.checked.has(key), key).toBe(true);
  });
});

describe("stages", () => {
  it("a workflow that stops before the build evaluates neither the Dockerfile nor the manifests", () => {
    const result = run(repository({ [WORKFLOW]: deliver().replace("${{ secrets.GITHUB_TOKEN }}", "${{ secrets.MISSING }}") }));
    expect(codes(result)).toEqual([`GHA102@${WORKFLOW}`]);
    expect(result.checked.has(checkKey("DF004", "Dockerfile"))).toBe(false);
    expect(result.checked.has(checkKey("K8S021", DEPLOYMENT))).toBe(false);
  });

  it("a failed build hides the push and the deploy behind it", () => {
    const result = run(repository({ Dockerfile: DOCKERFILE.replace("COPY package.json package-lock.json ./", "COPY package.json package-lock.jsn ./") }));
    expect(codes(result)).toEqual(["DF004@Dockerfile"]);
    expect(result.checked.has(checkKey("K8S021", DEPLOYMENT))).toBe(false);
    const log = result.diagnostics[0]!.log!;
    expect(log.split("\n")[0]).toBe("Run docker/build-push-action@v6");
    expect(log).toMatch(/Error: buildx failed with: ERROR: failed to build: failed to solve: .*"\/package-lock.jsn": not found/);
  });

  it("a failed build still judges its push's credentials: an accepted login is known, a refused one is not", () => {
    const broken = DOCKERFILE.replace("COPY package.json package-lock.json ./", "COPY package.json package-lock.jsn ./");
    const accepted = run(repository({ Dockerfile: broken }));
    expect(accepted.checked.has(checkKey("GHA104", WORKFLOW))).toBe(true);
    // Logged in to Docker Hub, pushing to ghcr.io: the push would be refused, but it never ran to say so.
    const hub = deliver().replace("          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}", "          username: ${{ secrets.DOCKERHUB_USERNAME }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}");
    const hubWorld = parseWorld({ ...WORLD, secrets: ["DOCKERHUB_USERNAME", "DOCKERHUB_TOKEN"] });
    const elsewhere = run(repository({ Dockerfile: broken, [WORKFLOW]: hub }), hubWorld);
    expect(codes(elsewhere)).toEqual(["DF004@Dockerfile"]);
    expect(elsewhere.checked.has(checkKey("GHA104", WORKFLOW))).toBe(false);
    // Once the build passes, the refusal is reported.
    expect(codes(run(repository({ [WORKFLOW]: hub }), hubWorld))).toEqual([`GHA104@${WORKFLOW}`]);
  });

  it("the cluster pulls what was pushed: another tag is not found", () => {
    const result = run(repository({ [DEPLOYMENT]: deployment("ghcr.io/acme/web:v2") }));
    expect(codes(result)).toEqual([`K8S021@${DEPLOYMENT}`]);
    expect(result.diagnostics[0]!.message).toContain('Failed to pull image "ghcr.io/acme/web:v2"');
  });

  it("pods start from the image that was built: a CMD the image cannot run crashes them", () => {
    const result = run(repository({ Dockerfile: DOCKERFILE.replace('CMD ["node", "server.js"]', 'CMD ["node", "index.js"]') }));
    expect(codes(result)).toEqual([`K8S023@${DEPLOYMENT}`]);
    expect(result.diagnostics[0]!.log).toContain("Cannot find module '/app/index.js'");
  });
});

describe("builds as the workflow asks for them", () => {
  const guarded = DOCKERFILE.replace("FROM node:20-alpine AS runtime\n", 'FROM node:20-alpine AS runtime\nARG RELEASE\nRUN test -n "$RELEASE"\n');

  it("build-args reach the Dockerfile", () => {
    expect(codes(run(repository({ Dockerfile: guarded })))).toEqual(["DF009@Dockerfile"]);
    const passed = deliver("          build-args: RELEASE=${{ github.sha }}\n          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n");
    expect(codes(run(repository({ Dockerfile: guarded, [WORKFLOW]: passed })))).toEqual([]);
  });

  it("every leg of a platform matrix builds with its own TARGETARCH", () => {
    const perArch = DOCKERFILE.replace("RUN npm ci --omit=dev\n", "ARG TARGETARCH\nRUN npm ci --omit=dev && cp package.json /app/build-$TARGETARCH.json\n").replace(
      "COPY . .\n",
      "COPY . .\nCOPY --from=deps /app/build-amd64.json ./build.json\n",
    );
    const matrix = deliver("          platforms: ${{ matrix.platform }}\n          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n").replace(
      "    runs-on: ubuntu-latest\n",
      "    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        platform: [linux/amd64, linux/arm64]\n",
    );
    const result = run(repository({ Dockerfile: perArch, [WORKFLOW]: matrix }));
    // The amd64 leg passes; the arm64 leg's builder wrote build-arm64.json.
    expect(codes(result)).toEqual(["DF011@Dockerfile"]);
  });
});

describe("lint on a whole repository", () => {
  const lint = (files: Record<string, string>) =>
    lintFiles(Object.entries(files).map(([path, content]) => ({ path, content, mode: 0o644 })), { kind: "auto", context: true });

  it("runs the builds with the workflow's inputs and the cross-file rules", () => {
    expect(lint(repository())).toEqual([]);
    const findings = lint(repository({ [WORKFLOW]: deliver("          target: production\n          push: true\n          tags: ghcr.io/acme/web:${{ github.sha }}\n"), [DEPLOYMENT]: deployment("ghcr.io/acme/web:latest") }));
    expect(findings.map((d) => d.code)).toEqual(["PIPE003"]);
    const warned = lint(repository({ [WORKFLOW]: deliver("          push: true\n          tags: ghcr.io/acme/web:${{ github.sha }}\n"), [DEPLOYMENT]: deployment("ghcr.io/acme/web:latest") }));
    expect(warned.map((d) => [d.code, d.severity])).toEqual([["PIPE002", "warning"]]);
  });

  it("finds the repository's root under the directory the user linted", () => {
    const nested = Object.fromEntries(Object.entries(repository({ [DEPLOYMENT]: deployment("ghcr.io/acme/web:latest") })).map(([p, c]) => [`services/web/${p}`, c]));
    expect(lint({ ...nested, "README.md": "# monorepo\n" }).map((d) => [d.code, d.file])).toEqual([["PIPE002", `services/web/${DEPLOYMENT}`]]);
  });
});
