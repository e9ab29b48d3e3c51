/**
 * `github.event` holds the payload of the event the run answers: a field the event's payload does not have is
 * empty (a push carries no release), one it has but the world does not fix is unknown, never a value.
 */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";
import type { ImageBuildEvent } from "../events.js";
import { APP_FILES, CI } from "../rules/cases.js";
import { workflowSimulator } from "../simulator.js";
import { evaluateCondition, evaluateText } from "./evaluate.js";
import type { Scope } from "./evaluate.js";
import { eventPayload } from "./event-payload.js";

const github = { sha: "4f6a1d9c", ref: "refs/heads/main", repository: "acme/reports", actor: "acme", event_name: "push" };

function scope(event: string, inputs: Map<string, string | null> = new Map()): Scope {
  return {
    secret: () => ({ text: "", origin: { kind: "literal" } }),
    github: { ...github, event_name: event },
    env: new Map(),
    vars: () => ({ text: "", origin: { kind: "literal" } }),
    matrix: {},
    inputs: {},
    steps: new Map(),
    needs: new Map(),
    event: eventPayload(event, { github, defaultBranch: "main", inputs }),
  };
}

/** The expression's value, or "unknown" when the run cannot know it. */
function value(expression: string, s: Scope): string {
  const v = evaluateText(expression, s);
  return v.origin.kind === "opaque" ? "unknown" : v.text;
}

describe("the payload of a push", () => {
  it("has no release, pull request or inputs: their fields are empty", () => {
    for (const field of ["github.event.release.tag_name", "github.event.pull_request.number", "github.event.inputs.version", "github.event.release"]) {
      expect(value(field, scope("push")), field).toBe("");
    }
    expect(evaluateCondition("github.event.release.tag_name != ''", scope("push")).result).toBe(false);
  });

  it("carries the ref and the commit the run builds, and the repository", () => {
    expect(value("github.event.ref", scope("push"))).toBe("refs/heads/main");
    expect(value("github.event.after", scope("push"))).toBe("4f6a1d9c");
    expect(value("github.event.head_commit.id", scope("push"))).toBe("4f6a1d9c");
    expect(value("github.event.repository.full_name", scope("push"))).toBe("acme/reports");
    expect(value("github.event.repository.default_branch", scope("push"))).toBe("main");
  });

  it("leaves what the world does not fix unknown: a commit message, the commit before, a repository field not listed", () => {
    for (const field of ["github.event.head_commit.message", "github.event.before", "github.event.repository.private", "toJSON(github.event)"]) {
      expect(value(field, scope("push")), field).toBe("unknown");
    }
    expect(evaluateCondition("contains(github.event.head_commit.message, '[skip]')", scope("push")).result).toBe("unknown");
  });
});

describe("the payloads of other events", () => {
  it("a release has a release whose tag is unknown, and no pull request", () => {
    expect(value("github.event.release.tag_name", scope("release"))).toBe("unknown");
    expect(value("github.event.action", scope("release"))).toBe("unknown");
    expect(value("github.event.pull_request.number", scope("release"))).toBe("");
  });

  it("a pull request has a pull request whose fields are unknown, and no release", () => {
    expect(value("github.event.pull_request.head.ref", scope("pull_request"))).toBe("unknown");
    expect(value("github.event.number", scope("pull_request"))).toBe("unknown");
    expect(value("github.event.release.tag_name", scope("pull_request"))).toBe("");
  });

  it("a manual run carries the declared inputs' defaults, unknown where none is given, and no undeclared input", () => {
    const inputs = new Map<string, string | null>([["version", "1.2.0"], ["channel", null]]);
    expect(value("github.event.inputs.version", scope("workflow_dispatch", inputs))).toBe("1.2.0");
    expect(value("github.event.inputs.channel", scope("workflow_dispatch", inputs))).toBe("unknown");
    expect(value("github.event.inputs.other", scope("workflow_dispatch", inputs))).toBe("");
  });

  it("of an event whose payload is not modelled, every field is unknown", () => {
    expect(value("github.event.schedule", scope("schedule"))).toBe("unknown");
    expect(value("github.event.release.tag_name", scope("issues"))).toBe("unknown");
  });
});

describe("a build arg from the payload", () => {
  it("is empty on a push when it names the release's tag", () => {
    const workflow =
      "on: push\njobs:\n  image:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: docker/build-push-action@v6\n        with:\n          build-args: |\n            APP_VERSION=${{ github.event.release.tag_name }}\n            REF=${{ github.event.ref }}\n";
    const result = workflowSimulator.simulate(repositoryFrom({ [CI]: workflow, ...APP_FILES, Dockerfile: "FROM alpine:3.20\n" }), parseWorld({}), { worldKnown: true });
    const builds = result.facts.of<ImageBuildEvent>("image-build").map((f) => f.event.buildArgs.map((a) => [a.name, a.value]));
    expect(builds).toEqual([[["APP_VERSION", ""], ["REF", "refs/heads/main"]]]);
  });
});
