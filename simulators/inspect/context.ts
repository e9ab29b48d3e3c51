/**
 * What an inspection reads: the episode's current files, the scenario's world, the files the episode started
 * from (for `git diff`), and the simulation of the current files, run at most once per inspection and only
 * when a command needs it (a `cat` simulates nothing).
 */
import { RuleEngine } from "../engine/engine.js";
import { simulateRepository } from "../index.js";
import { DELIVERY_RULES } from "../pipeline/simulator.js";
import type { Repository } from "../repository.js";
import type { SimulationResult } from "../simulation.js";
import type { World } from "../world.js";

export interface InspectionInput {
  repo: Repository;
  world: World;
  /** The files as the episode started. */
  start: Repository;
}

/** What a command printed (stdout and stderr in the order a terminal shows them) and its exit status. */
export interface CommandOutput {
  out: string;
  status: number;
  /**
   * Characters the command did not produce because its answer would be cut at MAX_INSPECT_OUTPUT_CHARS
   * anyway (kubectl's rows past the bound, counted rather than built); the cut note counts them.
   */
  unshown?: number;
  /** The command stopped at MAX_INSPECT_PIPE_CHARS: the answer says so. */
  cut?: boolean;
}

export const ok = (out: string): CommandOutput => ({ out, status: 0 });
export const failed = (out: string, status = 1): CommandOutput => ({ out, status });

export class InspectionContext {
  private pipeline: SimulationResult | undefined;

  constructor(readonly input: InspectionInput) {}

  get repo(): Repository {
    return this.input.repo;
  }

  get world(): World {
    return this.input.world;
  }

  /** The whole delivery simulated on the current files, as the grader sees it. */
  simulation(): SimulationResult {
    this.pipeline ??= simulateRepository(this.repo, this.world, { worldKnown: true, context: true });
    return this.pipeline;
  }

  /** A fresh engine over the scenario's world, for a tool that runs one simulator alone (`docker build`). */
  engine(): RuleEngine {
    return new RuleEngine(DELIVERY_RULES, { world: this.world, worldKnown: true, context: true });
  }
}

/** A command family: the programs it answers, and its answer to one command line (argv[0] is the program). */
export interface CommandFamily {
  readonly family: string;
  /** `program subcommand…` forms it answers, for the refusal that lists what is supported. */
  readonly supported: readonly string[];
  readonly programs: readonly string[];
  run(argv: readonly string[], stdin: string | null, ctx: InspectionContext): CommandOutput;
}
