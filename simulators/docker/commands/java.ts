/**
 * Java build tools in a RUN step: `mvn package` and `gradle bootJar` read the project's build file from the
 * working directory and write the archive where the tool names it (Maven: target/<artifactId>-<version>.jar
 * or the pom's finalName; Gradle: build/libs/<rootProject.name>-<version>.jar, or bootJar's archiveFileName),
 * so that a later `COPY --from=build …/*.jar` finds it. A build file that is not there fails as the tool does.
 */
import path from "node:path";
import type { Image } from "../image.js";
import { entriesUnder, knownAbsent, mkdirs, resolveIn } from "../image.js";
import type { CommandResult, Handler } from "./command.js";
import { failure, ok, userName } from "./command.js";

/** Maven lifecycle phases that end with the project's archive in target/. */
const PACKAGING_PHASES = new Set(["package", "verify", "install", "deploy"]);

/** Options of mvn that take a value as the next argument. */
const MVN_VALUE_OPTIONS = new Set(["-f", "--file", "-s", "--settings", "-pl", "--projects", "-P", "--activate-profiles", "-T", "--threads", "-l", "--log-file", "-gs", "--global-settings", "-rf", "--resume-from"]);

/** Options of gradle that take a value as the next argument. */
const GRADLE_VALUE_OPTIONS = new Set(["-x", "--exclude-task", "-p", "--project-dir", "-b", "--build-file", "-c", "--settings-file", "-g", "--gradle-user-home", "-D", "-P", "--init-script", "-I"]);

function positional(args: readonly string[], valueOptions: ReadonlySet<string>): { positional: string[]; values: Map<string, string> } {
  const out: string[] = [];
  const values = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (valueOptions.has(a)) {
      values.set(a, args[i + 1] ?? "");
      i += 1;
    } else if (!a.startsWith("-")) out.push(a);
  }
  return { positional: out, values };
}

/** The text of an element that is a direct child of `<project>` (not of `<parent>`, `<dependencies>` …). */
function projectElement(pom: string, name: string): string | undefined {
  const body = pom.replace(/<!--[\s\S]*?-->/g, "");
  // Drop the nested sections whose elements share names with the project's own.
  const flat = body.replace(/<(parent|dependencies|dependencyManagement|build|profiles|modules|properties|reporting|distributionManagement|repositories|pluginRepositories|developers|licenses|scm)\b[\s\S]*?<\/\1>/g, "");
  return new RegExp(`<${name}>\\s*([^<]+?)\\s*</${name}>`).exec(flat)?.[1];
}

function parentElement(pom: string, name: string): string | undefined {
  const parent = /<parent>([\s\S]*?)<\/parent>/.exec(pom)?.[1];
  return parent ? new RegExp(`<${name}>\\s*([^<]+?)\\s*</${name}>`).exec(parent)?.[1] : undefined;
}

function writeArchive(image: Image, file: string): void {
  const owner = userName(image.user);
  mkdirs(image, path.posix.dirname(file), owner);
  image.fs.set(file, { type: "file", owner, mode: 0o644, content: "", byBuild: true });
}

/** Whether the image holds the project's main sources under `dir`; null when the model cannot say. */
function hasSources(image: Image, dir: string): boolean | null {
  if (entriesUnder(image, dir).some((p) => image.fs.get(p)?.type === "file")) return true;
  if (knownAbsent(image, dir)) return false;
  return image.exact && image.fs.get(dir)?.byBuild === true ? false : null;
}

function noPom(dir: string): CommandResult {
  return failure(
    1,
    "[INFO] Scanning for projects...",
    "[INFO] ------------------------------------------------------------------------",
    "[INFO] BUILD FAILURE",
    "[INFO] ------------------------------------------------------------------------",
    `[ERROR] The goal you specified requires a project to execute but there is no POM in this directory (${dir}). Please verify you invoked Maven from the correct directory. -> [Help 1]`,
  );
}

