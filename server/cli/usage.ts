/** The help texts, one per command, kept together so `breakfix --help` and each command's errors agree. */

export const SERVE_USAGE = `Usage: breakfix serve [--port N] [--host ADDRESS]

Serve the environment over HTTP and WebSocket (OpenEnv endpoints, /ws, /mcp, /tasks, /grader).
  --port N        port to listen on (env PORT, default 8000; 0 picks a free one)
  --host ADDRESS  address to bind (env HOST, default 127.0.0.1, or 0.0.0.0 when BREAKFIX_IN_CONTAINER=1)
Env: MAX_SESSIONS (1024), SESSION_TTL_S (900), MAX_BODY_BYTES (1048576), EPISODE_STORE (memory, or redis://HOST:PORT
     shared by replicas).
`;

export const SCENARIOS_USAGE = `Usage: breakfix scenarios [--task TASK_ID] [--format text|json]

List the tasks and their scenarios.
`;

export const LINT_USAGE = `Usage: breakfix lint [--format text|json] [--kind auto|dockerfile|workflow|k8s] [--context DIR | --no-context] PATH...

Check Dockerfiles, GitHub Actions workflows and Kubernetes manifests. Directories are searched recursively
(node_modules and .git skipped); kinds are detected from file names and content unless --kind is given.
Files are judged per repository (the folder holding .github/ or .git); a workflow is run with its
repository's files, and one outside any .github/workflows/ without a workspace (a note on stderr says so).
  --format text|json  text: file:line:col: severity CODE: message (default); json: an array of diagnostics
  --kind KIND         check every named file as this kind
  --context DIR       build context of the Dockerfiles (default: each Dockerfile's directory)
  --no-context        skip the checks that need a build context
Exit status: 0 no errors, 1 errors found, 2 bad usage.
`;

export const BASELINE_USAGE = `Usage: breakfix baseline [--task TASK_ID] [--scenario SCENARIO_ID] [--format table|json] [--quiet]

Play the heuristic baseline agent (it sees only observations) on every scenario, a task's, or one, and print
per-scenario score, steps and issues fixed, per-task means and the overall mean, with the run's provenance
(breakfix's version and commit, date, Node.js, scenarios). Each finished episode is reported on stderr (a
progress bar on a terminal, a line otherwise); --quiet silences that.
`;

export const EVAL_USAGE = `Usage: breakfix eval --agent baseline|oracle|noop|llm [--task TASK_ID] [--scenario SCENARIO_ID] [--out DIR]
                     [--split S --difficulty D,... --count N [--from SEED]] [--jsonl] [--concurrency N] [--workers N]
                     [--quiet]

Evaluate one agent and write DIR/<agent>.json (every episode) and DIR/<agent>.md (per-task mean score, solve
rate, mean steps, hints; overall), and print the table. Several agents (--agent baseline,oracle,noop) also
write DIR/comparison.md, their scores side by side per task. Every file records the run's provenance:
breakfix's version and git commit, the date, Node.js, the agent (model and base URL for llm), the scenarios
and seeds. Each finished episode is reported on stderr (a progress bar on a terminal, a line otherwise).
  --agent baseline  the heuristic agent        oracle  replays the scenarios' own solutions (reads hidden data)
          noop      submits at once           llm     the LLM runner's agent (env as for breakfix inference)
  --out DIR         where to write (default ./results)
  --split S, --difficulty D,..., --count N, --from SEED
                    generated scenarios instead: N seeds from SEED (default 0) per difficulty (default all) of
                    split S (train, validation or test; default train)
  --jsonl           also write DIR/<agent>.jsonl: one line per episode with its result, every action played
                    (replayable through /grader with its scenario_id) and each turn's reward and error
  --concurrency N   episodes at once (llm only; default 1)
  --workers N       threads playing baseline, oracle and noop episodes (default one per core but one,
                    one per 50 episodes at most; 1 runs in-process); every episode and figure is the same whatever N is
  --quiet, -q       no progress on stderr
`;

export const EXPORT_USAGE = `Usage: breakfix export --count N [--split train|validation|test] [--difficulty easy|medium|hard|expert]
                       [--from SEED] [--out FILE.jsonl] [--workers N] [--quiet]

Write generated scenarios as JSON lines, one per seed (seeds FROM..FROM+N-1, default from 0): its id
(gen:<split>:<difficulty>:<seed>, which reset and /grader replay), the files and modes, the error log, the
secrets' names and step budget an agent meets at reset, the issues' hints, and the oracle trajectory (the
reference repair, then submit). Nothing else hidden is written.
  --split S       train (default), validation or test (held-out bases; report on it, never train on it)
  --difficulty D  easy (default), medium, hard or expert
  --out FILE      where to write (default stdout); progress every 1,000 lines on stderr unless --quiet
  --workers N     threads generating at once (default one per core but one, and one per 200 seeds
                  at most; 1 runs in-process); the lines
                  and their order are the same whatever N is
`;

export const INFERENCE_USAGE = `Usage: breakfix inference [--task TASK_ID] [--scenario SCENARIO_ID] [--episodes N] [--seed N]
                          [--concurrency N] [--url URL] [--policy MODULE] [--max-retries N]

Let an LLM (any OpenAI-compatible chat API) play episodes and print one [START], a [STEP] per turn and one
[END] per episode on stdout, each followed by one line of JSON; a summary goes to stderr.
  --task, --scenario  which scenarios (default: every scenario once)
  --episodes N        play N episodes chosen by seed (seed, seed+1, ...) within --task/--scenario
  --seed N            first seed for --episodes (default 0)
  --concurrency N     episodes at once (default 1)
  --url URL           play against a breakfix server (e.g. http://127.0.0.1:8000) instead of in-process
  --policy MODULE     a module exporting \`policy\` (prompt + reply parsing) instead of baseline/agent-policy.ts
  --max-retries N     retries of a chat call on 429/5xx/network errors, with backoff (default 4)
Env: MODEL_NAME and HF_TOKEN or OPENAI_API_KEY (required), API_BASE_URL (default: the Hugging Face router
with HF_TOKEN, else OpenAI). Exit status: 0 done, 1 an episode stopped on an API failure, 2 bad usage or settings.
`;

export const MAIN_USAGE = `Usage: breakfix <command> [options]

Commands:
  serve       serve the environment over HTTP
  scenarios   list the tasks and their scenarios
  lint        check Dockerfiles, workflows and Kubernetes manifests
  baseline    score the heuristic baseline agent
  eval        benchmark an agent (baseline, oracle, noop, llm) into JSON and a Markdown table
  export      write generated scenarios as JSONL (files, error log, hints, oracle trajectory)
  inference   let an LLM play episodes, printing [START]/[STEP]/[END] lines

Options:
  -h, --help     show this help (or a command's: breakfix lint --help)
  -v, --version  print the version
`;
