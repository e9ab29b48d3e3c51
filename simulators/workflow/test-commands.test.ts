/** Test runners told to run no test. */
import { describe, expect, it } from "vitest";
import { runsNoTests } from "./test-commands.js";

const words = (line: string) => line.split(" ");

describe("runsNoTests", () => {
  it("knows each runner's listing, collecting, help and skip options", () => {
    for (const line of ["pytest -q --collect-only", "python -m pytest --co", "poetry run pytest --setup-plan", "npm test -- --listTests", "npx jest --listTests", "yarn test --listTests", "vitest list", "go test -list . ./...", "go test -run ^$ ./...", "cargo test --no-run", "mvn -B test -DskipTests", "sudo -E pytest --version"]) {
      expect(runsNoTests(words(line)), line).toBe(true);
    }
  });

  it("leaves commands that run tests, and other commands, alone", () => {
    for (const line of ["pytest -q", "python -m pytest tests/", "npm test", "npm test -- --coverage", "go test -run TestOrders ./...", "go build ./...", "cargo test", "mvn -B test", "echo --collect-only", "npm run build -- --listTests", ""]) {
      expect(runsNoTests(line === "" ? [] : words(line)), line).toBe(false);
    }
  });
});
