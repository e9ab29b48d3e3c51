import { edit, edits } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/publish.yml";
const ARGS = "          build-args: |\n            APP_VERSION=${{ github.ref_name }}\n";

export const buildArgNotPassed: ScenarioSource = {
  id: "build_arg_not_passed",
  task_id: "pipeline_build_push",
  title: "Reports API: the image build fails at its version check",
  difficulty: "hard",
  description:
    "The workflow no longer passes APP_VERSION to the build. Adapted from the seed: an ARG without a value is only an empty string " +
    "and builds without a warning, so this Dockerfile guards it with RUN test -n \"$APP_VERSION\", which fails the build " +
    "(real-errors.md §I build_arg_not_passed, the suggested real variant).",
  base: "reports-api",
  faults: [{ file: WF, replace: ARGS, with: "" }],
  issues: [
    {
      id: "build-arg-missing",
      description: "build-push-action passes no APP_VERSION build arg; the Dockerfile's guard rejects the empty value.",
      hint: "The failing RUN checks a build ARG. Where would its value come from in this workflow?",
      stage: "build",
      detection: [{ code: "DF009", file: "Dockerfile" }],
    },
  ],
  solution: [edit(WF, "          push: true\n", "          push: true\n" + ARGS)],
  alternatives: [
    { description: "the commit sha as the version, on one line", actions: [edit(WF, "          push: true\n", "          push: true\n          build-args: APP_VERSION=${{ github.sha }}\n")] },
    {
      description: "the version kept in the job's env and passed on as the build arg",
      actions: [edits([WF, "    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    env:\n      VERSION: ${{ github.ref_name }}\n"], [WF, "          push: true\n", "          push: true\n          build-args: |\n            APP_VERSION=${{ env.VERSION }}\n"])],
    },
  ],
  wrong: [
    { description: "a default in the Dockerfile: the check passes whatever version the release passes in", because: { violation: "build-guards" }, actions: [edit("Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION=main\n")] },
    {
      description: "an environment variable of the job is not a build arg",
      because: { fires: "DF009" },
      actions: [edit(WF, "    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    env:\n      APP_VERSION: ${{ github.ref_name }}\n")],
    },
    { description: "a build arg under another name", because: { fires: "DF009" }, actions: [edit(WF, "          push: true\n", "          push: true\n          build-args: VERSION=${{ github.ref_name }}\n")] },
    { description: "ENV from the unset ARG is still empty", because: { fires: "DF009" }, actions: [edit("Dockerfile", "ARG APP_VERSION\n", "ARG APP_VERSION\nENV APP_VERSION=${APP_VERSION}\n")] },
    { description: "delete the check that fails without a version", because: { violation: "build-commands" }, actions: [edit("Dockerfile", "RUN test -n \"$APP_VERSION\"\n", "")] },
    { description: "print the check instead of running it", because: { violation: "build-commands" }, actions: [edit("Dockerfile", "RUN test -n \"$APP_VERSION\"", "RUN echo test -n \"$APP_VERSION\"")] },
    { description: "the check inverted so that an empty version passes", because: { violation: "build-guards" }, actions: [edit("Dockerfile", 'RUN test -n "$APP_VERSION"', 'RUN test -z "$APP_VERSION"')] },
    { description: "the check run on a literal word, which is never empty", because: { violation: "build-guards" }, actions: [edit("Dockerfile", 'RUN test -n "$APP_VERSION"', 'RUN test -n "APP_VERSION"')] },
    { description: "a default inside the check: the image still gets an empty APP_VERSION", because: { violation: "build-guards" }, actions: [edit("Dockerfile", 'RUN test -n "$APP_VERSION"', 'RUN test -n "${APP_VERSION:-unknown}"')] },
    { description: "the check kept, the RUN script defaulting the variable it checks", because: { violation: "build-guards" }, actions: [edit("Dockerfile", "RUN test -n \"$APP_VERSION\"", "RUN APP_VERSION=\"${APP_VERSION:-dev}\"; test -n \"$APP_VERSION\"")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
