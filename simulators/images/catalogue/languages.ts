/** golang, rust, ruby and php (Docker Hub official images). */
import { alpine, debianFull, debianSlim, type ConfigOverlay } from "./configs.js";
import { patches, range, tagProduct } from "./tags.js";
import { official, type CatalogueImage, type TagFamily } from "./types.js";

/** One language image's tag scheme: a version list × its Debian and Alpine variants. */
interface Scheme {
  versions: readonly string[];
  debian: readonly string[];
  alpine: readonly string[];
  /** Suffix order for slim Debian tags: python-style `-slim-bookworm` or node-style `-bookworm-slim`. */
  slim?: "slim-first" | "slim-last" | "none";
}

function schemeFamilies(s: Scheme, overlay: ConfigOverlay): TagFamily[] {
  const out: TagFamily[] = [
    { tags: tagProduct(s.versions, ["", ...s.debian.map((d) => `-${d}`)]), config: debianFull(overlay) },
    { tags: tagProduct(s.versions, ["-alpine", ...s.alpine.map((a) => `-alpine${a}`)]), config: alpine(overlay) },
  ];
  if (s.slim && s.slim !== "none") {
    const slimTags = s.debian.map((d) => (s.slim === "slim-first" ? `-slim-${d}` : `-${d}-slim`));
    out.push({ tags: tagProduct(s.versions, ["-slim", ...slimTags]), config: debianSlim(overlay) });
  }
  return out;
}

// golang: no slim variant; Go releases before 1.21 were named `1.20`, not `1.20.0`.
const GO_PATH = "/go/bin:/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const goOverlay: ConfigOverlay = { binaries: ["go", "gofmt"], workdir: "/go", env: { PATH: GO_PATH, GOPATH: "/go" } };
const goAlpineOverlay: ConfigOverlay = { ...goOverlay, cmd: ["/bin/sh"] };
const GO_LINES: readonly Scheme[] = [
  { versions: ["1.18", ...range("1.18.", 1, 10)], debian: ["bullseye", "buster"], alpine: ["3.15", "3.16", "3.17"] },
  { versions: ["1.19", ...range("1.19.", 1, 13)], debian: ["bullseye", "buster"], alpine: ["3.16", "3.17", "3.18"] },
  { versions: ["1.20", ...range("1.20.", 1, 14)], debian: ["bookworm", "bullseye", "buster"], alpine: ["3.17", "3.18", "3.19"] },
  { versions: ["1.21", ...patches({ "1.21": 13 })], debian: ["bookworm", "bullseye"], alpine: ["3.18", "3.19", "3.20"] },
  { versions: ["1.22", ...patches({ "1.22": 12 })], debian: ["bookworm", "bullseye"], alpine: ["3.19", "3.20", "3.21"] },
  { versions: ["1.23", ...patches({ "1.23": 12 })], debian: ["bookworm", "bullseye"], alpine: ["3.20", "3.21", "3.22"] },
  { versions: ["1.24", ...patches({ "1.24": 9 })], debian: ["trixie", "bookworm"], alpine: ["3.21", "3.22"] },
  { versions: ["1.25", ...patches({ "1.25": 3 }), "1", ""], debian: ["trixie", "bookworm"], alpine: ["3.21", "3.22"] },
];
function goFamilies(): TagFamily[] {
  return GO_LINES.flatMap((line) => {
    const [full, alp] = schemeFamilies(line, goOverlay) as [TagFamily, TagFamily];
    // The Debian golang image is buildpack-deps:scm (git, gcc); the Alpine one has neither.
    return [full, { ...alp, config: alpine(goAlpineOverlay) }];
  });
}
export const GOLANG: CatalogueImage = official("golang", goFamilies());

