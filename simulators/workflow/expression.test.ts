/** The expression parser against GitHub's own messages and context availability. */
import { describe, expect, it } from "vitest";
import { availability, findEmbedded, parseExpression } from "./expression.js";

const step = availability(["github", "env", "secrets", "steps", "matrix", "hashFiles(1,255)", "success(0,0)", "always(0,0)"]);
const error = (text: string, allowed = step): string => {
  const r = parseExpression(text, allowed);
  return "error" in r ? r.error.message : "ok";
};

describe("expressions", () => {
  it("accepts what GitHub accepts", () => {
    for (const text of [
      "github.event.commits.*.message",
      "contains(github.event.pull_request.labels.*.name, 'bug') && !startsWith(github.ref, 'refs/tags/')",
      "fromJSON(steps.meta.outputs.json).tags[0]",
      "format('{0}-{1}', github.sha, matrix.os) == 'x' || success()",
      "hashFiles('**/package-lock.json', '**/yarn.lock')",
      "github['event_name'] != 'push' && 0x10 > -1.5e2",
      "'it''s'",
    ]) {
      expect(error(text), text).toBe("ok");
    }
  });

  it("rejects with GitHub's wording and 1-based positions", () => {
    expect(error("secrets.TOKEN != ''", availability(["github", "needs"]))).toBe(
      "Unrecognized named-value: 'secrets'. Located at position 1 within expression: secrets.TOKEN != ''",
    );
    expect(error("github.ref = 'main'")).toBe("Unexpected symbol: '='. Located at position 12 within expression: github.ref = 'main'");
    expect(error("toJson(github")).toBe("Unexpected symbol: 'EOF'. Located at position 14 within expression: toJson(github");
    expect(error("github.ref &&")).toBe("Unexpected end of expression: '&&'. Located at position 12 within expression: github.ref &&");
    expect(error("upper(github.actor)")).toBe("Unrecognized function: 'upper'. Located at position 1 within expression: upper(github.actor)");
    expect(error("contains(github.ref)")).toBe("Too few parameters supplied: 'contains'. Located at position 1 within expression: contains(github.ref)");
    expect(error("failure()")).toContain("Unrecognized function: 'failure'");
    expect(error("'open")).toBe("Unexpected symbol: ''open'. Located at position 1 within expression: 'open");
  });

  it("finds embedded expressions, with `}}` inside string literals", () => {
    expect(findEmbedded("a ${{ format('{{0}}', x) }} b ${{y}}")?.map((e) => e.inner)).toEqual(["format('{{0}}', x)", "y"]);
    expect(findEmbedded("a ${{ b")).toBeNull();
  });
});
