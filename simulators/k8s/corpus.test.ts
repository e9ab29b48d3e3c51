/**
 * The simulator on realistic input: a clean corpus of manifests of every shape real projects use must stay
 * clean when linted, and hostile input must give diagnostics, never an exception.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../repository.js";
import { EMPTY_WORLD } from "../world.js";
import { k8sSimulator, looksLikeManifest } from "./index.js";

const CORPUS = path.resolve(import.meta.dirname, "../../tests/fixtures/lint-clean/k8s");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function lint(files: Record<string, string>) {
  return k8sSimulator.simulate(repositoryFrom(files), EMPTY_WORLD, { worldKnown: false });
}

describe("k8s clean corpus", () => {
  const files = Object.fromEntries(filesUnder(CORPUS).map((f) => [`k8s/${path.relative(CORPUS, f)}`, readFileSync(f, "utf8")]));

  it("has at least 15 manifests", () => {
    expect(Object.keys(files).filter((f) => !f.endsWith("kustomization.yaml")).length).toBeGreaterThanOrEqual(15);
  });

  it("reports nothing on the whole corpus", () => {
    expect(lint(files).diagnostics).toEqual([]);
  });

  // Kustomizations come along: they say which files are patches, partial objects never applied alone.
  const kustomizations = Object.fromEntries(Object.entries(files).filter(([f]) => f.endsWith("kustomization.yaml")));
  for (const [file, content] of Object.entries(files)) {
    it(`reports nothing on ${file} alone`, () => {
      expect(lint({ ...kustomizations, [file]: content }).diagnostics).toEqual([]);
    });
  }

  it("recognises manifests by content anywhere, and skips YAML that is not Kubernetes", () => {
    expect(looksLikeManifest("apiVersion: v1\nkind: Service\n")).toBe(true);
    expect(looksLikeManifest("name: CI\non: push\n")).toBe(false);
    const result = lint({ "ops/svc.yml": "apiVersion: v1\nkind: Servce\nmetadata:\n  name: x\n", ".github/workflows/ci.yml": "name: CI\non: push\n", "docker-compose.yml": "services: {}\n" });
    expect(result.diagnostics.map((d) => [d.file, d.code])).toEqual([["ops/svc.yml", "K8S004"]]);
  });
});

describe("k8s hostile input", () => {
  const bomb = (() => {
    let text = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bomb\ndata:\n  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    let previous = "a";
    for (const name of "bcdefghi") {
      text += `  ${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]\n`;
      previous = name;
    }
    return text;
  })();
  const huge = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: huge\ndata:\n${Array.from({ length: 120_000 }, (_, i) => `  key${i}: "value number ${i} with some padding"`).join("\n")}\n`;
  const deepFlow = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: deep\ndata: ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`;
  const deepBlock = Array.from({ length: 10_000 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n");
  const cases: Record<string, string> = {
    "invalid YAML": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: app: web\n",
    "alias bomb": bomb,
    "10 000-deep flow nesting": deepFlow,
    "10 000-deep block nesting": deepBlock,
    "scalar document": "just a string\n",
    "unterminated quote": 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "x\n',
  };

  for (const [name, content] of Object.entries(cases)) {
    it(`gives diagnostics, not an exception: ${name}`, () => {
      const result = lint({ "k8s/hostile.yaml": content });
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expect(result.diagnostics.every((d) => d.stage === "deploy" && d.line >= 1)).toBe(true);
    });
  }

  it("refuses a 5 MB object as the API server does", () => {
    expect(huge.length).toBeGreaterThan(5_000_000);
    const result = lint({ "k8s/huge.yaml": huge });
    expect(result.diagnostics.map((d) => d.message)).toEqual(['Error from server (RequestEntityTooLarge): error when creating "k8s/huge.yaml": Request entity too large: limit is 3145728']);
  });

  it("reads a 5 MB file of many small documents", () => {
    const many = Array.from({ length: 25_000 }, (_, i) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c${i}\ndata:\n  key: "value number ${i}"\n`).join("---\n");
    expect(many.length).toBeGreaterThan(2_000_000);
    expect(lint({ "k8s/many.yaml": many }).diagnostics).toEqual([]);
  }, 60_000);
});
