import { edit, edits, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/ship.yml";
const DEPLOY = "k8s/deployment.yaml";
const SECRETS = "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n";
const LOGIN = '        run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin';
const PROBE = "          livenessProbe:\n            httpGet:\n              path: /\n";

export const fullPipelineSecretsBuildProbe: ScenarioSource = {
  id: "full_pipeline_secrets_build_probe",
  task_id: "full_pipeline",
  title: "Web console: the Docker Hub login fails, then the image build, then the pods keep restarting",
  difficulty: "expert",
  description:
    "Three faults met one stage at a time. (1) The login step reads $DOCKERHUB_USERNAME and $DOCKERHUB_TOKEN with no env: mapping, " +
    "so docker login gets an empty username. (2) The nginx stage copies /app/dist; react-scripts writes /app/build. (3) The liveness " +
    "probe checks port 8080; nginx listens on 80, so the kubelet restarts the container again and again.",
  base: "web-console",
  faults: [
    { file: WF, replace: SECRETS, with: "" },
    { file: "Dockerfile", replace: "COPY --from=builder /app/build /usr/share/nginx/html", with: "COPY --from=builder /app/dist /usr/share/nginx/html" },
    { file: DEPLOY, replace: PROBE + "              port: 80\n", with: PROBE + "              port: 8080\n" },
  ],
  issues: [
    {
      id: "login-secrets",
      description: "The secrets are never mapped into the login step's environment.",
      hint: "Secrets are not environment variables until an env: block maps them.",
      stage: "push",
      detection: [{ code: "GHA102", file: WF }],
    },
    {
      id: "builder-output-path",
      description: "COPY --from=builder names /app/dist; Create React App writes build/.",
      hint: "Where does `npm run build` of a Create React App project write its bundle?",
      stage: "build",
      detection: [{ code: "DF011", file: "Dockerfile" }],
    },
    {
      id: "liveness-port",
      description: "The liveness probe checks port 8080; nginx listens on 80 (nginx.conf, containerPort).",
      hint: "On which port does nginx.conf listen?",
      stage: "runtime",
      detection: [{ code: "K8S026", file: DEPLOY }],
    },
  ],
  solution: [
    edit(WF, LOGIN, SECRETS + LOGIN),
    edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build "),
    edit(DEPLOY, "              port: 8080\n", "              port: 80\n"),
  ],
  alternatives: [
    {
      description: "the probe by port name first, then the Dockerfile, then the secrets inline",
      actions: [
        edit(DEPLOY, "              port: 8080\n", "              port: http\n"),
        edit("Dockerfile", "/app/dist /usr/share/nginx/html", "/app/build/ /usr/share/nginx/html/"),
        edit(WF, 'echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME"', 'echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login -u "${{ secrets.DOCKERHUB_USERNAME }}"'),
      ],
    },
    {
      description: "docker/login-action for the login, then the other two",
      actions: [
        patch(`--- a/.github/workflows/ship.yml
+++ b/.github/workflows/ship.yml
@@ -12,3 +12,6 @@
       - name: Log in to Docker Hub
-        run: echo "$DOCKERHUB_TOKEN" | docker login -u "$DOCKERHUB_USERNAME" --password-stdin
+        uses: docker/login-action@v3
+        with:
+          username: \${{ secrets.DOCKERHUB_USERNAME }}
+          password: \${{ secrets.DOCKERHUB_TOKEN }}
 
`),
        edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build "),
        edit(DEPLOY, "              port: 8080\n", "              port: 80\n"),
      ],
    },
    {
      description: "the secrets on the job, react-scripts told to write dist/ with BUILD_PATH, a TCP probe on the container's port",
      actions: [
        edit(WF, "    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    env:\n      DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n      DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n"),
        edit("Dockerfile", "RUN npm run build\n", "RUN BUILD_PATH=dist npm run build\n"),
        edit(DEPLOY, "            httpGet:\n              path: /\n              port: 8080\n", "            tcpSocket:\n              port: http\n"),
      ],
    },
    { description: "nginx moved to the probe's 8080 in its config, EXPOSE and container port following, then the login", actions: [patch("--- a/nginx.conf\n+++ b/nginx.conf\n@@ -1,2 +1,2 @@\n server {\n-    listen 80;\n+    listen 8080;\n--- a/Dockerfile\n+++ b/Dockerfile\n@@ -11,2 +11,2 @@\n-COPY --from=builder /app/dist /usr/share/nginx/html\n-EXPOSE 80\n+COPY --from=builder /app/build /usr/share/nginx/html\n+EXPOSE 8080\n--- a/k8s/deployment.yaml\n+++ b/k8s/deployment.yaml\n@@ -21,3 +21,3 @@\n             - name: http\n-              containerPort: 80\n+              containerPort: 8080\n           livenessProbe:\n"), edit(".github/workflows/ship.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login")] },
  ],
  wrong: [
    {
      description: "secret names the repository does not have",
      because: { fires: "GHA102" },
      actions: [edit(WF, LOGIN, "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKER_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKER_PASSWORD }}\n" + LOGIN)],
      leaves_unfixed: ["login-secrets"],
    },
    {
      description: "login and build fixed, the probe moved to another path on the same wrong port",
      because: { fires: "K8S026" },
      actions: [
        edit(WF, LOGIN, SECRETS + LOGIN),
        edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build "),
        edit(DEPLOY, PROBE + "              port: 8080\n", "          livenessProbe:\n            httpGet:\n              path: /index.html\n              port: 8080\n"),
      ],
      leaves_unfixed: ["liveness-port"],
    },
    {
      description: "the bundle copied from the build context, where no build/ exists",
      because: { fires: "DF004" },
      actions: [edit(WF, LOGIN, SECRETS + LOGIN), edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY build ")],
      leaves_unfixed: ["builder-output-path"],
    },
    {
      description: "login and build fixed, the HTTP probe replaced by a command that always succeeds",
      because: { violation: "k8s-objects" },
      actions: [
        edit(WF, LOGIN, SECRETS + LOGIN),
        edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build "),
        edit(DEPLOY, "            httpGet:\n              path: /\n              port: 8080\n", '            exec:\n              command: ["true"]\n'),
      ],
      leaves_unfixed: ["liveness-port"],
    },
    {
      description: "login and build fixed, the probe on 80 but the Deployment running stock nginx instead of the console's image",
      because: { violation: "k8s-objects" },
      actions: [
        edit(WF, LOGIN, SECRETS + LOGIN),
        edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build "),
        edits([DEPLOY, "              port: 8080\n", "              port: 80\n"], [DEPLOY, "image: acme/web-console:main", "image: nginx:1.27-alpine"]),
      ],
      leaves_unfixed: ["liveness-port"],
    },
    { description: "all three fixed, the COPY of nginx.conf deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "COPY nginx.conf /etc/nginx/conf.d/default.conf\n", ""), edit(".github/workflows/ship.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\" --password-stdin"), edit("Dockerfile", "/app/dist", "/app/build"), edit("k8s/deployment.yaml", "              port: 8080\n", "              port: 80\n")] },
    { description: "build and probe fixed, the password from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/ship.yml", "echo \"$DOCKERHUB_TOKEN\" | docker login -u \"$DOCKERHUB_USERNAME\"", "echo \"$(cat ~/.hub)\" | docker login -u \"${{ secrets.DOCKERHUB_USERNAME }}\""), edit("Dockerfile", "/app/dist", "/app/build"), edit("k8s/deployment.yaml", "              port: 8080\n", "              port: 80\n")] },
  ],
  evidence: { inspect: [{ command: "docker build --progress=plain .", shows: "build/static/js/main.3f2b1c4e.js" }] },
  optimal_steps: 3,
  max_steps: 16,
};
