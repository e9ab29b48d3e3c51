/**
 * Logs as docker prints them: BuildKit's progress lines with the failing step, the `Dockerfile:N` excerpt with
 * `>>>` on the failing lines, and the `ERROR: failed to build: failed to solve: …` line (buildx ≥ 0.25);
 * and for a container, the `docker run` line followed by what the process or the daemon printed.
 */
import { createHash } from "node:crypto";
import type { Instruction, ParsedDockerfile } from "./parse.js";

/** A stable pseudo-random id, as BuildKit prints for refs and digests. */
export function stableId(seed: string, length = 25): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = createHash("sha256").update(seed).digest();
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet[bytes[i % bytes.length]! % alphabet.length];
  return out;
}

/** The `Dockerfile:N` excerpt: two lines of context around the failing instruction, which is marked `>>>`. */
export function excerpt(dockerfilePath: string, parsed: ParsedDockerfile, first: number, last: number): string[] {
  const from = Math.max(1, first - 2);
  const to = Math.min(parsed.lines.length, last + 2);
  const body: string[] = [];
  for (let n = from; n <= to; n++) {
    const text = parsed.lines[n - 1] ?? "";
    if (n === to && text === "" && n > last) continue;
    body.push(`${String(n).padStart(4)} | ${n >= first && n <= last ? ">>>" : "   "} ${text}`);
  }
  const name = dockerfilePath.split("/").pop() ?? dockerfilePath;
  return [`${name}:${first === last ? first : `${first}-${last}`}`, "--------------------", ...body, "--------------------"];
}

export interface BuildLogInput {
  dockerfilePath: string;
  contextDir: string;
  parsed: ParsedDockerfile;
  /** Steps that ran before the failure, as `[2/5] WORKDIR /app`. */
  stepsBefore: string[];
  /** The failing step; without an instruction (loading the build context) there is no excerpt. */
  failing?: { label: string; instruction?: Instruction; output: string[] };
  /** Where the failure is shown when no step ran (parse errors). */
  at?: { first: number; last: number };
  error: string;
}

export function buildLog(input: BuildLogInput): string {
  const fileFlag = input.dockerfilePath.endsWith("Dockerfile") && input.dockerfilePath.split("/").length === (input.contextDir === "." ? 1 : input.contextDir.split("/").length + 1)
    ? ""
    : ` -f ${input.dockerfilePath}`;
  const lines = [
    `$ docker build${fileFlag} -t app ${input.contextDir === "." ? "." : input.contextDir}`,
    `#0 building with "default" instance using docker driver`,
    "",
    ` => [internal] load build definition from ${input.dockerfilePath.split("/").pop()}`,
    ...input.stepsBefore.map((s) => ` => ${s}`),
  ];
  if (input.failing) {
    lines.push(` => ERROR ${input.failing.label}`, "------", ` > ${input.failing.label}:`, ...input.failing.output.map((o) => `${o}`), "------");
    const { instruction } = input.failing;
    if (instruction) lines.push(...excerpt(input.dockerfilePath, input.parsed, instruction.line, instruction.endLine));
  } else if (input.at) {
    lines.push(...excerpt(input.dockerfilePath, input.parsed, input.at.first, input.at.last));
  }
  lines.push(`ERROR: failed to build: failed to solve: ${input.error}`);
  return lines.join("\n");
}

export function runLog(runCommand: string, output: readonly string[]): string {
  return [`$ ${runCommand}`, ...output].join("\n");
}
