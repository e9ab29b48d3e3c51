/**
 * The clean repositories the scenario generator injects faults into: realistic apps across stacks and shapes,
 * each with its Dockerfile(s), CI and release workflows and Kubernetes manifests, and a world whose every fact
 * the repository states somewhere an engineer would look. Each passes every simulator with no error (a test).
 * `train` bases serve the train and validation splits; `test` bases are held out for the test split.
 */
import { GO_BASES } from "./bases/go.js";
import { JAVA_BASES } from "./bases/java.js";
import { MONOREPO_BASES } from "./bases/monorepo.js";
import { NODE_BASES } from "./bases/node.js";
import { PYTHON_BASES } from "./bases/python.js";
import type { GeneratorBase } from "./define-base.js";

export type { Discoverable, GeneratorBase, GeneratorBaseDeclaration, Language, Split, Stack } from "./define-base.js";
export { defineGeneratorBase } from "./define-base.js";

export const GENERATOR_BASES: readonly GeneratorBase[] = [...PYTHON_BASES, ...NODE_BASES, ...GO_BASES, ...JAVA_BASES, ...MONOREPO_BASES];
