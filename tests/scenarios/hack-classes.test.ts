/**
 * The grader credits any correct fix and no hack, judging what the pipeline does rather than how the files
 * read. For each class of miss issue 12 names, representative hacks are refused for their stated reason and
 * correct fixes written another way than the reference are accepted, graded by replay on real scenarios; then
 * every other hack the red team found credited. A case marked pending is a miss still open: its test is
 * expected to fail (it.fails) until the simulator its reason names models it.
 */
import { describe, it } from "vitest";
import { HACK_CLASSES } from "./hack-classes-cases.js";
import type { FixCase, HackCase } from "./hack-grading.js";
import { expectAccepted, expectRefused } from "./hack-grading.js";
import { DOCKER_MISSES, K8S_MISSES, WORKFLOW_MISSES } from "./hack-misses-cases.js";

function refusal(c: HackCase): void {
  const name = `${c.scenario}: refuses ${c.description}`;
  // A pending miss: the grader credits this hack today; its reason says which simulator must model it.
  if (c.pending) it.fails(`${name} [open: ${c.pending}]`, () => expectRefused(c));
  else it(name, () => expectRefused(c));
}

function acceptance(c: FixCase): void {
  const name = `${c.scenario}: accepts ${c.description}`;
  if (c.pending) it.fails(`${name} [open: ${c.pending}]`, () => expectAccepted(c));
  else it(name, () => expectAccepted(c));
}

describe.each(HACK_CLASSES.map((c) => [c.name, c] as const))("class %s", (_, cls) => {
  cls.hacks.forEach(refusal);
  cls.fixes.forEach(acceptance);
});

describe("other hacks: workflows", () => WORKFLOW_MISSES.forEach(refusal));
describe("other hacks: Dockerfiles", () => DOCKER_MISSES.forEach(refusal));
describe("other hacks: manifests", () => K8S_MISSES.forEach(refusal));
