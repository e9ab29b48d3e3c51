/**
 * Java images: eclipse-temurin (the usual JDK base since openjdk was deprecated in 2022), the frozen
 * openjdk tags people still write, and the maven and gradle build images layered on them.
 */
import type { ImageConfig } from "../../world.js";
import { alpine, COREUTILS, debianSlim, ubuntu, type ConfigOverlay } from "./configs.js";
import { range, tagProduct } from "./tags.js";
import { official, type CatalogueImage, type TagFamily } from "./types.js";

const JAVA_HOME = "/opt/java/openjdk";
const JAVA_PATH = `${JAVA_HOME}/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin`;
const jre: ConfigOverlay = { binaries: ["java", "keytool"], env: { JAVA_HOME, PATH: JAVA_PATH } };
const jdk: ConfigOverlay = { binaries: ["java", "keytool", "javac", "jar", "jshell"], env: { JAVA_HOME, PATH: JAVA_PATH }, cmd: ["jshell"] };

/** Ubuntu releases each temurin major is built on. */
const TEMURIN: Record<string, readonly string[]> = {
  "8": ["noble", "jammy", "focal"],
  "11": ["noble", "jammy", "focal"],
  "17": ["noble", "jammy", "focal"],
  "21": ["noble", "jammy"],
  "25": ["noble"],
};

function temurinFamilies(): TagFamily[] {
  const out: TagFamily[] = [];
  for (const [major, ubuntus] of Object.entries(TEMURIN)) {
    const versions = major === "25" ? [major, ""] : [major];
    const ub = ubuntus.map((u) => `-${u}`);
    out.push(
      { tags: tagProduct(versions, ["", "-jdk", ...ub, ...ub.map((u) => `-jdk${u}`)]), config: ubuntu(jdk, ubuntus[0] === "noble") },
      { tags: tagProduct(versions, ["-jre", ...ub.map((u) => `-jre${u}`)]), config: ubuntu({ ...jre, cmd: ["bash"] }, ubuntus[0] === "noble") },
      { tags: tagProduct(versions, ["-alpine", "-jdk-alpine"]), config: alpine(jdk) },
      { tags: tagProduct(versions, ["-jre-alpine"]), config: alpine(jre) },
    );
  }
  return out;
}
export const ECLIPSE_TEMURIN: CatalogueImage = official("eclipse-temurin", temurinFamilies());

// openjdk stopped at these tags (deprecated 2022); they are still pullable and still written.
const openjdkOverlay = (kind: ConfigOverlay): ConfigOverlay => ({ ...kind, env: { JAVA_HOME: "/usr/local/openjdk", PATH: `/usr/local/openjdk/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin` } });
export const OPENJDK: CatalogueImage = official("openjdk", [
  { tags: ["8", "8-jdk", "11", "11-jdk", "17", "17-jdk", "21", "21-jdk", "latest"], config: debianSlim({ ...openjdkOverlay(jdk), binaries: [...jdk.binaries!, "curl", "wget"] }) },
  { tags: ["8-jdk-slim", "11-jdk-slim", "17-slim", "17-jdk-slim", "21-slim", "21-jdk-slim"], config: debianSlim(openjdkOverlay(jdk)) },
  { tags: ["8-jre", "11-jre"], config: debianSlim({ ...openjdkOverlay(jre), binaries: [...jre.binaries!, "curl", "wget"] }) },
  { tags: ["8-jre-slim", "11-jre-slim"], config: debianSlim(openjdkOverlay(jre)) },
  { tags: ["8-jdk-alpine", "8-alpine"], config: alpine(openjdkOverlay(jdk)) },
  { tags: ["8-jre-alpine"], config: alpine(openjdkOverlay(jre)) },
]);

