/**
 * Variant axes over a base's Dockerfiles, as teams write the same image differently: a BuildKit syntax
 * directive on the first line, and the OCI labels that link the image to its repository in the final stage.
 * Neither changes what the build copies, runs or starts.
 */
import type { GeneratorBase } from "../define-base.js";
import { defineAxis, type VariantAxis } from "./axis.js";
import { contentOf, editFiles } from "./rewrite.js";

const DOCKERFILE = /(^|\/)Dockerfile$/;

function dockerfiles(base: GeneratorBase): [string, string][] {
  return Object.entries(base.files)
    .filter(([p]) => DOCKERFILE.test(p))
    .map(([p, f]) => [p, contentOf(f)] as [string, string])
    .sort(([a], [b]) => a.localeCompare(b));
}

function perDockerfile(name: string, fits: (content: string) => boolean, choices: readonly string[], write: (base: GeneratorBase, content: string, choice: string) => string | null): VariantAxis {
  return defineAxis({
    name,
    decisions: (base) => dockerfiles(base).flatMap(([p, c]) => (fits(c) ? [{ key: `${name}:${p}`, written: choices[0]!, choices }] : [])),
    apply(base, picks) {
      const changes = dockerfiles(base).flatMap(([p, c]) => {
        const pick = picks.get(`${name}:${p}`);
        const after = pick === undefined || pick === choices[0] || !fits(c) ? null : write(base, c, pick);
        return after === null ? [] : [[p, after] as const];
      });
      return changes.length === 0 ? base : editFiles(base, (files) => changes.forEach(([p, c]) => files.set(p, c)));
    },
  });
}

export const syntaxAxis = perDockerfile(
  "syntax",
  (c) => !c.startsWith("#"),
  ["none", "docker/dockerfile:1"],
  (_, c, pick) => `# syntax=${pick}\n${c}`,
);

/** The final stage's FROM line: the labels go right under it, where they describe the image shipped. */
function finalFrom(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (/^FROM\s/i.test(lines[i]!)) return i;
  return -1;
}

export const labelAxis = perDockerfile(
  "oci-labels",
  (c) => !/^LABEL\s/im.test(c) && !c.includes("\\\nFROM"),
  ["none", "source", "source+MIT", "source+Apache-2.0"],
  (base, c, pick) => {
    const lines = c.split("\n");
    const at = finalFrom(lines);
    if (at < 0 || lines[at]!.trimEnd().endsWith("\\")) return null;
    const { owner, name } = base.world.repository;
    const labels = [`LABEL org.opencontainers.image.source="https://github.com/${owner}/${name}"`];
    const license = pick.startsWith("source+") ? pick.slice("source+".length) : null;
    if (license !== null) labels[0] += ` \\\n      org.opencontainers.image.licenses="${license}"`;
    lines.splice(at + 1, 0, ...labels);
    return lines.join("\n");
  },
);
