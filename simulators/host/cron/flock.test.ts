import { describe, expect, it } from "vitest";
import { expandWord } from "../../shell/expand.js";
import { parseScript } from "../../shell/parse.js";
import { commandLine } from "./jobs.js";
import { readFlock } from "./flock.js";

const read = (line: string) => {
  const words = parseScript(line, { githubExpressions: false })[0]!.pipelines[0]!.commands[0]!.words;
  const expand = (w: (typeof words)[number]) => expandWord(w, { env: new Map() });
  const call = readFlock(words, expand);
  return { excludes: call.excludes, command: call.command.flatMap(expand), shellCommand: call.shellCommand };
};

describe("flock in a cron line, as util-linux reads its arguments", () => {
  it("reads options up to the lock, with the values -w and -E take", () => {
    expect(read("flock -w 5 /run/lock/a /usr/local/bin/job --full")).toEqual({ excludes: true, command: ["/usr/local/bin/job", "--full"], shellCommand: null });
    expect(read("flock -xw5 /run/lock/a /usr/local/bin/job")).toEqual({ excludes: true, command: ["/usr/local/bin/job"], shellCommand: null });
    expect(read("flock --timeout=5 -E 0 /run/lock/a job")).toEqual({ excludes: true, command: ["job"], shellCommand: null });
  });

  it("leaves options after the lock to the command, and runs -c's text with sh", () => {
    expect(read("flock /run/lock/a job -n")).toEqual({ excludes: false, command: ["job", "-n"], shellCommand: null });
    expect(read("flock -n /run/lock/a -c 'job --full'")).toEqual({ excludes: true, command: [], shellCommand: "job --full" });
  });

  it("excludes nothing with a lock named after the run", () => {
    expect(read("flock -n /tmp/job.$$ job").excludes).toBe(false);
    expect(read("flock -n /tmp/job-$(date +%s) job").excludes).toBe(false);
    expect(read("flock -n /tmp/job-`date +%s` job").excludes).toBe(false);
    expect(read("flock -n /tmp/job.lock job").excludes).toBe(true);
  });
});

describe("the command cron hands to sh", () => {
  it("ends at the first unescaped %, with each \\% a plain %", () => {
    expect(commandLine("tar czf /b/$(date +\\%F).tgz /srv % input")).toBe("tar czf /b/$(date +%F).tgz /srv ");
    expect(commandLine("echo hi")).toBe("echo hi");
  });
});
