/**
 * A Dockerfile that a compose file builds from another folder (fastapi/full-stack-fastapi-template builds
 * backend/Dockerfile with `context: .`) is linted with that context, whether its repository or only the
 * Dockerfile is named; one built from several contexts has no known context, so its COPY sources are not judged
 * (undecided, never clean); without a compose file each Dockerfile keeps its own folder.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CliIO } from "../server/cli/io.js";
import { main } from "../server/cli/main.js";
import { lintFiles, simulateRepository, EMPTY_WORLD } from "../simulators/index.js";
import { repositoryFrom } from "../simulators/repository.js";
import { checkKey } from "../simulators/simulation.js";

const FIXTURE = path.join(import.meta.dirname, "fixtures", "lint-clean", "compose-context");
// open-telemetry/opentelemetry-demo: `dockerfile: ${AD_DOCKERFILE}`, set in .env beside compose.yaml.
const FROM_ENV = path.join(import.meta.dirname, "fixtures", "lint-clean", "compose-env");
const DOCKERFILE = "FROM python:3.14\nWORKDIR /app/\nCOPY ./backend/app /app/backend/app\nCMD [\"python\", \"-m\", \"app\"]\n";
const FILES = { "backend/Dockerfile": DOCKERFILE, "backend/app/__main__.py": "print('hi')\n" };
const compose = (...builds: string[]) => `services:\n${builds.map((b, i) => `  s${i}:\n    build:\n${b}`).join("")}`;
const ROOT_BUILD = "      context: .\n      dockerfile: backend/Dockerfile\n";

function lint(files: Record<string, string>) {
  const list = Object.entries(files).map(([p, content]) => ({ path: p, content, mode: 0o644 }));
  return lintFiles(list, { kind: "auto", context: true }).map((d) => `${d.file}:${d.line} ${d.code}`);
}

async function cli(args: string[], cwd: string) {
  let stdout = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: () => {}, env: {}, cwd };
  return { code: await main(["lint", ...args], io), stdout };
}

describe("a Dockerfile built by compose from another folder", () => {
  it("is linted with the compose file's context, the repository named or only the Dockerfile", async () => {
    expect(await cli(["."], FIXTURE)).toEqual({ code: 0, stdout: "" });
    expect(await cli(["backend/Dockerfile"], FIXTURE)).toEqual({ code: 0, stdout: "" });
  });

  it("is found when compose names it by a variable .env sets, the repository named or only the Dockerfile", async () => {
    expect(await cli(["."], FROM_ENV)).toEqual({ code: 0, stdout: "" });
    expect(await cli(["src/ad/Dockerfile"], FROM_ENV)).toEqual({ code: 0, stdout: "" });
    const byVariable = compose("      context: .\n      dockerfile: ${API_DOCKERFILE}\n");
    expect(lint({ "compose.yml": byVariable, ".env": "API_DOCKERFILE=backend/Dockerfile\n", ...FILES })).toEqual([]);
    expect(lint({ "compose.yml": compose("      context: .\n      dockerfile: ${API_DOCKERFILE:-backend/Dockerfile}\n"), ...FILES })).toEqual([]);
    // A source missing from that context is still missing.
    const broken = { ...FILES, "backend/Dockerfile": DOCKERFILE.replace("./backend/app", "./backend/ap") };
    expect(lint({ "compose.yml": byVariable, ".env": "API_DOCKERFILE=backend/Dockerfile\n", ...broken })).toEqual(["backend/Dockerfile:3 DF004"]);
    // A variable .env does not set is the shell's: it names no Dockerfile, which builds from its own folder as before.
    expect(lint({ "compose.yml": byVariable, ...FILES })).toEqual(["backend/Dockerfile:3 DF004"]);
  });

  it("still has a COPY source missing from that context reported", () => {
    expect(lint({ "compose.yml": compose(ROOT_BUILD), "backend/Dockerfile": DOCKERFILE.replace("./backend/app", "./backend/ap"), "backend/app/__main__.py": "" })).toEqual(["backend/Dockerfile:3 DF004"]);
  });

  it("built from several contexts, has its COPY sources undecided, not clean", () => {
    const files = { "compose.yml": compose(ROOT_BUILD, "      context: backend\n"), ...FILES };
    expect(lint(files)).toEqual([]);
    const result = simulateRepository(repositoryFrom(files), EMPTY_WORLD, { context: true, worldKnown: false });
    expect(result.checked.has(checkKey("DF004", "backend/Dockerfile"))).toBe(false);
  });

  it("without a compose file, or named by one with its own folder, builds from its own folder", () => {
    expect(lint(FILES)).toEqual(["backend/Dockerfile:3 DF004"]);
    expect(lint({ "compose.yml": compose("      context: ./backend\n"), ...FILES })).toEqual(["backend/Dockerfile:3 DF004"]);
  });
});
