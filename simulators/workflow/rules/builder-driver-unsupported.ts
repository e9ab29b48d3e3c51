/**
 * GHA109: a build asks the default `docker` builder driver for what only a docker-container builder can
 * do (several platforms, cache export to gha/registry); `docker/setup-buildx-action` is missing.
 */
import { workflowRule } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

const build = (extra: string): string => `      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          tags: app:latest\n${extra}`;

const LIMITS = {
  platforms: ["ERROR: Multi-platform build is not supported for the docker driver.", "https://docs.docker.com/go/build-multi-platform/"],
  cache: ["ERROR: Cache export is not supported for the docker driver.", "https://docs.docker.com/go/build-cache-backends/"],
} as const;

export const builderDriverUnsupported = workflowRule({
  code: "GHA109",
  name: "builder-driver-unsupported",
  stage: "build",
  summary: "A multi-platform build or a cache export runs on the default docker driver (no setup-buildx-action)",
  severity: "error",
  phase: "run",
  on: {
    "image-build"(e, ctx) {
      if (e.driver !== "docker") return;
      const limit = e.platforms.length > 1 ? LIMITS.platforms : e.cacheTo.some((c) => c.trim() !== "" && !/type=inline/.test(c)) ? LIMITS.cache : null;
      if (!limit) return;
      const [first, link] = limit;
      ctx.report(e.at, first, { output: [first, "Switch to a different driver, or turn on the containerd image store, and try again.", `Learn more at ${link}`] });
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith(`${CHECKOUT}      - uses: docker/setup-qemu-action@v3\n      - uses: docker/setup-buildx-action@v3\n${build("          platforms: linux/amd64,linux/arm64\n          cache-to: type=gha,mode=max\n")}`), {
        files: APP_FILES,
      }),
      workflowCase(jobWith(`${CHECKOUT}      - run: docker buildx create --use --name ci\n${build("          cache-to: type=gha,mode=max\n")}`), {
        files: APP_FILES,
        name: "a docker-container builder made current with docker buildx create --use",
      }),
      // grafana/k6 .github/workflows/build.yml: --bootstrap is a flag, so --use after it still switches builders.
      workflowCase(jobWith(`${CHECKOUT}      - run: |\n          docker buildx create --name multibuilder --platform linux/amd64,linux/arm64 --bootstrap --use\n          docker buildx build --target release --platform linux/amd64,linux/arm64 -t app .\n`), {
        files: APP_FILES,
        name: "a builder made current by docker buildx create --bootstrap --use, then docker buildx build for two platforms",
      }),
    ],
    invalid: [
      workflowCase(jobWith(`${CHECKOUT}${build("          platforms: linux/amd64,linux/arm64\n")}`), {
        files: APP_FILES,
        file: CI,
        message: "Multi-platform build is not supported for the docker driver.",
      }),
      workflowCase(jobWith(`${CHECKOUT}${build("          cache-to: type=gha\n")}`), {
        files: APP_FILES,
        file: CI,
        message: "Cache export is not supported for the docker driver.",
      }),
      workflowCase(jobWith(`${CHECKOUT}      - run: docker buildx create --name ci\n${build("          cache-to: type=gha\n")}`), {
        files: APP_FILES,
        file: CI,
        message: "Cache export is not supported for the docker driver.",
        name: "a builder created but not made current (no --use)",
      }),
      workflowCase(jobWith(`${CHECKOUT}      - run: |\n          docker buildx create --name multibuilder --bootstrap\n          docker buildx build --platform linux/amd64,linux/arm64 -t app .\n`), {
        files: APP_FILES,
        file: CI,
        message: "Multi-platform build is not supported for the docker driver.",
        name: "a builder bootstrapped but not made current (no --use)",
      }),
    ],
  },
});
