/**
 * GHA103 on a password the simulator cannot know: a command's output or a file's content is neither accepted
 * nor refused, so the check is undecided (not evaluated) and a login through it cannot earn credit.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../../index.js";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { CI } from "./cases.js";
import { jobWith } from "./run-cases.js";

const run = (steps: string) => simulateRepository(repositoryFrom({ [CI]: jobWith(steps) }), parseWorld({ repository: { owner: "acme", name: "web" } }), { worldKnown: true, context: true });

describe("login-denied on unknown credentials", () => {
  it("a secret is judged; a command's output is undecided", () => {
    const secret = run("      - run: echo \"${{ secrets.GITHUB_TOKEN }}\" | docker login ghcr.io -u \"${{ github.actor }}\" --password-stdin\n");
    expect(secret.checked.has(checkKey("GHA103", CI))).toBe(true);
    const substituted = run('      - run: docker login ghcr.io -u "${{ github.actor }}" -p "$(printf %s s3cret)"\n');
    expect(substituted.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(substituted.checked.has(checkKey("GHA103", CI))).toBe(false);
  });
});
