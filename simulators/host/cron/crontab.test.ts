/** Crontabs as Debian's cron reads them, on the reference host. */
import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../repository.js";
import { HostFs } from "../fs.js";
import { hostCase } from "../rules/cases.js";
import { intervalSeconds, neverRuns, readCrontab } from "./crontab.js";

const tab = (content: string, mode = 0o644, name = "etc/cron.d/job") => {
  const files = hostCase([{ file: name, content, mode }]);
  return readCrontab(HostFs.of(repositoryFrom(files)), name, true);
};

describe("crontabs", () => {
  it("reads jobs with their user and command", () => {
    expect(tab("MAILTO=\"\"\n*/5 * * * * shop /opt/shop/bin/x --y\n").jobs).toEqual([{ line: 2, schedule: "*/5 * * * *", user: "shop", command: "/opt/shop/bin/x --y" }]);
  });

  it.each([
    ["a bad minute", "61 * * * * root true\n", "Error: bad minute"],
    ["an unknown user", "0 * * * * nobody2 true\n", "Error: bad username"],
    ["no final newline", "0 * * * * root true", "Missing newline before EOF"],
    ["a bad special", "@sometimes root true\n", "bad time specifier"],
    // cronie's get_range: a step of 0 is no step (and read as one, a day-of-month loop never ended).
    ["a step of 0", "0 0 1-31/0 2 * root true\n", "Error: bad day-of-month"],
  ])("ignores the whole file for %s", (_, content, message) => {
    const read = tab(content);
    expect(read.jobs).toEqual([]);
    expect(read.ignored?.join("\n")).toContain(message);
  });

  it("refuses a file others can write, and never reads a name with a dot", () => {
    expect(tab("0 * * * * root true\n", 0o666).ignored?.[0]).toContain("INSECURE MODE");
    expect(tab("0 * * * * root true\n", 0o644, "etc/cron.d/job.sh").skipped).toBe(true);
  });

  it("knows a schedule no date matches, and reads stepped fields", () => {
    expect(["0 0 30 2 *", "0 0 31 4,6,9,11 *", "0 0 29 2 *", "0 0 1-31/2 2 *", "0 0 30 2 1", "@yearly"].map(neverRuns)).toEqual([true, true, false, false, false, false]);
  });

  it("knows the fixed intervals", () => {
    expect([intervalSeconds("*/10 * * * *"), intervalSeconds("5 * * * *"), intervalSeconds("@daily"), intervalSeconds("30 2 * * 1")]).toEqual([600, 3600, 86400, null]);
  });
});
