/**
 * A repository that keeps alternative deployments of one application (GoogleCloudPlatform/bank-of-anthos:
 * extras/cloudsql/ and extras/postgres-hpa/, each with its own Service "frontend") routes an Ingress to the
 * Service beside it, not to the first of that name anywhere; a port that Service lacks is still refused.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const REPO = path.join(import.meta.dirname, "fixtures", "alternative-deployments");
const HPA = "extras/postgres-hpa/kubernetes-manifests/frontend.yaml";

function filesUnder(dir: string): LintFile[] {
  const walk = (d: string): string[] => readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
  return walk(dir).map((f) => ({ path: path.relative(dir, f).split(path.sep).join("/"), content: readFileSync(f, "utf8"), mode: 0o644 }));
}

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`);

describe("alternative deployments in one repository", () => {
  it("route each Ingress to the Service of its own file: the repository lints clean", () => {
    expect(lint(filesUnder(REPO))).toEqual([]);
  });

  it("prefer a Service in the Ingress's own directory to one elsewhere", () => {
    const files = filesUnder(REPO).flatMap((f) => {
      if (f.path !== HPA) return [f];
      const [service, ingress] = f.content.split("---\n");
      return [{ ...f, content: ingress! }, { ...f, path: HPA.replace("frontend.yaml", "frontend-service.yaml"), content: service! }];
    });
    expect(lint(files)).toEqual([]);
  });

  it("still refuses a backend port the Service beside it lacks", () => {
    const files = filesUnder(REPO).map((f) => (f.path === HPA ? { ...f, content: f.content.replace("number: 8080", "number: 80") } : f));
    expect(lint(files)).toEqual([`${HPA}:22 K8S032 ingress-nginx: Service "default/frontend" does not have any port 80`]);
  });
});
