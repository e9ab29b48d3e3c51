/**
 * A job's matrix as GitHub expands it: the cartesian product of its keys, minus the `exclude` entries, plus
 * the `include` entries (which extend the product's combinations they do not contradict, or stand alone; a
 * matrix of include entries alone runs one leg per entry). The pipeline
 * runs every combination, since a matrix leg that fails fails the job and everything that needs it.
 */
import { isMap, isScalar, isSeq } from "yaml";
import { asMap, asSeq, entries, get, items } from "../source.js";
import type { WorkflowSource } from "../source.js";
import { MAX_MATRIX_EXPANSION_STEPS, MAX_MATRIX_LEGS } from "../limits.js";

export { MAX_MATRIX_EXPANSION_STEPS, MAX_MATRIX_LEGS };

export type Combination = Record<string, unknown>;

/** A matrix value: a scalar, or an object or array, which GitHub takes as it is (`matrix.target.file`). */
const NO_VALUE = Symbol("no value");
function matrixValue(node: unknown, doc: WorkflowSource["doc"]): unknown {
  if (isScalar(node)) return node.value;
  // The document's aliases were expanded once, bounded, when it was read (source.ts).
  if ((isMap(node) || isSeq(node)) && doc) return node.toJS(doc);
  return NO_VALUE;
}

function axisValues(node: unknown, doc: WorkflowSource["doc"]): unknown[] {
  return items(asSeq(node), doc).map((n) => matrixValue(n, doc)).filter((v) => v !== NO_VALUE);
}

function mapping(node: unknown, doc: WorkflowSource["doc"]): Combination {
  const out: Combination = {};
  for (const e of entries(asMap(node), doc)) {
    const value = matrixValue(e.value, doc);
    if (value !== NO_VALUE) out[e.key] = value;
  }
  return out;
}

/** Whether two matrix values are the same: scalars by their text, objects and arrays by their content. */
function same(a: unknown, b: unknown): boolean {
  const text = (v: unknown) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v));
  return text(a) === text(b);
}

function matches(combination: Combination, filter: Combination): boolean {
  return Object.entries(filter).every(([k, v]) => same(combination[k], v));
}

/** A matrix GitHub would not run: too many legs, or (the simulator's bound) too long a walk to count them. */
export interface MatrixRefusal {
  refused: "too-many-legs" | "too-long-to-expand";
  /** Combinations of the product, before `exclude` (Infinity past what a number holds). */
  product: number;
}

interface Axis {
  key: string;
  values: unknown[];
}

function axesOf(map: ReturnType<typeof asMap>, doc: WorkflowSource["doc"]): Axis[] {
  const axes: Axis[] = [];
  for (const e of entries(map, doc)) {
    if (e.key === "include" || e.key === "exclude") continue;
    const values = axisValues(e.value, doc);
    if (values.length > 0) axes.push({ key: e.key, values });
  }
  return axes;
}

/**
 * A lower bound of the combinations left after `exclude`: the product minus what each entry can remove at
 * most (the product of the axes it does not name times its values' counts on the ones it does). Floating
 * point, with a margin, so a bound past MAX_MATRIX_LEGS is one the exact count is past too.
 */
function survivorsAtLeast(axes: readonly Axis[], excludes: readonly Combination[], product: number): number {
  let removed = 0;
  for (const exclude of excludes) {
    if (Object.keys(exclude).length === 0) continue;
    let fraction = 1;
    for (const [key, value] of Object.entries(exclude)) {
      const axis = axes.find((a) => a.key === key);
      const equal = axis ? axis.values.filter((v) => same(v, value)).length : 0;
      fraction *= axis ? equal / axis.values.length : 0;
    }
    removed += fraction;
  }
  return product * Math.max(0, 1 - removed - 1e-9);
}

/**
 * Every combination of `jobs.<id>.strategy.matrix`, in GitHub's order; one empty combination when the job
 * has no matrix or the matrix is an expression this simulator cannot evaluate. A matrix past MAX_MATRIX_LEGS
 * is counted, never built: its refusal is returned instead.
 * @example expandMatrix(matrixNode, doc) // [{node: 18}, {node: 20}]
 */
