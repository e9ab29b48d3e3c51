#!/usr/bin/env node
/** The `breakfix` executable: runs the CLI on this process's arguments and exits with its status. */
import { main } from "./cli/main.js";
import { processIO } from "./cli/io.js";
import { usePlainEnvironment } from "./plain-env.js";

usePlainEnvironment();

main(process.argv.slice(2), processIO()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error("breakfix: internal error:", error);
    process.exitCode = 70;
  },
);
