/**
 * What a simulation saw happen, as the typed events its interpreters emitted: the facts the grader compares
 * between a repository's states (images built and pushed, processes started, steps run, probes sent), so that
 * nothing is parsed twice and intent is judged on what the pipeline does, not on how the files read.
 */
import type { RuleEvent } from "./rule.js";

export interface Fact<E extends RuleEvent = RuleEvent> {
  /** The file of the unit that emitted it. */
  readonly file: string;
  readonly event: E;
}

export class FactLog {
  private readonly byType = new Map<string, Fact[]>();
  /** Every fact in the order it was added, for a stretch of the run to be replayed (engine.ts). */
  private readonly sequence: Fact[] = [];

  add(file: string, event: RuleEvent): void {
    this.append({ file, event });
  }

  private append(fact: Fact): void {
    const list = this.byType.get(fact.event.type) ?? [];
    list.push(fact);
    this.byType.set(fact.event.type, list);
    this.sequence.push(fact);
  }

  /** How many facts the log holds. */
  get size(): number {
    return this.sequence.length;
  }

  /** The facts added after the first `count`, in order. */
  since(count: number): readonly Fact[] {
    return this.sequence.slice(count);
  }

  /** Adds facts another run recorded, as they were. */
  replay(facts: readonly Fact[]): void {
    for (const fact of facts) this.append(fact);
  }

  /** Every fact of one event type, in the order they happened. */
  of<E extends RuleEvent>(type: E["type"]): readonly Fact<E>[] {
    return (this.byType.get(type) ?? []) as unknown as readonly Fact<E>[];
  }

  merge(other: FactLog | undefined): void {
    if (!other) return;
    this.replay(other.sequence);
  }
}
