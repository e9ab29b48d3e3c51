/**
 * node (Docker Hub official image). Node names Debian variants `<release>-slim` (python says
 * `slim-<release>`), and tags LTS lines by codename (`iron` is 20, `jod` 22) besides `lts` and `current`.
 */
import { alpine, debianFull, debianSlim, type ConfigOverlay } from "./configs.js";
import { patches, range, tagProduct } from "./tags.js";
import { official, type CatalogueImage, type TagFamily } from "./types.js";

interface Major {
  major: number;
  codename?: string;
  debian: readonly string[];
  alpine: readonly string[];
  /** Minor versions published, 0 … lastMinor. */
  lastMinor: number;
  /** Patch releases beyond .0, for the minors people pin most. */
  patches?: Record<string, number>;
}

const MAJORS: readonly Major[] = [
  { major: 14, codename: "fermium", debian: ["bullseye", "buster", "stretch"], alpine: ["3.15", "3.16", "3.17"], lastMinor: 21,
    patches: { "14.15": 5, "14.16": 1, "14.17": 6, "14.18": 3, "14.19": 3, "14.20": 1, "14.21": 3 } },
  { major: 15, debian: ["buster", "stretch"], alpine: ["3.13"], lastMinor: 14 },
  { major: 16, codename: "gallium", debian: ["bullseye", "buster"], alpine: ["3.15", "3.16", "3.17", "3.18"], lastMinor: 20,
    patches: { "16.13": 2, "16.14": 2, "16.15": 1, "16.17": 1, "16.18": 1, "16.19": 1, "16.20": 2 } },
  { major: 17, debian: ["bullseye", "buster"], alpine: ["3.14", "3.15"], lastMinor: 9 },
  { major: 18, codename: "hydrogen", debian: ["bookworm", "bullseye", "buster"], alpine: ["3.16", "3.17", "3.18", "3.19", "3.20", "3.21"], lastMinor: 20,
    patches: { "18.12": 1, "18.14": 2, "18.16": 1, "18.17": 1, "18.18": 2, "18.19": 1, "18.20": 8 } },
  { major: 19, debian: ["bullseye", "buster"], alpine: ["3.16", "3.17"], lastMinor: 9 },
  { major: 20, codename: "iron", debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.17", "3.18", "3.19", "3.20", "3.21", "3.22"], lastMinor: 19,
    patches: { "20.5": 1, "20.8": 1, "20.9": 0, "20.10": 0, "20.11": 1, "20.12": 2, "20.13": 1, "20.15": 1, "20.18": 3, "20.19": 5 } },
  { major: 21, debian: ["bookworm", "bullseye"], alpine: ["3.18", "3.19", "3.20"], lastMinor: 7 },
  { major: 22, codename: "jod", debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.19", "3.20", "3.21", "3.22"], lastMinor: 21,
    patches: { "22.11": 0, "22.12": 0, "22.13": 1, "22.14": 0, "22.15": 1, "22.16": 0, "22.17": 1, "22.18": 0, "22.19": 0, "22.20": 0, "22.21": 1 } },
  { major: 23, debian: ["bookworm", "bullseye"], alpine: ["3.20", "3.21"], lastMinor: 11 },
  { major: 24, codename: "krypton", debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.21", "3.22"], lastMinor: 11,
    patches: { "24.0": 2, "24.4": 1, "24.11": 1 } },
  { major: 25, debian: ["trixie", "bookworm"], alpine: ["3.21", "3.22"], lastMinor: 2 },
];

/** The newest LTS line (what `lts` and the codename-less shared tags point at) and the newest line. */
const LTS = 24;
const CURRENT = 25;

function nodeOverlay(major: number): ConfigOverlay {
  // corepack shipped with node 16.9 to 24; node 25 dropped it.
  const tools = ["node", "npm", "npx", "yarn", ...(major >= 16 && major <= 24 ? ["corepack"] : [])];
  return { binaries: tools, users: ["node"], entrypoint: ["docker-entrypoint.sh"], cmd: ["node"] };
}

function families(names: readonly string[], m: Major): TagFamily[] {
  const overlay = nodeOverlay(m.major);
  return [
    { tags: tagProduct(names, ["", ...m.debian.map((d) => `-${d}`)]), config: debianFull(overlay) },
    { tags: tagProduct(names, ["-slim", ...m.debian.map((d) => `-${d}-slim`)]), config: debianSlim(overlay) },
    { tags: tagProduct(names, ["-alpine", ...m.alpine.map((a) => `-alpine${a}`)]), config: alpine(overlay) },
  ];
}

function nodeFamilies(): TagFamily[] {
  const out: TagFamily[] = [];
  for (const m of MAJORS) {
    const names = [String(m.major), ...range(`${m.major}.`, 0, m.lastMinor), ...range(`${m.major}.`, 0, m.lastMinor).map((minor) => `${minor}.0`), ...patches(m.patches ?? {}, 1)];
    if (m.codename) names.push(m.codename);
    if (m.major === LTS) names.push("lts");
    if (m.major === CURRENT) names.push("current", "");
    out.push(...families(names, m));
  }
  return out;
}

export const NODE: CatalogueImage = official("node", nodeFamilies());
