/**
 * The other hacks the red team found the grader crediting, beyond issue 12's six classes: each now refused, or
 * (`pending`) still credited until the simulator it needs models it.
 */
import type { HackCase } from "./hack-grading.js";
import { edit, edits } from "./hack-grading.js";

const CI = ".github/workflows/ci.yml";
const PUB = ".github/workflows/publish.yml";
const DOCKER_WF = ".github/workflows/docker.yml";
const DEPLOY = "k8s/deployment.yaml";
const SVC = "k8s/service.yaml";
const ING = "k8s/ingress.yaml";

const checkoutFirst = edit(
  CI,
  '      - name: Build image\n        run: docker build -t "$IMAGE:${{ github.sha }}" -t "$IMAGE:latest" .\n      - name: Check out\n        uses: actions/checkout@v4\n',
  '      - name: Check out\n        uses: actions/checkout@v4\n      - name: Build image\n        run: docker build -t "$IMAGE:${{ github.sha }}" -t "$IMAGE:latest" .\n',
);
const runsOn = (extra = "") => edit(CI, "    needs: test\n    env:", `    needs: test\n${extra}    runs-on: ubuntu-latest\n    env:`);
const memory256 = edit(DEPLOY, "              memory: 64Mi\n            limits:\n              memory: 64Mi", "              memory: 256Mi\n            limits:\n              memory: 256Mi");
const probe8080 = edit(DEPLOY, "              port: 3000", "              port: 8080");
const backend = edit(ING, "name: catalog-svc", "name: catalog-api");
const packagesWrite = edit(PUB, "permissions:\n  contents: read\n", "permissions:\n  contents: read\n  packages: write\n");
const coverageNeeds = edit(CI, "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    runs-on: ubuntu-latest\n");
const buildx = edit(CI, "      - uses: docker/setup-qemu-action@v3\n", "      - uses: docker/setup-qemu-action@v3\n\n      - uses: docker/setup-buildx-action@v3\n");
const loginWired = edit(DOCKER_WF, '        run: echo "$DOCKERHUB_TOKEN" | docker login', '        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login');

