import { deleteLine, edit, edits, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";
import { LEDGER_LOGIN, LEDGER_SECRETS } from "../ci_docker_integration/login_secrets_not_wired.js";

const WF = ".github/workflows/docker.yml";

export const multipleIssues: ScenarioSource = {
  id: "multiple_issues",
  task_id: "multi_stage_matrix",
  title: "Ledger API: the image workflow fails at the login, and the build behind it is broken too",
  difficulty: "hard",
  description:
    "Two faults in two files, met one at a time: the login step's secrets are not mapped into its environment (docker login stops the " +
    "job before the build), and the Dockerfile copies requirments.txt, a file the build context does not have.",
  base: "ledger-api",
  faults: [
    { file: WF, replace: LEDGER_SECRETS, with: "" },
    { file: "Dockerfile", replace: "COPY requirements.txt .", with: "COPY requirments.txt ." },
  ],
  issues: [
    {
      id: "login-secrets",
      description: "The secrets are not mapped into the login step.",
      hint: "Secrets reach a run step only through ${{ secrets.NAME }}.",
      stage: "push",
      detection: [{ code: "GHA102", file: WF }],
    },
    {
      id: "copy-typo",
      description: "COPY requirments.txt names a file the context does not have (requirements.txt).",
      hint: "Compare the file the COPY names with the repository's files.",
      stage: "build",
      detection: [{ code: "DF004", file: "Dockerfile" }],
    },
  ],
  solution: [edit(WF, LEDGER_LOGIN, LEDGER_SECRETS + LEDGER_LOGIN), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")],
  alternatives: [
    {
      description: "the Dockerfile first, then the secrets inline",
      actions: [
        replaceLine("Dockerfile", 4, "COPY requirements.txt ./"),
        edit(WF, 'echo "$DOCKERHUB_TOKEN" | docker login --username "$DOCKERHUB_USERNAME"', 'echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login --username "${{ secrets.DOCKERHUB_USERNAME }}"'),
      ],
    },
    {
      description: "both files in one edit action",
      actions: [edits([WF, LEDGER_LOGIN, LEDGER_SECRETS + LEDGER_LOGIN], ["Dockerfile", "COPY requirments.txt .", "COPY requirements.txt /app/"])],
    },
  ],
  wrong: [
    {
      description: "rename requirements.txt to the misspelt name: the COPY passes, pip install -r requirements.txt then fails",
      because: { violation: "files-kept" },
      actions: [
        edit(WF, LEDGER_LOGIN, LEDGER_SECRETS + LEDGER_LOGIN),
        edits(["requirments.txt", "", "flask==3.0.3\ngunicorn==22.0.0\n"], ["requirements.txt", "flask==3.0.3\ngunicorn==22.0.0\n", ""]),
      ],
      leaves_unfixed: ["copy-typo"],
    },
    {
      description: "the COPY deleted: pip finds no requirements file",
      because: { fires: "DF009" },
      actions: [edit(WF, LEDGER_LOGIN, LEDGER_SECRETS + LEDGER_LOGIN), deleteLine("Dockerfile", 4)],
      leaves_unfixed: ["copy-typo"],
    },
    {
      description: "only the username mapped",
      because: { fires: "GHA102" },
      actions: [edit(WF, LEDGER_LOGIN, "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n" + LEDGER_LOGIN), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")],
      leaves_unfixed: ["login-secrets"],
    },
    { description: "both fixed, and gunicorn dropped from the requirements", because: { violation: "image-start" }, actions: [edit("requirements.txt", "gunicorn==22.0.0\n", ""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt ."), edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login")] },
    { description: "both fixed, and gunicorn bound to loopback", because: { violation: "image-start" }, actions: [edit("Dockerfile", "0.0.0.0:8000", "127.0.0.1:8000"), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt ."), edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login")] },
    { description: "both fixed, and CMD deleted: the base image's python would start", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "CMD [\"gunicorn\", \"--bind\", \"0.0.0.0:8000\", \"app:app\"]\n", ""), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt ."), edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin", "        env:\n          DOCKERHUB_USERNAME: ${{ secrets.DOCKERHUB_USERNAME }}\n          DOCKERHUB_TOKEN: ${{ secrets.DOCKERHUB_TOKEN }}\n        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin")] },
    { description: "the COPY fixed, the password from a command's output", because: { violation: "no-hard-coded-secrets" }, actions: [edit(".github/workflows/docker.yml", "        run: echo \"$DOCKERHUB_TOKEN\" | docker login --username \"$DOCKERHUB_USERNAME\" --password-stdin", "        run: echo \"$(cat ~/.docker-token)\" | docker login --username \"${{ secrets.DOCKERHUB_USERNAME }}\" --password-stdin"), edit("Dockerfile", "COPY requirments.txt .", "COPY requirements.txt .")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
