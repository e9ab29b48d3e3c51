/**
 * Host configurations whose reading grew faster than their size: includes that fan out (nginx's, sshd's), a
 * unit file of continued lines or thousands of list lines, a dependency cycle whose units each want the other
 * many times, and a thousand unit names systemctl does not know. Each is answered as the daemon or systemctl
 * would, or refused naming the simulator's bound, in a bounded number of reads; a few guards' timeouts are far
 * above what the fixed readers take (milliseconds) and far below what the old ones took (18 to 30 s).
 */
import { describe, expect, it } from "vitest";
import { parseUnit } from "../../simulators/host/units.js";

const lines = (n: number, line: string) => `${Array.from({ length: n }, () => line).join("\n")}\n`;

describe("a unit file", () => {
  it("of 20,000 continued lines (480 KB) is read in one pass (30 s before)", { timeout: 5000 }, () => {
    const word = "abcdefghijklmnopqrstuvw";
    const unit = parseUnit("x.service", "", `[Service]\nExecStart=/bin/echo \\\n${lines(19_990, `${word} \\`)}end\n`);
    // Each piece keeps the space before its backslash, and pieces are joined by one more, as before.
    const [execStart] = unit.values.get("Service.ExecStart")!;
    expect(execStart === `/bin/echo  ${`${word}  `.repeat(19_990)}end`).toBe(true);
    expect(unit.problems).toEqual([]);
  });

  it("of 20,000 After= lines keeps every one (32 s before: the list was copied at each)", { timeout: 5000 }, () => {
    const unit = parseUnit("x.service", "", `[Unit]\n${lines(19_990, "After=a.service")}[Service]\nExecStart=/bin/true\nAfter=\n`);
    expect(unit.values.get("Unit.After")!.length).toBe(19_990);
  });

  it("reads a continued line as before: pieces joined by a space, a last backslash kept", () => {
    const unit = parseUnit("x.service", "", "[Service]\nExecStart=/bin/echo a \\\n  b\\\n\\\nc\nExecStartPre=/bin/true \\");
    expect(unit.values.get("Service.ExecStart")).toEqual(["/bin/echo a  b  c"]);
    expect(unit.values.get("Service.ExecStartPre")).toEqual(["/bin/true \\"]);
  });
});
