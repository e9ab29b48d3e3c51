/** The CLI in-process (exit codes 0/1/2, text and JSON), and one smoke test of `breakfix serve` as a process. */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../server/cli/main.js";
import type { CliIO } from "../../server/cli/io.js";
import { loadCatalog } from "../../tasks/catalog.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function run(argv: string[], cwd = ROOT, env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env, cwd };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const GOOD_DOCKERFILE = `FROM python:3.12-slim
WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt
COPY app.py .
CMD ["python", "app.py"]
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "breakfix-lint-"));
  const write = (rel: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  };
  write("good/Dockerfile", GOOD_DOCKERFILE);
  write("good/requirements.txt", "flask==3.0.0\n");
  write("good/app.py", "print('hi')\n");
  // The COPY source is misspelt: only a check with the build context can see it.
  write("typo/Dockerfile", GOOD_DOCKERFILE.replace("COPY requirements.txt", "COPY requirments.txt"));
  write("typo/requirements.txt", "flask==3.0.0\n");
  write("typo/app.py", "print('hi')\n");
  // No FROM at all: an error whatever the context.
  write("nofrom/Dockerfile", "RUN echo hello\nCMD [\"echo\"]\n");
  write("nofrom/node_modules/pkg/Dockerfile", "this is not linted\n");
  write("notes.txt", "not a Dockerfile\n");
  write("ctx/requirements.txt", "flask\n");
  write("ctx/app.py", "print('hi')\n");
  write("ctx/docker/Dockerfile", GOOD_DOCKERFILE);
  chmodSync(path.join(dir, "good/app.py"), 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("breakfix (no command), --help, --version", () => {
  it("prints usage and the version", async () => {
    const help = await run(["--help"]);
    expect([help.code, help.stdout]).toEqual([0, expect.stringContaining("Usage: breakfix <command>")]);
    const none = await run([]);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining("Usage: breakfix")]);
    const version = await run(["--version"]);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const unknown = await run(["frobnicate"]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining("unknown command 'frobnicate'")]);
    expect((await run(["lint", "--help"])).stdout).toContain("Usage: breakfix lint");
  });
});

describe("breakfix scenarios", () => {
  const catalog = loadCatalog();

  it("lists tasks and scenarios as text and as JSON", async () => {
    const text = await run(["scenarios"]);
    expect(text.code).toBe(0);
    for (const s of catalog.scenarios) expect(text.stdout).toContain(s.id);
    const json = await run(["scenarios", "--format", "json"]);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(JSON.stringify({ tasks: catalog.tasks })));
  });

  it("filters by --task; an unknown task or format is bad usage", async () => {
    const task = catalog.tasks[0]!;
    const one = await run(["scenarios", "--task", task.task_id, "--format", "json"]);
    expect(JSON.parse(one.stdout).tasks.map((t: { task_id: string }) => t.task_id)).toEqual([task.task_id]);
    const unknown = await run(["scenarios", "--task", "nope"]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringContaining("unknown task 'nope'")]);
    expect((await run(["scenarios", "--format", "xml"])).code).toBe(2);
    expect((await run(["scenarios", "--bogus"])).code).toBe(2);
  });
});

