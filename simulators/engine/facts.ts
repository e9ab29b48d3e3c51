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

  add(file: string, event: RuleEvent): void {
    const list = this.byType.get(event.type) ?? [];
    list.push({ file, event });
    this.byType.set(event.type, list);
  }

  /** Every fact of one event type, in the order they happened. */
  of<E extends RuleEvent>(type: E["type"]): readonly Fact<E>[] {
    return (this.byType.get(type) ?? []) as unknown as readonly Fact<E>[];
  }

  merge(other: FactLog | undefined): void {
    if (!other) return;
    for (const [type, facts] of other.byType) {
      const list = this.byType.get(type) ?? [];
      list.push(...facts);
      this.byType.set(type, list);
    }
  }
}
