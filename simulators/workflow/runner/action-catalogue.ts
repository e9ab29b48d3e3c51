/**
 * The major versions of widely used actions, from their repositories' release tags: what GitHub's runner can
 * download at "Set up job". A major beyond the newest listed here may have been released since, so it is
 * unknown, not missing; a major below it that was never tagged (v0, a gap) does not exist.
 */
const MAJORS: Readonly<Record<string, readonly number[]>> = {
  "actions/checkout": [1, 2, 3, 4, 5],
  "actions/setup-node": [1, 2, 3, 4],
  "actions/setup-python": [1, 2, 3, 4, 5],
  "actions/setup-go": [1, 2, 3, 4, 5],
  "actions/setup-java": [1, 2, 3, 4],
  "actions/cache": [1, 2, 3, 4],
  "actions/upload-artifact": [1, 2, 3, 4],
  "actions/download-artifact": [1, 2, 3, 4],
  "actions/upload-pages-artifact": [1, 2, 3],
  "actions/deploy-pages": [1, 2, 3, 4],
  "actions/github-script": [1, 2, 3, 4, 5, 6, 7],
  "docker/login-action": [1, 2, 3],
  "docker/build-push-action": [1, 2, 3, 4, 5, 6],
  "docker/setup-buildx-action": [1, 2, 3],
  "docker/setup-qemu-action": [1, 2, 3],
  "docker/metadata-action": [1, 2, 3, 4, 5],
  "github/codeql-action": [1, 2, 3],
  "slackapi/slack-github-action": [1, 2],
  "codecov/codecov-action": [1, 2, 3, 4, 5],
  "softprops/action-gh-release": [1, 2],
  "aws-actions/configure-aws-credentials": [1, 2, 3, 4],
  "actions/setup-dotnet": [1, 2, 3, 4],
};

/** Whether the action (`owner/repo[/path]`) is one of the widely used ones above, whose effects are known. */
export function isCatalogued(action: string): boolean {
  const [owner, repo] = action.toLowerCase().split("/");
  return `${owner}/${repo}` in MAJORS;
}

export type ActionVersion = "exists" | "missing" | "unknown";

/**
 * Whether `ref` of the action `uses` names (`owner/repo[/path]`) exists: a `vN[.x[.y]]` tag whose major the
 * action has, or its default branch. A commit SHA, another branch or an action not listed is unknown.
 */
export function actionVersion(action: string, ref: string): ActionVersion {
  const [owner, repo] = action.toLowerCase().split("/");
  const majors = MAJORS[`${owner}/${repo}`];
  if (!majors) return "unknown";
  if (ref === "main" || ref === "master") return "exists";
  const m = /^v(\d+)(\.\d+){0,2}$/.exec(ref);
  if (!m) return "unknown";
  const major = Number(m[1]);
  if (majors.includes(major)) return "exists";
  return major > Math.max(...majors) ? "unknown" : "missing";
}
