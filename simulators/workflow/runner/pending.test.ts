/**
 * What a job leg that stopped early still judged: a run rule counts as evaluated on a file only when no step
 * the leg left unreached (nor the rest of the failing step, nor a job that never ran) would have emitted an
 * event it judges, read from the steps' actions and their scripts as the shell parser reads them.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import type { SimulationResult } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import type { WorldInput } from "../../world.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const job = (steps: string, header = ""): string => `on: push\n${header}jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
const checkout = "      - uses: actions/checkout@v4\n";
const login = '      - run: echo "$TOKEN" | docker login ghcr.io -u "$GITHUB_ACTOR" --password-stdin\n';
const mapped = "        env:\n          TOKEN: ${{ secrets.GITHUB_TOKEN }}\n";

function simulate(workflow: string, world: WorldInput = {}, worldKnown = true): SimulationResult {
  return workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, ...APP_FILES }), parseWorld(world), { worldKnown });
}

const checked = (r: SimulationResult, code: string): boolean => r.checked.has(checkKey(code, CI));
const codes = (r: SimulationResult) => r.diagnostics.map((d) => [d.code, d.severity]);

describe("a leg that stopped early", () => {
  it("judged the rules of the steps it reached, not those of the steps after its failure", () => {
    const r = simulate(job(`${checkout}${login}${mapped}      - run: curl "$HOOK"\n      - run: cat notes.txt\n`));
    expect(codes(r)).toEqual([["GHA108", "error"]]);
    expect(checked(r, "GHA102")).toBe(true);
    expect(checked(r, "GHA103")).toBe(true);
    // `cat notes.txt` was never reached.
    expect(checked(r, "GHA101")).toBe(false);
  });

  it("goes on past a continue-on-error step: the steps after it were judged", () => {
    const r = simulate(job(`      - run: docker build -t app .\n        continue-on-error: true\n${checkout}${login}      - run: echo done\n`));
    expect(codes(r)).toEqual([["GHA101", "warning"], ["GHA102", "error"]]);
    expect(checked(r, "GHA109")).toBe(true);
    expect(checked(r, "GHA106")).toBe(true);
  });

  it("never reached the rest of its failing step: a second push, or the push of a refused build", () => {
    const pushes = simulate(job(`${checkout}      - run: |\n          docker push ghcr.io/acme/app:1\n          docker push docker.io/acme/app:1\n`));
    expect(codes(pushes)).toEqual([["GHA106", "error"]]);
    expect(checked(pushes, "GHA104")).toBe(false);
    const build = `      - uses: docker/build-push-action@v6\n        with:\n          push: true\n          tags: ghcr.io/acme/app:1\n          platforms: linux/amd64,linux/arm64\n`;
    const refused = simulate(job(`${checkout}${build}`));
    expect(codes(refused)).toEqual([["GHA109", "error"]]);
    for (const code of ["GHA101", "GHA104", "GHA105", "GHA114"]) expect(checked(refused, code), code).toBe(false);
    expect(checked(refused, "GHA102")).toBe(true);
  });

  it("did not judge a rule that comes after the one that fired on the same event", () => {
    const r = simulate(job(login));
    expect(codes(r)).toEqual([["GHA102", "error"]]);
    expect(checked(r, "GHA102")).toBe(true);
    expect(checked(r, "GHA103")).toBe(false);
  });

  it("counts what a job that never ran would have done as unreached", () => {
    const notify = (steps: string) =>
      `on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: cat missing.txt\n  publish:\n    needs: build\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
    const withLogin = simulate(notify(login));
    expect(checked(withLogin, "GHA102")).toBe(false);
    expect(checked(withLogin, "GHA113")).toBe(false);
    const withoutLogin = simulate(notify("      - run: echo published\n"));
    expect(checked(withoutLogin, "GHA102")).toBe(true);
    expect(checked(withoutLogin, "GHA101")).toBe(true);
  });

  it("reads unreached scripts with the shell parser: a printed command is not a command", () => {
    const printed = simulate(job(`      - run: cat missing.txt\n      - run: echo "then docker login ghcr.io && docker push app"\n`));
    expect(checked(printed, "GHA102")).toBe(true);
    expect(checked(printed, "GHA106")).toBe(true);
    const real = simulate(job(`      - run: cat missing.txt\n      - run: echo then && docker push app\n`));
    expect(checked(real, "GHA106")).toBe(false);
  });
});

describe("a command the simulator cannot tell runs", () => {
  it("reports nothing where it would fail, and leaves that rule unjudged", () => {
    const guarded = simulate(job('      - run: |\n          if [ -n "$HOOK" ]; then\n            curl "$HOOK"\n          fi\n'));
    expect(guarded.diagnostics).toEqual([]);
    expect(checked(guarded, "GHA108")).toBe(false);
    expect(checked(guarded, "GHA101")).toBe(true);
  });

  it("still has not done what it would have: a guarded login that would fail logs nothing in", () => {
    const r = simulate(job(`${checkout}      - run: |\n          if true; then\n            echo "$TOKEN" | docker login ghcr.io -u me --password-stdin\n          fi\n      - run: docker build -t ghcr.io/acme/app:1 .\n      - run: docker push ghcr.io/acme/app:1\n`));
    expect(r.diagnostics.map((d) => d.code)).toEqual(["GHA104"]);
  });
});

describe("what the world decides", () => {
  it("leaves a runner label unjudged when the world is unknown", () => {
    const lint = simulate(job("      - run: echo hi\n").replace("ubuntu-latest", "ubuntu-lates"), {}, false);
    expect(lint.diagnostics).toEqual([]);
    expect(checked(lint, "GHA113")).toBe(false);
    expect(checked(lint, "GHA101")).toBe(true);
  });
});
