/** Base operating-system images: alpine, debian, ubuntu, busybox, and Google's distroless images. */
import { alpine, COREUTILS, debianSlim, distroless, PLATFORMS_WIDE, ubuntu, type ConfigOverlay } from "./configs.js";
import { patches, tagProduct } from "./tags.js";
import type { CatalogueImage, TagFamily } from "./types.js";
import { official } from "./types.js";

const ALPINE_MINORS = ["3.12", "3.13", "3.14", "3.15", "3.16", "3.17", "3.18", "3.19", "3.20", "3.21", "3.22", "3.23"];
const ALPINE_PATCHES = patches({ "3.16": 9, "3.17": 10, "3.18": 12, "3.19": 8, "3.20": 7, "3.21": 4, "3.22": 2, "3.23": 0 });
export const ALPINE: CatalogueImage = official("alpine", [
  { tags: ["latest", "3", "edge", ...ALPINE_MINORS, ...ALPINE_PATCHES], config: alpine() },
]);

// debian: release names, numbers, point releases, each with -slim.
const DEBIAN_NAMES = ["", "stretch", "buster", "bullseye", "bookworm", "trixie", "forky", "sid", "stable", "oldstable", "oldoldstable", "testing", "unstable", "9", "10", "11", "12", "13"];
const DEBIAN_POINTS = [...patches({ "11": 11 }, 1), ...patches({ "12": 12 }, 0), ...patches({ "13": 2 }, 0)];
export const DEBIAN: CatalogueImage = official("debian", [
  { tags: tagProduct([...DEBIAN_NAMES, ...DEBIAN_POINTS], ["", "-slim"]).filter((t) => t !== "slim"), config: debianSlim() },
]);

// ubuntu: version numbers and codenames; 24.04 (noble) and later ship a `ubuntu` account (uid 1000).
const UBUNTU_OLD = ["18.04", "bionic", "20.04", "focal", "22.04", "jammy"];
const UBUNTU_NEW = ["latest", "rolling", "devel", "24.04", "noble", "24.10", "oracular", "25.04", "plucky", "25.10", "questing"];
export const UBUNTU: CatalogueImage = official("ubuntu", [
  { tags: UBUNTU_OLD, config: ubuntu({ cmd: ["/bin/bash"] }, false) },
  { tags: UBUNTU_NEW, config: ubuntu({ cmd: ["/bin/bash"] }, true) },
]);

// busybox: no package manager, no bash; the busybox applets are the whole userland.
const BUSYBOX_VERSIONS = ["", "1", "1.34", "1.34.1", "1.35", "1.35.0", "1.36", "1.36.0", "1.36.1", "1.37", "1.37.0", "stable", "unstable"];
export const BUSYBOX: CatalogueImage = official("busybox", [
  {
    tags: tagProduct(BUSYBOX_VERSIONS, ["", "-musl", "-glibc", "-uclibc"]),
    config: { binaries: [...COREUTILS, "busybox", "wget", "nc", "vi"], users: ["daemon", "bin", "sys", "sync", "nobody", "www-data", "operator"], cmd: ["sh"], platforms: PLATFORMS_WIDE },
  },
]);

/**
 * gcr.io/distroless: every variant publishes latest, nonroot, debug and debug-nonroot. Only the `debug`
 * tags have a shell (busybox at /busybox/sh); `nonroot` tags run as uid 65532.
 */
function distrolessFamilies(overlay: ConfigOverlay): TagFamily[] {
  const debugShell: ConfigOverlay = { ...overlay, binaries: [...(overlay.binaries ?? []), ...COREUTILS, "busybox"], env: { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/busybox" } };
  const asNonroot = (o: ConfigOverlay): ConfigOverlay => ({ ...o, user: "65532", workdir: "/home/nonroot" });
  return [
    { tags: ["latest"], config: distroless(overlay) },
    { tags: ["nonroot"], config: distroless(asNonroot(overlay)) },
    { tags: ["debug"], config: distroless({ ...debugShell, entrypoint: overlay.entrypoint ?? ["/busybox/sh"] }) },
    { tags: ["debug-nonroot"], config: distroless(asNonroot({ ...debugShell, entrypoint: overlay.entrypoint ?? ["/busybox/sh"] })) },
  ];
}
function distrolessImage(name: string, overlay: ConfigOverlay): CatalogueImage {
  return { registry: "gcr.io", repository: `distroless/${name}`, families: distrolessFamilies(overlay) };
}
const nodejs: ConfigOverlay = { binaries: ["node"], entrypoint: ["/nodejs/bin/node"] };
const java: ConfigOverlay = { binaries: ["java"], entrypoint: ["java", "-jar"] };
export const DISTROLESS: readonly CatalogueImage[] = [
  ...["static", "static-debian11", "static-debian12", "base", "base-debian11", "base-debian12", "base-nossl-debian12", "cc", "cc-debian11", "cc-debian12"].map((n) => distrolessImage(n, {})),
  distrolessImage("nodejs18-debian11", nodejs),
  distrolessImage("nodejs18-debian12", nodejs),
  distrolessImage("nodejs20-debian11", nodejs),
  distrolessImage("nodejs20-debian12", nodejs),
  distrolessImage("nodejs22-debian12", nodejs),
  distrolessImage("nodejs24-debian12", nodejs),
  distrolessImage("python3-debian11", { binaries: ["python3", "python3.9"], entrypoint: ["/usr/bin/python3.9"] }),
  distrolessImage("python3-debian12", { binaries: ["python3", "python3.11"], entrypoint: ["/usr/bin/python3.11"] }),
  distrolessImage("java11-debian11", java),
  distrolessImage("java17-debian11", java),
  distrolessImage("java17-debian12", java),
  distrolessImage("java21-debian12", java),
];
