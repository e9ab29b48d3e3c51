/**
 * Where a step's parts are in the workflow file, for the position of a finding: the line of a `run:` script
 * (block scalars start on the line after `run: |`), a `with:` input's value, or the step's `uses:` line.
 */
import type { Scalar } from "yaml";
import type { Location } from "../../engine/rule.js";
import type { StepView } from "../model.js";
import { asMap, get, nodePosition } from "../source.js";
import type { Position, WorkflowSource } from "../source.js";

/** A file's lines, split once per parsed file (a script's commands each look their line up). */
const LINES = new WeakMap<WorkflowSource, string[]>();

function linesOf(source: WorkflowSource): string[] {
  let lines = LINES.get(source);
  if (!lines) {
    lines = source.text.split("\n");
    LINES.set(source, lines);
  }
  return lines;
}

export class StepSite {
  private uses: Location | undefined;
  private script: { start: Position; block: boolean } | null | undefined;

  constructor(
    private readonly source: WorkflowSource,
    /** null: no step yet (the job's own events). */
    private readonly step: StepView | null,
  ) {}

  /** The step's `uses:` (or `run:`) value. */
  get line(): Location {
    if (this.uses === undefined) {
      const { doc, lines } = this.source;
      const map = this.step?.map ?? null;
      this.uses = nodePosition(lines, get(map, "uses", doc) ?? get(map, "run", doc) ?? map);
    }
    return this.uses;
  }

  /** The 1-based line `n` of the step's `run:` script. */
  scriptLine(n: number): Location {
    if (this.script === undefined) {
      const run = get(this.step?.map ?? null, "run", this.source.doc) as Scalar | undefined;
      this.script = run?.range ? { start: nodePosition(this.source.lines, run), block: /^[|>]/.test(this.source.text.slice(run.range[0], run.range[0] + 1)) } : null;
    }
    if (this.script === null) return this.line;
    const { start, block } = this.script;
    const line = block ? start.line + n : start.line + n - 1;
    const text = linesOf(this.source)[line - 1] ?? "";
    return { line, column: block ? text.length - text.trimStart().length + 1 : start.column };
  }

  /** A `with:` input's value, or the step's `uses:` line when the step has no such input. */
  input(name: string): Location {
    const value = get(asMap(get(this.step?.map ?? null, "with", this.source.doc)), name, this.source.doc);
    return value !== undefined && value !== null ? nodePosition(this.source.lines, value) : this.line;
  }
}
