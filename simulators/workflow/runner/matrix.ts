/**
 * A job's matrix as GitHub expands it: the cartesian product of its keys, minus the `exclude` entries, plus
 * the `include` entries (which extend the product's combinations they do not contradict, or stand alone; a
 * matrix of include entries alone runs one leg per entry). The pipeline
 * runs every combination, since a matrix leg that fails fails the job and everything that needs it.
 */
import { isScalar } from "yaml";
import { asMap, asSeq, entries, get, items } from "../source.js";
import type { WorkflowSource } from "../source.js";

export type Combination = Record<string, unknown>;

function scalarValues(node: unknown, doc: WorkflowSource["doc"]): unknown[] {
  return items(asSeq(node), doc).filter(isScalar).map((s) => s.value);
}

function mapping(node: unknown, doc: WorkflowSource["doc"]): Combination {
  const out: Combination = {};
  for (const e of entries(asMap(node), doc)) if (isScalar(e.value)) out[e.key] = e.value.value;
  return out;
}

function matches(combination: Combination, filter: Combination): boolean {
  return Object.entries(filter).every(([k, v]) => String(combination[k]) === String(v));
}

/**
 * Every combination of `jobs.<id>.strategy.matrix`, in GitHub's order; one empty combination when the job
 * has no matrix or the matrix is an expression this simulator cannot evaluate.
 * @example matrixCombinations(matrixNode, doc) // [{node: 18}, {node: 20}]
 */
export function matrixCombinations(matrix: unknown, doc: WorkflowSource["doc"]): Combination[] {
  const map = asMap(matrix);
  if (!map) return [{}];
  let combos: Combination[] = [{}];
  const original = new Set<string>();
  for (const e of entries(map, doc)) {
    if (e.key === "include" || e.key === "exclude") continue;
    const values = scalarValues(e.value, doc);
    if (values.length === 0) continue;
    original.add(e.key);
    combos = combos.flatMap((c) => values.map((v) => ({ ...c, [e.key]: v })));
  }
  if (original.size === 0) combos = [];
  const excludes = items(asSeq(get(map, "exclude", doc)), doc).map((n) => mapping(n, doc));
  combos = combos.filter((c) => !excludes.some((x) => Object.keys(x).length > 0 && matches(c, x)));
  // An include extends every combination of the product whose original values it does not overwrite (values an
  // earlier include added may be); one that extends none is a combination of its own, which later includes
  // leave alone. With no keys but include, then, each entry is one leg.
  const added: Combination[] = [];
  for (const include of items(asSeq(get(map, "include", doc)), doc).map((n) => mapping(n, doc))) {
    let extended = false;
    for (const c of combos) {
      const conflicts = Object.entries(include).some(([k, v]) => original.has(k) && String(c[k]) !== String(v));
      if (conflicts) continue;
      Object.assign(c, include);
      extended = true;
    }
    if (!extended) added.push({ ...include });
  }
  const all = [...combos, ...added];
  return all.length > 0 ? all : [{}];
}

/** GitHub's name of a matrix leg: `test (18)`, `build (linux/arm64, 20)`. */
export function legName(job: string, combination: Combination): string {
  const values = Object.values(combination).map(String);
  return values.length === 0 ? job : `${job} (${values.join(", ")})`;
}

/** The first combination of a matrix: the first value of each key, completed by the first include. */
export function firstCombination(matrix: unknown, doc: WorkflowSource["doc"]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const map = asMap(matrix);
  for (const e of entries(map, doc)) {
    if (e.key === "include" || e.key === "exclude") continue;
    const first = items(asSeq(e.value), doc)[0];
    if (isScalar(first)) out[e.key] = first.value;
  }
  const include = asMap(items(asSeq(get(map, "include", doc)), doc)[0]);
  for (const e of entries(include, doc)) if (!(e.key in out) && isScalar(e.value)) out[e.key] = e.value.value;
  return out;
}
