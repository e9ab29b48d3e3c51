/**
 * Variant axes that rename: the port the app listens on, the service's own names (its image, its
 * Kubernetes objects, its module or package), the domain its hosts and addresses live under, and the GitHub
 * owner that is also its registry namespace. Each is one token rewritten wherever it stands, in paths,
 * contents, the world and the facts, so the variant is as consistent as the base; a choice the base already
 * uses for something else is never offered (a port 8080 where 8080 is another app's).
 *
 * Split rule: the owners and domains test bases draw from are not those train bases draw from; names and
 * ports are each base's own.
 */
import type { GeneratorBase } from "../define-base.js";
import { defineAxis, poolFor, type SplitPools } from "./axis.js";
import { mentions, rewriteBase, tokenRewrite, type TokenOptions } from "./rewrite.js";

/** A port stands alone: not inside a longer number, a version (`1.8000`) or a word. */
const PORT_TOKEN: TokenOptions = { notAfter: "A-Za-z0-9_." };

export const portsAxis = defineAxis({
  name: "port",
  decisions: (base) =>
    (base.variants?.ports ?? []).map(({ port, choices }) => ({
      key: `port:${port}`,
      written: String(port),
      choices: [String(port), ...choices.filter((c) => c !== port && !mentions(base, String(c), PORT_TOKEN)).map(String)],
    })),
  apply(base, picks) {
    let out = base;
    for (const { port } of base.variants?.ports ?? []) {
      const pick = picks.get(`port:${port}`);
      if (pick !== undefined) out = rewriteBase(out, tokenRewrite(String(port), pick, PORT_TOKEN), { paths: false });
    }
    return out;
  },
});

export const namesAxis = defineAxis({
  name: "name",
  decisions: (base) =>
    (base.variants?.names ?? []).map(({ token, choices, notAfter }) => ({
      key: `name:${token}`,
      written: token,
      choices: [token, ...choices.filter((c) => c !== token && !mentions(base, c, notAfter ? { notAfter } : {}))],
    })),
  apply(base, picks) {
    let out = base;
    for (const { token, notAfter } of base.variants?.names ?? []) {
      const pick = picks.get(`name:${token}`);
      if (pick !== undefined) out = rewriteBase(out, tokenRewrite(token, pick, notAfter ? { notAfter } : {}), { paths: true });
    }
    return out;
  },
});

/** The owner every base is written with (its GitHub organisation and registry namespace). */
const WRITTEN_OWNER = "acme";

/** Where the owner's hosts and mail live (`notes.acme.example`): the suffix after the owner. */
const DOMAINS: SplitPools<string> = {
  train: ["example", "example.com", "example.org", "internal"],
  test: ["example.net", "example.io", "test"],
};

export const domainAxis = defineAxis({
  name: "domain",
  decisions: (base) => (mentions(base, `${WRITTEN_OWNER}.example`) ? [{ key: "domain", written: "example", choices: poolFor(base, DOMAINS, "example") }] : []),
  apply(base, picks) {
    const pick = picks.get("domain");
    if (pick === undefined) return base;
    return rewriteBase(base, tokenRewrite(`${WRITTEN_OWNER}.example`, `${WRITTEN_OWNER}.${pick}`), { paths: false });
  },
});

/** GitHub organisations, lower case and without hyphens: they are Java packages and Go module paths too. */
const OWNERS: SplitPools<string> = {
  train: ["acme", "northwind", "globex", "initech", "hooli", "contoso", "vandelay", "umbrella"],
  test: ["tyrell", "wonka", "cyberdyne", "soylent", "oscorp"],
};

/** The owner as a token: `ghcr.io/acme/…`, `com.acme.ledger`, `acme.example`, and the bot account `acmebot`. */
const OWNER_TOKEN: TokenOptions = { suffixes: ["bot"] };

export const ownerAxis = defineAxis({
  name: "owner",
  decisions: (base) => (base.world.repository.owner === WRITTEN_OWNER ? [{ key: "owner", written: WRITTEN_OWNER, choices: poolFor(base, OWNERS, WRITTEN_OWNER) }] : []),
  apply(base: GeneratorBase, picks) {
    const pick = picks.get("owner");
    return pick === undefined ? base : rewriteBase(base, tokenRewrite(WRITTEN_OWNER, pick, OWNER_TOKEN), { paths: true });
  },
});
