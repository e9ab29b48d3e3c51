import { deleteLine, edit, edits, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

export const cmdEntrypointConflict: ScenarioSource = {
  id: "cmd_entrypoint_conflict",
  task_id: "dockerfile_runtime",
  title: "Report service: the container exits with a usage error",
  difficulty: "medium",
  description:
    "ENTRYPOINT [\"python\", \"report_server.py\"] and CMD [\"python\", \"report_server.py\", \"--port\", \"9000\"]: Docker appends CMD to " +
    "ENTRYPOINT, and the app's argparse rejects the extra words. Adapted from the seed: the conflict only fails when the app rejects unknown arguments, as this one does.",
  base: "report-service",
  faults: [{ file: "Dockerfile", replace: 'CMD ["--port", "9000"]', with: 'CMD ["python", "report_server.py", "--port", "9000"]' }],
  issues: [
    {
      id: "cmd-repeats-entrypoint",
      description: "CMD repeats the whole command, so the process is python report_server.py python report_server.py --port 9000.",
      hint: "With an exec-form ENTRYPOINT, CMD only supplies default arguments: they are appended to it.",
      stage: "runtime",
      detection: [{ code: "DF104", file: "Dockerfile" }],
    },
  ],
  solution: [edit("Dockerfile", 'CMD ["python", "report_server.py", "--port", "9000"]', 'CMD ["--port", "9000"]')],
  alternatives: [
    { description: "drop CMD: the port defaults to 9000", actions: [deleteLine("Dockerfile", 8)] },
    {
      description: "ENTRYPOINT is the interpreter, CMD the script and its arguments",
      actions: [
        edits(
          ["Dockerfile", 'ENTRYPOINT ["python", "report_server.py"]', 'ENTRYPOINT ["python"]'],
          ["Dockerfile", 'CMD ["python", "report_server.py", "--port", "9000"]', 'CMD ["report_server.py", "--port", "9000"]'],
        ),
      ],
    },
    { description: "bind and port as the defaults", actions: [replaceLine("Dockerfile", 8, 'CMD ["--bind", "0.0.0.0", "--port", "9000"]')] },
  ],
  wrong: [
    { description: "arguments only, but another port than the one the service is reached on", because: { fires: "DF109" }, actions: [replaceLine("Dockerfile", 8, 'CMD ["--port", "8000"]')] },
    { description: "shell-form CMD is still appended, as /bin/sh -c …", because: { fires: "DF104" }, actions: [replaceLine("Dockerfile", 8, "CMD python report_server.py --port 9000")] },
    { description: "ENTRYPOINT python with the full CMD: python tries to run a file named python", because: { fires: "DF103" }, actions: [replaceLine("Dockerfile", 7, 'ENTRYPOINT ["python"]')] },
    { description: "--help as the argument: the server prints its usage and exits", because: { fires: "DF109" }, actions: [edit("Dockerfile", "CMD [\"python\", \"report_server.py\", \"--port\", \"9000\"]", "CMD [\"--help\"]")] },
    { description: "the arguments fixed and WORKDIR deleted", because: { violation: "image-metadata" }, actions: [edit("Dockerfile", "WORKDIR /app\n", ""), edit("Dockerfile", "CMD [\"python\", \"report_server.py\", \"--port\", \"9000\"]", "CMD [\"--port\", \"9000\"]")] },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
