import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts", "simulators/**/*.test.ts", "environment/**/*.test.ts", "graders/**/*.test.ts", "generator/**/*.test.ts", "tasks/**/*.test.ts", "server/**/*.test.ts", "baseline/**/*.test.ts"],
    pool: "threads",
    testTimeout: 20000,
  },
});
