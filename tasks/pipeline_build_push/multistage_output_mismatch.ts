import { edit, edits, patch, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const multistageOutputMismatch: ScenarioSource = {
  id: "multistage_output_mismatch",
  task_id: "pipeline_build_push",
  title: "Web console: the image build fails copying the bundle from the builder stage",
  difficulty: "hard",
  description:
    "The nginx stage copies /app/dist from the builder, but react-scripts writes the bundle to /app/build: BuildKit fails with " +
    "'\"/app/dist\": not found' in the ship workflow's Build step.",
  base: "web-console",
  faults: [{ file: "Dockerfile", replace: "COPY --from=builder /app/build /usr/share/nginx/html", with: "COPY --from=builder /app/dist /usr/share/nginx/html" }],
  issues: [
    {
      id: "builder-output-path",
      description: "COPY --from=builder names /app/dist; Create React App's output directory is build/.",
      hint: "Where does `npm run build` of a Create React App project write its bundle?",
      stage: "build",
      detection: [{ code: "DF011", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /app/build ")],
  alternatives: [
    { description: "the whole line rewritten with trailing slashes", actions: [replaceLine("Dockerfile", 11, "COPY --from=builder /app/build/ /usr/share/nginx/html/")] },
    {
      description: "a patch copying the bundle relative to the builder's working directory",
      actions: [
        patch(`--- a/Dockerfile
+++ b/Dockerfile
@@ -11,3 +11,3 @@
 COPY nginx.conf /etc/nginx/conf.d/default.conf
-COPY --from=builder /app/dist /usr/share/nginx/html
+COPY --from=builder app/build /usr/share/nginx/html
 EXPOSE 80
`),
      ],
    },
    { description: "react-scripts told to write dist/ with BUILD_PATH", actions: [edit("Dockerfile", "RUN npm run build\n", "ENV BUILD_PATH=dist\nRUN npm run build\n")] },
    { description: "nginx moved to 8080 in its config, EXPOSE, the container port and the probe by name", actions: [edits(["nginx.conf", "    listen 80;", "    listen 8080;"], ["Dockerfile", "EXPOSE 80", "EXPOSE 8080"], ["k8s/deployment.yaml", "              containerPort: 80\n", "              containerPort: 8080\n"], ["k8s/deployment.yaml", "              port: 80\n", "              port: http\n"], ["Dockerfile", "/app/dist", "/app/build"])] },
  ],
  wrong: [
    { description: "copy build/ from the build context: .dockerignore excludes it and CI never builds it there", because: { fires: "DF004" }, actions: [edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY build ")] },
    { description: "the output path at the filesystem root", because: { fires: "DF011" }, actions: [edit("Dockerfile", "COPY --from=builder /app/dist ", "COPY --from=builder /build ")] },
    { description: "the bundle fixed, the COPY of nginx.conf deleted: the SPA fallback is gone", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "COPY nginx.conf /etc/nginx/conf.d/default.conf\n", ""), edit("Dockerfile", "/app/dist", "/app/build")] },
  ],
  evidence: { inspect: [{ command: "docker build --progress=plain .", shows: "build/static/js/main.3f2b1c4e.js" }] },
  optimal_steps: 1,
  max_steps: 12,
};
