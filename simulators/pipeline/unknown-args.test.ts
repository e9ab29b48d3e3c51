/**
 * A build arg the run cannot know is not judged on its placeholder: a Dockerfile guard that fails on an empty
 * value leaves its rule undecided when the value is unknown, fails when it is empty, and passes when it is set.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { checkKey } from "../simulation.js";
import { parseWorld } from "../world.js";

const WF = ".github/workflows/publish.yml";
const DOCKERFILE = 'FROM python:3.12-slim\nARG APP_VERSION\nRUN test -n "$APP_VERSION"\nCMD ["python", "-m", "http.server"]\n';
const workflow = (on: string, value: string) =>
  `on:\n  ${on}\npermissions:\n  contents: read\n  packages: write\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/setup-buildx-action@v3\n` +
  "      - uses: docker/login-action@v3\n        with:\n          registry: ghcr.io\n          username: ${{ github.actor }}\n          password: ${{ secrets.GITHUB_TOKEN }}\n" +
  `      - uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          build-args: |\n            APP_VERSION=${value}\n          tags: ghcr.io/acme/reports:1\n`;

function run(on: string, value: string, dockerfile = DOCKERFILE) {
  const world = parseWorld({ repository: { owner: "acme", name: "reports" } });
  return simulateRepository(repositoryFrom({ [WF]: workflow(on, value), Dockerfile: dockerfile }), world, { worldKnown: true, context: true });
}

const DF009 = checkKey("DF009", "Dockerfile");
const fired = (r: ReturnType<typeof run>) => r.diagnostics.filter((d) => d.severity === "error").map((d) => d.code);

describe("a build arg from an event field", () => {
  it("is empty on a push, which carries no release: the guard fails", () => {
    const r = run("push:\n    branches: [main]", "${{ github.event.release.tag_name }}");
    expect(fired(r)).toContain("DF009");
    expect(r.undecided.has(DF009)).toBe(false);
  });

  it("is unknown on a release, whose tag the world does not fix: the guard is undecided, not passed", () => {
    const r = run("release:\n    types: [published]", "${{ github.event.release.tag_name }}");
    expect(fired(r)).not.toContain("DF009");
    expect(r.undecided.has(DF009)).toBe(true);
  });

  it("is judged as it is when known, or when the Dockerfile does not depend on it", () => {
    const known = run("push:\n    branches: [main]", "${{ github.ref_name }}");
    expect(fired(known)).toEqual([]);
    expect(known.undecided.has(DF009)).toBe(false);
    const unguarded = run("release:\n    types: [published]", "${{ github.event.release.tag_name }}", 'FROM python:3.12-slim\nARG APP_VERSION\nCMD ["python", "-m", "http.server"]\n');
    expect(unguarded.undecided.has(DF009)).toBe(false);
  });
});
