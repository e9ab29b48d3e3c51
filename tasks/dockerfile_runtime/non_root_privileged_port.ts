import { addLine, edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const nonRootPrivilegedPort: ScenarioSource = {
  id: "non_root_privileged_port",
  task_id: "dockerfile_runtime",
  title: "Uploads API: the non-root container cannot write its data",
  difficulty: "medium",
  description:
    "A write-permission fault, whatever the id says: USER node cannot write /app, which root owns, so the app's mkdir of /app/data " +
    "fails with EACCES at start. The id is the seed's, whose fault (a non-root bind of port 80) is not one: docker run allows it since " +
    "Docker 20.10 (ip_unprivileged_port_start=0). A non-root USER that cannot write where the app writes is the closest real failure.",
  base: "uploads-api",
  faults: [{ file: "Dockerfile", replace: "RUN mkdir -p /app/data && chown node:node /app/data\n", with: "" }],
  issues: [
    {
      id: "data-dir-not-writable",
      description: "/app belongs to root; the node user cannot create /app/data.",
      hint: "The app runs as node. Who owns /app, and what does server.js create at start?",
      stage: "runtime",
      detection: [{ code: "DF106", file: "Dockerfile" }],
    },
  ],
  solution: [addLine("Dockerfile", 10, "RUN mkdir -p /app/data && chown node:node /app/data")],
  alternatives: [
    { description: "hand the whole app directory to node", actions: [addLine("Dockerfile", 10, "RUN chown -R node:node /app")] },
    { description: "create the directory with its owner in one command", actions: [addLine("Dockerfile", 10, "RUN install -d -o node -g node /app/data")] },
    { description: "chown to the node user's uid (1000 in the node images)", actions: [addLine("Dockerfile", 10, "RUN mkdir -p /app/data && chown 1000:1000 /app/data")] },
    { description: "the app directory given to node, which then creates data/ itself", actions: [edit("Dockerfile", "USER node", "RUN chown node /app\nUSER node")] },
  ],
  wrong: [
    { description: "run as root", because: { violation: "image-user" }, actions: [replaceLine("Dockerfile", 10, "USER root")] },
    { description: "create the directory without giving it to node", because: { fires: "DF106" }, actions: [addLine("Dockerfile", 10, "RUN mkdir -p /app/data")] },
    { description: "chown after switching to the node user", because: { fires: "DF009" }, actions: [addLine("Dockerfile", 11, "RUN mkdir -p /app/data && chown node:node /app/data")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
