/**
 * A file whose YAML has a mapping as a key (`{{ secrets.X }}`, an expression without its `$`, is a flow mapping whose key is one) is read
 * without the yaml package printing its "Keys with collection values will be stringified" warning to the
 * process's stderr: a lint or a server would print it once per such file, to nobody who asked.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { simulateRepository } from "../../simulators/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { EMPTY_WORLD } from "../../simulators/world.js";

const warnings: string[] = [];
const listen = (w: Error): void => void warnings.push(w.message);

beforeEach(() => {
  warnings.length = 0;
  process.on("warning", listen);
});

afterEach(() => {
  process.off("warning", listen);
});

/** Warnings are emitted on the next tick: wait one out. */
const settled = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe("YAML with a mapping as a key", () => {
  it("is simulated with no process warning, and still judged", async () => {
    const files = {
      ".github/workflows/ci.yml": "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: docker/login-action@v3\n        with:\n          password: {{ secrets.DOCKER_PASSWORD }}\n",
      "k8s/config.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  { key }: value\n",
    };
    const result = simulateRepository(repositoryFrom(files), EMPTY_WORLD, { worldKnown: false, context: false });
    await settled();
    expect(warnings).toEqual([]);
    expect(result.diagnostics.filter((d) => d.file === ".github/workflows/ci.yml").map((d) => d.message)).toContain("A mapping was not expected");
  });
});
