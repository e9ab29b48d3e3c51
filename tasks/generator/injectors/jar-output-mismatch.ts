/**
 * jar-output-mismatch: a Java image copies a jar its build tool does not write: a version the build file no
 * longer has (`ledger-1.3.0.jar` after the pom moved to 1.4.0) or the other tool's directory (Maven's target/
 * where Gradle writes build/libs/). BuildKit fails the copy: `failed to compute cache key: … not found`
 * (DF011). The jar's name comes from pom.xml or build.gradle, the path from the Dockerfile.
 *
 * Split rule: train copies an older version of the jar or the development SNAPSHOT of this one; test copies
 * it from the other build tool's output directory, which train never shows.
 */
import { defineInjector } from "../injector.js";
import type { GenFile } from "../injector.js";
import { copiesFrom, deliveryBuilds, instructionSpan, readDockerfile } from "./delivery/builds.js";
import { applied, change, detections } from "./delivery/edits.js";

const JAR = /^(.*\/)(target|build\/libs)\/([^/]+)$/;

/** The artifact and version the Maven project in `dir` builds, from its pom.xml (the project's, not its parent's). */
function mavenArtifact(files: ReadonlyMap<string, GenFile>, dir: string): { name: string; version: string } | null {
  const pom = files.get(dir === "." ? "pom.xml" : `${dir}/pom.xml`)?.content;
  if (!pom) return null;
  const own = pom.replace(/<parent>[\s\S]*?<\/parent>/, "");
  const name = /<artifactId>([^<]+)<\/artifactId>/.exec(own)?.[1];
  const version = /<version>([^<]+)<\/version>/.exec(own)?.[1];
  return name && version ? { name, version } : null;
}

/** A version just before `version` (1.4.0 → 1.3.0, 2.0.0 → 1.9.0), or null when it is not x.y.z. */
function older(version: string): string | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m) return null;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return minor > 0 ? `${major}.${minor - 1}.0` : major > 0 ? `${major - 1}.9.0` : null;
}

export const jarOutputMismatch = defineInjector({
  kind: "jar-output-mismatch",
  layer: "pipeline",
  summary: "A Java image copies a jar its build tool does not write (old version, other tool's directory): `… not found` (DF011)",
  inject(ctx) {
    const test = ctx.split === "test";
    const builds = deliveryBuilds(ctx.files, ctx.world);
    const candidates = [...new Set(builds.map((b) => b.dockerfile))].sort().flatMap((file) => {
      const parsed = readDockerfile(ctx.files, file);
      const context = builds.find((b) => b.dockerfile === file)?.context ?? ".";
      if (!parsed) return [];
      return copiesFrom(parsed).flatMap((copy) => {
        const m = JAR.exec(copy.source);
        if (!m || !m[3]!.endsWith(".jar")) return [];
        const [, prefix, dir, jar] = m as unknown as [string, string, string, string];
        if (test) {
          // The other tool's output directory; a glob that then matches nothing is not modelled, so names only.
          if (jar.includes("*")) return [];
          return [{ file, copy, wrong: `${prefix}${dir === "target" ? "build/libs" : "target"}/${jar}`, says: `${dir === "target" ? "Maven" : "Gradle"} writes it to ${dir}/` }];
        }
        const named = /^(.+)-(\d+\.\d+\.\d+)\.jar$/.exec(jar);
        const artifact = named ? { name: named[1]!, version: named[2]! } : jar === "*.jar" && dir === "target" ? mavenArtifact(ctx.files, context) : null;
        const previous = artifact && older(artifact.version);
        if (!artifact || !previous) return [];
        const says = `the build file's version is ${artifact.version}`;
        return [
          { file, copy, wrong: `${prefix}${dir}/${artifact.name}-${previous}.jar`, says },
          { file, copy, wrong: `${prefix}${dir}/${artifact.name}-${artifact.version}-SNAPSHOT.jar`, says },
        ];
      });
    });
    if (candidates.length === 0) return null;
    const { file, copy, wrong, says } = ctx.rng.pick(candidates);
    const content = ctx.files.get(file)!.content;
    const span = instructionSpan(content, copy.instruction);
    const line = content.slice(span[0], span[1]);
    const c = change(ctx, file, span, line.replace(` ${copy.source}`, ` ${wrong}`));
    if (!c) return null;
    return {
      kind: "jar-output-mismatch",
      layer: "pipeline",
      ...applied([c]),
      issue: {
        description: `${file} copies ${wrong} from the ${copy.from} stage, which the build never writes: ${says}.`,
        hint: "The build stage ran; the copy after it finds no such jar. Which file does the build tool produce, and where?",
        stage: "build",
        detection: detections("DF011", [file]),
      },
    };
  },
});
