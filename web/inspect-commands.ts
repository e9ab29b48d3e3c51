/**
 * Inspection commands worth trying on a repository, by its files: a build per Dockerfile, the runs for
 * workflows, the cluster for manifests, then a look at the tree and the episode's changes. Each is a command
 * the simulation answers (README's inspect table). No DOM, so the suite checks it directly.
 */

/** The commands for these paths, most telling first, without repeats. */
export function suggestedCommands(paths: readonly string[]): string[] {
  const commands: string[] = [];
  // A build per Dockerfile (its folder as the context, as the workflows build them), the first two.
  const dockerfiles = paths.filter((p) => /(^|\/)Dockerfile$/.test(p)).sort((x, y) => x.split("/").length - y.split("/").length || x.localeCompare(y));
  for (const file of dockerfiles.slice(0, 2)) commands.push(file === "Dockerfile" ? "docker build ." : `docker build ${file.slice(0, -"/Dockerfile".length)}`);
  if (dockerfiles[0] !== undefined) commands.push(`cat -n ${dockerfiles[0]}`, "grep -rn FROM .");
  if (paths.some((p) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(p))) commands.push("gh run view --log-failed", "gh run list", "gh workflow list", "gh secret list");
  if (paths.some((p) => /\.ya?ml$/.test(p) && !p.startsWith(".github/"))) commands.push("kubectl get pods", "kubectl get events", "kubectl get svc", "kubectl get endpoints");
  commands.push("tree", "git diff", "git status");
  return [...new Set(commands)];
}
