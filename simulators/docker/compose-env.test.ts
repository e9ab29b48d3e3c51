/** Compose's ${VAR} interpolation from the project's .env: what is known from the repository, and what is the shell's. */
import { describe, expect, it } from "vitest";
import { interpolate, readDotEnv } from "./compose-env.js";

describe("readDotEnv", () => {
  it("reads KEY=VALUE lines, quotes stripped, comments and values naming other variables left out", () => {
    const env = readDotEnv("# Ad Service\nAD_PORT=9555\nAD_ADDR=ad:${AD_PORT}\nexport A='x y' # note\nB=\"q\"\nC=plain # note\n\nnot a line\n");
    expect([...env]).toEqual([["AD_PORT", "9555"], ["A", "x y"], ["B", "q"], ["C", "plain"]]);
  });
});

describe("interpolate", () => {
  const env = new Map([["AD_DOCKERFILE", "./src/ad/Dockerfile"], ["EMPTY", ""]]);
  it.each([
    ["${AD_DOCKERFILE}", "./src/ad/Dockerfile"],
    ["$AD_DOCKERFILE", "./src/ad/Dockerfile"],
    ["${MISSING:-Dockerfile}", "Dockerfile"],
    ["${EMPTY:-Dockerfile}", "Dockerfile"],
    ["${EMPTY-Dockerfile}", ""],
    ["${AD_DOCKERFILE:+set}", "set"],
    ["$$HOME", "$HOME"],
    ["plain/Dockerfile", "plain/Dockerfile"],
  ])("%s is %s", (text, expected) => {
    expect(interpolate(text, env)).toBe(expected);
  });

  it.each(["${MISSING}", "$MISSING/Dockerfile", "${MISSING:?required}", "${MISSING:+x}", "${MISSING:-$OTHER}"])("%s is unknown: the shell may set it", (text) => {
    expect(interpolate(text, env)).toBeNull();
  });
});
