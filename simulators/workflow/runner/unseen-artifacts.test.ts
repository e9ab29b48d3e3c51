/**
 * Artifacts uploaded where the run cannot see: by a reusable workflow the job needs, or, for a workflow only
 * ever called, by its caller's jobs (one run shares its artifacts across called workflows). A download of such a
 * name is undecided, not "Artifact not found", and what it brings is unknown; with nothing unseen the same
 * download is still refused.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const UI = ".github/workflows/ui.yml";
const CALLED = "on: workflow_call\njobs:\n  ui:\n    runs-on: ubuntu-latest\n    steps:\n      - run: tar czf ui.tar.gz README.md\n      - uses: actions/upload-artifact@v4\n        with:\n          name: ui.tar.gz\n          path: ui.tar.gz\n";
const DOWNLOAD = "    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n        with:\n          name: ui.tar.gz\n      - run: tar xf ui.tar.gz\n";

function simulate(workflow: string) {
  const r = workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, [UI]: CALLED, "README.md": "ui\n" }), parseWorld({}), { worldKnown: true });
  return { codes: r.diagnostics.filter((d) => d.file === CI).map((d) => `${d.severity} ${d.code}`), undecided: r.undecided.has(checkKey("GHA110", CI)) };
}

describe("an artifact a run uploads where the simulator cannot see", () => {
  it("from a reusable workflow the job needs: undecided, and its files are not called missing", () => {
    expect(simulate(`on: push\njobs:\n  ui:\n    uses: ./.github/workflows/ui.yml\n  build:\n    needs: ui\n${DOWNLOAD}`)).toEqual({ codes: [], undecided: true });
  });

  it("in a workflow only ever called: its caller's jobs may have uploaded it", () => {
    expect(simulate(`on:\n  workflow_call:\n    inputs:\n      version:\n        type: string\njobs:\n  e2e:\n${DOWNLOAD}`)).toEqual({ codes: [], undecided: true });
  });

  it("is still refused when nothing unseen runs first", () => {
    expect(simulate(`on: push\njobs:\n  ui:\n    uses: ./.github/workflows/ui.yml\n  build:\n${DOWNLOAD}`)).toEqual({ codes: ["error GHA110"], undecided: false });
  });
});
