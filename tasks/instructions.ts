/** What the agent is told at reset, by the kind of pipeline a task's scenarios break. */
const KEEP_MEANING =
  "Keep what the repository is for: no suppressions, no deleted files, instructions, jobs, steps or objects, no switched-off checks.";
const END = "The episode ends when every problem is fixed, on submit, or at max_steps.";
/** The facts a fix needs are where an engineer looks for them, not all in the files. */
const LOOK =
  "Look before you edit: the inspect action answers read-only commands (cat, grep, docker build --progress=plain, gh run view --log, " +
  "kubectl get/describe/logs/top, curl) from the simulation; it counts toward max_steps but not against efficiency.";

export const INSTRUCTIONS = {
  docker:
    "This repository's container does not work: `docker build` fails, or the container it builds fails to start or to serve. " +
    `error_message holds the log of the first failing stage. Edit the files until the image builds and the container starts and serves. ${LOOK} ${KEEP_MEANING} ${END}`,
  workflow:
    "This repository's GitHub Actions workflow fails: GitHub rejects the file, or a job fails while it runs. error_message holds what " +
    `GitHub shows. Edit the files until the workflow is accepted and every job succeeds. available_secrets lists the repository's secrets. ${LOOK} ${KEEP_MEANING} ${END}`,
  k8s:
    "This repository's Kubernetes manifests do not deploy a working app: `kubectl apply` refuses them, the pods fail, or traffic does not " +
    `reach the app. error_message holds what kubectl shows. Edit the manifests until the app runs and serves through its Service and Ingress. ${LOOK} ${KEEP_MEANING} ${END}`,
  pipeline:
    "This repository's delivery pipeline fails: the workflow, the image build, the push or the deployment. error_message holds the log of " +
    `the first failing stage; after each fix the next stage may fail. Edit the files until the whole pipeline succeeds. ${LOOK} ${KEEP_MEANING} ${END}`,
} as const;
