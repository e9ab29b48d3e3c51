/**
 * Images a command the runner does not follow may have stored (grafana/k6's packager.yml runs
 * `docker compose build packager`, whose compose file names the image ghcr.io/grafana/k6packager, then pushes
 * it): GHA106 is undecided after such a command, not 'An image does not exist locally'. Before it, a push of a
 * tag nothing built is still refused.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { checkKey } from "../../simulation.js";
import { parseWorld } from "../../world.js";
import { CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";

const job = (lines: string): string =>
  `on: push\npermissions:\n  packages: write\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: echo "\${{ secrets.GITHUB_TOKEN }}" | docker login ghcr.io -u \${{ github.actor }} --password-stdin\n      - run: |\n${lines
    .split("\n")
    .map((l) => `          ${l}`)
    .join("\n")}\n`;

function simulate(lines: string) {
  const r = workflowSimulator.simulate(repositoryFrom({ [CI]: job(lines), "packaging/docker-compose.yml": "services:\n  packager:\n    build: .\n    image: ghcr.io/grafana/k6packager:latest\n", "packaging/Dockerfile": "FROM alpine:3.20\n" }), parseWorld({}), { worldKnown: true });
  return { findings: r.diagnostics.map((d) => `${d.code} ${d.message}`), undecided: r.undecided.has(checkKey("GHA106", CI)) };
}

describe("images stored by commands the runner does not follow", () => {
  it.each(["cd packaging && docker compose build packager", "cd packaging && docker-compose build", "docker load -i k6packager.tar"])("%s: a push after it is undecided", (build) => {
    expect(simulate(`${build}\ndocker push ghcr.io/grafana/k6packager:latest`)).toEqual({ findings: [], undecided: true });
  });

  it("a push before it is still refused", () => {
    expect(simulate("docker push ghcr.io/grafana/k6packager:latest\ncd packaging && docker compose build packager")).toEqual({
      findings: ["GHA106 An image does not exist locally with the tag: ghcr.io/grafana/k6packager"],
      undecided: false,
    });
  });
});
