/**
 * A stray server on nginx's port answers the site's checks itself and writes to neither nginx's log nor the
 * app's: the alert shows curl's status and nothing that names it. Who holds the port is for `ss -tlnp` (or
 * lsof) to say, as on a real host; the alert once added "(the answer came from python3 -m http.server 80, pid
 * N)", which was the repair's own target.
 */
import { describe, expect, it } from "vitest";
import { startJudgedEpisode } from "../../graders/episodes.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();

describe("a stray listener on the web port", () => {
  it("is named by ss, not by the alert", () => {
    const episode = startJudgedEpisode(catalog, { scenario_id: "nginx_killed" }, "stray-listener");
    const alert = episode.observe().observation.error_message ?? "";
    expect(alert).toContain("answers HTTP 404");
    expect(alert).not.toMatch(/http\.server|python3|pid \d+/);
    const ss = episode.step({ action_type: "inspect", command: "ss -tlnp" }).observation.inspect_output ?? "";
    expect(ss).toMatch(/0\.0\.0\.0:80 .*users:\(\("python3",pid=\d+/);
  });
});
