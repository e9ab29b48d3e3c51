/**
 * GHA101: a step reads a file the job's workspace does not have: `docker build` before `actions/checkout`
 * (the workspace is empty until then), a build context or Dockerfile path that is not in the repository,
 * `npm ci` without a package.json or a lockfile, `cat` of an artifact's file that download-artifact put elsewhere
 * (without `name:` each artifact lands in a directory named after it).
 */
import { workflowRule } from "../events.js";
import type { FileReadEvent } from "../events.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

/** A test job uploads coverage.txt; the report job downloads it as `download` says and reads `read`. */
const artifactWorkflow = (download: string, read: string): string =>
  `on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "lines 93%" | tee coverage.txt\n      - uses: actions/upload-artifact@v4\n        with:\n          name: coverage\n          path: coverage.txt\n  report:\n    needs: test\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/download-artifact@v4\n${download}      - run: cat ${read}\n`;

/** What each reader prints, and exits with, for a file that is not there. */
function missing(e: FileReadEvent): { lines: string[]; exitCode: number } {
  switch (e.reader) {
    case "cat":
      return { lines: [`cat: ${e.name}: No such file or directory`], exitCode: 1 };
    case "head":
    case "tail":
      return { lines: [`${e.reader}: cannot open '${e.name}' for reading: No such file or directory`], exitCode: 1 };
    case "wc":
      return { lines: [`wc: ${e.name}: No such file or directory`], exitCode: 1 };
    case "redirect":
      return { lines: [`${e.bashPrefix} ${e.name}: No such file or directory`], exitCode: 1 };
    case "cd":
      return { lines: [`${e.bashPrefix} cd: ${e.name}: No such file or directory`], exitCode: 1 };
    case "npm":
      return {
        lines: [
          "npm error code ENOENT",
          "npm error syscall open",
          `npm error path ${e.name}`,
          "npm error errno -2",
          `npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '${e.name}'`,
          "npm error enoent This is related to npm not being able to find a file.",
          "npm error enoent",
        ],
        exitCode: 254,
      };
    case "npm-lockfile":
      return {
        lines: [
          "npm error code EUSAGE",
          "npm error",
          "npm error The `npm ci` command can only install with an existing package-lock.json or",
          "npm error npm-shrinkwrap.json with lockfileVersion >= 1. Run an install with npm@5 or",
          "npm error later to generate a package-lock.json file, then try again.",
        ],
        exitCode: 1,
      };
    case "pip":
      return { lines: [`ERROR: Could not open requirements file: [Errno 2] No such file or directory: '${e.name}'`], exitCode: 1 };
    case "make":
      return { lines: [e.name !== "" ? `make: *** No rule to make target '${e.name}'.  Stop.` : "make: *** No targets specified and no makefile found.  Stop."], exitCode: 2 };
    case "build-context":
      return { lines: [`ERROR: failed to build: unable to prepare context: path "${e.name}" not found`], exitCode: 1 };
    case "dockerfile":
      return { lines: [`ERROR: failed to build: failed to solve: failed to read dockerfile: open ${e.name}: no such file or directory`], exitCode: 1 };
  }
}

