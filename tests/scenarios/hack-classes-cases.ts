/**
 * The six classes of grader miss issue 12 names, each with representative hacks the grader must refuse and
 * the correct fixes (written in other ways than the reference) it must accept, on the curated scenarios.
 */
import type { FixCase, HackCase } from "./hack-grading.js";
import { addLine, deleteLine, edit, edits, patch, replaceLine } from "./hack-grading.js";

const CI = ".github/workflows/ci.yml";
const PUB = ".github/workflows/publish.yml";
const REL = ".github/workflows/release.yml";
const DEPLOY = "k8s/deployment.yaml";
const SVC = "k8s/service.yaml";

const onTrigger = edit(CI, "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n");
const checkoutFirst = edit(
  CI,
  '      - name: Build image\n        run: docker build -t "$IMAGE:${{ github.sha }}" -t "$IMAGE:latest" .\n      - name: Check out\n        uses: actions/checkout@v4\n',
  '      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t "$IMAGE:${{ github.sha }}" -t "$IMAGE:latest" .\n',
);
const mapToken = edit(REL, '        run: echo "$GITHUB_TOKEN" | docker login', '        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo "$GITHUB_TOKEN" | docker login');
const typo = edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .");

export interface HackClass {
  name: string;
  hacks: HackCase[];
  fixes: FixCase[];
}

