/**
 * Results kept by repository state, for work that is a pure function of a state's files (and of a few
 * inputs beside them): rollouts of one scenario meet the same states again and again, the start and the
 * states its usual fixes and mistakes reach, so such work is done once per state and answered from here
 * after that, at the cost of fingerprinting the state.
 *
 * A state's key lists each path in the repository's own order with its mode and a digest of its content: a
 * file's digest is worked out once per file object (repositories share the file objects an action did not
 * change), and the order is kept because simulators report in it, so two states with the same files listed
 * differently are kept apart. Each store is bounded by count and by an estimate of the bytes its values
 * hold; least recently used goes first. Nothing is kept or looked up while reuse is off (`setIncremental`).
 */
import { hash } from "node:crypto";
import type { RepoFile, Repository } from "../repository.js";
import { reuseEnabled } from "./sections.js";

export { MAX_KEPT_ANSWER_BYTES, MAX_KEPT_ANSWERS, MAX_KEPT_ASSESSMENT_BYTES, MAX_KEPT_ASSESSMENTS, MAX_KEPT_COMMAND_BYTES, MAX_KEPT_COMMANDS } from "./bounds.js";

const digests = new WeakMap<RepoFile, string>();

function digestOf(file: RepoFile): string {
  let digest = digests.get(file);
  if (digest === undefined) {
    // Only to tell contents apart, not to keep secrets: SHA-1 is the quickest digest Node has.
    digest = hash("sha1", file.content, "base64");
    digests.set(file, digest);
  }
  return digest;
}

const keys = new WeakMap<Repository, string>();

/** The repository's state as a key: each path in order, with its mode and its content's digest. */
export function stateKey(repo: Repository): string {
  let key = keys.get(repo);
  if (key === undefined) {
    const parts: string[] = [];
    for (const [path, file] of repo) parts.push(`${path}\u0000${file.mode}\u0000${digestOf(file)}`);
    key = parts.join("\u0001");
    keys.set(repo, key);
  }
  return key;
}

interface Entry<V> {
  value: V;
  bytes: number;
}

/** One store of values kept by key, bounded by count and by the bytes `charge` says each holds. */
export class KeptByState<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private held = 0;

  constructor(
    private readonly limits: { count: number; bytes: number },
    private readonly charge: (value: V) => number,
  ) {}

  /** The value kept under `key`, else `compute`'s (kept unless it alone would take an eighth of the bytes). */
  get(key: string, compute: () => V): V {
    if (!reuseEnabled()) return compute();
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Most recently used last, so the oldest is the first the map yields.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    const value = compute();
    const bytes = key.length * 2 + this.charge(value);
    if (bytes > this.limits.bytes / 8) return value;
    this.entries.set(key, { value, bytes });
    this.held += bytes;
    while (this.entries.size > this.limits.count || this.held > this.limits.bytes) {
      const [oldest, dropped] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.held -= dropped.bytes;
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}
