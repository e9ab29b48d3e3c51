/**
 * python (Docker Hub official image). Variants per minor follow the Debian and Alpine releases that were
 * current while that minor was maintained: 2.7 predates bullseye, 3.7 ended before bookworm's images,
 * trixie arrived (Aug 2025) for 3.10 onwards.
 */
import { alpine, debianFull, debianSlim } from "./configs.js";
import { patches, tagProduct } from "./tags.js";
import { official, type CatalogueImage, type TagFamily } from "./types.js";

interface Minor {
  version: string;
  debian: readonly string[];
  alpine: readonly string[];
}

const MINORS: readonly Minor[] = [
  { version: "2.7", debian: ["buster", "stretch"], alpine: ["3.10", "3.11"] },
  { version: "3.6", debian: ["bullseye", "buster", "stretch"], alpine: ["3.14", "3.15"] },
  { version: "3.7", debian: ["bullseye", "buster"], alpine: ["3.16", "3.17", "3.18"] },
  { version: "3.8", debian: ["bookworm", "bullseye", "buster"], alpine: ["3.17", "3.18", "3.19", "3.20"] },
  { version: "3.9", debian: ["bookworm", "bullseye", "buster"], alpine: ["3.17", "3.18", "3.19", "3.20", "3.21", "3.22"] },
  { version: "3.10", debian: ["trixie", "bookworm", "bullseye", "buster"], alpine: ["3.17", "3.18", "3.19", "3.20", "3.21", "3.22"] },
  { version: "3.11", debian: ["trixie", "bookworm", "bullseye", "buster"], alpine: ["3.17", "3.18", "3.19", "3.20", "3.21", "3.22"] },
  { version: "3.12", debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.18", "3.19", "3.20", "3.21", "3.22"] },
  { version: "3.13", debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.20", "3.21", "3.22"] },
  { version: "3.14", debian: ["trixie", "bookworm"], alpine: ["3.22"] },
];

/**
 * Last patch release per minor that has images (older patch tags stay on Docker Hub). Patch tags get the
 * minor's variants: a few early patches predate a Debian release, which accepts a handful of tags too many
 * rather than rejecting real ones.
 */
const LAST_PATCH: Record<string, number> = {
  "3.8": 20, "3.9": 23, "3.10": 19, "3.11": 14, "3.12": 12, "3.13": 9, "3.14": 2,
};

/** The tags `3`, `latest`, `slim`, … follow the newest minor, so they carry its Debian releases. */
const NEWEST_DEBIAN = ["trixie", "bookworm", "bullseye"];
const NEWEST_ALPINE = ["3.20", "3.21", "3.22"];

/** The release a minor's images carry in PYTHON_VERSION, as the official images set it. */
function fullVersion(minor: string): string {
  const last = LAST_PATCH[minor] ?? { "2.7": 18, "3.6": 15, "3.7": 17 }[minor] ?? 0;
  return `${minor}.${last}`;
}

function pythonConfigs(major: "2" | "3", minor: string) {
  const py = major === "2" ? ["python", "python2", "pip", "pip2"] : ["python", "python3", "pip", "pip3"];
  const overlay = { binaries: py, cmd: [major === "2" ? "python2" : "python3"], env: { PATH: "/usr/local/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", LANG: "C.UTF-8", PYTHON_VERSION: fullVersion(minor) } };
  return { full: debianFull(overlay), slim: debianSlim(overlay), alpine: alpine(overlay) };
}

function families(versions: readonly string[], debian: readonly string[], alpineMinors: readonly string[], major: "2" | "3", minor: string): TagFamily[] {
  const configs = pythonConfigs(major, minor);
  return [
    { tags: tagProduct(versions, ["", ...debian.map((d) => `-${d}`)]), config: configs.full },
    { tags: tagProduct(versions, ["-slim", ...debian.map((d) => `-slim-${d}`)]), config: configs.slim },
    { tags: tagProduct(versions, ["-alpine", ...alpineMinors.map((a) => `-alpine${a}`)]), config: configs.alpine },
  ];
}

function pythonFamilies(): TagFamily[] {
  const out: TagFamily[] = [];
  for (const minor of MINORS) {
    const major = minor.version.startsWith("2") ? "2" : "3";
    const last = LAST_PATCH[minor.version];
    const versions = [minor.version, ...(last === undefined ? [] : patches({ [minor.version]: last }))];
    if (minor.version === "2.7") versions.push("2.7.18", "2");
    if (minor.version === "3.6") versions.push("3.6.15");
    if (minor.version === "3.7") versions.push("3.7.17");
    out.push(...families(versions, minor.debian, minor.alpine, major, minor.version));
  }
  out.push(...families(["3", ""], NEWEST_DEBIAN, NEWEST_ALPINE, "3", MINORS[MINORS.length - 1]!.version));
  return out;
}

export const PYTHON: CatalogueImage = official("python", pythonFamilies());
