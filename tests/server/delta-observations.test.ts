/**
 * observation_mode "delta" on REST and WebSocket: answers carry only the files changed since the previous
 * answer, plus every path; a client that applies each answer to its copy holds exactly the files of the
 * episode's full state after every step, over random sequences of edits, file creations and deletions.
 * Without the option, answers are byte for byte what the engine's full observation serialises to.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { applyDelta } from "../../server/pool/observation-delta.js";
import { loadCatalog } from "../../tasks/catalog.js";
import { liveServer, openSocket, type FrameSocket, type LiveServer } from "./live.js";

const catalog = loadCatalog();
const SCENARIOS = ["typo_filename", "oom_killed", "wrong_build_context", catalog.scenarios[20]!.id];

let server: LiveServer;
beforeAll(async () => {
  server = await liveServer();
});
afterAll(async () => {
  await server.close();
});

/** One transport's view of an episode: reset and step answers as raw JSON text, and the full state's files. */
interface Client {
  reset(body: Record<string, unknown>): Promise<string>;
  step(action: Action): Promise<string>;
  stateFiles(): Promise<Record<string, string>>;
  close(): Promise<void>;
}

async function restClient(episodeId: string): Promise<Client> {
  const post = async (path: string, body: unknown): Promise<string> => {
    const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    return response.text();
  };
  return {
    reset: (body) => post("/reset", { ...body, episode_id: episodeId }),
    step: (action) => post("/step", { episode_id: episodeId, action }),
    stateFiles: async () => ((await (await fetch(`${server.url}/state?episode_id=${episodeId}`)).json()) as { files: Record<string, string> }).files,
    close: async () => void (await fetch(`${server.url}/episodes/${episodeId}`, { method: "DELETE" })),
  };
}

async function wsClient(): Promise<Client> {
  const socket: FrameSocket = await openSocket(server);
  const data = async (frame: unknown): Promise<string> => {
    const answer = await socket.ask(frame);
    expect(answer.type).toBe("observation");
    return JSON.stringify(answer.data);
  };
  return {
    reset: (body) => data({ type: "reset", data: body }),
    step: (action) => data({ type: "step", data: action }),
    stateFiles: async () => (await socket.ask({ type: "state" })).data.files,
    close: async () => {
      socket.raw.close();
      await socket.closed;
    },
  };
}

const CLIENTS = { rest: () => restClient(`delta-${Math.random().toString(36).slice(2)}`), ws: wsClient } as const;

/** What the random sequences do; turned into an action against the files the client holds. */
type Move =
  | { kind: "create"; name: number; text: string }
  | { kind: "delete"; pick: number }
  | { kind: "replace"; pick: number; line: number; text: string }
  | { kind: "fail" }
  | { kind: "solution"; step: number };

const move: fc.Arbitrary<Move> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), name: fc.nat(3), text: fc.stringMatching(/^[a-z ]{0,12}$/) }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant("replace" as const), pick: fc.nat(20), line: fc.integer({ min: 1, max: 4 }), text: fc.stringMatching(/^[a-z: ]{0,12}$/) }),
  fc.constant({ kind: "fail" as const }),
  fc.record({ kind: fc.constant("solution" as const), step: fc.nat(5) }),
);

/** A git diff that deletes `path`, whose content ends in a newline; none when it does not. */
function deletion(path: string, content: string): string | undefined {
  if (content.length === 0 || !content.endsWith("\n")) return undefined;
  const lines = content.slice(0, -1).split("\n");
  return [`diff --git a/${path} b/${path}`, "deleted file mode 100644", `--- a/${path}`, "+++ /dev/null", `@@ -1,${lines.length} +0,0 @@`, ...lines.map((l) => `-${l}`), ""].join("\n");
}

