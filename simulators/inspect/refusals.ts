/**
 * The commands an inspection refuses because they would change something: the file tools that write, and
 * the subcommands of git, docker, gh and kubectl that change the repository, the registry, the run or the
 * cluster. Each refusal names what was refused and why, so an agent knows to make the change as an edit.
 */

const WRITING_PROGRAMS = new Set([
  "rm", "rmdir", "mv", "cp", "touch", "mkdir", "chmod", "chown", "ln", "tee", "dd", "truncate", "install",
  "patch", "vi", "vim", "nano", "emacs", "ed", "npm", "pip", "yarn", "make", "kill", "helm",
]);

// No prototype: a program named `constructor` writes nothing.
const WRITING_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = Object.freeze(Object.assign(Object.create(null) as Record<string, readonly string[]>, {
  git: ["add", "commit", "push", "pull", "fetch", "checkout", "switch", "reset", "restore", "rebase", "merge", "stash", "rm", "mv", "tag", "apply", "cherry-pick", "revert", "clean", "branch", "init", "clone", "config"],
  docker: ["push", "tag", "rm", "rmi", "login", "logout", "pull", "exec", "kill", "stop", "start", "restart", "create", "commit", "save", "load", "system", "volume", "network", "compose"],
  kubectl: ["apply", "create", "delete", "edit", "patch", "replace", "scale", "rollout", "set", "label", "annotate", "expose", "run", "exec", "cp", "port-forward", "drain", "cordon", "uncordon", "taint", "autoscale"],
  gh: ["secret set", "secret delete", "secret remove", "run rerun", "run cancel", "run delete", "run watch", "workflow run", "workflow enable", "workflow disable", "variable set", "variable delete", "pr", "release", "repo"],
}));

/** Why `argv` would change something, or null when it only reads. */
export function writeRefusal(argv: readonly string[]): string | null {
  const [program, ...rest] = argv as [string, ...string[]];
  if (WRITING_PROGRAMS.has(program)) return `'${program}' changes files or state; make changes with the edit actions (edit_file, apply_patch, ...).`;
  if (program === "sed" && rest.some((a) => /^-[a-zA-Z]*i/.test(a) || a.startsWith("--in-place"))) {
    return "'sed -i' edits a file in place; make changes with the edit actions (edit_file, replace_line, apply_patch).";
  }
  // `kubectl exec POD -- curl URL` only sends a request from inside a pod; any other program there could change it.
  if (program === "kubectl" && rest.includes("exec")) {
    if (rest.includes("--") && rest[rest.indexOf("--") + 1] === "curl") return null;
    return "'kubectl exec' runs only curl here (kubectl exec POD -- curl URL): another program in a container could change it, and is not simulated.";
  }
  const subs = WRITING_SUBCOMMANDS[program];
  if (subs) {
    // A flag's value is not a subcommand: `kubectl -n prod delete …`, `git -C dir commit …`.
    const words = rest.filter((a, i) => !a.startsWith("-") && !["-n", "--namespace", "-C", "--context", "-R", "--repo"].includes(rest[i - 1] ?? ""));
    const sub = subs.find((s) => s.split(" ").every((part, i) => words[i] === part));
    if (sub) return `'${program} ${sub}' would change the ${program === "git" ? "repository" : program === "kubectl" ? "cluster" : program === "gh" ? "GitHub repository or its runs" : "registry or the host"}; inspections only read.`;
  }
  return null;
}
