/**
 * Judging a tag of an official image that the catalogue does not list, for lint of a user's own files. Docker
 * Hub keeps every tag an official image ever published (alpine:3.9, php:7.2-fpm, debian:jessie-slim), while
 * the catalogue lists the recent ones: it is a list of known tags, not of all tags. So an unlisted tag built
 * the way official tags are built (a version, then variant words such as `slim`, `alpine3.9`, `jessie`, `fpm`)
 * is unknown, not missing. It is missing when it can be shown not to exist: a word that is a near miss of a
 * known one (`slimm`, `alpne`), or a version newer than the image's newest release line.
 */
import type { CatalogueEntry } from "./catalogue.js";
import { typingDistance } from "./edit-distance.js";

/** What an unlisted tag looks like. */
export type UnlistedTag =
  | { verdict: "plausible" }
  /** A word no official tag uses, and no near miss of one: cannot be judged. */
  | { verdict: "unrecognised"; word: string }
  /** A near miss of a variant word (`slimm` for `slim`): such a tag is never published. */
  | { verdict: "misspelt"; word: string; meant: string }
  /** A version newer than the newest release line the facts know (NEWEST_LINES). */
  | { verdict: "beyond-newest"; version: string; newest: string };

/**
 * Variant words of official tags across images and years, beyond those the catalogue's own tags use: every word
 * the tags of the catalogue's images have used since 2014 (docker-library/official-images, library/<image>
 * history), and Debian and Ubuntu codenames back to the first images.
 */
const COMMON_WORDS = [
  // Debian
  "buzz", "rex", "bo", "hamm", "slink", "potato", "woody", "sarge", "etch", "lenny", "squeeze", "wheezy", "jessie", "stretch",
  "buster", "bullseye", "bookworm", "trixie", "forky", "duke", "sid", "experimental", "stable", "oldstable", "oldoldstable",
  "testing", "unstable", "backports", "buggy", "slim", "debian",
  // Ubuntu
  "warty", "hoary", "breezy", "dapper", "edgy", "feisty", "gutsy", "hardy", "intrepid", "jaunty", "karmic", "lucid", "maverick",
  "natty", "oneiric", "precise", "quantal", "raring", "saucy", "trusty", "utopic", "vivid", "wily", "xenial", "yakkety", "zesty",
  "artful", "bionic", "cosmic", "disco", "eoan", "focal", "groovy", "hirsute", "impish", "jammy", "kinetic", "lunar", "mantic",
  "noble", "oracular", "plucky", "questing", "resolute", "rolling", "devel", "ubuntu",
  // other bases
  "alpine", "edge", "musl", "glibc", "uclibc", "buildroot", "centos", "oraclelinux", "oracle", "ubi", "minimal", "amazonlinux", "al",
  "windowsservercore", "servercore", "nanoserver", "ltsc", "sac", "windows", "scm", "curl", "browsers",
  // architectures
  "amd64", "arm64", "arm64v8", "arm32v5", "arm32v6", "arm32v7", "armhf", "armel", "arm", "i386", "ppc64le", "s390x", "riscv64", "mips64le",
  "32bit", "cross",
  // language images
  "onbuild", "lts", "current", "argon", "boron", "carbon", "dubnium", "erbium", "fermium", "gallium", "hydrogen", "iron", "jod",
  "krypton", "chakracore", "fpm", "apache", "cli", "zts", "jdk", "jre", "eclipse", "temurin", "openjdk", "adoptopenjdk",
  "amazoncorretto", "corretto", "ibmjava", "ibm", "semeru", "openj", "hotspot", "graalvm", "graal", "community", "sapmachine",
  "liberica", "zulu", "microsoft", "full", "headless", "builder", "perl", "otel", "mainline", "nonroot", "debug", "innovation",
  "docs", "and",
  // traefik's release names
  "banon", "beaufort", "brie", "camembert", "cancoillotte", "cantal", "chabichou", "chaource", "chevrotin", "comte", "epoisses",
  "faisselle", "langres", "livarot", "maroilles", "mimolette", "montdor", "morbier", "munster", "picodon", "raclette", "ramequin",
  "reblochon", "rocamadour", "roquefort", "saintmarcelin", "saintnectaire", "stonking", "tetedemoine", "vacherin",
  // pre-releases, milestones, patch levels and channels
  "rc", "beta", "alpha", "ea", "dev", "nightly", "snapshot", "preview", "tip", "latest", "m", "M", "p",
];

/**
 * The newest version line each official image publishes, pre-releases included (docker-library/official-images,
 * library/<image>, 2026-08-21), at the precision its lines move by: node's majors, python's minors. A tag
 * beyond it is missing; refresh these with the facts.
 */
const NEWEST_LINES: Record<string, string> = {
  python: "3.15", node: "26", golang: "1.27", rust: "1", ruby: "4.0", php: "8.6", openjdk: "28", "eclipse-temurin": "26",
  maven: "4", gradle: "9", nginx: "1.31", httpd: "2.4", traefik: "3", caddy: "2", alpine: "3.24", debian: "13", ubuntu: "26.10",
  busybox: "1.38", redis: "8", postgres: "19", mysql: "26", mariadb: "13", mongo: "8",
};