describe("breakfix lint", () => {
  it.each(["dockerfiles", "workflows", "k8s"])("finds no error in the clean %s corpus, run on its directory", async (kind) => {
    const res = await run(["lint", `tests/fixtures/lint-clean/${kind}`]);
    expect(res.stdout).toBe("");
    expect(res.code).toBe(0);
  });

  it("a clean Dockerfile: exit 0, no output", async () => {
    const res = await run(["lint", "good/Dockerfile"], dir);
    expect(res).toEqual({ code: 0, stdout: "", stderr: "" });
    const json = await run(["lint", "--format", "json", "good"], dir);
    expect([json.code, JSON.parse(json.stdout)]).toEqual([0, []]);
  });

  it("a broken Dockerfile: exit 1, one file:line:col line per diagnostic, paths as written", async () => {
    const res = await run(["lint", "./nofrom/Dockerfile"], dir);
    expect(res.code).toBe(1);
    const lines = res.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^\.\/nofrom\/Dockerfile:\d+:\d+: (error|warning) DF\w*: .+/);
  });

  it("--format json: an array of diagnostics with SPEC §3's fields", async () => {
    const res = await run(["lint", "--format", "json", "nofrom/Dockerfile"], dir);
    expect(res.code).toBe(1);
    const diagnostics = JSON.parse(res.stdout);
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(Object.keys(d)).toEqual(["file", "line", "column", "code", "severity", "message", "stage"]);
      expect(d.file).toBe("nofrom/Dockerfile");
    }
    expect(diagnostics.some((d: { severity: string }) => d.severity === "error")).toBe(true);
  });

  it("directories recurse, skipping node_modules; files found there are shown under the directory as written", async () => {
    const res = await run(["lint", "--format", "json", "."], dir);
    const files = new Set(JSON.parse(res.stdout).map((d: { file: string }) => d.file));
    expect(files.has("nofrom/Dockerfile")).toBe(true);
    expect([...files].some((f) => String(f).includes("node_modules"))).toBe(false);
    const prefixed = await run(["lint", "--format", "json", "nofrom/"], dir);
    expect(JSON.parse(prefixed.stdout)[0].file).toBe("nofrom/Dockerfile");
  });

  it("the build context: its own directory by default, --context DIR, or none with --no-context", async () => {
    const withContext = await run(["lint", "--format", "json", "typo/Dockerfile"], dir);
    expect(withContext.code).toBe(1);
    expect(withContext.stdout).toContain("requirments.txt");
    const noContext = await run(["lint", "--no-context", "typo/Dockerfile"], dir);
    expect(noContext.code).toBe(0);
    // docker/Dockerfile's COPY sources sit in ctx/, not in ctx/docker/.
    expect((await run(["lint", "ctx/docker/Dockerfile"], dir)).code).toBe(1);
    expect((await run(["lint", "--context", "ctx", "ctx/docker/Dockerfile"], dir)).code).toBe(0);
  });

  it("--context DIR serves every Dockerfile named, inside DIR or beside it, each judged on its own", async () => {
    const res = await run(["lint", "--format", "json", "--context", "ctx", "ctx/docker/Dockerfile", "good/Dockerfile", "typo/Dockerfile"], dir);
    const found = JSON.parse(res.stdout) as Array<{ file: string; code: string; message: string }>;
    // ctx/ has requirements.txt and app.py, so only the misspelt COPY source is missing there.
    expect(found.map((d) => `${d.file} ${d.code}`)).toEqual(["typo/Dockerfile DF004"]);
    expect(found[0]!.message).toContain("requirments.txt");
    expect(res.code).toBe(1);
  });

  it("--kind forces a kind; a named file of no known kind is reported as skipped", async () => {
    const skipped = await run(["lint", "notes.txt"], dir);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain("notes.txt: not a Dockerfile");
    const forced = await run(["lint", "--kind", "dockerfile", "--no-context", "notes.txt"], dir);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toMatch(/^notes\.txt:1:\d+: error /m);
  });

  it("bad usage: exit 2 with a usage message on stderr", async () => {
    const cases: string[][] = [
      ["lint"],
      ["lint", "--bogus", "good/Dockerfile"],
      ["lint", "does/not/exist"],
      ["lint", "--format", "yaml", "good/Dockerfile"],
      ["lint", "--kind", "helm", "good/Dockerfile"],
      ["lint", "--context", "good", "--no-context", "good/Dockerfile"],
      ["lint", "--context", "missing-dir", "good/Dockerfile"],
      ["lint", "--format"],
    ];
    for (const argv of cases) {
      const res = await run(argv, dir);
      expect(res.code, argv.join(" ")).toBe(2);
      expect(res.stderr, argv.join(" ")).toContain("Usage: breakfix lint");
      expect(res.stdout).toBe("");
    }
  });
});

describe("breakfix serve", () => {
  it("bad usage: a malformed port or setting", async () => {
    expect((await run(["serve", "--port", "http"])).code).toBe(2);
    expect((await run(["serve"], ROOT, { PORT: "99999" })).code).toBe(2);
    const badEnv = await run(["serve", "--port", "0"], ROOT, { MAX_SESSIONS: "many" });
    expect([badEnv.code, badEnv.stderr]).toEqual([2, expect.stringContaining("MAX_SESSIONS")]);
  });

  it("in-process: binds once its workers are ready, serves until stopped", async () => {
    const stop = new AbortController();
    let stdout = "";
    const io: CliIO = { stdout: (t) => void (stdout += t), stderr: () => undefined, env: { PORT: "0", WORKERS: "2", LOG_LEVEL: "silent" }, cwd: ROOT, stop: stop.signal };
    const done = main(["serve"], io);
    await expect.poll(() => stdout, { timeout: 60_000, interval: 50 }).toContain("listening on http://127.0.0.1:");
    const url = /http:\/\/\S+/.exec(stdout)![0];
    // Ready means ready: both workers have loaded by the time anything can connect.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics.split("\n").filter((l) => l.includes("worker")).join("\n")).toMatch(/^breakfix_pool_workers 2$/m);
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: "healthy" });
    stop.abort();
    expect(await done).toBe(0);
  }, 90_000);

  it("as a process on an ephemeral port: prints its URL, answers, and exits 0 on SIGTERM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/bin.ts", "serve"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      // Workers load before the port is bound: under tsx on a loaded machine that takes a while.
      await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(output)![0];
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: "healthy" });
      const reset = await fetch(`${url}/reset`, { method: "POST", body: "{}" });
      expect(reset.status).toBe(200);
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  }, 90_000);
});
