/**
 * Incremental simulation. A repository's simulation is cut into sections (one workflow's run with the builds
 * it asks for, the cluster, one Dockerfile built alone), each a pure function of the files it reads, its key
 * (what the caller feeds it besides files: options, the registry a delivery left) and its scope (the world it
 * runs in, by identity: a scenario's world is one object for every episode). A section's outcome (what it
 * added to the engine's record, and its value) is kept with the files it read; a later run whose files match
 * there replays it instead of running it. So an edit to a manifest does not rerun the workflows, and an edit to
 * a Dockerfile does not reapply the manifests, while the result is the one a full run gives (the property test
 * in tests/simulators/incremental.test.ts compares the two on random action sequences).
 *
 * Bounded: at most MAX_SECTIONS outcomes and MAX_SECTION_BYTES of them are kept, least recently used going
 * first, and at most VARIANTS_PER_KEY states of one section. An outcome is charged the bytes of the repository
 * it ran on (its facts may hold it: an app's start keeps the files it declares its dependencies in) and
 * PARSE_EXPANSION times the bytes it read (its facts hold their parses).
 */
import { globBudget } from "../glob.js";
import type { GlobBudget } from "../glob.js";
import type { EngineTrace, RuleEngine } from "../engine/engine.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions } from "../simulation.js";
import { PARSE_EXPANSION } from "../parse-cache.js";
import { objectId } from "./object-ids.js";
import { ReadLog, trackedRepository } from "./read-log.js";

import { MAX_SECTION_BYTES, MAX_SECTIONS } from "./bounds.js";

export { MAX_SECTION_BYTES, MAX_SECTIONS };
export const VARIANTS_PER_KEY = 16;

interface Outcome {
  reads: ReadLog;
  /** The repository's listing when the section walked it (null: it never did). */
  listing: string | null;
  trace: EngineTrace;
  value: unknown;
  /** Glob steps the section spent: a replay spends them again, so a budget runs out as it would have. */
  globSteps: number;
  /** Steps the simulation had spent when the section began. */
  globStart: number;
  /** The memory it is charged. */
  bytes: number;
}

const outcomes = new Map<string, Outcome[]>();
let enabled = true;
/** Outcomes kept, over every key's variants, and the bytes they are charged. */
let kept = 0;
let held = 0;

/**
 * Switches reuse off (true again: on). Off, every section runs and nothing is kept: the full run the property
 * test compares with. What was kept stays for when it is on again.
 */
export function setIncremental(on: boolean): void {
  enabled = on;
}

/** Whether reuse is on: what else keeps results by state (the grader's kept assessments) follows it. */
export function reuseEnabled(): boolean {
  return enabled;
}

/** Drops every kept outcome. */
export function forgetSections(): void {
  outcomes.clear();
  kept = 0;
  held = 0;
}

/** How many section outcomes are kept now. */
export function keptSections(): number {
  return kept;
}

/** The bytes the kept outcomes are charged. */
export function heldSectionBytes(): number {
  return held;
}

const listings = new WeakMap<Repository, string>();

/** A repository's paths in order, as one string, computed once per repository (repositories are immutable). */
function listingOf(repo: Repository): string {
  let listing = listings.get(repo);
  if (listing === undefined) {
    listing = [...repo.keys()].sort().join("\0");
    listings.set(repo, listing);
  }
  return listing;
}

const sizes = new WeakMap<Repository, number>();

/** A repository's bytes: its paths and contents. */
function bytesOf(repo: Repository): number {
  let size = sizes.get(repo);
  if (size === undefined) {
    size = 0;
    for (const [path, file] of repo) size += path.length + file.content.length;
    sizes.set(repo, size);
  }
  return size;
}

/** What an outcome is charged: the repository its facts may hold, and its reads' parses. */
function chargeOf(repo: Repository, reads: ReadLog): number {
  let read = 0;
  for (const file of reads.files.values()) read += file?.content.length ?? 0;
  return bytesOf(repo) + read * PARSE_EXPANSION;
}

