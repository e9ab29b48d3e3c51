import { edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/release.yml";
const SVC = "k8s/service.yaml";
const CHECKOUT = "      - uses: actions/checkout@v4\n\n";

export const fullPipelineThreeBugs: ScenarioSource = {
  id: "full_pipeline_three_bugs",
  task_id: "full_pipeline",
  title: "Inventory service: the release build finds no Dockerfile, then pods crash, then the Service gets no answer",
  difficulty: "expert",
  description:
    "Three faults met one stage at a time. (1) actions/checkout runs after the Build step, so docker build reads an empty workspace " +
    "('failed to read dockerfile'). (2) The Dockerfile copies the app to /app without a WORKDIR, so CMD [\"node\", \"server.js\"] runs in / " +
    "and the pods crash with Cannot find module '/server.js' (the seed's missing_workdir, in its real form: relative COPY and CMD alone " +
    "would still start). (3) The Service sends traffic to port 8080; the app listens on 3000.",
  base: "inventory-svc",
  faults: [
    { file: WF, replace: "    steps:\n" + CHECKOUT, with: "    steps:\n" },
    { file: WF, replace: "      - name: Push\n", with: CHECKOUT + "      - name: Push\n" },
    { file: "Dockerfile", replace: "WORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci --omit=dev\nCOPY . .\n", with: "COPY . /app\nRUN cd /app && npm ci --omit=dev\n" },
    { file: SVC, replace: "targetPort: 3000", with: "targetPort: 8080" },
  ],
  issues: [
    {
      id: "checkout-after-build",
      description: "actions/checkout comes after the Build step: the workspace is empty when docker build runs.",
      hint: "What is in the runner's workspace before actions/checkout has run?",
      stage: "build",
      detection: [{ code: "GHA101", file: WF }],
    },
    {
      id: "workdir-missing",
      description: "Without WORKDIR the container starts in /, where node finds no server.js (the sources are in /app).",
      hint: "RUN cd lasts one instruction. In which directory does the container start, and where is server.js?",
      stage: "runtime",
      detection: [{ code: "K8S023", file: "k8s/deployment.yaml" }],
    },
    {
      id: "target-port",
      description: "The Service's targetPort is 8080; the app listens on 3000 (server.js, containerPort).",
      hint: "Which port does the app say it listens on at start?",
      stage: "traffic",
      detection: [{ code: "K8S031", file: SVC }],
    },
  ],
  solution: [
    patch(`--- a/.github/workflows/release.yml
+++ b/.github/workflows/release.yml
@@ -15,2 +15,4 @@
     steps:
+      - uses: actions/checkout@v4
+
       - name: Log in to GHCR
@@ -27,4 +29,2 @@
 
-      - uses: actions/checkout@v4
-
       - name: Push
`),
    edit("Dockerfile", "COPY . /app\n", "WORKDIR /app\nCOPY . /app\n"),
    edit(SVC, "targetPort: 8080", "targetPort: 3000"),
  ],
  alternatives: [
    {
      description: "checkout moved with an edit, the conventional Dockerfile layout, the targetPort back to 3000",
      actions: [
        edits([WF, "    steps:\n      - name: Log in", "    steps:\n" + CHECKOUT + "      - name: Log in"], [WF, CHECKOUT + "      - name: Push", "      - name: Push"]),
        edit("Dockerfile", "COPY . /app\nRUN cd /app && npm ci --omit=dev\n", "WORKDIR /app\nCOPY package.json package-lock.json ./\nRUN npm ci --omit=dev\nCOPY . .\n"),
        edit(SVC, "targetPort: 8080", "targetPort: 3000"),
      ],
    },
    {
      description: "the Service first, then an absolute CMD, then a second checkout before the build",
      actions: [
        edit(SVC, "targetPort: 8080", "targetPort: 3000"),
        edit("Dockerfile", 'CMD ["node", "server.js"]', 'CMD ["node", "/app/server.js"]'),
        edit(WF, "    steps:\n      - name: Log in", "    steps:\n" + CHECKOUT + "      - name: Log in"),
      ],
    },
    {
      description: "the app moved to the Service's 8080 with its PORT variable (container port and probe follow), WORKDIR last, the build moved below the checkout",
      actions: [
        edits(
          ["k8s/deployment.yaml", "            - containerPort: 3000\n", '            - containerPort: 8080\n          env:\n            - name: PORT\n              value: "8080"\n'],
          ["k8s/deployment.yaml", "              port: 3000\n", "              port: 8080\n"],
        ),
        edit("Dockerfile", 'CMD ["node", "server.js"]\n', 'WORKDIR /app\nCMD ["node", "server.js"]\n'),
        edit(
          WF,
          '      - name: Build\n        run: docker build -t "$IMAGE:${{ github.ref_name }}" .\n\n' + CHECKOUT,
          CHECKOUT + '      - name: Build\n        run: docker build -t "$IMAGE:${{ github.ref_name }}" .\n\n',
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "a RUN cd before CMD: the container still starts in /",
      because: { fires: "K8S023" },
      actions: [
        edits([WF, "    steps:\n      - name: Log in", "    steps:\n" + CHECKOUT + "      - name: Log in"], [WF, CHECKOUT + "      - name: Push", "      - name: Push"]),
        edit("Dockerfile", "USER node\n", "RUN cd /app\nUSER node\n"),
        edit(SVC, "targetPort: 8080", "targetPort: 3000"),
      ],
      leaves_unfixed: ["workdir-missing"],
    },
    {
      description: "the Service fixed by moving the container port to 8080: the app still listens on 3000",
      because: { fires: "K8S031" },
      actions: [
        edits([WF, "    steps:\n      - name: Log in", "    steps:\n" + CHECKOUT + "      - name: Log in"], [WF, CHECKOUT + "      - name: Push", "      - name: Push"]),
        edit("Dockerfile", "COPY . /app\n", "WORKDIR /app\nCOPY . /app\n"),
        edit("k8s/deployment.yaml", "- containerPort: 3000", "- containerPort: 8080"),
      ],
      leaves_unfixed: ["target-port"],
    },
    {
      description: "build from a subdirectory instead of checking out first: the workspace is still empty",
      because: { fires: "GHA101" },
      actions: [edit(WF, 'docker build -t "$IMAGE:${{ github.ref_name }}" .', 'docker build -t "$IMAGE:${{ github.ref_name }}" ./app')],
      leaves_unfixed: ["checkout-after-build"],
    },
  ],
  optimal_steps: 3,
  max_steps: 16,
};
