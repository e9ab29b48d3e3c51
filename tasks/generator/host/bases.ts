/**
 * The clean hosts the host fault injectors break: the two host bases the curated incidents use (web-01, the
 * shop's web server with its own PostgreSQL; api-01, the same app whose database is the managed
 * db-primary.internal), each as another team could have set it up: its hostname, the port gunicorn binds,
 * the operator who logs in from the office, and the site's domain. Each variant is booted by the host
 * simulator from its declaration, so its state is what its files make of it, and every host rule is silent
 * on it (a test). The test split draws every axis from pools train and validation never use.
 */
import type { HostFiles } from "../../../simulators/host/boot.js";
import { bootHost } from "../../../simulators/host/boot.js";
import { referenceDeclaration } from "../../../simulators/host/reference.js";
import type { Rng } from "../rng.js";
import type { GeneratedSplit } from "../task.js";

export type HostBaseId = "web-01" | "api-01";

export interface HostVariant {
  hostname: string;
  /** The port gunicorn binds on 127.0.0.1 and nginx's upstream names. */
  port: number;
  /** The operator with a key and sudo who logs in from the office. */
  operator: string;
  domain: string;
}

export interface HostGeneratorBase {
  /** The curated host base it is a variant of. */
  id: HostBaseId;
  database: "local" | "remote";
  variant: HostVariant;
  files: HostFiles;
}

interface Pools {
  hostnames: Record<HostBaseId, readonly string[]>;
  ports: readonly number[];
  operators: readonly string[];
  domains: readonly string[];
}

/** Each train pool starts with the base as written. */
const POOLS: Record<"train" | "test", Pools> = {
  train: {
    hostnames: { "web-01": ["web-01", "web-02", "web-03", "shop-web-04", "www-01"], "api-01": ["api-01", "api-02", "api-03", "shop-app-04", "app-01"] },
    ports: [8000, 8001, 8010, 8020, 8050],
    operators: ["alice", "bram", "chen", "ines", "jonas"],
    domains: ["shop.example.com", "store.example.com", "shop.example.net", "tienda.example.com", "shop.example.co.uk"],
  },
  test: {
    hostnames: { "web-01": ["edge-web-7", "www-prod-4", "fe-eu-2"], "api-01": ["api-eu-9", "app-prod-2", "be-us-5"] },
    ports: [8100, 8181, 9000, 9090],
    operators: ["dana", "emeka", "farah", "gwen"],
    domains: ["market.example.org", "buy.example.io", "shop.example.dev"],
  },
};

const FULL_NAMES: Record<string, string> = {
  alice: "Alice Ng",
  bram: "Bram Visser",
  chen: "Chen Wei",
  ines: "Ines Duarte",
  jonas: "Jonas Berg",
  dana: "Dana Cole",
  emeka: "Emeka Obi",
  farah: "Farah Haddad",
  gwen: "Gwen Price",
};

export const HOST_BASE_IDS: readonly HostBaseId[] = ["web-01", "api-01"];

/** The pools a split draws from: validation shares train's (in distribution), test has its own. */
export function poolsOf(split: GeneratedSplit): Pools {
  return POOLS[split === "test" ? "test" : "train"];
}

export function drawVariant(id: HostBaseId, split: GeneratedSplit, rng: Rng): HostVariant {
  const pools = poolsOf(split);
  return { hostname: rng.pick(pools.hostnames[id]), port: rng.pick(pools.ports), operator: rng.pick(pools.operators), domain: rng.pick(pools.domains) };
}

const AS_WRITTEN: Record<HostBaseId, HostVariant> = {
  "web-01": { hostname: "web-01", port: 8000, operator: "alice", domain: "shop.example.com" },
  "api-01": { hostname: "api-01", port: 8000, operator: "alice", domain: "shop.example.com" },
};

/** Every occurrence of `from` as a whole token in `text`. */
function renameToken(text: string, from: string, to: string): string {
  if (from === to) return text;
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![\\w.-])${escaped}(?![\\w-])`, "g"), to);
}

/** Every string of `value`, keys included, through `rewrite`. */
function mapStrings(value: unknown, rewrite: (s: string) => string): unknown {
  if (typeof value === "string") return rewrite(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, rewrite));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [rewrite(k), mapStrings(v, rewrite)]));
  return value;
}

/**
 * The declaration of `id` with `variant`'s choices written wherever the base as written states its own:
 * the hostname (files, logs, facts), the bind address, the operator's name, home and key comment, the domain
 * (site, certificate, DNS, clients). Rewritten on the declaration, before the host boots.
 */
function declarationOf(id: HostBaseId, variant: HostVariant) {
  const written = AS_WRITTEN[id];
  const rewrite = (text: string): string => {
    let out = renameToken(text, written.hostname, variant.hostname);
    out = out.split(`127.0.0.1:${written.port}`).join(`127.0.0.1:${variant.port}`);
    out = out.split(FULL_NAMES[written.operator]!).join(FULL_NAMES[variant.operator] ?? variant.operator);
    out = renameToken(out, written.operator, variant.operator);
    return out.split(written.domain).join(variant.domain);
  };
  return mapStrings(referenceDeclaration({ database: id === "api-01" ? "remote" : "local" }), rewrite) as ReturnType<typeof referenceDeclaration>;
}

const booted = new Map<string, HostGeneratorBase>();
const BOOTED_LIMIT = 48;

/** The host `id` with `variant`, booted (kept: attempts and neighbouring seeds meet the same variants). */
export function hostBase(id: HostBaseId, variant: HostVariant = AS_WRITTEN[id]): HostGeneratorBase {
  const key = `${id}|${variant.hostname}|${variant.port}|${variant.operator}|${variant.domain}`;
  const hit = booted.get(key);
  if (hit) return hit;
  const base: HostGeneratorBase = { id, database: id === "api-01" ? "remote" : "local", variant, files: bootHost(declarationOf(id, variant)) };
  if (booted.size >= BOOTED_LIMIT) booted.delete(booted.keys().next().value!);
  booted.set(key, base);
  return base;
}
