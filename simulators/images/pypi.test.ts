/**
 * What pip makes of a pinned release: a scenario's world lists every release there is, a user's files meet PyPI
 * as it is today, of which the lists are a sample; and releases compare as PEP 440 compares them.
 */
import { describe, expect, it } from "vitest";
import { simulate } from "../../lib/index.js";
import { installability } from "./pypi.js";

const DOCKERFILE = "FROM python:3.12-slim\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install --no-cache-dir -r requirements.txt\nCOPY . .\nCMD [\"python\", \"app.py\"]\n";
const pipFailures = (requirements: string, world?: object) =>
  simulate({ Dockerfile: DOCKERFILE, "requirements.txt": requirements, "app.py": "print('ok')\n" }, world ? { world } : {}).diagnostics.filter((d) => d.code === "DF009");

describe("pinned releases", () => {
  it("a release written without its trailing zeros is the one listed with them", () => {
    expect(installability("django", "4.2", "3.12")).toEqual({ kind: "ok" });
    expect(installability("flask", "3.0", "3.12")).toEqual({ kind: "ok" });
    expect(installability("flask", "3.0.0.0", "3.12")).toEqual({ kind: "ok" });
    expect(installability("flask", "3.0.9", "3.12").kind).toBe("no-such-version");
  });

  it("in a scenario's world, a release not listed was never published; in a user's files it is unknown", () => {
    expect(installability("fastapi", "0.137.1", "3.12").kind).toBe("no-such-version");
    expect(installability("fastapi", "0.137.1", "3.12", "open")).toEqual({ kind: "unknown" });
    // What the lists do say holds either way: flask 3.1 needs Python 3.9.
    expect(installability("flask", "3.1.0", "3.8", "open").kind).toBe("needs-newer-python");
  });

  it("lint does not report a release newer than the lists as missing (Azure-Samples/aks-store-demo's ai-service)", () => {
    expect(pipFailures("fastapi==0.137.1\nuvicorn==0.49.0\npydantic==2.13.4\nrequests==2.34.0\n")).toEqual([]);
  });

  it("a scenario's build still fails on a release its world does not have, and not on one written as 3.0", () => {
    const world = {};
    expect(pipFailures("flask==3.0.9\n", world).map((d) => d.log ?? d.message).join("\n")).toContain("No matching distribution found for flask==3.0.9");
    expect(pipFailures("flask==3.0\n", world)).toEqual([]);
  });
});