// rust: cargo and rustup live in /usr/local/cargo/bin.
const RUST_PATH = "/usr/local/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
const rustOverlay: ConfigOverlay = { binaries: ["cargo", "rustc", "rustup", "rustfmt"], env: { PATH: RUST_PATH, RUSTUP_HOME: "/usr/local/rustup", CARGO_HOME: "/usr/local/cargo" } };
const rustMinors = range("1.", 70, 91);
export const RUST: CatalogueImage = official("rust", [
  ...schemeFamilies({ versions: [...rustMinors.slice(0, 17), ...rustMinors.slice(0, 17).map((v) => `${v}.0`)], debian: ["bookworm", "bullseye"], alpine: ["3.19", "3.20"], slim: "slim-first" }, rustOverlay),
  ...schemeFamilies({ versions: [...rustMinors.slice(17), ...rustMinors.slice(17).map((v) => `${v}.0`), "1", ""], debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.21", "3.22"], slim: "slim-first" }, rustOverlay),
]);

// ruby: irb is the default command.
const rubyOverlay: ConfigOverlay = { binaries: ["ruby", "gem", "bundle", "bundler", "irb", "erb"], cmd: ["irb"], env: { GEM_HOME: "/usr/local/bundle", BUNDLE_APP_CONFIG: "/usr/local/bundle" } };
export const RUBY: CatalogueImage = official("ruby", [
  ...schemeFamilies({ versions: ["2.7", "2.7.8", "3.0", "3.0.7", "3.1", ...patches({ "3.1": 7 }, 1)], debian: ["bookworm", "bullseye", "buster"], alpine: ["3.18", "3.19"], slim: "slim-first" }, rubyOverlay),
  ...schemeFamilies({ versions: ["3.2", ...patches({ "3.2": 9 }, 1), "3.3", ...patches({ "3.3": 10 }, 1), "3.4", ...patches({ "3.4": 7 }, 1), "3", ""], debian: ["trixie", "bookworm", "bullseye"], alpine: ["3.20", "3.21", "3.22"], slim: "slim-first" }, rubyOverlay),
]);

// php: SAPI variants (cli is the bare tag, -fpm, -apache, -zts), each on Debian or Alpine.
function phpFamilies(versions: readonly string[], debian: readonly string[]): TagFamily[] {
  const base: ConfigOverlay = { binaries: ["php", "pecl", "pear", "docker-php-ext-install", "docker-php-ext-enable"], users: ["www-data"], entrypoint: ["docker-php-entrypoint"] };
  const debianTags = (sapi: string) => tagProduct(versions, [sapi, ...debian.map((d) => `${sapi}-${d}`)]);
  const alpineTags = (sapi: string) => tagProduct(versions, [`${sapi}-alpine`]);
  const fpm: ConfigOverlay = { ...base, binaries: [...base.binaries!, "php-fpm"], cmd: ["php-fpm"], workdir: "/var/www/html" };
  const apache: ConfigOverlay = { ...base, binaries: [...base.binaries!, "apache2-foreground", "a2enmod"], cmd: ["apache2-foreground"], workdir: "/var/www/html" };
  const cli: ConfigOverlay = { ...base, cmd: ["php", "-a"] };
  // The Debian php images keep curl for fetching extensions; the cli tag is both bare and `-cli`.
  const withCurl = (o: ConfigOverlay) => ({ ...o, binaries: [...(o.binaries ?? []), "curl"] });
  return [
    { tags: [...debianTags(""), ...debianTags("-cli"), ...debianTags("-zts")], config: debianSlim(withCurl(cli)) },
    { tags: debianTags("-fpm"), config: debianSlim(withCurl(fpm)), exposes: [9000] },
    { tags: debianTags("-apache"), config: debianSlim(withCurl(apache)), exposes: [80] },
    { tags: [...alpineTags(""), ...alpineTags("-cli"), ...alpineTags("-zts")], config: alpine(withCurl(cli)) },
    { tags: alpineTags("-fpm"), config: alpine(withCurl(fpm)), exposes: [9000] },
  ];
}
export const PHP: CatalogueImage = official("php", [
  ...phpFamilies(["7.4", "7.4.33", "8.0", "8.0.30"], ["bullseye", "buster"]),
  ...phpFamilies(["8.1", "8.1.33", "8.2", "8.3"], ["bookworm", "bullseye"]),
  ...phpFamilies(["8.4", "8.5", "8", ""], ["trixie", "bookworm"]),
]);