function actionFor(m: Move, held: Record<string, string>, scenarioId: string): Action {
  const paths = Object.keys(held).sort();
  const fail: Action = { action_type: "replace_line", file_path: "no/such/file", line_number: 1, new_content: "x" };
  switch (m.kind) {
    case "create": {
      const path = `notes/n${m.name}.txt`;
      if (path in held) return { action_type: "add_line", file_path: path, line_number: 1, content: m.text };
      return { action_type: "apply_patch", patch: [`diff --git a/${path} b/${path}`, "new file mode 100644", "--- /dev/null", `+++ b/${path}`, "@@ -0,0 +1 @@", `+${m.text}`, ""].join("\n") };
    }
    case "delete": {
      const path = paths[m.pick % paths.length]!;
      const patch = deletion(path, held[path]!);
      return patch === undefined ? fail : { action_type: "apply_patch", patch };
    }
    case "replace": {
      const path = paths[m.pick % paths.length]!;
      return { action_type: "replace_line", file_path: path, line_number: m.line, new_content: m.text };
    }
    case "fail":
      return fail;
    case "solution": {
      const solution = catalog.scenario(scenarioId)!.solution;
      return solution[m.step % solution.length]!;
    }
  }
}

describe.each(["rest", "ws"] as const)("observation_mode over %s", (transport) => {
  it("is full by default: every answer is the engine's full observation, byte for byte", async () => {
    const scenario = catalog.scenario("typo_filename")!;
    const client = await CLIENTS[transport]();
    try {
      const first = await client.reset({ scenario_id: scenario.id });
      const episodeId = JSON.parse(first).observation.episode_id as string;
      const engine = startJudgedEpisode(catalog, { scenario_id: scenario.id }, episodeId);
      expect(first).toBe(JSON.stringify(engine.observe()));
      expect(first).not.toContain('"paths"');
      for (const action of [{ action_type: "request_hint" } as Action, ...scenario.solution]) {
        if (engine.done) break;
        expect(await client.step(action)).toBe(JSON.stringify(engine.step(action)));
      }
    } finally {
      await client.close();
    }
  });

  it("sends only changed files, and a client applying them holds the full state's files after every step", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SCENARIOS), fc.array(move, { minLength: 1, maxLength: 8 }), async (scenarioId, moves) => {
        const client = await CLIENTS[transport]();
        try {
          const first = JSON.parse(await client.reset({ scenario_id: scenarioId, observation_mode: "delta" }));
          expect(first.observation.paths).toEqual(Object.keys(first.observation.files));
          let held = applyDelta({}, first.observation);
          expect(held).toEqual(await client.stateFiles());
          for (const m of moves) {
            const before = held;
            const answer = JSON.parse(await client.step(actionFor(m, held, scenarioId)));
            held = applyDelta(held, answer.observation);
            const full = await client.stateFiles();
            expect(held).toEqual(full);
            expect(answer.observation.paths).toEqual(Object.keys(full));
            // Only what changed travels: an unchanged file is never resent.
            for (const [path, content] of Object.entries(answer.observation.files as Record<string, string>)) expect(before[path]).not.toBe(content);
            if (answer.done) break;
          }
        } finally {
          await client.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it("carries a created file alone, then its deletion as a path no longer listed", async () => {
    const client = await CLIENTS[transport]();
    try {
      const first = JSON.parse(await client.reset({ scenario_id: "typo_filename", observation_mode: "delta" }));
      const created = JSON.parse(await client.step(actionFor({ kind: "create", name: 0, text: "hello" }, first.observation.files, "typo_filename")));
      expect(created.observation.last_action_error).toBeNull();
      expect(created.observation.files).toEqual({ "notes/n0.txt": "hello\n" });
      expect(created.observation.paths).toEqual([...first.observation.paths, "notes/n0.txt"].sort());
      const patch = deletion("notes/n0.txt", "hello\n")!;
      const deleted = JSON.parse(await client.step({ action_type: "apply_patch", patch }));
      expect(deleted.observation.last_action_error).toBeNull();
      expect(deleted.observation.files).toEqual({});
      expect(deleted.observation.paths).toEqual(first.observation.paths);
      expect(Object.keys(await client.stateFiles())).toEqual(first.observation.paths);
    } finally {
      await client.close();
    }
  });

  it("refuses an unknown observation_mode as a validation error", async () => {
    if (transport === "rest") {
      const response = await fetch(`${server.url}/reset`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ observation_mode: "diff" }) });
      expect(response.status).toBe(422);
      expect(JSON.stringify(await response.json())).toContain("observation_mode");
    } else {
      const socket = await openSocket(server);
      const answer = await socket.ask({ type: "reset", data: { observation_mode: "diff" } });
      expect(answer.type).toBe("error");
      expect(JSON.stringify(answer.data)).toContain("observation_mode");
      socket.raw.close();
    }
  });
});
