import type { ScenarioSource } from "../schema.js";
import { FSTAB, run, SITE } from "./actions.js";

const PAYLOAD = "tmp/loadtest/payload.bin";

export const resourceExhaustion: ScenarioSource = {
  id: "resource_exhaustion",
  task_id: "host_incidents",
  title: "The API times out and uploads fail: /tmp is full and the CPUs are pegged",
  difficulty: "hard",
  description:
    "SRE Sandbox's resource scenario: a load test left a 1 GiB payload in /tmp (a 1 GiB tmpfs the app writes its temporary upload files " +
    "to), and four `stress --cpu 1` workers started by deploy are still running on the two CPUs, so the app's requests time out (504). " +
    "Two issues: /tmp full, and the CPU hogs.",
  base: "web-01",
  faults: [
    { file: PAYLOAD, content: "(random bytes)\n" },
    { host: { grow: `/${PAYLOAD}`, bytes: 1_073_741_809 } },
    { host: { spawn: { user: "deploy", command: "stress --cpu 1 --timeout 0", rss_kib: 1_200, cpu_pct: 99.6, count: 4 } } },
  ],
  issues: [
    {
      id: "tmp-full",
      description: "/tmp (tmpfs, 1 GiB) is full with a load test's payload; the app cannot write its temporary files.",
      hint: "`df -h /tmp`, then `du -ah /tmp | sort -rh | head`.",
      stage: "runtime",
      detection: [
        { code: "HOST013", file: FSTAB },
        { code: "HOST030", file: SITE },
      ],
    },
    {
      id: "cpu-hogs",
      description: "Four stress processes keep both CPUs busy; the app's workers time out.",
      hint: "`top -b -n 1 | head -15`.",
      stage: "runtime",
      detection: [{ code: "HOST015", file: "proc/loadavg" }],
    },
  ],
  solution: [run("pkill stress"), run("rm -rf /tmp/loadtest")],
  alternatives: [
    { description: "killall and the single file", actions: [run("killall stress"), run("rm /tmp/loadtest/payload.bin")] },
    { description: "deploy's stress workers by user, and the payload emptied", actions: [run("pkill -u deploy stress"), run("truncate -s 0 /tmp/loadtest/payload.bin")] },
  ],
  wrong: [
    { description: "restart the app", because: { fires: "HOST015" }, actions: [run("systemctl restart shop")] },
    { description: "free /tmp but leave the hogs", because: { fires: "HOST015" }, leaves_unfixed: ["cpu-hogs", "tmp-full"], actions: [run("rm -rf /tmp/loadtest")] },
    { description: "stop the app to free the CPUs", because: { fires: "HOST010" }, actions: [run("systemctl stop shop"), run("rm -rf /tmp/loadtest")] },
  ],
  optimal_steps: 2,
  max_steps: 10,
};
