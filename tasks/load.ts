/**
 * Turns scenario sources into playable scenarios: reads the base repository from disk, injects the faults,
 * merges the world, and validates the result. This is the only module of tasks/ that does I/O, once, at load.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REGULAR } from "../simulators/repository.js";
import { applyHostFault } from "../simulators/host/faults.js";
import { WorldSchema } from "../simulators/world.js";
import type { Base, Fault, Scenario, ScenarioSource } from "./schema.js";
import { BaseSchema, ScenarioSourceSchema } from "./schema.js";

type Files = Record<string, { content: string; mode: number }>;

/** The base repositories as one file (base id → path → content): what an installed package reads them from. */
export const BASES_BUNDLE = "bases.json";

/**
 * Where the base repositories are read from: the `tasks/bases/` directory of the package root (a checkout, the
 * container), else the bundle beside this module, which the build writes into dist/tasks/ because npm leaves
 * some of the bases' files (a base's `.npmrc`) out of a package's tarball.
 */
type BaseSource = { kind: "directory"; root: string } | { kind: "bundle"; bases: Record<string, Record<string, string>> };

let source: BaseSource | undefined;

function baseSource(): BaseSource {
  if (source) return source;
  const here = path.dirname(fileURLToPath(import.meta.url));
  let dir = here;
  while (!fs.existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const directory = path.join(dir, "tasks", "bases");
  const bundle = path.join(here, BASES_BUNDLE);
  if (fs.existsSync(directory)) source = { kind: "directory", root: directory };
  else if (fs.existsSync(bundle)) source = { kind: "bundle", bases: JSON.parse(fs.readFileSync(bundle, "utf8")) as Record<string, Record<string, string>> };
  else throw new Error(`breakfix: no base repositories: neither ${directory} nor ${bundle} exists`);
  return source;
}

/** Every file of a base directory, path (posix, relative to the base) → content, in path order. */
export function readBaseDirectory(root: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(root, full).split(path.sep).join("/")] = fs.readFileSync(full, "utf8");
    }
  };
  walk(root);
  return files;
}

/** Reads a base's repository: every file, with its mode taken from `modes` (git's view), not the disk. */
export function readBaseFiles(baseId: string, modes: Record<string, number> = {}): Record<string, { content: string; mode: number }> {
  const from = baseSource();
  const contents = from.kind === "directory" ? readBaseDirectory(path.join(from.root, baseId)) : from.bases[baseId];
  if (contents === undefined) throw new Error(`breakfix: base '${baseId}' is not in the bundled base repositories`);
  const files: Files = {};
  for (const [rel, content] of Object.entries(contents)) files[rel] = { content, mode: modes[rel] ?? REGULAR };
  return files;
}

export function applyFaults(files: Files, faults: readonly Fault[], where: string): Files {
  let out: Files = { ...files };
  for (const fault of faults) {
    if ("host" in fault) {
      out = applyHostFault(out, fault.host, where);
      continue;
    }
    const current = out[fault.file];
    if ("replace" in fault) {
      if (!current) throw new Error(`${where}: fault on missing file ${fault.file}`);
      const count = current.content.split(fault.replace).length - 1;
      if (count !== 1) throw new Error(`${where}: fault text ${JSON.stringify(fault.replace)} occurs ${count} times in ${fault.file}`);
      out[fault.file] = { ...current, content: current.content.replace(fault.replace, () => fault.with) };
    } else if ("content" in fault) {
      out[fault.file] = { content: fault.content, mode: current?.mode ?? REGULAR };
    } else if ("mode" in fault) {
      if (!current) throw new Error(`${where}: mode fault on missing file ${fault.file}`);
      out[fault.file] = { ...current, mode: fault.mode };
    } else {
      if (!current) throw new Error(`${where}: removing missing file ${fault.file}`);
      delete out[fault.file];
    }
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deep merge for world overrides: objects merge, arrays and scalars replace. */
export function mergeWorld(base: unknown, override: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(override)) return override === undefined ? base : override;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(override)) out[k] = mergeWorld(base[k], v);
  return out;
}

export function loadScenario(source: ScenarioSource, bases: ReadonlyMap<string, Base>): Scenario {
  const parsed = ScenarioSourceSchema.parse(source);
  const base = bases.get(parsed.base);
  if (!base) throw new Error(`scenario ${parsed.id}: unknown base ${parsed.base}`);
  const baseFiles: Files = {};
  for (const [p, f] of Object.entries(base.files)) {
    baseFiles[p] = typeof f === "string" ? { content: f, mode: REGULAR } : { content: f.content, mode: f.mode ?? REGULAR };
  }
  const world = WorldSchema.parse(mergeWorld(base.world, parsed.world ?? {}));
  const files = applyFaults(baseFiles, parsed.faults, `scenario ${parsed.id}`);
  const { world: _override, ...rest } = parsed;
  return { ...rest, files, baseFiles, world };
}

export function validateBase(input: unknown): Base {
  return BaseSchema.parse(input);
}
