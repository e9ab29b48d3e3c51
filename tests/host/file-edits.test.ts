/**
 * Edits of a simulated host's files: the host's state is the same afterwards (the same state file, not a
 * copy written again) unless the edit deletes a file, which a process may hold open.
 */
import { describe, expect, it } from "vitest";
import { applyEditAction } from "../../environment/apply-action.js";
import { inspectRepository } from "../../simulators/inspect/index.js";
import type { Repository } from "../../simulators/repository.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { HOST_STATE_PATH, readState, serializeState } from "../../simulators/host/state.js";
import { loadCatalog } from "../../tasks/catalog.js";
import type { EditAction } from "../../contracts/actions.js";

const catalog = loadCatalog();
const hostOf = (id: string): Repository => repositoryFrom(catalog.scenario(id)!.files);
const look = (repo: Repository, command: string) => inspectRepository(command, { repo, world: catalog.scenario("disk_space_crisis")!.world, start: repo });
function edited(repo: Repository, action: EditAction): Repository {
  const out = applyEditAction(repo, action);
  if (!out.ok) throw new Error(out.error);
  return out.repo;
}

describe("an edit of a host's files", () => {
  it("leaves the state as it was, in its canonical form, and the state file shared from then on", () => {
    const start = hostOf("nginx_misconfiguration");
    const path = [...start.keys()].find((p) => p.startsWith("etc/nginx/"))!;
    const once = edited(start, { action_type: "add_line", file_path: `/${path}`, line_number: 1, content: "# checked" });
    expect(once.get(path)!.content.startsWith("# checked\n")).toBe(true);
    expect(once.get(HOST_STATE_PATH)!.content).toBe(serializeState(readState(start)));
    expect(readState(once)).toEqual(readState(start));
    const twice = edited(once, { action_type: "delete_line", file_path: path, line_number: 1 });
    expect(twice.get(HOST_STATE_PATH)).toBe(once.get(HOST_STATE_PATH));
    expect(twice.get(path)!.content).toBe(start.get(path)!.content);
    // The files keep their order, with the state last, as a state written afresh has it.
    expect([...twice.keys()]).toEqual([...once.keys()]);
    expect([...once.keys()].at(-1)).toBe(HOST_STATE_PATH);
  });

  it("that deletes a file a process holds open keeps its blocks in use, as unlink does", () => {
    const start = hostOf("disk_space_crisis");
    const log = "var/log/shop/gunicorn.log";
    expect(start.has(log)).toBe(true);
    const patch = `--- a/${log}\n+++ /dev/null\n@@ -1,${start.get(log)!.content.split("\n").length - 1} +0,0 @@\n${start
      .get(log)!
      .content.split("\n")
      .slice(0, -1)
      .map((l) => `-${l}`)
      .join("\n")}\n`;
    const repo = edited(start, { action_type: "apply_patch", patch });
    expect(repo.has(log)).toBe(false);
    expect(readState(repo).deleted.map((d) => d.path)).toContain(log);
    expect(look(repo, "lsof +L1")).toContain("/var/log/shop/gunicorn.log (deleted)");
  });
});
