import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { minimumVersion } from "../../simulators/scan/runtime-requirements.js";
import { runtimeRequirementsKept } from "./runtime-requirements.js";
import { judgeChange, stateOf } from "./states.js";

const node = (range: string | null) => repositoryFrom({ "package.json": JSON.stringify({ name: "web", ...(range === null ? {} : { engines: { node: range } }) }) });
const messages = (before: ReturnType<typeof repositoryFrom>, after: ReturnType<typeof repositoryFrom>) => judgeChange(runtimeRequirementsKept, before, after).map((v) => v.message);

describe("minimumVersion", () => {
  it.each([
    [">=18", [18]],
    [">= 18.2.0", [18, 2, 0]],
    ["^20.1", [20, 1]],
    ["14 || 16 || >=18", [14]],
    [">=3.11,<4", [3, 11]],
    ["~=3.10", [3, 10]],
    ["1.22", [1, 22]],
    ["18.x", [18]],
    ["*", []],
    ["<20", []],
  ])("%s admits %j first", (range, minimum) => {
    expect(minimumVersion(range)).toEqual(minimum);
  });
});

describe("runtimeRequirementsKept", () => {
  it("accepts a requirement kept, raised or rewritten to the same floor", () => {
    expect(messages(node(">=18"), node(">=18"))).toEqual([]);
    expect(messages(node(">=18"), node(">=20"))).toEqual([]);
    expect(messages(node(">=18"), node("^18.0.0 || >=20"))).toEqual([]);
  });

  it("flags a requirement lowered or dropped to fit an older runtime", () => {
    expect(messages(node(">=18"), node(">=14")).join("\n")).toContain("package.json: engines.node now admits >=14, below >=18");
    expect(messages(node(">=18"), node(null)).join("\n")).toContain("engines.node (>=18) was removed");
    const py = (range: string) => repositoryFrom({ "pyproject.toml": `[project]\nname = "api"\nrequires-python = "${range}"\n` });
    expect(messages(py(">=3.11"), py(">=3.8")).join("\n")).toContain("requires-python now admits >=3.8");
    const go = (version: string) => repositoryFrom({ "go.mod": `module example.com/api\n\ngo ${version}\n` });
    expect(messages(go("1.22"), go("1.21")).join("\n")).toContain("go now admits 1.21, below 1.22");
  });

  it("lets a requirement the fault raised return to the clean base's", () => {
    const judged = (after: string) => runtimeRequirementsKept.check({ initial: stateOf(node(">=24")), base: stateOf(node(">=18")), current: stateOf(node(after)) }).map((v) => v.message);
    expect(judged(">=18")).toEqual([]);
    expect(judged(">=16").join("\n")).toContain("below >=18");
  });
});
