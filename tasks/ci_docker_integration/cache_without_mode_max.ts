import { addBlock, edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";
const BUILDX = "      - uses: docker/setup-buildx-action@v3\n\n";

export const cacheWithoutModeMax: ScenarioSource = {
  id: "cache_without_mode_max",
  task_id: "ci_docker_integration",
  title: "Parcel tracker: the image build fails exporting its layer cache",
  difficulty: "medium-hard",
  description:
    "A missing builder, whatever the id says: the workflow exports the gha cache with no docker/setup-buildx-action, and the " +
    "runner's default docker driver refuses: 'Cache export is not supported for the docker driver.' The id is the seed's, whose " +
    "fault (cache-to: type=gha without mode=max) is not one: mode=min is the default and the cache is exported (real-errors.md §E). " +
    "The cache-to lines also lost mode=max, as in the seed, so adding mode=max alone, the fix the id suggests, changes nothing.",
  base: "parcel-tracker",
  faults: [
    { file: WF, replace: BUILDX, with: "" },
    { file: WF, replace: "          cache-to: type=gha,mode=max,scope=api\n", with: "          cache-to: type=gha,scope=api\n" },
    { file: WF, replace: "          cache-to: type=gha,mode=max,scope=web\n", with: "          cache-to: type=gha,scope=web\n" },
  ],
  issues: [
    {
      id: "cache-export-driver",
      description: "The gha cache backend needs a buildx builder (docker-container driver); none is set up.",
      hint: "The error names the builder's driver, not the cache mode. Which action sets up a builder that can export a cache?",
      stage: "build",
      detection: [{ code: "GHA109", file: WF }],
    },
  ],
  solution: [edit(WF, "      - uses: docker/login-action@v3\n", BUILDX + "      - uses: docker/login-action@v3\n")],
  alternatives: [
    {
      description: "buildx set up, and mode=max restored on both exports",
      actions: [
        edits(
          [WF, "      - uses: docker/login-action@v3\n", BUILDX + "      - uses: docker/login-action@v3\n"],
          [WF, "cache-to: type=gha,scope=api", "cache-to: type=gha,mode=max,scope=api"],
          [WF, "cache-to: type=gha,scope=web", "cache-to: type=gha,mode=max,scope=web"],
        ),
      ],
    },
    { description: "a named builder step right after checkout", actions: [addBlock(WF, 16, "      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@v3\n\n")] },
    { description: "docker buildx create --use in a run step", actions: [edit(".github/workflows/publish.yml", "      - uses: actions/checkout@v4\n", "      - uses: actions/checkout@v4\n      - run: docker buildx create --use\n")] },
  ],
  wrong: [
    {
      description: "mode=max on the exports, as the seed suggests: the docker driver still cannot export a cache",
      because: { fires: "GHA109" },
      actions: [edits([WF, "cache-to: type=gha,scope=api", "cache-to: type=gha,mode=max,scope=api"], [WF, "cache-to: type=gha,scope=web", "cache-to: type=gha,mode=max,scope=web"])],
    },
    {
      description: "mode=max on cache-from, where it is ignored",
      because: { fires: "GHA109" },
      actions: [edits([WF, "cache-from: type=gha,scope=api", "cache-from: type=gha,mode=max,scope=api"], [WF, "cache-from: type=gha,scope=web", "cache-from: type=gha,mode=max,scope=web"])],
    },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
