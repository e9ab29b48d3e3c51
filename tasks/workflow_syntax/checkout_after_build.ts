import { edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const CI = ".github/workflows/ci.yml";
const CHECKOUT = "      - name: Check out\n        uses: actions/checkout@v4\n";
const BUILD = '      - name: Build image\n        run: docker build -t "$IMAGE:${{ github.sha }}" -t "$IMAGE:latest" .\n';

export const checkoutAfterBuild: ScenarioSource = {
  id: "checkout_after_build",
  task_id: "workflow_syntax",
  title: "Catalog API: the image job cannot find the Dockerfile",
  difficulty: "easy",
  description:
    "In the image job, `docker build` runs before `actions/checkout`. The workflow is valid (GitHub and actionlint accept it); the job " +
    "fails at run time because a fresh runner's workspace is empty until checkout: BuildKit's 'failed to read dockerfile: open " +
    "Dockerfile: no such file or directory'. Not a parse error, so the seed's task placement is kept but the failure is a run failure.",
  base: "catalog-api",
  faults: [{ file: CI, replace: CHECKOUT + BUILD, with: BUILD + CHECKOUT }],
  issues: [
    {
      id: "build-before-checkout",
      description: "The build step runs on an empty workspace: the repository is checked out only after it.",
      hint: "Each job starts on a fresh runner with an empty workspace; the repository's files appear only once actions/checkout has run.",
      stage: "build",
      detection: [{ code: "GHA101", file: CI }],
    },
  ],
  solution: [edit(CI, BUILD + CHECKOUT, CHECKOUT + BUILD)],
  alternatives: [
    {
      description: "move the checkout up, as a patch",
      actions: [
        patch(`--- a/${CI}
+++ b/${CI}
@@ -28,6 +28,6 @@
     steps:
+      - name: Check out
+        uses: actions/checkout@v4
       - name: Build image
         run: docker build -t "$IMAGE:\${{ github.sha }}" -t "$IMAGE:latest" .
-      - name: Check out
-        uses: actions/checkout@v4
       - name: Log in to Docker Hub
`),
      ],
    },
    {
      description: "two edits in one action: drop the late checkout, add an unnamed one first",
      actions: [edits([CI, CHECKOUT, ""], [CI, "    steps:\n      - name: Build image\n", "    steps:\n      - uses: actions/checkout@v4\n      - name: Build image\n"])],
    },
    {
      description: "build from the Git context with build-push-action, which needs no checkout",
      actions: [
        edit(
          CI,
          BUILD,
          "      - name: Build image\n        uses: docker/build-push-action@v6\n        with:\n          load: true\n          tags: |\n" +
            "            ${{ env.IMAGE }}:${{ github.sha }}\n            ${{ env.IMAGE }}:latest\n",
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "check out into a subdirectory while the build still runs at the root",
      because: { fires: "GHA101" },
      actions: [edit(CI, BUILD + CHECKOUT, CHECKOUT + "        with:\n          path: src\n" + BUILD)],
    },
    {
      description: "let the build step fail (continue-on-error): the push then has no image",
      because: { fires: "GHA101" },
      actions: [edit(CI, "      - name: Build image\n", "      - name: Build image\n        continue-on-error: true\n")],
    },
    {
      description: "delete the failing build step",
      because: { violation: "workflow-steps" },
      actions: [edit(CI, BUILD, "")],
    },
    {
      description: "point the build at the workspace path before anything is there",
      because: { fires: "GHA101" },
      actions: [edit(CI, '-t "$IMAGE:latest" .\n', '-t "$IMAGE:latest" -f "$GITHUB_WORKSPACE/Dockerfile" "$GITHUB_WORKSPACE"\n')],
    },
    { description: "checkout first, but the image pushed to another repository than the README's", because: { violation: "delivery" }, actions: [edit(".github/workflows/ci.yml", "      IMAGE: acme/catalog-api\n", "      IMAGE: acme/catalog-api-ci\n"), edit(".github/workflows/ci.yml", "      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n      - name: Check out\n        uses: actions/checkout@v4\n", "      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n")] },
    { description: "checkout first, and the tests run on Python 3.7, which cannot install the pins", because: { violation: "workflow-jobs" }, actions: [edit(".github/workflows/ci.yml", "python-version: \"3.12\"", "python-version: \"3.7\""), edit(".github/workflows/ci.yml", "      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n      - name: Check out\n        uses: actions/checkout@v4\n", "      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n")] },
    { description: "checkout first, and the registry password read from a file on the runner", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ci.yml", "run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin", "run: echo \"$(cat ~/.token)\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin"), edit(".github/workflows/ci.yml", "      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n      - name: Check out\n        uses: actions/checkout@v4\n", "      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n")] },
    { description: "checkout first, and pull requests no longer tested", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/ci.yml", "  pull_request:\n    branches: [main]\n", ""), edit(".github/workflows/ci.yml", "      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n      - name: Check out\n        uses: actions/checkout@v4\n", "      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t \"$IMAGE:${{ github.sha }}\" -t \"$IMAGE:latest\" .\n")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
