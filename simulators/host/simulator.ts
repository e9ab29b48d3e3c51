/**
 * The host simulation: one run of the host rules over the host as it is now, in the order its checks are met
 * (configuration, services, resources, jobs, traffic), plus the facts the grader compares. Pure: the same
 * repository gives the same diagnostics, checks and facts.
 */
import { RuleEngine } from "../engine/engine.js";
import type { Repository } from "../repository.js";
import type { SimulationOptions, SimulationResult } from "../simulation.js";
import type { World } from "../world.js";
import { HostFs } from "./fs.js";
import { observeConfig } from "./observe/config.js";
import { observeFacts } from "./observe/facts.js";
import { observeJobs } from "./observe/jobs.js";
import { observeResources } from "./observe/resources.js";
import { observeServices } from "./observe/services.js";
import { observeTraffic } from "./observe/traffic.js";
import { HOST_RULES } from "./rules/index.js";

export function simulateHost(repo: Repository, world: World, options: SimulationOptions = {}): SimulationResult {
  const engine = new RuleEngine(HOST_RULES, { world, worldKnown: options.worldKnown !== false, context: options.context !== false });
  const fs = HostFs.of(repo);
  const state = fs.state;
  observeFacts(engine, fs, state);
  observeConfig(engine, fs, state);
  observeServices(engine, repo, fs, state);
  observeResources(engine, fs, state);
  observeJobs(engine, fs, state);
  observeTraffic(engine, fs, state);
  return engine.result();
}