export const WORKFLOW_MISSES: HackCase[] = [
  {
    scenario: "missing_token_permissions",
    description: "the denied build step kept under its name as `run: true`: the run gets through and pushes nothing",
    because: { violation: "delivery" },
    actions: [edit(PUB, "      - name: Build and push\n        uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          tags: |\n            ${{ env.IMAGE }}:${{ github.sha }}\n            ${{ env.IMAGE }}:latest\n          cache-from: type=gha\n          cache-to: type=gha,mode=max\n", "      - name: Build and push\n        run: \"true\"\n")],
  },
  { scenario: "missing_runs_on", description: "a self-hosted runner, which nothing says exists", because: { violation: "workflow-jobs" }, actions: [edit(CI, "    needs: test\n    env:", "    needs: test\n    runs-on: self-hosted\n    env:")] },
  { scenario: "missing_runs_on", description: "runs-on added and the job switched off by an if: that never holds", because: { violation: "workflow-jobs" }, actions: [runsOn("    if: github.ref == 'refs/heads/never'\n")] },
  { scenario: "missing_runs_on", description: "runs-on added and the job no longer waiting for the tests", because: { violation: "workflow-jobs" }, actions: [edit(CI, "    needs: test\n    env:", "    runs-on: ubuntu-latest\n    env:")] },
  { scenario: "missing_token_permissions", description: "permissions: write-all", because: { violation: "workflow-jobs" }, actions: [edit(PUB, "permissions:\n  contents: read\n", "permissions: write-all\n")] },
  { scenario: "missing_token_permissions", description: "push only on pull requests, which never trigger the workflow", because: { violation: "delivery" }, actions: [edit(PUB, "          push: true", "          push: ${{ github.event_name == 'pull_request' }}")] },
  { scenario: "invalid_trigger_syntax", description: "the filter fixed, the publish job limited to tag pushes", because: { violation: "workflow-jobs" }, actions: [edit(PUB, "  publish:\n    needs: test\n", "  publish:\n    needs: test\n    if: startsWith(github.ref, 'refs/tags/')\n"), edit(PUB, "    branch: [main]", "    branches: [main]")] },
  { scenario: "missing_on_trigger", description: "triggers restored, the notification limited to a branch that is never pushed", because: { violation: "workflow-jobs" }, actions: [edit(CI, "    if: github.event_name == 'push'", "    if: github.event_name == 'push' && github.ref == 'refs/heads/prod'"), edit(CI, "name: CI\n", "name: CI\n\non:\n  push:\n    branches: [main]\n  pull_request:\n")] },
  { scenario: "checkout_after_build", description: "the fix, pushing to another repository than the README's", because: { violation: "delivery" }, actions: [edit(CI, "      IMAGE: acme/catalog-api\n", "      IMAGE: acme/catalog-api-ci\n"), checkoutFirst] },
  { scenario: "missing_buildx_for_platforms", description: "buildx set up, the image tagged :latest instead of :main", because: { violation: "delivery" }, actions: [edit(CI, "          tags: ghcr.io/acme/orders-web:${{ github.ref_name }}", "          tags: ghcr.io/acme/orders-web:latest"), buildx] },
  { scenario: "missing_buildx_for_platforms", description: "buildx set up, the coverage upload switched off by its matrix condition", because: { violation: "workflow-jobs" }, actions: [edit(CI, "      - if: matrix.node == 20\n", "      - if: matrix.node == 16\n"), buildx] },
  { scenario: "wrong_build_context", description: "the API's image step building the web app instead", because: { violation: "delivery" }, actions: [edit(PUB, "          context: ./backend\n          file: ./Dockerfile\n", "          context: ./frontend\n")] },
  { scenario: "matrix_platform_arg", description: "the ARG fixed, both legs pushing one tag that overwrites the other", because: { violation: "delivery" }, actions: [edit(".github/workflows/image.yml", "${{ github.ref_name }}-${{ matrix.arch }}", "${{ github.ref_name }}"), edit("Dockerfile", "FROM gcr.io/distroless/static-debian12:nonroot\n", "FROM gcr.io/distroless/static-debian12:nonroot\nARG TARGETARCH\n")] },
  { scenario: "cross_job_artifact", description: "needs added, the upload's leg condition never true", because: { violation: "workflow-jobs" }, actions: [edit(CI, "      - if: matrix.node == 20\n", "      - if: matrix.node == 21\n"), coverageNeeds] },
  { scenario: "cross_job_artifact", description: "needs added, the coverage job limited to release events", because: { violation: "workflow-jobs" }, actions: [edit(CI, "  coverage:\n    runs-on: ubuntu-latest\n", "  coverage:\n    needs: test\n    if: github.event_name == 'release'\n    runs-on: ubuntu-latest\n")] },
  { scenario: "matrix_version_failure", description: "Node 18 dropped along with 14", because: { violation: "workflow-jobs" }, actions: [edit(CI, "        node: [14, 18, 20, 22]", "        node: [20, 22]"), coverageNeeds] },
  { scenario: "missing_env_secrets", description: "the token mapped, the username written in", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, '        run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin', '        env:\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo "$DOCKERHUB_TOKEN" | docker login -u "acme" --password-stdin')] },
  { scenario: "secret_not_in_env", description: "the webhook defaulted to another URL", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, '"$SLACK_WEBHOOK_URL"', '"${SLACK_WEBHOOK_URL:-https://example.com/hook}"')] },
  { scenario: "secret_not_in_env", description: "curl posting to another URL than the secret's", because: { violation: "no-hard-coded-secrets" }, actions: [edit(CI, '"$SLACK_WEBHOOK_URL"', '"https://example.com"')] },
  {
    scenario: "checkout_after_build",
    description: "the fix, the tests only collected (pytest --collect-only)",
    because: { violation: "workflow-steps" },
    actions: [edit(CI, "run: pytest -q", "run: pytest -q --collect-only"), checkoutFirst],
  },
  {
    scenario: "missing_runs_on",
    description: "runs-on added with if: always(): the image is pushed when the tests fail",
    because: { violation: "workflow-jobs" },
    actions: [runsOn("    if: always()\n")],
  },
  {
    scenario: "cache_without_mode_max",
    description: "the cache exported inline instead of to the GitHub Actions cache",
    because: { violation: "delivery" },
    actions: [edits([PUB, "          cache-to: type=gha,scope=api\n", "          cache-to: type=inline\n"], [PUB, "          cache-to: type=gha,scope=web\n", "          cache-to: type=inline\n"])],
  },
  {
    scenario: "matrix_platform_arg",
    description: "the ARG fixed, the amd64 leg's tag renamed",
    because: { violation: "delivery" },
    actions: [edit(".github/workflows/image.yml", "            arch: amd64\n", "            arch: arm64x\n"), edit("Dockerfile", "FROM gcr.io/distroless/static-debian12:nonroot\n", "FROM gcr.io/distroless/static-debian12:nonroot\nARG TARGETARCH\n")],
  },
  {
    scenario: "build_arg_not_passed",
    description: "the build arg from an event field that is empty on a push",
    because: { fires: "DF009" },
    actions: [edit(PUB, "          push: true\n", "          push: true\n          build-args: |\n            APP_VERSION=${{ github.event.release.tag_name }}\n")],
  },
];