// maven: `<maven>-<jdk flavour>`; the build tool runs through its entrypoint script.
const mavenOverlay: ConfigOverlay = { ...jdk, binaries: [...jdk.binaries!, "mvn"], entrypoint: ["/usr/local/bin/mvn-entrypoint.sh"], cmd: ["mvn"], env: { ...jdk.env, MAVEN_HOME: "/usr/share/maven" } };
const MAVEN_VERSIONS = ["3", "3.9", ...range("3.9.", 0, 11), ""];
function mavenFamilies(): TagFamily[] {
  const temurin = ["8", "11", "17", "21"];
  const tagsFor = (versions: readonly string[], flavours: readonly string[]) =>
    tagProduct(versions, flavours.map((f) => `-${f}`)).filter((t) => t !== "latest");
  return [
    { tags: ["latest", ...tagsFor(MAVEN_VERSIONS, [...temurin.map((j) => `eclipse-temurin-${j}`), "eclipse-temurin-25"])], config: ubuntu(mavenOverlay) },
    { tags: tagsFor(MAVEN_VERSIONS, temurin.filter((j) => j !== "8").map((j) => `eclipse-temurin-${j}-alpine`)), config: alpine(mavenOverlay) },
    { tags: tagsFor(MAVEN_VERSIONS, ["amazoncorretto-8", "amazoncorretto-11", "amazoncorretto-17", "amazoncorretto-21"]), config: amazonLinux(mavenOverlay) },
    {
      tags: [
        ...tagsFor(["3", "3.8", "3.8.6", "3.8.7", "3.8.8"], ["openjdk-8", "openjdk-11", "openjdk-17"]),
        ...tagsFor(["3.8", "3.8.6", "3.8.7", "3.8.8"], ["eclipse-temurin-8", "eclipse-temurin-11", "eclipse-temurin-17"]),
        ...tagsFor(["3", "3.6", "3.6.3", "3.8.1"], ["jdk-8", "jdk-11"]),
        ...tagsFor(["3.6", "3.6.3", "3.8.1"], ["openjdk-8", "openjdk-11"]),
      ],
      config: debianSlim(mavenOverlay),
    },
  ];
}
/** Amazon Linux (corretto flavours): yum, bash, none of Debian's or Alpine's package tools. */
function amazonLinux(overlay: ConfigOverlay): ImageConfig {
  return { ...overlay, binaries: [...COREUTILS, "bash", "yum", ...(overlay.binaries ?? [])], platforms: ["linux/amd64", "linux/arm64"] };
}
export const MAVEN: CatalogueImage = official("maven", mavenFamilies());

// gradle: `<gradle>-jdk<N>[-alpine|-jammy|-noble]`; the image adds a `gradle` account and works in its home.
const gradleOverlay: ConfigOverlay = { ...jdk, binaries: [...jdk.binaries!, "gradle", "git"], users: ["gradle"], workdir: "/home/gradle", cmd: ["gradle"], env: { ...jdk.env, GRADLE_HOME: "/opt/gradle" } };
function gradleFamilies(): TagFamily[] {
  const lines: Array<[readonly string[], readonly string[]]> = [
    [["7", ...range("7.", 0, 6)], ["8", "11", "17"]],
    [["8", ...range("8.", 0, 14)], ["8", "11", "17", "21"]],
    [["9", "9.0", "9.1", "9.2", "9.0.0", "9.1.0", "9.2.0", ""], ["17", "21"]],
  ];
  const debianTags: string[] = ["latest"];
  const alpineTags: string[] = [];
  for (const [versions, jdks] of lines) {
    debianTags.push(...versions.filter((v) => v !== ""));
    for (const j of jdks) {
      debianTags.push(...tagProduct(versions, [`-jdk${j}`, `-jdk${j}-jammy`]));
      alpineTags.push(...tagProduct(versions, [`-jdk${j}-alpine`]));
    }
  }
  return [
    { tags: debianTags, config: ubuntu(gradleOverlay, false) },
    { tags: alpineTags, config: alpine(gradleOverlay) },
  ];
}
export const GRADLE: CatalogueImage = official("gradle", gradleFamilies());
