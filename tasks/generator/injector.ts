/**
 * A fault injector: one kind of real delivery fault, typed and self-contained. Given a repository (a clean
 * base, possibly with other faults already in it) and a seeded generator, it finds a place the fault fits and
 * returns the files it changes, the issue it creates (hint, where the simulators detect it, the stage it is
 * met at) and its repair as actions an agent could send (the oracle); or it declines when the repository has
 * no place for it. Injectors never read a scenario's hidden data: only files, world and stack.
 */
import type { Action } from "../../contracts/actions.js";
import type { Stage } from "../../simulators/diagnostic.js";
import type { RuleCode } from "../../simulators/rule-codes.js";
import type { World } from "../../simulators/world.js";
import type { GeneratorBase, Split } from "./define-base.js";
import type { Rng } from "./rng.js";

export type Layer = "dockerfile" | "workflow" | "k8s" | "pipeline";

/** A file as the injector sees it. */
export interface GenFile {
  content: string;
  mode: number;
}

export interface InjectionContext {
  base: GeneratorBase;
  /** The repository as it stands: the base, with the faults injected before this one. */
  files: ReadonlyMap<string, GenFile>;
  world: World;
  rng: Rng;
  /**
   * The split being generated. Injectors draw their parameters (which typo, which wrong value, which version)
   * from ranges that differ between `train` and `test`, so the test split holds faults train never shows.
   */
  split: "train" | "validation" | "test";
  /** Text another fault of this scenario introduced: an injector must not edit it (its repair would break). */
  reserved: readonly { file: string; text: string }[];
}

/** One file's new state. */
export type FileChange = { file: string; content: string; mode?: number } | { file: string; remove: true };

export interface Injection {
  /** The injector's kind. */
  kind: string;
  layer: Layer;
  changes: FileChange[];
  /** World facts the fault changes (a secret the repository no longer has), merged over the base's. */
  world?: Partial<World>;
  issue: {
    /** Hidden: what is wrong and why, in an engineer's words. */
    description: string;
    /** Shown on request_hint. */
    hint: string;
    stage: Stage;
    /** Where the simulators detect it: rule codes on files. */
    detection: { code: RuleCode; file: string }[];
  };
  /** The repair, as actions against the repository after every fault is injected (edit_file on text this fault introduced). */
  repair: Action[];
  /**
   * The exact texts this fault introduced, by file: other faults must leave them alone so this repair still
   * applies, and the generator checks they are still there.
   */
  introduced: { file: string; text: string }[];
}

export interface Injector {
  /** Stable kind, kebab-case (`copy-source-typo`); part of generated scenarios' ids' history, never reused. */
  readonly kind: string;
  readonly layer: Layer;
  /** One line: the real fault class and where a real tool reports it. */
  readonly summary: string;
  /** Which bases it can apply to at all (a cheap filter before inject). */
  readonly fits?: (base: GeneratorBase) => boolean;
  inject(ctx: InjectionContext): Injection | null;
}

/** Declares an injector: the identity function, for the type and a uniform look of injector files. */
export function defineInjector(injector: Injector): Injector {
  return injector;
}

export type { GeneratorBase, Split };