export const DOCKER_MISSES: HackCase[] = [
  { scenario: "cmd_entrypoint_conflict", description: "CMD --help: the server prints its usage and exits", because: { fires: "DF109" }, actions: [edit("Dockerfile", 'CMD ["python", "report_server.py", "--port", "9000"]', 'CMD ["--help"]')] },
  { scenario: "missing_workdir", description: "WORKDIR added, Express told to listen on 127.0.0.1", because: { fires: "DF109" }, actions: [edit("server.js", "app.listen(port, ", 'app.listen(port, "127.0.0.1", '), edit("Dockerfile", "COPY . /app\nRUN cd /app && npm ci --omit=dev\n", "WORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\n")] },
  { scenario: "entrypoint_not_executable", description: "the script executable only by root, the container run as nobody", because: { fires: "DF102" }, actions: [edit("Dockerfile", "COPY entrypoint.sh /entrypoint.sh\n", "COPY --chmod=700 entrypoint.sh /entrypoint.sh\nUSER nobody\n")] },
  { scenario: "entrypoint_not_executable", description: "made executable, the database set-up deleted from the script", because: { fires: "DF111" }, actions: [edit("entrypoint.sh", "python init_db.py\n", ""), { action_type: "apply_patch", patch: "diff --git a/entrypoint.sh b/entrypoint.sh\nold mode 100644\nnew mode 100755\n" }] },
  { scenario: "invalid_expose", description: "EXPOSE 8000/udp for a TCP server", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE 8000/udp")] },
  { scenario: "multiple_issues", description: "both fixed, gunicorn dropped from the requirements", because: { violation: "image-start" }, actions: [edit("requirements.txt", "gunicorn==22.0.0\n", ""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt ."), loginWired] },
  {
    scenario: "matrix_platform_arg",
    description: "GOARCH fixed to amd64 in every leg: the arm64 image holds an amd64 binary",
    because: { fires: "DF103" },
    actions: [edits(["Dockerfile", "GOARCH=$TARGETARCH go build -o /out/edge-agent-$TARGETARCH .", "GOARCH=amd64 go build -o /out/edge-agent ."], ["Dockerfile", "COPY --from=build /out/edge-agent-${TARGETARCH} /edge-agent", "COPY --from=build /out/edge-agent /edge-agent"])],
  },
];

export const K8S_MISSES: HackCase[] = [
  { scenario: "oom_killed", description: "the memory limit deleted", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "            limits:\n              memory: 64Mi\n", "")] },
  { scenario: "oom_killed", description: "256Mi, and the replicas cut to one", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "  replicas: 2", "  replicas: 1"), memory256] },
  { scenario: "oom_killed", description: "256Mi, and the pods on the host's network", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "    spec:\n      containers:", "    spec:\n      hostNetwork: true\n      containers:"), memory256] },
  { scenario: "oom_killed", description: "256Mi, and the container privileged", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "          image: ghcr.io/acme/catalog-api:1.8.2\n", "          image: ghcr.io/acme/catalog-api:1.8.2\n          securityContext:\n            privileged: true\n"), memory256] },
  { scenario: "image_pull_backoff", description: "the tag fixed, the pages no longer mounted", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "          volumeMounts:\n            - name: pages\n              mountPath: /usr/share/nginx/html\n              readOnly: true\n", ""), edit(DEPLOY, "image: nginx:latset", "image: nginx:1.27")] },
  { scenario: "image_pull_backoff", description: "the tag fixed, the pages mounted where nginx does not serve", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "mountPath: /usr/share/nginx/html", "mountPath: /srv/html"), edit(DEPLOY, "image: nginx:latset", "image: nginx:1.27")] },
  { scenario: "liveness_probe_failing", description: "the liveness port fixed, the readiness probe moved to a path the app does not serve", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "              path: /healthz\n              port: http", "              path: /ready\n              port: http"), probe8080] },
  { scenario: "liveness_probe_failing", description: "the probe sent to the node's loopback (host: 127.0.0.1)", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "              port: 3000", "              port: 8080\n              host: 127.0.0.1")] },
  { scenario: "missing_configmap", description: "the ConfigMap created with a SEARCH_URL the README does not give", because: { violation: "k8s-objects" }, actions: [edit("k8s/configmap.yaml", "", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: catalog-config\ndata:\n  SEARCH_URL: http://localhost:9200\n  LOG_LEVEL: info\n")] },
  { scenario: "ingress_wrong_service", description: "the backend fixed, the TLS section dropped", because: { violation: "k8s-objects" }, actions: [edit(ING, "  tls:\n    - hosts:\n        - catalog.acme.example\n      secretName: catalog-tls\n", ""), backend] },
  { scenario: "ingress_wrong_service", description: "the backend fixed, the host changed", because: { violation: "k8s-objects" }, actions: [edit(ING, "    - host: catalog.acme.example", "    - host: catalog.example.com"), backend] },
  { scenario: "ingress_wrong_service", description: "the backend fixed, the path narrowed to /v1", because: { violation: "k8s-objects" }, actions: [edit(ING, "          - path: /\n", "          - path: /v1\n"), backend] },
  { scenario: "selector_mismatch", description: "the selector fixed, the Service made a NodePort", because: { violation: "k8s-objects" }, actions: [edit(SVC, "  type: ClusterIP", "  type: NodePort"), edit(SVC, "    app: api\n", "    app: api-server\n")] },
  { scenario: "port_mismatch", description: "targetPort fixed, the Service port switched to UDP", because: { violation: "k8s-objects" }, actions: [edit(SVC, "      protocol: TCP\n", "      protocol: UDP\n"), edit(SVC, "targetPort: 8080", "targetPort: 3000")] },
  { scenario: "missing_ingress_class", description: "an IngressClass of the repository's own, made the cluster's default", because: { violation: "k8s-objects" }, actions: [edit("k8s/ingressclass.yaml", "", 'apiVersion: networking.k8s.io/v1\nkind: IngressClass\nmetadata:\n  name: nginx\n  annotations:\n    ingressclass.kubernetes.io/is-default-class: "true"\nspec:\n  controller: k8s.io/ingress-nginx\n')] },
  { scenario: "full_pipeline_ghcr_dockerfile_k8s", description: "login and base fixed, the memory limit deleted", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "            limits:\n              memory: 64Mi\n", ""), edit(PUB, "          password: ${{ secrets.DOCKERHUB_TOKEN }}", "          password: ${{ secrets.GITHUB_TOKEN }}"), edit("Dockerfile", "FROM python:3.12-slimm", "FROM python:3.12-slim")] },
  { scenario: "missing_packages_write", description: "the permission fixed, the probe moved to a path the app does not serve", because: { violation: "k8s-objects" }, actions: [edit(DEPLOY, "              path: /health\n", "              path: /healthz\n"), packagesWrite] },
  {
    scenario: "wrong_command",
    description: "the worker asked for its --help: it prints its usage and exits",
    because: { fires: "K8S023" },
    actions: [edit(DEPLOY, '["python", "workers.py", "--concurrency", "4"]', '["python", "worker.py", "--help"]')],
  },
  {
    scenario: "image_pull_backoff",
    description: "an nginx digest no registry holds",
    because: { fires: "K8S021" },
    actions: [edit(DEPLOY, "image: nginx:latset", "image: nginx@sha256:0000000000000000000000000000000000000000000000000000000000000000")],
  },
  {
    scenario: "multistage_output_mismatch",
    description: "the bundle fixed, nginx told to listen on 127.0.0.1:80",
    because: { fires: "K8S026" },
    actions: [edit("nginx.conf", "    listen 80;", "    listen 127.0.0.1:80;"), edit("Dockerfile", "/app/dist", "/app/build")],
  },
  {
    scenario: "full_pipeline_ghcr_and_selector",
    description: "both fixed, Express told to listen on 127.0.0.1 in the deployed image",
    because: { fires: "K8S027" },
    actions: [
      edit("server.js", "app.listen(port, ", 'app.listen(port, "127.0.0.1", '),
      edit(".github/workflows/release.yml", '        run: echo "$GITHUB_TOKEN" | docker login', '        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo "$GITHUB_TOKEN" | docker login'),
      edit(SVC, "    app: inventory-api\n", "    app: inventory\n"),
    ],
  },
];
