import type { Repository } from "../../simulators/repository.js";

/**
 * A check that the repository still means what it meant: it compares the episode's starting files with the
 * current ones and names every way a "fix" got there by removing or switching off what the pipeline needs.
 */
export type IntentCheck = (before: Repository, after: Repository) => string[];
