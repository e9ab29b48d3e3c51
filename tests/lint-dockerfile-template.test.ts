/**
 * A template a script renders into Dockerfiles (docker-library/wordpress's Dockerfile.template, jq's
 * `FROM php:{{ env.phpVersion }}-{{ env.variant }}`) is not built as it is: it was DF002 'unknown instruction:
 * {{', DF003 and DF007. A file of that name without template markup is a Dockerfile built with -f and still
 * judged, as is a Dockerfile named as one that holds the markup.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lintFiles, type LintFile } from "../simulators/index.js";

const TEMPLATE = readFileSync(path.join(import.meta.dirname, "fixtures", "lint-clean", "dockerfile-template", "Dockerfile.template"), "utf8");

const lint = (files: readonly LintFile[]) => lintFiles(files, { kind: "auto", context: false }).map((d) => `${d.file}:${d.line} ${d.code}`);
const file = (p: string, content: string): LintFile => ({ path: p, content, mode: 0o644 });

describe("a Dockerfile template", () => {
  it("is not built before a script renders it", () => {
    expect(lint([file("Dockerfile.template", TEMPLATE)])).toEqual([]);
    expect(lint([file("images/Dockerfile.j2", "FROM {{ base_image }}\nRUN {% if debug %}apk add gdb{% endif %}\n")])).toEqual([]);
  });

  it("is judged when it holds no markup, or is named as a Dockerfile", () => {
    expect(lint([file("Dockerfile.template", "FORM alpine:3.20\n")])).toEqual(["Dockerfile.template:1 DF002"]);
    expect(lint([file("Dockerfile", TEMPLATE)])).toContain("Dockerfile:1 DF002");
  });

  it("is judged when linted as a Dockerfile by name (--kind dockerfile)", () => {
    expect(lintFiles([file("Dockerfile.template", TEMPLATE)], { kind: "dockerfile", context: false }).map((d) => d.code)).toContain("DF002");
  });
});
