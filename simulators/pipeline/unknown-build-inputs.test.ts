/**
 * A build whose `target:` or `file:` is a value the run cannot know (a caller's input, an unmodelled step's
 * output): which stage or Dockerfile is built is not known, so PIPE003 is undecided and no Dockerfile is called
 * missing (argo-cd's `target: ${{ inputs.target }}` was refused as 'target stage "x275be323"'). A literal one
 * is still judged.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";
import { deliver, repository, WORKFLOW, WORLD } from "./rules/fixtures.js";

const PUSH = "          push: true\n          tags: ghcr.io/acme/web:${{ github.ref_name }}\n";
const run = (withLines: string) => {
  const workflow = deliver(withLines).replace("      - uses: docker/build-push-action@v6", "      - id: pick\n        uses: acme/pick-variant@v1\n      - uses: docker/build-push-action@v6");
  const r = simulateRepository(repositoryFrom(repository({ [WORKFLOW]: workflow })), parseWorld(WORLD), { worldKnown: true, context: true });
  return { codes: r.diagnostics.map((d) => d.code), undecided: r.undecided.has(checkKey("PIPE003", WORKFLOW)) };
};

describe("a build's target or file the run cannot know", () => {
  it("leaves PIPE003 undecided for an unknown target", () => {
    expect(run(`          target: \${{ steps.pick.outputs.stage }}\n${PUSH}`)).toEqual({ codes: [], undecided: true });
  });

  it("does not call an unknown Dockerfile path missing", () => {
    expect(run(`          file: ./\${{ steps.pick.outputs.dir }}/Dockerfile\n${PUSH}`).codes).toEqual([]);
  });

  it("still refuses a literal target and a literal path that are not there", () => {
    expect(run(`          target: production\n${PUSH}`).codes).toEqual(["PIPE003"]);
    expect(run(`          file: ./alpine/Dockerfile\n${PUSH}`).codes).toEqual(["GHA101"]);
  });
});