/** `mvn [options] <goals>`: a packaging phase writes the archive; a missing pom.xml fails the build. */
export const mvn: Handler = (args, cwd, { image, strict }) => {
  const { positional: goals, values } = positional(args, MVN_VALUE_OPTIONS);
  // `mvn --version` and the like need no project; every goal does, even dependency:go-offline.
  if (goals.length === 0) return ok;
  const pomPath = resolveIn(cwd, values.get("-f") ?? values.get("--file") ?? "pom.xml");
  const projectDir = path.posix.dirname(pomPath);
  const entry = image.fs.get(pomPath);
  if (!entry || entry.type !== "file") {
    if (knownAbsent(image, pomPath)) return noPom(projectDir);
    if (!strict) image.exact = false;
    return ok;
  }
  const packages = goals.some((g) => PACKAGING_PHASES.has(g));
  if (!packages) return ok;
  if (values.has("-pl") || values.has("--projects") || entry.content === undefined) {
    if (!strict) image.exact = false;
    return ok;
  }
  const pom = entry.content;
  const artifactId = projectElement(pom, "artifactId") ?? path.posix.basename(projectDir);
  const version = projectElement(pom, "version") ?? parentElement(pom, "version") ?? "";
  const packaging = projectElement(pom, "packaging") ?? "jar";
  if (packaging === "pom") return ok;
  const bootPlugin = /<artifactId>\s*spring-boot-maven-plugin\s*<\/artifactId>/.test(pom);
  if (bootPlugin && hasSources(image, path.posix.join(projectDir, "src/main/java")) === false) {
    const bootVersion = parentElement(pom, "artifactId") === "spring-boot-starter-parent" ? parentElement(pom, "version") : undefined;
    const plugin = `org.springframework.boot:spring-boot-maven-plugin${bootVersion ? `:${bootVersion}` : ""}:repackage`;
    return failure(
      1,
      "[INFO] BUILD FAILURE",
      `[ERROR] Failed to execute goal ${plugin} (repackage) on project ${artifactId}: Execution repackage of goal ${plugin} failed: Unable to find main class -> [Help 1]`,
    );
  }
  const finalName = /<build>[\s\S]*?<finalName>\s*([^<]+?)\s*<\/finalName>/.exec(pom)?.[1]?.replace(/\$\{project\.artifactId\}/g, artifactId).replace(/\$\{project\.version\}/g, version);
  const base = finalName ?? (version ? `${artifactId}-${version}` : artifactId);
  const target = path.posix.join(projectDir, "target");
  mkdirs(image, path.posix.join(target, "classes"), userName(image.user));
  writeArchive(image, path.posix.join(target, `${base}.${packaging}`));
  // spring-boot:repackage keeps the plain archive beside the executable one.
  if (bootPlugin) writeArchive(image, path.posix.join(target, `${base}.${packaging}.original`));
  return ok;
};

function readFile(image: Image, file: string): string | null | undefined {
  const entry = image.fs.get(file);
  if (entry?.type === "file") return entry.content ?? null;
  return knownAbsent(image, file) ? undefined : null;
}

function noGradleBuild(dir: string): CommandResult {
  return failure(
    1,
    "",
    "FAILURE: Build failed with an exception.",
    "",
    "* What went wrong:",
    `Directory '${dir}' does not contain a Gradle build.`,
    "",
    "A Gradle build should contain a 'settings.gradle' or 'settings.gradle.kts' file in its root directory. It may also contain a 'build.gradle' or 'build.gradle.kts' file.",
    "",
    "BUILD FAILED in 1s",
  );
}

/**
 * `gradle [options] <tasks>`: bootJar writes the executable jar, jar the plain one, build and assemble both
 * (Spring Boot 2.5+ names the plain one `-plain`), into build/libs/.
 */
export const gradle: Handler = (args, cwd, { image, strict }) => {
  const { positional: tasks, values } = positional(args, GRADLE_VALUE_OPTIONS);
  const dir = resolveIn(cwd, values.get("-p") ?? values.get("--project-dir") ?? ".");
  const names = ["settings.gradle", "settings.gradle.kts", "build.gradle", "build.gradle.kts"];
  const found = names.map((n) => ({ n, text: readFile(image, path.posix.join(dir, n)) }));
  if (found.every((f) => f.text === undefined)) return noGradleBuild(dir);
  const settings = found.find((f) => f.n.startsWith("settings") && typeof f.text === "string")?.text ?? "";
  const build = found.find((f) => f.n.startsWith("build") && typeof f.text === "string")?.text;
  if (typeof build !== "string") {
    // A build file the model cannot read: what the tasks write is unknown.
    if (!strict && found.some((f) => f.text === null)) image.exact = false;
    return ok;
  }
  const wants = (t: string) => tasks.some((task) => task === t || task.endsWith(`:${t}`));
  const springBoot = /org\.springframework\.boot/.test(build);
  const whole = wants("build") || wants("assemble");
  const boot = springBoot && (wants("bootJar") || whole);
  const plain = wants("jar") || whole;
  if (!boot && !plain) return ok;
  const name = /rootProject\.name\s*=\s*["']([^"']+)["']/.exec(settings)?.[1] ?? path.posix.basename(dir);
  // Gradle leaves the version out of the name while it is `unspecified`.
  const version = /^\s*version\s*=\s*["']([^"']+)["']/m.exec(build)?.[1];
  const stem = version && version !== "unspecified" ? `${name}-${version}` : name;
  const libs = path.posix.join(dir, "build/libs");
  if (boot) {
    const fixed = /bootJar\s*\{[^}]*archiveFileName(?:\s*=\s*|\.set\(\s*)["']([^"']+)["']/.exec(build)?.[1];
    writeArchive(image, path.posix.join(libs, fixed ?? `${stem}.jar`));
  }
  if (plain) writeArchive(image, path.posix.join(libs, springBoot ? `${stem}-plain.jar` : `${stem}.jar`));
  return ok;
};
