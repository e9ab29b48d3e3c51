/**
 * What a build pulls first, and the Docker builds of scripts the simulator does not interpret. A Windows
 * runner's daemon runs Windows containers only, so the base image a build pulls decides whether it can run
 * there (rules/linux-containers-unavailable.ts judges it); a PowerShell step is not interpreted, but a
 * `docker build` line in it still pulls its base image on that daemon.
 */
import type { StepFailure } from "./state.js";
import { BUILD_VALUE_OPTIONS } from "./docker-options.js";
import { hasFile, repositoryPath, workspacePath } from "./state.js";
import type { RunnerState } from "./state.js";

/** The first base image of a Dockerfile in the repository (when written out literally) and its step count. */
export function firstBase(state: RunnerState, dockerfile: string): { base: string; steps: number } | null {
  const file = repositoryPath(state, dockerfile);
  const content = file === null ? undefined : state.repo.get(file)?.content;
  const m = content === undefined ? null : /^\s*FROM\s+(?:--platform=\S+\s+)?(\S+)/im.exec(content);
  if (!m || m[1]!.includes("$")) return null;
  const steps = content!.replace(/\\\r?\n/g, " ").split("\n").filter((l) => /^\s*[A-Za-z]+\s/.test(l)).length;
  return { base: m[1]!, steps };
}

/**
 * A PowerShell step on Windows: each `docker build` line in it pulls its base image on the Windows daemon.
 * Words are read plainly (quotes stripped, `${{ }}` as one word). Returns the first failure, on its line.
 */
export function windowsScriptBuilds(state: RunnerState, script: string, cwd: string): { failure: StepFailure; line: number } | null {
  if (state.runner.os !== "Windows") return null;
  const lines = script.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const words = (lines[i]!.replace(/\$\{\{.*?\}\}/g, "x").match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ""));
    const buildx = words[1] === "buildx";
    const rest = words.slice(buildx ? 2 : 1);
    if (words[0] !== "docker" || rest[0] !== "build") continue;
    let context: string | null = null;
    let file: string | null = null;
    for (let j = 1; j < rest.length; j++) {
      const w = rest[j]!;
      if (w === "-f" || w === "--file") file = rest[++j] ?? null;
      else if (w.startsWith("--file=")) file = w.slice("--file=".length);
      else if (BUILD_VALUE_OPTIONS.has(w)) j++;
      else if (!w.startsWith("-") && context === null) context = w;
    }
    if (context === null || /[$%`]/.test(context + (file ?? "")) || /^(https?|git):\/\//.test(context)) continue;
    const dockerfile = file !== null ? workspacePath(cwd, file) : workspacePath(workspacePath(cwd, context), "Dockerfile");
    if (!hasFile(state, dockerfile)) continue;
    const base = firstBase(state, dockerfile);
    const { judge } = state;
    const failure = judge.judge({
      type: "base-image-pull",
      step: judge.step,
      at: judge.site.scriptLine(i + 1),
      runner: state.runner,
      base: base?.base ?? null,
      instructions: base?.steps ?? 0,
      classic: !buildx,
    });
    if (failure) return { failure, line: i + 1 };
  }
  return null;
}
