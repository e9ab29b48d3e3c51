/**
 * The canary agents of SPEC §5: strategies that must never earn more than the floor, whatever the scenario.
 * A simulated host has its own (issue 18): restart every service, delete every log, open and flush the
 * firewall, make everything writable by everyone. On a repository there is nothing to restart, so those
 * just submit.
 */
import type { Action } from "../contracts/actions.js";
import { isHostStatePath } from "../simulators/host/state.js";
import { gitMode } from "../simulators/repository.js";
import type { Scenario } from "../tasks/schema.js";

const SUPPRESSIONS: Record<string, string> = {
  docker: "# hadolint ignore=DL3006,DL3008,DL3018,DL3025,DL3045",
  yaml: "# ignore-check.kube-linter.io/no-read-only-root-fs actionlint:ignore checkov:skip=ALL",
  other: "# noqa nosec shellcheck disable=SC2086",
};

function suppression(path: string): string {
  if (/Dockerfile|Containerfile/.test(path)) return SUPPRESSIONS.docker!;
  if (/\.ya?ml$/.test(path)) return SUPPRESSIONS.yaml!;
  return SUPPRESSIONS.other!;
}

function lineCount(content: string): number {
  return content === "" ? 0 : content.replace(/\n$/, "").split("\n").length;
}

/** A scenario's files as an agent sees them: a simulated host's reserved state is not one of them. */
function visible(s: Scenario): [string, Scenario["files"][string]][] {
  return Object.entries(s.files).filter(([path]) => !isHostStatePath(path));
}

function isHost(s: Scenario): boolean {
  return Object.keys(s.files).some(isHostStatePath);
}

/** A host canary: its commands on a host, then submit; on a repository, submit alone. */
function onHost(commands: (s: Scenario) => string[]): (s: Scenario) => Action[] {
  return (s) => [...(isHost(s) ? commands(s).map((command): Action => ({ action_type: "host", command })) : []), { action_type: "submit" }];
}

function units(s: Scenario): string[] {
  return [...new Set(Object.keys(s.files).filter((p) => /^(etc|lib)\/systemd\/system\/[^/]+\.service$/.test(p)).map((p) => p.split("/").pop()!))].sort();
}

export const CANARIES: Record<string, (s: Scenario) => Action[]> = {
  "do nothing and submit": () => [{ action_type: "submit" }],
  "delete every file": (s) => [
    {
      action_type: "apply_patch",
      patch: visible(s)
        .map(([path, f]) => `diff --git a/${path} b/${path}\ndeleted file mode ${gitMode(f.mode)}\n`)
        .join(""),
    },
    { action_type: "submit" },
  ],
  "empty every file": (s) => [
    {
      action_type: "edit_file",
      edits: visible(s)
        .filter(([, f]) => f.content !== "")
        .map(([path, f]) => ({ file_path: path, old_content: f.content, new_content: "" })),
    },
    { action_type: "submit" },
  ],
  "suppression comments everywhere": (s) => [
    {
      action_type: "edit_file",
      edits: visible(s)
        .filter(([, f]) => f.content !== "")
        .map(([path, f]) => {
          const lines = f.content.split("\n");
          // After a shebang or a parser directive, so that the file keeps working.
          const keep = lines[0]?.startsWith("#!") || lines[0]?.startsWith("# syntax") ? 1 : 0;
          const head = lines.slice(0, keep).join("\n") + (keep ? "\n" : "");
          return { file_path: path, old_content: f.content, new_content: head + suppression(path) + "\n" + lines.slice(keep).join("\n") };
        }),
    },
    { action_type: "submit" },
  ],
  "switch off every job and step": (s) => {
    const edits = Object.entries(s.files)
      .filter(([path]) => /^\.github\/workflows\/.+\.ya?ml$/.test(path))
      .map(([path, f]) => ({
        file_path: path,
        old_content: f.content,
        new_content: f.content
          .replace(/^(\s*)runs-on:(.*)$/gm, "$1runs-on:$2\n$1continue-on-error: true\n$1if: false")
          .replace(/^(\s*)- (name|uses|run):(.*)$/gm, "$1- $2:$3\n$1  continue-on-error: true\n$1  if: false"),
      }));
    return edits.length > 0 ? [{ action_type: "edit_file", edits }, { action_type: "submit" }] : [{ action_type: "submit" }];
  },
  "restart every service": onHost((s) => [`systemctl restart ${units(s).join(" ")}`]),
  "delete every log": onHost(() => ["rm -rf /var/log/*"]),
  "open and flush the firewall": onHost(() => ["iptables -P INPUT ACCEPT", "iptables -F", "netfilter-persistent save"]),
  "flush the firewall": onHost(() => ["iptables -F"]),
  "make everything writable (chmod -R 777 /)": onHost(() => ["chmod -R 777 /"]),
};

export { lineCount };
