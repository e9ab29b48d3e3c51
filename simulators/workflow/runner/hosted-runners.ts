/**
 * GitHub-hosted runners and the labels that pick them (actions/runner-images, 2025–2026): which `runs-on`
 * a hosted runner answers, and what that runner is (its OS, architecture, image). A job whose labels only a
 * self-hosted runner, a runner group or a label we cannot read could answer is not judged: the repository's
 * own runners are not in the world. A label that looks like a hosted image but names none (a typo, a retired
 * image such as ubuntu-20.04) is never picked up.
 */
import { isMap, isScalar, isSeq } from "yaml";
import { withinEdits } from "../../images/edit-distance.js";
import { get, items, scalarText } from "../source.js";
import type { WorkflowSource } from "../source.js";

export type RunnerOs = "Linux" | "Windows" | "macOS";

export interface HostedRunner {
  /** The label as the workflow wrote it. */
  label: string;
  os: RunnerOs;
  arch: "X64" | "ARM64";
  /** The runner's ImageOS variable (ubuntu24, win25, macos15). */
  imageOs: string;
  /** Windows build the daemon reports for its only platform (Windows containers). */
  windowsBuild?: string;
}

type Spec = Omit<HostedRunner, "label">;

const UBUNTU_24: Spec = { os: "Linux", arch: "X64", imageOs: "ubuntu24" };
const WINDOWS_2025: Spec = { os: "Windows", arch: "X64", imageOs: "win25", windowsBuild: "10.0.26100" };

/** Every standard hosted label; macos-latest is macOS 15 on Apple silicon, windows-latest Windows Server 2025. */
const HOSTED: Record<string, Spec> = {
  "ubuntu-latest": UBUNTU_24,
  "ubuntu-24.04": UBUNTU_24,
  "ubuntu-22.04": { os: "Linux", arch: "X64", imageOs: "ubuntu22" },
  "ubuntu-24.04-arm": { os: "Linux", arch: "ARM64", imageOs: "ubuntu24" },
  "ubuntu-22.04-arm": { os: "Linux", arch: "ARM64", imageOs: "ubuntu22" },
  "windows-latest": WINDOWS_2025,
  "windows-2025": WINDOWS_2025,
  "windows-2022": { os: "Windows", arch: "X64", imageOs: "win22", windowsBuild: "10.0.20348" },
  ...macos("latest", "macos15", "ARM64"),
  ...macos("15", "macos15", "ARM64"),
  ...macos("14", "macos14", "ARM64"),
  ...macos("13", "macos13", "X64"),
};

/** A macOS image with its larger variants: -large runs on Intel, -xlarge on Apple silicon. */
function macos(version: string, imageOs: string, arch: "X64" | "ARM64"): Record<string, Spec> {
  return {
    [`macos-${version}`]: { os: "macOS", arch, imageOs },
    [`macos-${version}-large`]: { os: "macOS", arch: "X64", imageOs },
    [`macos-${version}-xlarge`]: { os: "macOS", arch: "ARM64", imageOs },
  };
}

/** The runner a job gets when its labels cannot be judged: what the simulator has always assumed. */
export const DEFAULT_RUNNER: HostedRunner = { label: "ubuntu-latest", ...UBUNTU_24 };

export type RunnerChoice =
  | { kind: "hosted"; runner: HostedRunner }
  /** A label shaped like a hosted image that no hosted runner has: the job waits until it times out. */
  | { kind: "unknown"; labels: string[] }
  /** Self-hosted, a runner group, custom labels, or an expression we could not resolve. */
  | { kind: "custom" };

/** The labels of a `runs-on` value (a label, a list, or a mapping with `group`/`labels`); null for a group. */
export function runsOnLabels(node: unknown, doc: WorkflowSource["doc"]): string[] | null {
  if (isScalar(node)) return [scalarText(node)];
  if (isSeq(node)) return items(node, doc).map(scalarText);
  if (isMap(node)) {
    if (get(node, "group", doc) !== undefined) return null;
    return runsOnLabels(get(node, "labels", doc), doc);
  }
  return null;
}

/** Which runner picks up a job with these labels (already interpolated). */
export function chooseRunner(labels: readonly string[] | null): RunnerChoice {
  if (labels === null || labels.length === 0) return { kind: "custom" };
  const lower = labels.map((l) => l.trim().toLowerCase());
  if (lower.some((l) => l === "self-hosted" || l === "" || l.includes("${{"))) return { kind: "custom" };
  const unknown = labels.filter((_, i) => !(lower[i]! in HOSTED) && looksHosted(lower[i]!));
  if (unknown.length > 0) return { kind: "unknown", labels: unknown };
  const at = lower.findIndex((l) => l in HOSTED);
  return at < 0 ? { kind: "custom" } : { kind: "hosted", runner: { label: labels[at]!, ...HOSTED[lower[at]!]! } };
}

const IMAGE_SHAPED = /^(ubuntu|windows|macos)-(latest|\d+(\.\d+)*)(-arm|-large|-xlarge)?$/;

/**
 * Whether a label names (or nearly names) a hosted image. Larger runners an organisation configures get
 * names of its choosing (ubuntu-latest-4-cores, linux-16core): those stay custom.
 */
function looksHosted(label: string): boolean {
  if (IMAGE_SHAPED.test(label)) return true;
  return Object.keys(HOSTED).some((known) => withinEdits(label, known, 2));
}

/** The runner's temp directory, where its shells' script files live (and so appear in bash's errors). */
export function runnerTemp(runner: HostedRunner): string {
  return runner.os === "macOS" ? "/Users/runner/work/_temp" : runner.os === "Windows" ? "D:\\a\\_temp" : "/home/runner/work/_temp";
}
