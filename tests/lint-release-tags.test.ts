/**
 * A release tagged from a value the run cannot know (stefanprodan/podinfo's release.yml: metadata-action's
 * `type=raw,value=${{ steps.prep.outputs.VERSION }}`, the Git tag that triggered it) may push the tag a manifest
 * deploys: PIPE002 is undecided, not a warning. With every tag known, a deployed tag none of them is still warned.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "lint-clean", "release-tags");
const WORKFLOW = ".github/workflows/release.yml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: true }).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);
const withWorkflow = (edit: (text: string) => string) => filesUnder(REPO).map((f) => (f.path === WORKFLOW ? { ...f, content: edit(f.content) } : f));
const UNKNOWN_TAG = "type=raw,value=${{ steps.prep.outputs.VERSION }}";

describe("a release tagged with a version the run cannot know", () => {
  it("may push the deployed tag: the repository lints clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("may push it with docker push too", () => {
    // Without setup-buildx-action, whose docker-container builder would keep the image out of the local store.
    const cli = (text: string) =>
      text.slice(0, text.indexOf("      - name: Generate images meta")).replace(/      - name: Setup Docker Buildx\n(?:        .*\n)+/, "") +
      "      - run: |\n          docker build -t ghcr.io/stefanprodan/podinfo:${{ steps.prep.outputs.VERSION }} .\n          docker push ghcr.io/stefanprodan/podinfo:${{ steps.prep.outputs.VERSION }}\n";
    expect(lint(withWorkflow(cli))).toEqual([]);
  });

  it("still warns of a deployed tag that none of the known tags is", () => {
    const warned = (shown: string) => `kustomize/deployment.yaml:26 PIPE002 kustomize/deployment.yaml deploys ghcr.io/stefanprodan/podinfo:6.14.1, but ${WORKFLOW} pushes it only as ${shown}; the pull fails unless the registry still holds :6.14.1`;
    expect(lint(withWorkflow((t) => t.replace(UNKNOWN_TAG, "type=raw,value=6.14.0")))).toEqual([warned(":6.14.0, :latest")]);
    expect(lint(withWorkflow((t) => t.replace(UNKNOWN_TAG, "6.14.0,prefix=v")))).toEqual([warned(":latest, :v6.14.0")]);
    expect(lint(withWorkflow((t) => t.replace(UNKNOWN_TAG, "type=raw,value=6.14.1,enable=false")))).toEqual([warned(":latest")]);
  });
});
