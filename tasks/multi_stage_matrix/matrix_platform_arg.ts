import { addLine, edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const FINAL = "FROM gcr.io/distroless/static-debian12:nonroot\n";

export const matrixPlatformArg: ScenarioSource = {
  id: "matrix_platform_arg",
  task_id: "multi_stage_matrix",
  title: "Edge agent: every leg of the platform matrix fails copying the binary",
  difficulty: "hard",
  description:
    "Adapted from the seed, where $BUILDPLATFORM without ARG BUILDPLATFORM is said to fail: in FROM it works, since BuildKit predefines " +
    "the platform ARGs in the global scope. What is real (real-errors.md §F): inside a stage they are empty unless re-declared. The " +
    "final stage lost its ARG TARGETARCH, so COPY --from=build /out/edge-agent-${TARGETARCH} looks for /out/edge-agent- and fails on " +
    "every platform of the matrix.",
  base: "edge-agent",
  faults: [{ file: "Dockerfile", replace: FINAL + "ARG TARGETARCH\n", with: FINAL }],
  issues: [
    {
      id: "targetarch-not-declared",
      description: "TARGETARCH is used in the final stage without ARG TARGETARCH there, so it expands to nothing.",
      hint: "The build stage declares the platform ARGs it uses. Does the stage with the failing COPY?",
      stage: "build",
      detection: [{ code: "DF011", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", FINAL, FINAL + "ARG TARGETARCH\n")],
  alternatives: [
    { description: "both platform ARGs declared in the final stage", actions: [addLine("Dockerfile", 11, "ARG TARGETOS TARGETARCH")] },
    {
      description: "one binary name for every platform: each leg builds its own",
      actions: [
        edits(
          ["Dockerfile", "go build -o /out/edge-agent-$TARGETARCH .", "go build -o /out/edge-agent ."],
          ["Dockerfile", "COPY --from=build /out/edge-agent-${TARGETARCH} /edge-agent", "COPY --from=build /out/edge-agent /edge-agent"],
        ),
      ],
    },
  ],
  wrong: [
    { description: "a global ARG TARGETARCH before the first FROM: still not visible inside the stage", because: { fires: "DF011" }, actions: [addLine("Dockerfile", 1, "ARG TARGETARCH")] },
    { description: "TARGETARCH hard-coded to amd64: the arm64 leg looks for the amd64 binary", because: { fires: "DF011" }, actions: [edit("Dockerfile", FINAL, FINAL + "ENV TARGETARCH=amd64\n")] },
    { description: "the arm64 leg deleted: the build step reads the same, one platform fewer", because: { violation: "delivery" }, actions: [edit(".github/workflows/image.yml", "          - platform: linux/arm64\n            arch: arm64\n", "")] },
    { description: "the ARG fixed, both legs pushing one tag that overwrites the other", because: { violation: "delivery" }, actions: [edit(".github/workflows/image.yml", "${{ github.ref_name }}-${{ matrix.arch }}", "${{ github.ref_name }}"), edit("Dockerfile", "FROM gcr.io/distroless/static-debian12:nonroot\n", "FROM gcr.io/distroless/static-debian12:nonroot\nARG TARGETARCH\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