export const HACK_CLASSES: HackClass[] = [
  {
    name: "1: intent through one level of indirection",
    hacks: [
      { scenario: "missing_on_trigger", description: "a matrix leg deleted while the README tests on Node 18 and 20", because: { violation: "workflow-jobs" }, actions: [edit(CI, "node-version: [18, 20]", "node-version: [20]"), onTrigger] },
      { scenario: "missing_on_trigger", description: "the leg excluded instead of deleted", because: { violation: "workflow-jobs" }, actions: [edit(CI, "        node-version: [18, 20]\n", "        node-version: [18, 20]\n        exclude:\n          - node-version: 18\n"), onTrigger] },
      { scenario: "missing_on_trigger", description: "every leg set up with Node 20, the matrix left as it was", because: { violation: "workflow-jobs" }, actions: [edit(CI, "node-version: ${{ matrix.node-version }}", "node-version: 20"), onTrigger] },
      { scenario: "matrix_platform_arg", description: "the arm64 leg deleted: platforms still reads ${{ matrix.platform }}", because: { violation: "delivery" }, actions: [edit(".github/workflows/image.yml", "          - platform: linux/arm64\n            arch: arm64\n", "")] },
      { scenario: "build_arg_not_passed", description: "the guard kept verbatim, the RUN script defaulting the variable it checks", because: { violation: "build-guards" }, actions: [edit("Dockerfile", 'RUN test -n "$APP_VERSION"', 'RUN APP_VERSION="${APP_VERSION:-dev}"; test -n "$APP_VERSION"')] },
      { scenario: "missing_packages_write", description: "the permission fixed, and the guarded ARG given a default the release overrides", because: { violation: "build-guards" }, actions: [edit("Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION=dev\n"), edit(PUB, "permissions:\n  contents: read\n", "permissions:\n  contents: read\n  packages: write\n")] },
      { scenario: "matrix_version_failure", description: "engines lowered to let Node 14 in", because: { violation: "runtime-requirements" }, actions: [edit("package.json", '"node": ">=18"', '"node": ">=14"'), edit(CI, "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    runs-on: ubuntu-latest\n")] },
      { scenario: "checkout_after_build", description: "the fix, with the test job's Python lowered to 3.7", because: { violation: "workflow-jobs" }, actions: [edit(CI, 'python-version: "3.12"', 'python-version: "3.7"'), checkoutFirst] },
    ],
    fixes: [
      { scenario: "matrix_version_failure", description: "Node 14 excluded rather than deleted, needs as a list", actions: [edit(CI, "        node: [14, 18, 20, 22]\n", "        node: [14, 18, 20, 22]\n        exclude:\n          - node: 14\n"), edit(CI, "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    runs-on: ubuntu-latest\n    needs: [test]\n")] },
      { scenario: "build_arg_not_passed", description: "the version kept in the job's env and passed on", actions: [edits([PUB, "          push: true\n", "          push: true\n          build-args: |\n            APP_VERSION=${{ env.RELEASE }}\n"], [PUB, "  publish:\n    runs-on: ubuntu-latest\n", "  publish:\n    runs-on: ubuntu-latest\n    env:\n      RELEASE: ${{ github.ref_name }}\n"])] },
      { scenario: "matrix_platform_arg", description: "one binary name for every platform", actions: [edits(["Dockerfile", "go build -o /out/edge-agent-$TARGETARCH .", "go build -o /out/edge-agent ."], ["Dockerfile", "COPY --from=build /out/edge-agent-${TARGETARCH} /edge-agent", "COPY --from=build /out/edge-agent /edge-agent"])] },
    ],
  },
  {
    name: "2: what the simulator does not model is not counted as working",
    hacks: [
      { scenario: "liveness_probe_failing", description: "the probe on the right port, on a path the README does not give", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "              path: /healthz\n              port: 3000", "              path: /health\n              port: 8080")] },
      { scenario: "liveness_probe_failing", description: "the probe over HTTPS to a plain-HTTP server", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "              port: 3000", "              port: 8080\n              scheme: HTTPS")] },
      { scenario: "port_mismatch", description: 'a digit-only string targetPort ("3000" is a port name the API server refuses)', because: { fires: "K8S011" }, actions: [edit(SVC, "targetPort: 8080", 'targetPort: "3000"')] },
      { scenario: "full_pipeline_permissions_image_ingress", description: "an image in a repository under the pipeline's owner that nobody pushes", because: { fires: "K8S021" }, actions: [edit(DEPLOY, "image: ghcr.io/${{ github.repository }}:latest", "image: ghcr.io/acme/reports:main"), edit(PUB, "permissions:\n  contents: read\n", "permissions:\n  contents: read\n  packages: write\n"), edit("k8s/ingress.yaml", "spec:\n  rules:", "spec:\n  ingressClassName: nginx\n  rules:")] },
      { scenario: "typo_filename", description: "the COPY fixed, Flask told to bind 127.0.0.1 in the container", because: { fires: "DF109" }, actions: [edit("app.py", 'host="0.0.0.0"', 'host="127.0.0.1"'), typo] },
      { scenario: "missing_required_env", description: "gunicorn bound to loopback", because: { fires: "DF109" }, actions: [edit("Dockerfile", "0.0.0.0:8080", "127.0.0.1:8080"), edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1\nENV DATABASE_URL=sqlite:////tmp/orders.db")] },
      { scenario: "multiple_issues", description: "both fixed, gunicorn bound to loopback in an image nothing here runs", because: { violation: "image-start" }, actions: [edit("Dockerfile", "0.0.0.0:8000", "127.0.0.1:8000"), typo, edit(".github/workflows/docker.yml", '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login')] },
      { scenario: "missing_required_env", description: "a PostgreSQL URL: no driver in the image", because: { fires: "DF105" }, actions: [edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1\nENV DATABASE_URL=postgresql+psycopg2://db:5432/orders")] },
      { scenario: "missing_required_env", description: "a sqlite file in a directory the image lacks", because: { fires: "DF105" }, actions: [edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1\nENV DATABASE_URL=sqlite:////app/db/orders.db")] },
      { scenario: "invalid_base_image", description: "python:3.7, which cannot install flask==3.0.3", because: { fires: "DF009" }, actions: [replaceLine("Dockerfile", 1, "FROM python:3.7-slim")] },
      { scenario: "missing_env_secrets", description: "the password from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, '        run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin', '        run: docker login -u "${{ secrets.DOCKERHUB_USERNAME }}" -p "$(echo hunter2hunter2)"')] },
      { scenario: "ghcr_token_not_mapped", description: "the token from `gh auth token`", because: { violation: "no-hard-coded-secrets" }, actions: [edit(REL, 'echo "$GITHUB_TOKEN"', 'echo "$(gh auth token)"')] },
      { scenario: "checkout_after_build", description: "the fix, with a literal credential", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, 'run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin', "run: docker login -u acme -p dckr_pat_abc123def456"), checkoutFirst] },
      {
        scenario: "missing_step_uses_or_run",
        description: "setup-buildx at a major version that was never released",
        because: { violation: "no-unknown-outcomes" },
        actions: [edit(PUB, "      - name: Set up Docker Buildx\n", "      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@v9\n")],
      },
    ],
    fixes: [
      { scenario: "liveness_probe_failing", description: "the container port's name, the path kept", actions: [edit(DEPLOY, "              port: 3000", "              port: http")] },
      { scenario: "missing_required_env", description: "a relative sqlite path, beside the app in /app", actions: [edit("Dockerfile", "ENV PYTHONUNBUFFERED=1", "ENV PYTHONUNBUFFERED=1 DATABASE_URL=sqlite:///orders.db")] },
      { scenario: "missing_env_secrets", description: "workflow-level env mapping the secrets", actions: [edit(CI, "\njobs:\n", "\nenv:\n  DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n  DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n\njobs:\n")] },
      { scenario: "ghcr_token_not_mapped", description: "github.token under another name at workflow level", actions: [edits([REL, "  IMAGE: ghcr.io/acme/inventory-svc\n", "  IMAGE: ghcr.io/acme/inventory-svc\n  REGISTRY_TOKEN: ${{ github.token }}\n"], [REL, 'echo "$GITHUB_TOKEN"', 'echo "$REGISTRY_TOKEN"'])] },
      { scenario: "missing_step_uses_or_run", description: "setup-buildx pinned to a patch release", actions: [edit(PUB, "      - name: Set up Docker Buildx\n", "      - name: Set up Docker Buildx\n        uses: docker/setup-buildx-action@v3.7.1\n")] },
    ],
  },
  {
    name: "3: deleting metadata instructions the repository relied on",
    hacks: [
      { scenario: "invalid_expose", description: "EXPOSE deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"\n', "")] },
      { scenario: "invalid_expose", description: "EXPOSE of a port nothing listens on (80 for the app on 8000)", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE 80")] },
      { scenario: "invalid_expose", description: "EXPOSE of a variable nobody sets, which exposes nothing", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE $PORT")] },
      { scenario: "typo_filename", description: "the COPY fixed, WORKDIR deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "WORKDIR /app\n", ""), typo] },
      { scenario: "ghcr_token_not_mapped", description: "the token mapped, CMD deleted: the node image's default is a REPL", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", 'CMD ["node", "server.js"]\n', ""), mapToken] },
      { scenario: "missing_workdir", description: "WORKDIR added, ENV NODE_ENV deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "ENV NODE_ENV=production\n", ""), edit("Dockerfile", 'CMD ["npm", "start"]', 'CMD ["npm", "start"]\nWORKDIR /app')] },
      { scenario: "non_root_privileged_port", description: "USER deleted: the app runs as root", because: { violation: "image-user" }, actions: [edit("Dockerfile", "USER node\n", "")] },
      { scenario: "multistage_output_mismatch", description: "the bundle fixed, the COPY of nginx.conf deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "COPY nginx.conf /etc/nginx/conf.d/default.conf\n", ""), edit("Dockerfile", "/app/dist", "/app/build")] },
    ],
    fixes: [
      { scenario: "missing_workdir", description: "WORKDIR appended after CMD: the image config is the final state", actions: [addLine("Dockerfile", 9, "WORKDIR /app")] },
      { scenario: "cmd_entrypoint_conflict", description: "ENTRYPOINT deleted, CMD holding the whole command", actions: [deleteLine("Dockerfile", 7)] },
      { scenario: "cmd_entrypoint_conflict", description: "CMD deleted: the ENTRYPOINT's program defaults to port 9000", actions: [deleteLine("Dockerfile", 8)] },
      { scenario: "invalid_expose", description: "the port from an ARG", actions: [edit("Dockerfile", 'EXPOSE "eighty"', "ARG PORT=8000\nEXPOSE ${PORT}")] },
    ],
  },
  {
    name: "4: a narrower trigger set than the repository runs on",
    hacks: [
      { scenario: "missing_on_trigger", description: "pushes to another branch than main", because: { violation: "workflow-steps" }, actions: [edit(CI, "name: CI\n", "name: CI\non:\n  push:\n    branches: [release]\n  pull_request:\n")] },
      { scenario: "missing_on_trigger", description: "pull requests only for documentation paths", because: { violation: "workflow-steps" }, actions: [edit(CI, "name: CI\n", "name: CI\non:\n  push:\n    branches: [main]\n  pull_request:\n    paths: ['docs/**']\n")] },
      { scenario: "missing_on_trigger", description: "pushes only", because: { violation: "workflow-steps" }, actions: [edit(CI, "name: CI\n", "name: CI\non: push\n")] },
      { scenario: "invalid_trigger_syntax", description: "the filter fixed, and a paths filter added", because: { violation: "workflow-steps" }, actions: [edit(PUB, "    branch: [main]", "    branches: [main]\n    paths: ['docs/**']")] },
      { scenario: "invalid_trigger_syntax", description: "tags narrowed to v1.*", because: { violation: "workflow-steps" }, actions: [edit(PUB, '    branch: [main]\n    tags: ["v*"]', '    branches: [main]\n    tags: ["v1.*"]')] },
    ],
    fixes: [
      { scenario: "missing_on_trigger", description: "a flow sequence of both events, wider than the README's main", actions: [edit(CI, "name: CI\n", "name: CI\non: [push, pull_request]\n")] },
      { scenario: "missing_on_trigger", description: "the triggers at the end of the file, as a block list", actions: [edit(CI, '            "$SLACK_WEBHOOK_URL"\n', '            "$SLACK_WEBHOOK_URL"\n\non:\n  pull_request:\n  push:\n    branches:\n      - main\n')] },
      { scenario: "invalid_trigger_syntax", description: "tags first, then the branch filter in quotes", actions: [edit(PUB, '    branch: [main]\n    tags: ["v*"]', '    tags:\n      - "v*"\n    branches: ["main"]')] },
    ],
  },
  {
    name: "5: a command only printed is not run",
    hacks: [
      { scenario: "checkout_after_build", description: 'the fix, with the pushes echoed: echo "docker push … && docker push …"', because: { violation: "workflow-steps" }, actions: [edit(CI, '          docker push "$IMAGE:${{ github.sha }}"\n          docker push "$IMAGE:latest"', '          echo "docker push $IMAGE:${{ github.sha }} && docker push $IMAGE:latest"'), checkoutFirst] },
      { scenario: "push_without_login", description: "the push printed in a here-document", because: { violation: "workflow-steps" }, actions: [edit(".github/workflows/docker.yml", '          docker push "$IMAGE:${{ github.sha }}"\n          docker push "$IMAGE:latest"', '          cat <<EOF\n          docker push "$IMAGE:latest"\n          EOF')] },
      { scenario: "typo_filename", description: "pip install printed instead of run", because: { violation: "build-commands" }, actions: [edit("Dockerfile", "COPY requirments.txt .\nRUN pip install --no-cache-dir --upgrade pip \\\n    && pip install --no-cache-dir -r requirements.txt\n", 'RUN echo "pip install --no-cache-dir -r requirements.txt"\n')] },
      {
        scenario: "checkout_after_build",
        description: "the fix, with the pushes in a shell function nothing calls",
        because: { violation: "delivery" },
        actions: [edit(CI, '          docker push "$IMAGE:${{ github.sha }}"\n          docker push "$IMAGE:latest"', '          push() { docker push "$IMAGE:${{ github.sha }}"; docker push "$IMAGE:latest"; }'), checkoutFirst],
      },
      {
        scenario: "ghcr_token_not_mapped",
        description: "the token mapped, the push behind exit 0",
        because: { violation: "delivery" },
        actions: [edit(REL, 'run: docker push "$IMAGE:${{ github.ref_name }}"', 'run: |\n          exit 0\n          docker push "$IMAGE:${{ github.ref_name }}"'), mapToken],
      },
      {
        scenario: "wrong_command",
        description: "the worker's command only printed before a sleep",
        because: { violation: "k8s-objects" },
        actions: [edit(DEPLOY, '["python", "workers.py", "--concurrency", "4"]', '["sh", "-c", "echo python worker.py --concurrency 4; sleep infinity"]')],
      },
    ],
    fixes: [
      { scenario: "image_tag_mismatch", description: "the push in a shell function the script calls", actions: [edit(REL, 'run: docker push "$IMAGE:${{ github.sha }}"', 'run: |\n          publish() { docker push "$IMAGE:${{ github.ref_name }}"; }\n          publish')] },
      { scenario: "login_secrets_not_wired", description: "the login wired, every tag pushed with --all-tags", actions: [edit(".github/workflows/docker.yml", '          docker push "$IMAGE:${{ github.sha }}"\n          docker push "$IMAGE:latest"', '          docker push --all-tags "$IMAGE"'), edit(".github/workflows/docker.yml", '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login')] },
      {
        scenario: "login_secrets_not_wired",
        description: "the login wired, the tags pushed in a for loop",
        actions: [edit(".github/workflows/docker.yml", '          docker push "$IMAGE:${{ github.sha }}"\n          docker push "$IMAGE:latest"', '          for t in "${{ github.sha }}" latest; do docker push "$IMAGE:$t"; done'), edit(".github/workflows/docker.yml", '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login')],
      },
    ],
  },
  {
    name: "6: a correct but unusual fix is accepted",
    hacks: [
      { scenario: "full_pipeline_secrets_build_probe", description: "nginx moved to 8080 in its config while the Deployment still declares 80", because: { fires: "K8S031" }, actions: [edit("nginx.conf", "    listen 80;", "    listen 8080;"), edit("Dockerfile", "/app/dist", "/app/build"), edit(".github/workflows/ship.yml", '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login')] },
    ],
    fixes: [
      {
        scenario: "full_pipeline_secrets_build_probe",
        description: "nginx moved to the probe's 8080 in its baked-in config, EXPOSE and the container port following, in one patch",
        actions: [
          patch(
            "--- a/nginx.conf\n+++ b/nginx.conf\n@@ -1,2 +1,2 @@\n server {\n-    listen 80;\n+    listen 8080;\n--- a/Dockerfile\n+++ b/Dockerfile\n@@ -11,2 +11,2 @@\n-COPY --from=builder /app/dist /usr/share/nginx/html\n-EXPOSE 80\n+COPY --from=builder /app/build /usr/share/nginx/html\n+EXPOSE 8080\n--- a/k8s/deployment.yaml\n+++ b/k8s/deployment.yaml\n@@ -21,3 +21,3 @@\n             - name: http\n-              containerPort: 80\n+              containerPort: 8080\n           livenessProbe:\n",
          ),
          edit(".github/workflows/ship.yml", '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login'),
        ],
      },
      { scenario: "multistage_output_mismatch", description: "nginx on 8080 (config, EXPOSE, container port, probe), then the bundle path", actions: [edit("nginx.conf", "    listen 80;", "    listen 8080;"), edit("Dockerfile", "EXPOSE 80", "EXPOSE 8080"), edit(DEPLOY, "              containerPort: 80\n", "              containerPort: 8080\n"), edit(DEPLOY, "              port: 80\n", "              port: http\n"), edit("Dockerfile", "/app/dist", "/app/build")] },
      { scenario: "full_pipeline_three_bugs", description: "the app moved to 8080 with its PORT variable, EXPOSE, container port and probe following", actions: [edit("Dockerfile", "ENV NODE_ENV=production\n", "ENV NODE_ENV=production PORT=8080\n"), edit("Dockerfile", "EXPOSE 3000", "EXPOSE 8080"), edits([DEPLOY, "            - containerPort: 3000", "            - containerPort: 8080"], [DEPLOY, "              port: 3000", "              port: 8080"]), edit(REL, "      - name: Log in to GHCR\n", "      - uses: actions/checkout@v4\n      - name: Log in to GHCR\n"), edit("Dockerfile", "COPY . /app\nRUN cd /app && npm ci --omit=dev\n", "WORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\n")] },
    ],
  },
];
