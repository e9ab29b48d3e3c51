/**
 * Turns scenario sources into playable scenarios: reads the base repository from disk, injects the faults,
 * merges the world, and validates the result. This is the only module of tasks/ that does I/O, once, at load.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { REGULAR } from "../simulators/repository.js";
import { WorldSchema } from "../simulators/world.js";
import type { Base, Fault, Scenario, ScenarioSource } from "./schema.js";
import { BaseSchema, ScenarioSourceSchema } from "./schema.js";

type Files = Record<string, { content: string; mode: number }>;

/** The package root, found from this module whether it runs from source or from dist/. */
function packageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, "package.json")) && fs.existsSync(path.join(dir, "tasks", "bases"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("breakfix: cannot find tasks/bases above " + fileURLToPath(import.meta.url));
    dir = parent;
  }
}

/** Reads a base's repository directory: every file, with its mode taken from `modes` (git's view), not the disk. */
export function readBaseFiles(baseId: string, modes: Record<string, number> = {}): Record<string, { content: string; mode: number }> {
  const root = path.join(packageRoot(), "tasks", "bases", baseId);
  const files: Files = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const rel = path.relative(root, full).split(path.sep).join("/");
        files[rel] = { content: fs.readFileSync(full, "utf8"), mode: modes[rel] ?? REGULAR };
      }
    }
  };
  walk(root);
  return files;
}

export function applyFaults(files: Files, faults: readonly Fault[], where: string): Files {
  const out: Files = { ...files };
  for (const fault of faults) {
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
