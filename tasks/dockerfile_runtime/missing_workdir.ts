import { addLine, edit, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const missingWorkdir: ScenarioSource = {
  id: "missing_workdir",
  task_id: "dockerfile_runtime",
  title: "Status page: the container exits at start",
  difficulty: "medium",
  description:
    "No WORKDIR: the sources are copied to /app, but CMD [\"npm\", \"start\"] runs in / and npm finds no /package.json. " +
    "Adapted from the seed, where files scattered to / with relative COPYs would still start: the real failure needs an absolute COPY destination.",
  base: "node-web",
  faults: [
    {
      file: "Dockerfile",
      replace: "WORKDIR /app\n\nCOPY package.json package-lock.json ./\nRUN npm ci --omit=dev\nCOPY . .\n",
      with: "COPY . /app\nRUN cd /app && npm ci --omit=dev\n",
    },
  ],
  issues: [
    {
      id: "workdir-missing",
      description: "Without WORKDIR the container's working directory is /, so npm start looks for /package.json.",
      hint: "RUN cd only lasts for that RUN. Which directory does the container start in, and where is package.json?",
      stage: "runtime",
      detection: [{ code: "DF103", file: "Dockerfile" }],
    },
  ],
  solution: [addLine("Dockerfile", 4, "WORKDIR /app")],
  alternatives: [
    { description: "tell npm where the package is", actions: [replaceLine("Dockerfile", 8, 'CMD ["npm", "--prefix", "/app", "start"]')] },
    { description: "WORKDIR after the install", actions: [edit("Dockerfile", "\nEXPOSE 3000", "WORKDIR /app\n\nEXPOSE 3000")] },
    { description: "start node on the absolute path of the server", actions: [replaceLine("Dockerfile", 8, 'CMD ["node", "/app/server.js"]')] },
    {
      description: "the conventional layout, as a patch",
      actions: [
        patch(`--- a/Dockerfile
+++ b/Dockerfile
@@ -3,5 +3,7 @@
 ENV NODE_ENV=production
-COPY . /app
-RUN cd /app && npm ci --omit=dev
+WORKDIR /app
+COPY package.json package-lock.json ./
+RUN npm ci --omit=dev
+COPY . .
 
 EXPOSE 3000
`),
      ],
    },
  ],
  wrong: [
    { description: "RUN cd does not persist to CMD", because: { fires: "DF103" }, actions: [addLine("Dockerfile", 6, "RUN cd /app")] },
    { description: "a working directory where the package is not", because: { fires: "DF103" }, actions: [addLine("Dockerfile", 4, "WORKDIR /srv")] },
    { description: "node on a relative path from /", because: { fires: "DF103" }, actions: [replaceLine("Dockerfile", 8, 'CMD ["node", "server.js"]')] },
    { description: "WORKDIR added, and Express told to listen on loopback only", because: { fires: "DF109" }, actions: [edit("server.js", "app.listen(port, ", "app.listen(port, \"127.0.0.1\", "), edit("Dockerfile", "COPY . /app\nRUN cd /app && npm ci --omit=dev\n", "WORKDIR /app\nCOPY . .\nRUN npm ci --omit=dev\n")] },
    { description: "WORKDIR added, and NODE_ENV deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "ENV NODE_ENV=production\n", ""), edit("Dockerfile", "CMD [\"npm\", \"start\"]", "CMD [\"npm\", \"start\"]\nWORKDIR /app")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
