import { edit, patch } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const LOGIN_RUN = '        run: echo "$GITHUB_TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin';

export const ghcrTokenNotMapped: ScenarioSource = {
  id: "ghcr_token_not_mapped",
  task_id: "pipeline_build_push",
  title: "Inventory service: the release job stops at the GHCR login",
  difficulty: "hard",
  description:
    "The login step pipes $GITHUB_TOKEN to docker login, but GITHUB_TOKEN is not a default environment variable of a run step " +
    "(only ${{ secrets.GITHUB_TOKEN }} / ${{ github.token }} are); GITHUB_ACTOR is. The password is empty and docker login refuses.",
  base: "inventory-svc",
  faults: [{ file: ".github/workflows/release.yml", replace: "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n", with: "" }],
  issues: [
    {
      id: "token-not-mapped",
      description: "The login step reads $GITHUB_TOKEN, which nothing maps into the step's environment.",
      hint: "Which variables does a run step get by default? GITHUB_ACTOR is one; is GITHUB_TOKEN?",
      stage: "push",
      detection: [{ code: "GHA102", file: ".github/workflows/release.yml" }],
    },
  ],
  solution: [edit(".github/workflows/release.yml", LOGIN_RUN, "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n" + LOGIN_RUN)],
  alternatives: [
    {
      description: "the token expression written into the command",
      actions: [edit(".github/workflows/release.yml", 'echo "$GITHUB_TOKEN" |', 'echo "${{ secrets.GITHUB_TOKEN }}" |')],
    },
    {
      description: "github.token mapped under another name",
      actions: [
        edit(
          ".github/workflows/release.yml",
          LOGIN_RUN,
          '        env:\n          REGISTRY_PASSWORD: ${{ github.token }}\n        run: echo "$REGISTRY_PASSWORD" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin',
        ),
      ],
    },
    {
      description: "docker/login-action instead of the CLI",
      actions: [
        patch(`--- a/.github/workflows/release.yml
+++ b/.github/workflows/release.yml
@@ -17,3 +17,7 @@
       - name: Log in to GHCR
-        run: echo "$GITHUB_TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin
+        uses: docker/login-action@v3
+        with:
+          registry: ghcr.io
+          username: \${{ github.actor }}
+          password: \${{ secrets.GITHUB_TOKEN }}
 
`),
      ],
    },
    {
      description: "the login and the build joined into one step that maps the token",
      actions: [
        edit(
          ".github/workflows/release.yml",
          '      - name: Log in to GHCR\n' + LOGIN_RUN + '\n\n      - name: Build\n        run: docker build -t "$IMAGE:${{ github.ref_name }}" .\n',
          '      - name: Log in and build\n        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: |\n          echo "$GITHUB_TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin\n          docker build -t "$IMAGE:${{ github.ref_name }}" .\n',
        ),
      ],
    },
  ],
  wrong: [
    {
      description: "a secret the repository does not have: still an empty password",
      because: { fires: "GHA102" },
      actions: [edit(".github/workflows/release.yml", LOGIN_RUN, "        env:\n          GITHUB_TOKEN: ${{ secrets.GHCR_TOKEN }}\n" + LOGIN_RUN)],
    },
    {
      description: "the shell variable quoted into env: a literal string, which GHCR refuses",
      because: { fires: "GHA103" },
      actions: [edit(".github/workflows/release.yml", LOGIN_RUN, "        env:\n          GITHUB_TOKEN: $GITHUB_TOKEN\n" + LOGIN_RUN)],
    },
    {
      description: "let the login fail and carry on",
      because: { fires: "GHA102" },
      actions: [edit(".github/workflows/release.yml", LOGIN_RUN, "        continue-on-error: true\n" + LOGIN_RUN)],
    },
    { description: "the token from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/release.yml", "echo \"$GITHUB_TOKEN\"", "echo \"$(gh auth token)\"")] },
    { description: "the token mapped, CMD deleted: the node image's default is a REPL", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "CMD [\"node\", \"server.js\"]\n", ""), edit(".github/workflows/release.yml", "        run: echo \"$GITHUB_TOKEN\" | docker login", "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo \"$GITHUB_TOKEN\" | docker login")] },
    { description: "the token mapped, the readiness probe on a path the app does not answer", because: { violation: "k8s-objects" }, actions: [edit("k8s/deployment.yaml", "              path: /health\n", "              path: /healthz\n"), edit(".github/workflows/release.yml", "        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin", "        env:\n          GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n        run: echo \"$GITHUB_TOKEN\" | docker login ghcr.io -u \"$GITHUB_ACTOR\" --password-stdin")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
