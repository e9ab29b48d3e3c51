/**
 * A pod whose image now starts `sleep infinity` (or a `node -e` one-liner) in its app's place does not listen
 * where the app would: its probes and its Service's port are not passed on the app's behalf. Seen in
 * full_pipeline_three_bugs, where `CMD ["sleep", "infinity"]` in place of `node server.js` made the crashing
 * pod Ready and solved the scenario.
 */
import { describe, expect, it } from "vitest";
import { gradeTrajectory } from "../../lib/index.js";
import { repositoryFrom } from "../repository.js";
import { parseWorld, type WorldInput } from "../world.js";
import { appProcess } from "./app-process.js";
import { k8sSimulator } from "./index.js";
import { APP_FILES, WORLD } from "./rules/fixtures.js";

describe("appProcess", () => {
  it("takes interpreters, servers and shells that start them for the app", () => {
    expect(appProcess(["python", "app.py"])).toBe("app");
    expect(appProcess(["tini", "--", "gunicorn", "app:app"])).toBe("app");
    expect(appProcess(["/bin/sh", "-c", "cd /app && exec node server.js"])).toBe("app");
    expect(appProcess(["node", "--enable-source-maps", "server.js", "-e"])).toBe("app");
  });

  it("knows an idling process serves nothing, and inline code is not known", () => {
    expect(appProcess(["sleep", "infinity"])).toBe("other");
    expect(appProcess(["/bin/sh", "-c", "tail -f /dev/null"])).toBe("other");
    expect(appProcess(["node", "-e", "require('http').createServer().listen(3000)"])).toBe("unknown");
    expect(appProcess(["/bin/sh", "-c", "python -c 'import time; time.sleep(1e9)'"])).toBe("unknown");
  });
});

function outcome(cmd: string[]) {
  const image = { ...WORLD.registry!["ghcr.io/acme/web"]!["1.0"]!, binaries: ["python", "sh", "sleep"], entrypoint: undefined, cmd };
  const world: WorldInput = { ...WORLD, registry: { "ghcr.io/acme/web": { "1.0": image } } };
  const result = k8sSimulator.simulate(repositoryFrom(APP_FILES), parseWorld(world), { worldKnown: true });
  return { errors: result.diagnostics.filter((d) => d.severity === "error").map((d) => d.code), undecided: [...result.undecided].join(" ") };
}

describe("a pod's probes against what its process is", () => {
  it("passes the app's own process, and leaves sleep's probes undecided", () => {
    expect(outcome(["python", "app.py"])).toEqual({ errors: [], undecided: expect.not.stringContaining("K8S027") });
    expect(outcome(["sleep", "infinity"]).undecided).toContain("K8S027");
  });

  it("credits no fix that swaps the crashing app for sleep", () => {
    const checkout = "      - uses: actions/checkout@v4\n\n";
    const edit = (file_path: string, old_content: string, new_content: string) => ({ action_type: "edit_file", edits: [{ file_path, old_content, new_content }] });
    const { breakdown } = gradeTrajectory("full_pipeline_three_bugs", [
      { action_type: "edit_file", edits: [{ file_path: ".github/workflows/release.yml", old_content: checkout, new_content: "" }, { file_path: ".github/workflows/release.yml", old_content: "    steps:\n", new_content: `    steps:\n${checkout}` }] },
      edit("k8s/service.yaml", "targetPort: 8080", "targetPort: 3000"),
      edit("Dockerfile", 'CMD ["node", "server.js"]', 'CMD ["sleep", "infinity"]'),
    ]);
    expect(breakdown.issues_fixed).toBe(0);
    expect(breakdown.violations.map((v) => v.check)).toContain("no-unknown-outcomes");
  });
});
