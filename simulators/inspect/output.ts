/**
 * What one inspect command produces, bounded: a command writes its output piece by piece and stops when
 * `full` says the bound is reached, so its cost is linear in what it prints, never in how often its input
 * repeats (`cat f f f`, `uniq -c` of blank lines, grep's name on every line of a large file).
 */
import type { CommandOutput } from "./context.js";
import { MAX_INSPECT_PIPE_CHARS } from "./limits.js";

export class BoundedOutput {
  private readonly parts: string[] = [];
  private size = 0;
  private cut = false;

  constructor(private readonly limit = MAX_INSPECT_PIPE_CHARS) {}

  /** Whether the bound is reached: the command stops producing. */
  get full(): boolean {
    return this.cut;
  }

  get length(): number {
    return this.size;
  }

  /** Adds a piece, or as much of it as fits; false once the bound is reached. */
  add(piece: string): boolean {
    if (this.cut) return false;
    const room = this.limit - this.size;
    if (piece.length > room) {
      this.parts.push(piece.slice(0, room));
      this.size = this.limit;
      this.cut = true;
      return false;
    }
    this.parts.push(piece);
    this.size += piece.length;
    return true;
  }

  /** The command's answer; `cut` tells the interpreter to say where it stopped. */
  done(status: number): CommandOutput {
    const out = this.parts.join("");
    return this.cut ? { out, status, cut: true } : { out, status };
  }
}

/** A command's output held to the bound, for commands whose output is bounded by the world but not by it. */
export function heldToBound(result: CommandOutput): CommandOutput {
  if (result.out.length <= MAX_INSPECT_PIPE_CHARS) return result;
  return { ...result, out: result.out.slice(0, MAX_INSPECT_PIPE_CHARS), cut: true };
}

/** The line an answer ends with when a command of it stopped at the bound. */
export function pipeCutNote(program: string): string {
  return `[${program}: output cut at ${MAX_INSPECT_PIPE_CHARS} characters, the most one command of an inspection produces: narrow it with grep, head or tail]\n`;
}

/** The same work done once per distinct text: a file named many times is read once. */
export function perText<T>(work: (text: string) => T): (text: string) => T {
  const done = new Map<string, T>();
  return (text) => {
    let value = done.get(text);
    if (value === undefined) {
      value = work(text);
      done.set(text, value);
    }
    return value;
  };
}