const total = (variants: readonly Outcome[]): number => variants.reduce((sum, v) => sum + v.bytes, 0);

/** Keeps `outcome` first among `variants` (which do not hold it), and `key` as the most recently used. */
function remember(key: string, variants: Outcome[], outcome: Outcome): void {
  const before = outcomes.get(key) ?? [];
  kept -= before.length;
  held -= total(before);
  // One outcome may take an eighth of the budget at most, so that one large repository cannot flush the rest.
  const list = (outcome.bytes > MAX_SECTION_BYTES / 8 ? variants : [outcome, ...variants]).slice(0, VARIANTS_PER_KEY);
  outcomes.delete(key);
  if (list.length > 0) outcomes.set(key, list);
  kept += list.length;
  held += total(list);
  while (kept > MAX_SECTIONS || held > MAX_SECTION_BYTES) {
    const [oldest, dropped] = outcomes.entries().next().value!;
    outcomes.delete(oldest);
    kept -= dropped.length;
    held -= total(dropped);
  }
}

/**
 * Whether the outcome is what running the section now would give as far as the glob budget goes: a section
 * that stayed within the budget does so again unless this run has spent more before it; one that ran the
 * budget out depended on where the budget stood, and is reused only from the same place.
 */
function withinBudget(outcome: Outcome, budget: GlobBudget): boolean {
  if (outcome.globStart + outcome.globSteps > budget.limit) return budget.used === outcome.globStart;
  return budget.used + outcome.globSteps <= budget.limit;
}

/**
 * Runs `work` as a section of `engine`'s run over `repo` (work reads the repository it is handed, never
 * another), or replays the outcome of an earlier run of the same section whose reads `repo` matches.
 * @example const run = section(engine, repo, world, `workflow ${file}`, (files) => simulateWorkflow(engine, files, file));
 */
export function section<T>(engine: RuleEngine, repo: Repository, scope: object, key: string, work: (repo: Repository) => T): T {
  if (!enabled) return work(repo);
  const id = `${objectId(scope)}\u0001${key}`;
  const variants = outcomes.get(id) ?? [];
  const budget = globBudget();
  for (const outcome of variants) {
    if (!outcome.reads.holdsIn(repo, listingOf, outcome.listing)) continue;
    if (!withinBudget(outcome, budget)) continue;
    budget.replay(outcome.globSteps);
    engine.replay(outcome.trace);
    // Most recently used first, among the variants and among the keys.
    remember(id, variants.filter((v) => v !== outcome), outcome);
    return outcome.value as T;
  }
  const reads = new ReadLog();
  const mark = engine.mark();
  const spentBefore = budget.used;
  const value = work(trackedRepository(repo, reads));
  const outcome = { reads, listing: reads.listing ? listingOf(repo) : null, trace: engine.since(mark), value, globSteps: budget.used - spentBefore, globStart: spentBefore, bytes: chargeOf(repo, reads) };
  remember(id, variants, outcome);
  return value;
}

/**
 * Whether a run's sections may be reused: an episode's or a repository's own run. A lint of chosen files, of a
 * forced kind or with one build context for all is run whole (its options would have to join every key).
 */
export function sectionable(options: SimulationOptions): boolean {
  return options.only === undefined && options.kind === undefined && options.dockerContext === undefined;
}

/** Runs a section's work over the repository it reads. */
export type SectionRunner = <T>(key: string, work: (repo: Repository) => T) => T;

/**
 * The sections of one run of `engine` over `repo`: each `section` keyed by its own key and `setting` (what every
 * section of the run reads besides files), or, where the run's sections may not be reused, the work run whole.
 */
export function sectionsOf(engine: RuleEngine, repo: Repository, scope: object, options: SimulationOptions, setting: string): SectionRunner {
  if (!sectionable(options)) return (_key, work) => work(repo);
  return (key, work) => section(engine, repo, scope, `${key} ${setting}`, work);
}
