/** The help texts, one per command, kept together so `breakfix --help` and each command's errors agree. */

export const SERVE_USAGE = `Usage: breakfix serve [--port N] [--host ADDRESS]

Serve the environment over HTTP (OpenEnv endpoints, /tasks, /grader).
  --port N        port to listen on (env PORT, default 8000; 0 picks a free one)
  --host ADDRESS  address to bind (env HOST, default 127.0.0.1, or 0.0.0.0 when BREAKFIX_IN_CONTAINER=1)
Env: MAX_SESSIONS (1024), SESSION_TTL_S (900), MAX_BODY_BYTES (1048576).
`;

export const SCENARIOS_USAGE = `Usage: breakfix scenarios [--task TASK_ID] [--format text|json]

List the tasks and their scenarios.
`;

export const LINT_USAGE = `Usage: breakfix lint [--format text|json] [--kind auto|dockerfile|workflow|k8s] [--context DIR | --no-context] PATH...

Check Dockerfiles, GitHub Actions workflows and Kubernetes manifests. Directories are searched recursively
(node_modules and .git skipped); kinds are detected from file names and content unless --kind is given.
  --format text|json  text: file:line:col: severity CODE: message (default); json: an array of diagnostics
  --kind KIND         check every named file as this kind
  --context DIR       build context of the Dockerfiles (default: each Dockerfile's directory)
  --no-context        skip the checks that need a build context
Exit status: 0 no errors, 1 errors found, 2 bad usage.
`;

export const MAIN_USAGE = `Usage: breakfix <command> [options]

Commands:
  serve       serve the environment over HTTP
  scenarios   list the tasks and their scenarios
  lint        check Dockerfiles, workflows and Kubernetes manifests

Options:
  -h, --help     show this help (or a command's: breakfix lint --help)
  -v, --version  print the version
`;
