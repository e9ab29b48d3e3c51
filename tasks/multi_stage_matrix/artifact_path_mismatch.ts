import { edit, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const DF = "frontend/Dockerfile";

export const artifactPathMismatch: ScenarioSource = {
  id: "artifact_path_mismatch",
  task_id: "multi_stage_matrix",
  title: "Parcel tracker: the web image build fails at the copy from the builder stage",
  difficulty: "hard",
  description:
    "frontend/Dockerfile's nginx stage copies /app/dist from the builder, but react-scripts writes its bundle to /app/build: the " +
    "publish workflow's Web image step fails with '\"/app/dist\": not found' after the builder stage has run.",
  base: "parcel-tracker",
  faults: [{ file: DF, replace: "COPY --from=builder /app/build /usr/share/nginx/html", with: "COPY --from=builder /app/dist /usr/share/nginx/html" }],
  issues: [
    {
      id: "builder-output-path",
      description: "COPY --from=builder names /app/dist; Create React App writes build/.",
      hint: "Where does `npm run build` of a Create React App project write its output? The builder stage's log says (docker build --progress=plain).",
      stage: "build",
      detection: [{ code: "DF011", file: DF }],
    },
  ],
  solution: [edit(DF, "/app/dist", "/app/build")],
  alternatives: [
    { description: "the line rewritten with trailing slashes", actions: [replaceLine(DF, 9, "COPY --from=builder /app/build/ /usr/share/nginx/html/")] },
    { description: "the builder stage by index", actions: [edit(DF, "COPY --from=builder /app/dist", "COPY --from=0 /app/build")] },
    { description: "react-scripts told to write dist/ with BUILD_PATH", actions: [edit(DF, "RUN npm run build\n", "RUN BUILD_PATH=dist npm run build\n")] },
  ],
  wrong: [
    { description: "the path at the root of the builder", because: { fires: "DF011" }, actions: [edit(DF, "/app/dist", "/dist")] },
    { description: "copy build/ from the build context, where it does not exist", because: { fires: "DF004" }, actions: [edit(DF, "COPY --from=builder /app/dist", "COPY build")] },
    { description: "skip the build and create an empty dist/: nginx serves nothing", because: { violation: "build-commands" }, actions: [edit("frontend/Dockerfile", "RUN npm run build", "RUN mkdir -p dist")] },
    { description: "build, then create the dist/ the COPY names: it ships an empty site", because: { fires: "DF109" }, actions: [edit(DF, "RUN npm run build\n", "RUN npm run build && mkdir -p /app/dist\n")] },
    { description: "copy public/: the unbuilt template, not the bundle", because: { fires: "DF109" }, actions: [edit(DF, "/app/dist", "/app/public")] },
    { description: "copy the whole builder directory: the bundle is not at the document root", because: { fires: "DF109" }, actions: [edit(DF, "/app/dist", "/app")] },
  ],
  evidence: { inspect: [{ command: "docker build --progress=plain frontend", shows: "build/static/js/main.3f2b1c4e.js" }] },
  optimal_steps: 1,
  max_steps: 12,
};
