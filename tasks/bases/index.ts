/**
 * The clean repositories scenarios break. Every simulator reports no error on each of them (a test), which
 * keeps the simulators honest on realistic input.
 */
import type { Base } from "../schema.js";
import { DOCKER_BASES } from "./docker.js";

export const BASES: readonly Base[] = [...DOCKER_BASES];
