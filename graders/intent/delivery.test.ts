import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { deliveryIntent as check } from "./delivery.js";
import { judgeChange, stateOf } from "./states.js";

const deliveryIntent = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(check, before, after).map((v) => v.message);

const workflow = (withBlock: string) =>
  repositoryFrom({
    ".github/workflows/release.yml": `on: push\njobs:\n  image:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/build-push-action@v6\n        with:\n${withBlock}`,
  });

const before = workflow("          platforms: linux/amd64,linux/arm64\n          push: true\n          tags: a:1,a:latest\n          cache-to: type=gha,mode=max\n          build-args: |\n            APP_VERSION=${{ github.ref_name }}\n");

describe("deliveryIntent", () => {
  it("resolves the workflow's env in tags, so a renamed reference to the same image is no change", () => {
    const env = (tags: string) =>
      repositoryFrom({ ".github/workflows/release.yml": `on: push\nenv:\n  IMAGE: ghcr.io/acme/api\njobs:\n  image:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker/build-push-action@v6\n        with:\n          push: true\n          tags: ${tags}\n` });
    expect(deliveryIntent(env("${{ env.IMAGE }}:${{ github.sha }}"), env("ghcr.io/acme/api:${{ github.ref_name }}"))).toEqual([]);
    expect(deliveryIntent(env("${{ env.IMAGE }}:${{ github.sha }}"), env("docker.io/acme/api:${{ github.sha }}")).join("\n")).toContain("no longer pushes to ghcr.io/acme/api");
  });

  it("accepts edits that keep what the build delivers", () => {
    expect(deliveryIntent(before, workflow("          platforms: linux/arm64, linux/amd64\n          push: ${{ true }}\n          tags: |\n            a:1\n            a:latest\n          cache-to: type=gha,mode=max\n          build-args: APP_VERSION=${{ github.sha }}\n"))).toEqual([]);
  });

  it.each([
    ["dropped platforms", "          push: true\n          tags: a:1,a:latest\n          cache-to: type=gha,mode=max\n", "no longer builds for linux/amd64, linux/arm64"],
    ["push switched off", "          platforms: linux/amd64,linux/arm64\n          push: false\n          tags: a:1,a:latest\n          cache-to: type=gha,mode=max\n", "no longer pushes"],
    ["cache export dropped", "          platforms: linux/amd64,linux/arm64\n          push: true\n          tags: a:1,a:latest\n", "no longer exports its cache"],
    ["the image sent to another registry", "          platforms: linux/amd64,linux/arm64\n          push: true\n          tags: docker.io/acme/a:1,docker.io/acme/a:latest\n          cache-to: type=gha,mode=max\n", "no longer pushes to a"],
    ["a tag dropped", "          platforms: linux/amd64,linux/arm64\n          push: true\n          tags: a:1\n          cache-to: type=gha,mode=max\n", "tags fewer images"],
    ["a build arg dropped", "          platforms: linux/amd64,linux/arm64\n          push: true\n          tags: a:1,a:latest\n          cache-to: type=gha,mode=max\n", "no longer passes the build arg APP_VERSION"],
  ])("flags %s", (_, withBlock, message) => {
    expect(deliveryIntent(before, workflow(withBlock)).join("\n")).toContain(message);
  });

  it("reads a build's inputs on every leg of its job: a deleted matrix leg drops its platform", () => {
    const matrix = (platforms: string) =>
      repositoryFrom({
        ".github/workflows/release.yml": `on: push\njobs:\n  image:\n    runs-on: ubuntu-latest\n    strategy:\n      matrix:\n        platform: [${platforms}]\n    steps:\n      - uses: docker/build-push-action@v6\n        with:\n          platforms: \${{ matrix.platform }}\n          push: true\n          tags: ghcr.io/acme/api:1\n`,
      });
    const both = matrix("linux/amd64, linux/arm64");
    expect(deliveryIntent(both, matrix("linux/arm64, linux/amd64"))).toEqual([]);
    expect(deliveryIntent(both, matrix("linux/amd64")).join("\n")).toContain("no longer builds for linux/arm64");
  });
});

describe("deliveryIntent on what the run built", () => {
  const ci = (platform: string) =>
    repositoryFrom({
      ".github/workflows/ci.yml": `on: push\njobs:\n  publish:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/setup-buildx-action@v3\n      - run: docker buildx build ${platform}--tag acme/relay:main .\n`,
      Dockerfile: "FROM alpine:3.20\n",
    });
  const judge = (after: string) => {
    const base = stateOf(ci("--platform linux/amd64,linux/arm64 "));
    return check.check({ initial: base, base, current: stateOf(ci(after)) }).map((v) => v.message);
  };

  it("flags a platform dropped from docker buildx build --platform, however it is dropped", () => {
    expect(judge("")).toContain(".github/workflows/ci.yml: acme/relay is no longer built for linux/arm64");
    expect(judge("--platform linux/amd64 ")).toContain(".github/workflows/ci.yml: acme/relay is no longer built for linux/arm64");
    expect(judge("--platform=linux/arm64,linux/amd64 ")).toEqual([]);
  });
});
