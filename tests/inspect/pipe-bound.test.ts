/**
 * What one inspect command may produce is bounded (MAX_INSPECT_PIPE_CHARS): commands that repeat their input
 * (`cat f f f…`, a glob named many times, grep's name before every line, `sort` of
 * many files) stop there and the answer says which one was cut; a file named many times is read once; and
 * `cat - -` reads a pipe once, as GNU cat does. Before, `cat * * …` ran the server out of memory.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_INSPECT_PIPE_CHARS } from "../../contracts/limits.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { BoundedOutput } from "../../simulators/inspect/output.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const world = catalog.scenario("typo_filename")!.world;
/** 400,000 characters in 4,000 lines. */
const BIG = ("x".repeat(99) + "\n").repeat(4000);
const LONG = `${"n".repeat(200)}.txt`;
const repo = repositoryFrom({ "big.txt": BIG, [LONG]: "\n".repeat(20_000), "a.txt": "a\n", "part.txt": "a", "empty.txt": "" });
const run = (command: string) => inspectRepository(command, { repo, world, start: repo });
const times = (word: string, n: number) => Array.from({ length: n }, () => word).join(" ");
const note = (program: string) => `[${program}: output cut at ${MAX_INSPECT_PIPE_CHARS} characters, the most one command of an inspection produces`;

afterEach(() => vi.restoreAllMocks());

describe(`one command produces at most ${MAX_INSPECT_PIPE_CHARS} characters`, () => {
  it("cat of a file named 200 times hands on 8 MiB and stops there, writing only what it hands on", () => {
    const writes = vi.spyOn(BoundedOutput.prototype, "add");
    const out = run(`cat ${times("big.txt", 200)} | wc -c`);
    expect(out).toBe(`${MAX_INSPECT_PIPE_CHARS}\n${note("cat")}: narrow it with grep, head or tail]\n`);
    // 80,000,000 characters named; 21 files' worth written before the bound (8 MiB / 400,000 = 20.97).
    expect(writes.mock.calls.length).toBeLessThanOrEqual(Math.ceil(MAX_INSPECT_PIPE_CHARS / BIG.length) + 1);
  });

  it("a glob named many times is bounded the same way", () => {
    expect(run(`cat ${times("*", 300)} | wc -l`)).toContain(note("cat"));
  });

  it("wc lines up the figures of more files than a call takes arguments (a glob named hundreds of times)", () => {
    const many = repositoryFrom(Object.fromEntries(Array.from({ length: 200 }, (_, i) => [i.toString(36), "a b\n"])));
    // 200 files × 990 globs: 198,000 rows of three figures each.
    const out = inspectRepository(`wc ${times("*", 990)} | tail -n 1`, { repo: many, world, start: many });
    expect(out).toBe("198000 396000 792000 total\n");
  });

  it("cat - reads a pipe once, as GNU cat does: `cat - - -` does not multiply it", () => {
    expect(run("cat big.txt | cat - - - - - - - - | cat - - - - - - - - - - | wc -l")).toBe("4000\n");
    expect(run("cat a.txt | grep -c a - -")).toBe("(standard input):1\n(standard input):0\n");
  });

  it("grep stops at the bound when its file name before every line multiplies a file", () => {
    // 20,000 blank lines under a 200-character name: 4,040,000 characters a file, three times.
    const named = run(`grep -H '' ${times(LONG, 3)} | wc -c`);
    expect(named).toBe(`${MAX_INSPECT_PIPE_CHARS}\n${note("grep")}: narrow it with grep, head or tail]\n`);
  });

  it("cat -n and uniq -c number lines as GNU's do, across files, a last line without newline kept so", () => {
    expect(run("cat -n a.txt a.txt")).toBe("     1\ta\n     2\ta\n");
    expect(run("cat -n part.txt part.txt")).toBe("     1\taa");
    expect(run("cat -n a.txt part.txt")).toBe("     1\ta\n     2\ta");
    expect(run("cat -n empty.txt")).toBe("");
    expect(run("cat a.txt a.txt part.txt | uniq -c")).toBe("      3 a\n");
  });

  it("sort reads at most the bound, and says it was cut", () => {
    const out = run(`sort ${times("big.txt", 100)} | uniq -c`);
    expect(out).toBe(`${String(Math.floor(MAX_INSPECT_PIPE_CHARS / BIG.length) * 4000).padStart(7)} ${"x".repeat(99)}\n${note("sort")}: narrow it with grep, head or tail]\n`);
  });

  it("a file named many times is read once: wc, grep, head and tail answer per name from one reading", () => {
    expect(run(`wc -l ${times("big.txt", 200)} | tail -n 1`)).toBe("800000 total\n");
    expect(run(`grep -c y ${times("big.txt", 200)} | sort -u`)).toBe("big.txt:0\n");
    expect(run(`tail -n 1 ${times("a.txt", 3)}`)).toBe("==> a.txt <==\na\n\n==> a.txt <==\na\n\n==> a.txt <==\na\n");
  });

  it("an answer within the bound is unchanged: no note", () => {
    expect(run("cat big.txt | wc -c")).toBe(`${BIG.length}\n`);
  });

  it("on a host too: `cat - - -` reads the pipe once", () => {
    const id = "nginx_misconfiguration";
    const host = repositoryFrom(catalog.scenario(id)!.files);
    const look = (command: string) => inspectRepository(command, { repo: host, world: catalog.scenario(id)!.world, start: host });
    const once = look(`cat ${times("/etc/*/*", 50)} | wc -c`);
    expect(look(`cat ${times("/etc/*/*", 50)} | cat ${times("-", 100)} | cat ${times("-", 100)} | wc -c`)).toBe(once);
  });
});
