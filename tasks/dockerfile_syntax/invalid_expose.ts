import { addLine, deleteLine, edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const invalidExpose: ScenarioSource = {
  id: "invalid_expose",
  task_id: "dockerfile_syntax",
  title: "Bookmarks API: docker build rejects a port",
  difficulty: "easy",
  description: 'EXPOSE "eighty": EXPOSE takes port numbers; BuildKit fails with invalid containerPort.',
  base: "flask-api",
  faults: [{ file: "Dockerfile", replace: "EXPOSE 8000", with: 'EXPOSE "eighty"' }],
  issues: [
    {
      id: "expose-not-a-port",
      description: 'EXPOSE "eighty" is not a port number; the app listens on 8000.',
      hint: "EXPOSE takes numbers (optionally /tcp or /udp). Which port does app.py listen on?",
      stage: "build",
      detection: [
        { code: "DF005", file: "Dockerfile" },
        { code: "DF012", file: "Dockerfile" },
      ],
    },
  ],
  solution: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE 8000")],
  alternatives: [
    { description: "with the protocol", actions: [replaceLine("Dockerfile", 14, "EXPOSE 8000/tcp")] },
    { description: "the port written as a range of one", actions: [replaceLine("Dockerfile", 14, "EXPOSE 8000-8000")] },
  ],
  wrong: [
    { description: "drop the line: the image no longer says which port it serves on", because: { violation: "image-metadata" }, actions: [deleteLine("Dockerfile", 14)] },
    { description: "quotes removed, still a word", because: { fires: "DF005" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE eighty")] },
    { description: "a host:container mapping, which EXPOSE ignores", because: { fires: "DF012" }, actions: [edit("Dockerfile", 'EXPOSE "eighty"', "EXPOSE 8000:8000")] },
    { description: "a BuildKit check=skip directive", because: { fires: "DF005" }, actions: [addLine("Dockerfile", 1, "# check=skip=all")] },
    { description: "a port, but not the one the app listens on", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "EXPOSE \"eighty\"", "EXPOSE 80")] },
    { description: "the app's port, over UDP: the server speaks TCP", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "EXPOSE \"eighty\"", "EXPOSE 8000/udp")] },
    { description: "a variable nothing sets: BuildKit drops the empty word and exposes nothing", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "EXPOSE \"eighty\"", "EXPOSE $PORT")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
