/**
 * Layers import one way only. From the bottom: the simulators; the wire and scenario contracts; the tasks;
 * the episode engine; the grader (which judges episodes and replays them through the engine); then the
 * agents, the server and the library API. A module may import its own layer or one below it, never above.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const ORDER = ["simulators", "contracts", "tasks", "environment", "graders", "generator", "baseline", "server", "lib"];

function sources(dir: string): string[] {
  let entries: string[] = [];
  try {
    entries = readdirSync(path.join(ROOT, dir));
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) return name === "bases" || name === "node_modules" ? [] : sources(rel);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [rel] : [];
  });
}

describe("layers", () => {
  it("never import upwards", () => {
    const upward: string[] = [];
    for (const layer of ORDER) {
      for (const file of sources(layer)) {
        for (const m of readFileSync(path.join(ROOT, file), "utf8").matchAll(/from "(\.[^"]+)"/g)) {
          const target = path.normalize(path.join(path.dirname(file), m[1]!)).split(path.sep)[0]!;
          if (ORDER.includes(target) && ORDER.indexOf(target) > ORDER.indexOf(layer)) upward.push(`${file} imports ${m[1]}`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it("keep parsing in the simulators: the grader reads facts, never a Dockerfile, workflow, manifest or script", () => {
    const parsers = /from "(yaml|dockerfile-ast|@actions\/workflow-parser)"|simulators\/(docker\/parse|shell\/parse|workflow\/source|k8s\/manifests)\.js"|\bparseDockerfile\b|\bparseScript\b|\breadWorkflowSource\b/;
    const offenders = sources("graders").filter((file) => parsers.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