/**
 * A version (`3.9`, `v3.1`, `8u402`, `3.13.0rc1`, `8.1.19RC1`, `3.17.0_rc1`, `11.0.22_7`) or a JDK build
 * number (`b06`, `b07.1`).
 */
const VERSION = /^(?:v?\d+(?:\.\d+)*(?:[._]?(?:a|b|rc|alpha|beta|ea|u|p|dev|pre|preview)\.?\d*(?:\.\d+)*)?(?:[_+.]\d+)*|b\d+(?:\.\d+)?)$/i;
/** A word with a version joined to it: `alpine3.9`, `ltsc2022`, `jdk17`, `rc.1`, `p551`. */
const WORD_WITH_VERSION = /^([A-Za-z]+)[._]?(\d[\d._]*)$/;

interface Vocabulary {
  words: Set<string>;
  /** The newest version leading a tag, as numbers (`3.14.2` → [3, 14, 2]), and as written. */
  newest: { parts: number[]; written: string } | null;
}

const vocabularies = new WeakMap<CatalogueEntry, Vocabulary>();

/** A version's numeric parts: `v3.1` → [3, 1], `8u402` → [8], `3.13.0rc1` → [3, 13, 0]. */
function versionParts(version: string): number[] {
  return version.replace(/^v/, "").split(/[._+]/).map((p) => Number(/^\d+/.exec(p)?.[0] ?? "NaN")).filter((n) => !Number.isNaN(n));
}

/** Dated snapshot tags (`alpine:20240329`, `ubuntu:jammy-20240111`) are not release versions. */
function isDate(parts: readonly number[]): boolean {
  return (parts[0] ?? 0) >= 1000;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

function vocabularyOf(entry: CatalogueEntry, key: string): Vocabulary {
  const cached = vocabularies.get(entry);
  if (cached) return cached;
  const words = new Set(COMMON_WORDS);
  let newest: Vocabulary["newest"] = null;
  for (const tag of entry.tags.keys()) {
    const tokens = tag.split("-");
    for (const token of tokens) {
      if (VERSION.test(token)) continue;
      words.add(WORD_WITH_VERSION.exec(token)?.[1] ?? token);
    }
    const lead = tokens[0]!;
    if (!/^v?\d/.test(lead) || !VERSION.test(lead)) continue;
    const parts = versionParts(lead);
    if (!isDate(parts) && (newest === null || compare(parts, newest.parts) > 0)) newest = { parts, written: lead };
  }
  // The facts' release lines win over the catalogue's own tags; nginx-unprivileged follows nginx's versions.
  const name = key.replace(/^docker\.io\/(?:library|nginxinc)\//, "").replace(/^nginx-unprivileged$/, "nginx");
  const line = NEWEST_LINES[name];
  if (line !== undefined) newest = { parts: versionParts(line), written: line };
  const vocabulary = { words, newest };
  vocabularies.set(entry, vocabulary);
  return vocabulary;
}

/**
 * How far a word may be from a known one to count as its misspelling: one slip (a transposition counts as one),
 * two in long words; none in short words, which sit too close together (`jdk`, `jre`).
 */
function tolerance(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * What an unlisted tag of a catalogue repository is. `key` is the repository as `registry/repository`.
 * @example judgeUnlistedTag(entry, "docker.io/library/php", "7.2-fpm") // { verdict: "plausible" }
 * @example judgeUnlistedTag(entry, "docker.io/library/python", "3.9-slimm") // { verdict: "misspelt", word: "slimm", meant: "slim" }
 */
export function judgeUnlistedTag(entry: CatalogueEntry, key: string, tag: string): UnlistedTag {
  const { words, newest } = vocabularyOf(entry, key);
  const tokens = tag.split("-");
  let unrecognised: string | null = null;
  for (const token of tokens) {
    if (token === "" || VERSION.test(token) || words.has(token)) continue;
    const split = WORD_WITH_VERSION.exec(token);
    if (split && words.has(split[1]!)) continue;
    const word = split ? split[1]! : token;
    const limit = tolerance(word);
    let meant: string | null = null;
    if (limit > 0) {
      for (const known of words) {
        if (Math.abs(known.length - word.length) <= limit && typingDistance(word, known) <= limit) {
          meant = known + (split ? split[2]! : "");
          break;
        }
      }
    }
    if (meant !== null) return { verdict: "misspelt", word: token, meant };
    unrecognised ??= token;
  }
  const lead = tokens[0] ?? "";
  // The newest lines count their pre-releases (python 3.15-rc), so a pre-release beyond them is missing too.
  if (newest && /^v?\d/.test(lead) && VERSION.test(lead)) {
    const parts = versionParts(lead);
    const precision = Math.min(parts.length, newest.parts.length, 2);
    if (!isDate(parts) && compare(parts.slice(0, precision), newest.parts.slice(0, precision)) > 0) {
      return { verdict: "beyond-newest", version: lead, newest: newest.written };
    }
  }
  return unrecognised === null ? { verdict: "plausible" } : { verdict: "unrecognised", word: unrecognised };
}