export const workspaceFileMissing = workflowRule({
  code: "GHA101",
  name: "workspace-file-missing",
  stage: "build",
  summary: "A step reads a file or directory the job's workspace does not have (no checkout yet, wrong path, an artifact extracted elsewhere)",
  severity: "error",
  phase: "run",
  on: {
    "file-read"(e, ctx) {
      if (e.found !== false) return;
      const { lines, exitCode } = missing(e);
      ctx.report(e.at, lines[0]!, { output: lines, exitCode });
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith(`${CHECKOUT}      - run: docker build -t app .\n`), { files: APP_FILES }),
      workflowCase(jobWith("      - uses: docker/build-push-action@v6\n        with:\n          tags: app:latest\n"), { files: APP_FILES }),
      workflowCase(artifactWorkflow("        with:\n          name: coverage\n", "coverage.txt")),
      workflowCase(artifactWorkflow("", "coverage/coverage.txt")),
      workflowCase(artifactWorkflow("        with:\n          name: coverage\n          path: reports\n", "reports/coverage.txt")),
      // A global install, or one that names its packages, needs no package.json: npm writes one.
      { name: "npm installs named packages without a package.json", ...workflowCase(jobWith("      - run: npm install -g yarn\n      - run: npm install left-pad\n      - run: npm i --save-dev x@1\n")) },
      { name: "npm ci with its lockfile", ...workflowCase(jobWith(`${CHECKOUT}      - run: npm ci\n`), { files: { "package.json": "{}", "package-lock.json": "{}" } }) },
      // cp is not followed: the package.json it may have brought is not judged missing.
      {
        name: "npm ci after a command that may have written package.json",
        ...workflowCase(jobWith(`${CHECKOUT}      - run: cp config/package.json . && npm ci\n`), { files: { "config/package.json": "{}", "package-lock.json": "{}" } }),
      },
      // npm works on the nearest project above where it stands; a workspace member's lockfile is the root's.
      {
        name: "npm ci in a workspace member, with the root's lockfile",
        ...workflowCase(jobWith(`${CHECKOUT}      - run: npm ci\n        working-directory: packages/web\n`), {
          files: { "package.json": '{"workspaces":["packages/*"]}', "package-lock.json": "{}", "packages/web/package.json": "{}" },
        }),
      },
      { name: "npm test below the project's root", ...workflowCase(jobWith(`${CHECKOUT}      - run: cd src && npm test\n`), { files: { "package.json": "{}", "src/index.js": "" } }) },
      {
        name: "a cache restored into the workspace",
        ...workflowCase(jobWith(`${CHECKOUT}      - uses: actions/cache@v4\n        with:\n          path: vendor/cache\n          key: v1\n      - run: cat vendor/cache/index.txt\n`)),
      },
    ],
    invalid: [
      workflowCase(jobWith(`      - run: docker build -t app .\n${CHECKOUT}`), {
        files: APP_FILES,
        file: CI,
        line: 6,
        message: "ERROR: failed to build: failed to solve: failed to read dockerfile: open Dockerfile: no such file or directory",
      }),
      workflowCase(jobWith(`${CHECKOUT}      - uses: docker/build-push-action@v6\n        with:\n          context: ./backend\n          file: ./Dockerfile\n`), {
        files: APP_FILES,
        file: CI,
        message: 'unable to prepare context: path "./backend" not found',
      }),
      workflowCase(jobWith("      - run: npm ci\n"), { files: { "package.json": "{}" }, file: CI, line: 6, message: "npm error code ENOENT" }),
      workflowCase(jobWith("      - run: npm install\n"), { files: { "package.json": "{}" }, file: CI, line: 6, message: "npm error code ENOENT" }),
      workflowCase(jobWith(`${CHECKOUT}      - run: npm ci\n`), { files: { "package.json": "{}" }, file: CI, line: 7, message: "npm error code EUSAGE" }),
      // Upgrading pip and restoring ~/.npm write nothing into the workspace: the reads after them are still judged.
      {
        name: "requirements missing after pip upgrades itself",
        ...workflowCase(jobWith(`${CHECKOUT}      - run: |\n          python -m pip install --upgrade pip\n          pip install -r requirements-dev.txt\n`), { files: APP_FILES, file: CI, line: 9, message: "No such file or directory: 'requirements-dev.txt'" }),
      },
      {
        name: "no lockfile after the npm cache is restored",
        ...workflowCase(jobWith(`${CHECKOUT}      - uses: actions/cache@v4\n        with:\n          path: ~/.npm\n          key: npm\n      - run: npm ci\n`), { files: { "package.json": "{}" }, file: CI, line: 11, message: "npm error code EUSAGE" }),
      },
      workflowCase(artifactWorkflow("", "coverage.txt"), { file: CI, line: 16, message: "cat: coverage.txt: No such file or directory" }),
      workflowCase(artifactWorkflow("        with:\n          name: coverage\n          path: reports\n", "coverage.txt"), {
        file: CI,
        line: 19,
        message: "cat: coverage.txt: No such file or directory",
      }),
      workflowCase(jobWith("      - run: head -n 20 CHANGELOG.md\n"), { files: { "CHANGELOG.md": "# 1.0\n" }, file: CI, line: 6, message: "head: cannot open 'CHANGELOG.md' for reading" }),
    ],
  },
});
