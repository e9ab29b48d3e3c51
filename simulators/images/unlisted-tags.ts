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
  /** A version newer than the newest release line the catalogue knows. */
  | { verdict: "beyond-newest"; version: string; newest: string };

/**
 * Variant words of official tags across images and years, beyond those the catalogue's own tags use: Debian
 * and Ubuntu codenames back to the first images, Windows bases, architectures, SAPIs, JDK vendors, pre-releases.
 */
const COMMON_WORDS = [
  // Debian
  "buzz", "rex", "bo", "hamm", "slink", "potato", "woody", "sarge", "etch", "lenny", "squeeze", "wheezy", "jessie", "stretch",
  "buster", "bullseye", "bookworm", "trixie", "forky", "duke", "sid", "experimental", "stable", "oldstable", "oldoldstable",
  "testing", "unstable", "backports", "slim", "debian",
  // Ubuntu
  "warty", "hoary", "breezy", "dapper", "edgy", "feisty", "gutsy", "hardy", "intrepid", "jaunty", "karmic", "lucid", "maverick",
  "natty", "oneiric", "precise", "quantal", "raring", "saucy", "trusty", "utopic", "vivid", "wily", "xenial", "yakkety", "zesty",
  "artful", "bionic", "cosmic", "disco", "eoan", "focal", "groovy", "hirsute", "impish", "jammy", "kinetic", "lunar", "mantic",
  "noble", "oracular", "plucky", "questing", "rolling", "devel", "ubuntu",
  // other bases
  "alpine", "edge", "musl", "glibc", "uclibc", "centos", "oraclelinux", "oracle", "ubi", "minimal", "amazonlinux", "al",
  "windowsservercore", "servercore", "nanoserver", "ltsc", "windows", "scm", "curl", "browsers",
  // architectures
  "amd64", "arm64", "arm64v8", "arm32v5", "arm32v6", "arm32v7", "armhf", "armel", "arm", "i386", "ppc64le", "s390x", "riscv64", "mips64le",
  // language images
  "onbuild", "lts", "current", "argon", "boron", "carbon", "dubnium", "erbium", "fermium", "gallium", "hydrogen", "iron", "jod",
  "krypton", "fpm", "apache", "cli", "zts", "jdk", "jre", "eclipse", "temurin", "openjdk", "amazoncorretto", "corretto", "ibmjava",
  "ibm", "semeru", "openj9", "hotspot", "graalvm", "graal", "community", "sapmachine", "liberica", "zulu", "microsoft", "full",
  "headless", "builder", "perl", "otel", "mainline", "nonroot", "debug", "innovation",
  // pre-releases and channels
  "rc", "beta", "alpha", "ea", "dev", "nightly", "snapshot", "preview", "tip", "latest",
];

/** Versions whose images outlived the catalogue's list: openjdk kept publishing early-access builds. */
const NEWEST_OVERRIDES: Record<string, string> = { "docker.io/library/openjdk": "26" };

/** A version (`3.9`, `v3.1`, `8u402`, `3.13.0rc1`, `11.0.22_7`) or a JDK build number (`b06`). */
const VERSION = /^(?:v?\d+(?:\.\d+)*(?:(?:a|b|rc|u|alpha|beta|ea)\.?\d*)?(?:[_+]\d+)?|b\d+)$/;
const PRE_RELEASE = /(?:\d(?:a|b|rc|alpha|beta)\d*$)|(?:^|-)(?:rc|alpha|beta|ea|dev|nightly|snapshot|preview)(?:\d|-|$)/;
const WORD_WITH_VERSION = /^([a-z]+)(\d[\d.]*)$/;

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
  const override = NEWEST_OVERRIDES[key];
  if (override !== undefined) newest = { parts: versionParts(override), written: override };
  const vocabulary = { words, newest };
  vocabularies.set(entry, vocabulary);
  return vocabulary;
}

/** How far a word may be from a known one to count as its misspelling; short words sit too close together. */
function tolerance(word: string): number {
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
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
  // Pre-releases of the next line are published before its release; dates are snapshots, not versions.
  if (newest && /^v?\d/.test(lead) && VERSION.test(lead) && !PRE_RELEASE.test(tag)) {
    const parts = versionParts(lead);
    const precision = Math.min(parts.length, 2);
    if (!isDate(parts) && compare(parts.slice(0, precision), newest.parts.slice(0, precision)) > 0) {
      return { verdict: "beyond-newest", version: lead, newest: newest.written };
    }
  }
  return unrecognised === null ? { verdict: "plausible" } : { verdict: "unrecognised", word: unrecognised };
}
