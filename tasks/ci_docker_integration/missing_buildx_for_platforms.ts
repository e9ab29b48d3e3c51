import { addBlock, edit } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/ci.yml";
const BUILDX = "      - uses: docker/setup-buildx-action@v3\n\n";

export const missingBuildxForPlatforms: ScenarioSource = {
  id: "missing_buildx_for_platforms",
  task_id: "ci_docker_integration",
  title: "Orders web: the multi-arch image build fails on the runner",
  difficulty: "medium-hard",
  description:
    "The image job builds for linux/amd64 and linux/arm64 without docker/setup-buildx-action. GitHub's Ubuntu runners use the default " +
    "docker driver (Docker 28, classic image store), which cannot build for several platforms: 'Multi-platform build is not supported " +
    "for the docker driver.'",
  base: "orders-web",
  faults: [{ file: WF, replace: BUILDX, with: "" }],
  issues: [
    {
      id: "no-buildx",
      description: "No buildx builder is set up; the default docker driver cannot build multi-platform images.",
      hint: "The error names the builder's driver. Which action sets up a builder that can build several platforms?",
      stage: "build",
      detection: [{ code: "GHA109", file: WF }],
    },
  ],
  solution: [edit(WF, "      - uses: docker/login-action@v3\n", BUILDX + "      - uses: docker/login-action@v3\n")],
  alternatives: [
    {
      description: "setup-buildx with the docker-container driver named, right after QEMU",
      actions: [edit(WF, "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n      - uses: docker/setup-buildx-action@v3\n        with:\n          driver: docker-container\n")],
    },
    { description: "a block inserted before QEMU", actions: [addBlock(WF, 46, "      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@v3\n")] },
    { description: "docker buildx create --use after QEMU", actions: [edit(".github/workflows/ci.yml", "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n      - run: docker buildx create --use\n")] },
  ],
  wrong: [
    {
      description: "drop the platforms: a single-platform image is not what the release ships",
      because: { violation: "delivery" },
      actions: [edit(WF, "          platforms: linux/amd64,linux/arm64\n", "")],
    },
    {
      description: "DOCKER_BUILDKIT=1: the docker driver already uses BuildKit; the limit is the driver",
      because: { fires: "GHA109" },
      actions: [edit(WF, "  image:\n    needs: test\n    runs-on: ubuntu-latest\n", "  image:\n    needs: test\n    runs-on: ubuntu-latest\n    env:\n      DOCKER_BUILDKIT: 1\n")],
    },
    {
      description: "setup-buildx asked for the docker driver",
      because: { fires: "GHA109" },
      actions: [edit(WF, "      - uses: docker/login-action@v3\n", "      - uses: docker/setup-buildx-action@v3\n        with:\n          driver: docker\n\n      - uses: docker/login-action@v3\n")],
    },
    { description: "buildx set up, and the image tagged :latest instead of :main", because: { violation: "delivery" }, actions: [edit(".github/workflows/ci.yml", "          tags: ghcr.io/acme/orders-web:${{ github.ref_name }}", "          tags: ghcr.io/acme/orders-web:latest"), edit(".github/workflows/ci.yml", "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n\n      - uses: docker/setup-buildx-action@v3\n")] },
    { description: "buildx set up, and the coverage upload's leg condition never true", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "      - if: matrix.node == 20\n", "      - if: matrix.node == 16\n"), edit(".github/workflows/ci.yml", "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n\n      - uses: docker/setup-buildx-action@v3\n")] },
    { description: "buildx set up, and the Node 22 leg dropped", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "        node: [18, 20, 22]", "        node: [20, 22]"), edit(".github/workflows/ci.yml", "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n\n      - uses: docker/setup-buildx-action@v3\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