export function expandMatrix(matrix: unknown, doc: WorkflowSource["doc"]): Combination[] | MatrixRefusal {
  const map = asMap(matrix);
  if (!map) return [{}];
  const axes = axesOf(map, doc);
  const excludes = items(asSeq(get(map, "exclude", doc)), doc).map((n) => mapping(n, doc));
  const product = axes.length === 0 ? 0 : axes.reduce((n, a) => n * a.values.length, 1);
  if (survivorsAtLeast(axes, excludes, product) > MAX_MATRIX_LEGS) return { refused: "too-many-legs", product };
  const filters = excludes.filter((x) => Object.keys(x).length > 0);
  const survivors = walkProduct(axes, filters, product);
  return Array.isArray(survivors) ? withIncludes(survivors, new Set(axes.map((a) => a.key)), map, doc) : survivors;
}

/**
 * The product's combinations that no exclude matches, one by one in GitHub's order (the last axis varies
 * fastest), stopping at the first past MAX_MATRIX_LEGS or past MAX_MATRIX_EXPANSION_STEPS.
 */
function walkProduct(axes: readonly Axis[], filters: readonly Combination[], product: number): Combination[] | MatrixRefusal {
  const survivors: Combination[] = [];
  if (product === 0) return survivors;
  const index = axes.map(() => 0);
  let steps = 0;
  for (;;) {
    steps += filters.length + 1;
    if (steps > MAX_MATRIX_EXPANSION_STEPS) return { refused: "too-long-to-expand", product };
    const combination: Combination = {};
    axes.forEach((a, i) => (combination[a.key] = a.values[index[i]!]));
    if (!filters.some((x) => matches(combination, x))) {
      if (survivors.length === MAX_MATRIX_LEGS) return { refused: "too-many-legs", product };
      survivors.push(combination);
    }
    let i = axes.length - 1;
    while (i >= 0 && ++index[i]! === axes[i]!.values.length) index[i--] = 0;
    if (i < 0) return survivors;
  }
}

function withIncludes(combos: Combination[], original: ReadonlySet<string>, map: NonNullable<ReturnType<typeof asMap>>, doc: WorkflowSource["doc"]): Combination[] | MatrixRefusal {
  // An include extends every combination of the product whose original values it does not overwrite (values an
  // earlier include added may be); one that extends none is a combination of its own, which later includes
  // leave alone. With no keys but include, then, each entry is one leg.
  const added: Combination[] = [];
  for (const include of items(asSeq(get(map, "include", doc)), doc).map((n) => mapping(n, doc))) {
    let extended = false;
    for (const c of combos) {
      const conflicts = Object.entries(include).some(([k, v]) => original.has(k) && !same(c[k], v));
      if (conflicts) continue;
      Object.assign(c, include);
      extended = true;
    }
    if (!extended) added.push({ ...include });
    if (combos.length + added.length > MAX_MATRIX_LEGS) return { refused: "too-many-legs", product: combos.length };
  }
  const all = [...combos, ...added];
  return all.length > 0 ? all : [{}];
}

/**
 * The legs a job runs: its matrix's combinations (see expandMatrix), or, for a matrix GitHub refuses (the
 * file never runs, GHA017), its first combination alone.
 * @example matrixCombinations(matrixNode, doc) // [{node: 18}, {node: 20}]
 */
export function matrixCombinations(matrix: unknown, doc: WorkflowSource["doc"]): Combination[] {
  const legs = expandMatrix(matrix, doc);
  return Array.isArray(legs) ? legs : [firstCombination(matrix, doc)];
}

/** GitHub's name of a matrix leg: `test (18)`, `build (linux/arm64, 20)`. */
export function legName(job: string, combination: Combination): string {
  const values = Object.values(combination).map((v) => (typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)));
  return values.length === 0 ? job : `${job} (${values.join(", ")})`;
}

/** The first combination of a matrix: the first value of each key, completed by the first include. */
export function firstCombination(matrix: unknown, doc: WorkflowSource["doc"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map = asMap(matrix);
  for (const e of entries(map, doc)) {
    if (e.key === "include" || e.key === "exclude") continue;
    const first = matrixValue(items(asSeq(e.value), doc)[0], doc);
    if (first !== NO_VALUE) out[e.key] = first;
  }
  const include = mapping(items(asSeq(get(map, "include", doc)), doc)[0], doc);
  for (const [key, value] of Object.entries(include)) if (!(key in out)) out[key] = value;
  return out;
}
