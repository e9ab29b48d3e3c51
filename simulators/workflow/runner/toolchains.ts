/**
 * The toolchain a setup action installs for the version its input asks for. Two specs that install the same
 * toolchain are the same toolchain, however they are written: setup-node installs the same Node 18 for `18`,
 * `18.x` and `v18`; setup-python, setup-go, setup-java and setup-dotnet read a version as a semver range, so
 * `3.12` and `3.12.x` (or `1.22` and `1.22.*`) both install the newest 3.12 release.
 */
import { resolveNode } from "./node-releases.js";

interface SetupAction {
  /** The input that names the version. */
  readonly input: string;
  /** The runtime's name as people write it (`Node 18`). */
  readonly runtime: string;
  /** Whether a trailing `.x` is a wildcard the action reads as "the newest patch". */
  readonly semverRange: boolean;
}

const SETUP_ACTIONS: Readonly<Record<string, SetupAction>> = {
  "actions/setup-node": { input: "node-version", runtime: "Node", semverRange: true },
  "actions/setup-python": { input: "python-version", runtime: "Python", semverRange: true },
  "actions/setup-go": { input: "go-version", runtime: "Go", semverRange: true },
  "actions/setup-java": { input: "java-version", runtime: "Java", semverRange: true },
  "actions/setup-dotnet": { input: "dotnet-version", runtime: ".NET", semverRange: true },
  // setup-ruby reads `3.3` as the newest 3.3 but has no `.x` form: its versions are compared as written.
  "ruby/setup-ruby": { input: "ruby-version", runtime: "Ruby", semverRange: false },
};

/** The input of `action` that names the runtime version it installs, or undefined for any other action. */
export function versionInput(action: string): string | undefined {
  return SETUP_ACTIONS[action]?.input;
}

/** The runtime `action` installs, by name (`Node`), or undefined for any other action. */
export function runtimeName(action: string): string | undefined {
  return SETUP_ACTIONS[action]?.runtime;
}

/** A version whose last parts are wildcards (`3.12.x`, `1.22.*`, `17.x.x`). */
const WILDCARD_TAIL = /^(\d+(?:\.\d+)*)(?:\.[xX*])+$/;

/**
 * What `action` installs for the version `spec`, as a comparable text (`Node 18.20.8`, `Python 3.12`); the
 * spec as written when the action's resolution is not modelled (an alias such as `lts/*`, a range, a file).
 */
export function installedToolchain(action: string, spec: string): string {
  const setup = SETUP_ACTIONS[action];
  const text = spec.trim();
  if (!setup) return text;
  if (action === "actions/setup-node") {
    const release = resolveNode(text);
    return `${setup.runtime} ${release ? release.node : text}`;
  }
  const wildcard = setup.semverRange ? WILDCARD_TAIL.exec(text) : null;
  return `${setup.runtime} ${wildcard ? wildcard[1] : text}`;
}
