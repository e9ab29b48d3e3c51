/**
 * The part of GitHub's workflow schema (actions/languageservices workflow-v1.0.json, strict root) that the
 * parse stage enforces, as data: which keys each mapping allows, which scalars each value accepts, and
 * which expression contexts are available where. Facts from GitHub's schema; the encoding is ours.
 */

/** Which rule a schema finding belongs to, inherited by everything below the definition that sets it. */
export type SchemaTag = "trigger" | "filter" | "permissions" | "step" | "general";

export interface PropertyDef {
  type: string;
  required?: boolean;
}

export interface Definition {
  context?: readonly string[];
  tag?: SchemaTag;
  /** An `if:` condition: the whole text is an expression even without `${{ }}`. */
  condition?: boolean;
  mapping?: { props: Record<string, string | PropertyDef>; looseKey?: string; looseValue?: string };
  sequence?: string;
  string?: { constant?: string; nonEmpty?: boolean; allowed?: readonly string[] };
  boolean?: true;
  number?: true;
  null?: true;
  any?: true;
  oneOf?: readonly string[];
}

const BASE = ["github", "inputs", "vars"];
const NEEDS = [...BASE, "needs"];
const STRATEGY = [...NEEDS, "strategy", "matrix"];
const STEPS = [...STRATEGY, "secrets", "steps", "job", "runner", "env", "hashFiles(1,255)"];
const RUNNER = [...STRATEGY, "secrets", "steps", "job", "runner", "env"];
const RUNNER_NO_SECRETS = [...STRATEGY, "steps", "job", "runner", "env"];

/** Events GitHub accepts, with the activity types and filters each takes (null: no mapping allowed). */
const EVENTS: Record<string, { types?: readonly string[] | "any" | "pull_request"; filters?: readonly string[] } | null> = {
  branch_protection_rule: { types: ["created", "edited", "deleted"] },
  check_run: { types: ["completed", "created", "rerequested", "requested_action"] },
  check_suite: { types: ["completed"] },
  create: null,
  delete: null,
  deployment: null,
  deployment_status: null,
  discussion: {
    types: ["created", "edited", "deleted", "transferred", "pinned", "unpinned", "labeled", "unlabeled", "locked", "unlocked", "category_changed", "answered", "unanswered"],
  },
  discussion_comment: { types: ["created", "edited", "deleted"] },
  fork: null,
  gollum: null,
  image_version: { types: ["created", "ready", "deleted"], filters: ["names", "versions"] },
  issue_comment: { types: ["created", "edited", "deleted"] },
  issues: {
    types: ["opened", "edited", "deleted", "transferred", "pinned", "unpinned", "closed", "reopened", "assigned", "unassigned", "labeled", "unlabeled", "locked", "unlocked", "milestoned", "demilestoned"],
  },
  label: { types: ["created", "edited", "deleted"] },
  merge_group: { types: ["checks_requested"], filters: ["branches", "branches-ignore"] },
  milestone: { types: ["created", "closed", "opened", "edited", "deleted"] },
  page_build: null,
  project: { types: ["created", "closed", "reopened", "edited", "deleted"] },
  project_card: { types: ["created", "moved", "converted", "edited", "deleted"] },
  project_column: { types: ["created", "updated", "moved", "deleted"] },
  public: null,
  pull_request: { types: "pull_request", filters: ["branches", "branches-ignore", "paths", "paths-ignore"] },
  pull_request_comment: { types: ["created", "edited", "deleted"] },
  pull_request_review: { types: ["submitted", "edited", "dismissed"] },
  pull_request_review_comment: { types: ["created", "edited", "deleted"] },
  pull_request_target: { types: "pull_request", filters: ["branches", "branches-ignore", "paths", "paths-ignore"] },
  push: { filters: ["branches", "branches-ignore", "tags", "tags-ignore", "paths", "paths-ignore"] },
  registry_package: { types: ["published", "updated"] },
  release: { types: ["published", "unpublished", "created", "edited", "deleted", "prereleased", "released"] },
  repository_dispatch: { types: "any" },
  status: null,
  watch: { types: ["started"] },
  workflow_run: { types: ["requested", "completed", "in_progress"], filters: ["workflows", "branches", "branches-ignore"] },
};

const PULL_REQUEST_TYPES = [
  "assigned", "unassigned", "labeled", "unlabeled", "opened", "edited", "closed", "reopened", "synchronize", "converted_to_draft",
  "locked", "unlocked", "enqueued", "dequeued", "milestoned", "demilestoned", "ready_for_review", "review_requested",
  "review_request_removed", "auto_merge_enabled", "auto_merge_disabled",
];

/** Every event name `on:` accepts. */
export const EVENT_NAMES: readonly string[] = [...Object.keys(EVENTS), "schedule", "workflow_call", "workflow_dispatch"].sort();

/** Scopes a `permissions:` mapping accepts, with the levels each takes. */
export const PERMISSION_SCOPES: Record<string, readonly string[]> = {
  actions: ["read", "write", "none"],
  "artifact-metadata": ["read", "write", "none"],
  attestations: ["read", "write", "none"],
  checks: ["read", "write", "none"],
  contents: ["read", "write", "none"],
  "copilot-requests": ["write", "none"],
  deployments: ["read", "write", "none"],
  discussions: ["read", "write", "none"],
  "id-token": ["write", "none"],
  issues: ["read", "write", "none"],
  models: ["read", "none"],
  packages: ["read", "write", "none"],
  pages: ["read", "write", "none"],
  "pull-requests": ["read", "write", "none"],
  "repository-projects": ["read", "write", "none"],
  "security-events": ["read", "write", "none"],
  statuses: ["read", "write", "none"],
  "vulnerability-alerts": ["read", "none"],
};

function eventDefinitions(): Record<string, Definition> {
  const defs: Record<string, Definition> = {};
  const onProps: Record<string, string> = {};
  const onStrings: string[] = [];
  for (const [name, spec] of Object.entries(EVENTS)) {
    onProps[name] = `event-${name}`;
    defs[`event-${name}-string`] = { string: { constant: name } };
    onStrings.push(`event-${name}-string`);
    if (spec === null) {
      defs[`event-${name}`] = { null: true };
      continue;
    }
    const props: Record<string, string> = {};
    const types = spec.types === "pull_request" ? PULL_REQUEST_TYPES : spec.types;
    if (types === "any") props.types = "sequence-of-non-empty-string";
    else if (types) {
      defs[`event-${name}-type`] = { string: { allowed: types } };
      defs[`event-${name}-types`] = { sequence: `event-${name}-type` };
      defs[`event-${name}-activity`] = { oneOf: [`event-${name}-type`, `event-${name}-types`] };
      props.types = `event-${name}-activity`;
    }
    for (const filter of spec.filters ?? []) props[filter] = "string-or-strings";
    defs[`event-${name}-mapping`] = { tag: "filter", mapping: { props } };
    defs[`event-${name}`] = { oneOf: ["null", `event-${name}-mapping`] };
  }
  for (const name of ["schedule", "workflow_call", "workflow_dispatch"]) {
    onProps[name] = `event-${name}`;
    defs[`event-${name}-string`] = { string: { constant: name } };
    onStrings.push(`event-${name}-string`);
  }
  defs["on"] = { tag: "trigger", oneOf: ["on-string", "on-sequence", "on-mapping"] };
  defs["on-string"] = { oneOf: onStrings };
  defs["on-sequence"] = { sequence: "on-string" };
  defs["on-mapping"] = { mapping: { props: onProps } };
  return defs;
}

function permissionDefinitions(): Record<string, Definition> {
  const defs: Record<string, Definition> = {};
  const props: Record<string, string> = {};
  for (const [scope, levels] of Object.entries(PERMISSION_SCOPES)) {
    defs[`permission-${scope}`] = { string: { allowed: levels } };
    props[scope] = `permission-${scope}`;
  }
  defs["permissions"] = { tag: "permissions", oneOf: ["permissions-mapping", "permissions-shorthand"] };
  defs["permissions-mapping"] = { mapping: { props } };
  defs["permissions-shorthand"] = { string: { allowed: ["read-all", "write-all"] } };
  return defs;
}

const STEP_COMMON: Record<string, string> = {
  name: "step-name",
  id: "non-empty-string",
  if: "step-if",
  "timeout-minutes": "step-timeout-minutes",
  "continue-on-error": "step-continue-on-error",
  env: "step-env",
};

export const DEFINITIONS: Record<string, Definition> = {
  ...eventDefinitions(),
  ...permissionDefinitions(),
  null: { null: true },
  string: { string: {} },
  boolean: { boolean: true },
  number: { number: true },
  any: { any: true },
  "non-empty-string": { string: { nonEmpty: true } },
  "sequence-of-non-empty-string": { sequence: "non-empty-string" },
  "sequence-of-string": { sequence: "string" },
  "string-or-strings": { oneOf: ["non-empty-string", "sequence-of-non-empty-string"] },
  "scalar": { oneOf: ["string", "boolean", "number"] },

  "workflow-root": {
    tag: "general",
    mapping: {
      props: {
        on: "on",
        name: "string",
        description: "string",
        "run-name": "run-name",
        defaults: "workflow-defaults",
        env: "workflow-env",
        permissions: "permissions",
        concurrency: "workflow-concurrency",
        jobs: { type: "jobs", required: true },
      },
    },
  },
  "run-name": { context: BASE, string: {} },
  "workflow-defaults": { mapping: { props: { run: "defaults-run" } } },
  "defaults-run": { mapping: { props: { shell: "non-empty-string", "working-directory": "non-empty-string" } } },
  "workflow-env": { context: [...BASE, "secrets"], mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string" } },
  "workflow-concurrency": { context: BASE, oneOf: ["string", "concurrency-mapping"] },
  "job-concurrency": { context: STRATEGY, oneOf: ["non-empty-string", "concurrency-mapping"] },
  "concurrency-mapping": {
    mapping: {
      props: { group: { type: "non-empty-string", required: true }, "cancel-in-progress": "boolean", queue: "concurrency-queue" },
    },
  },
  "concurrency-queue": { string: { allowed: ["single", "max"] } },

  "event-schedule": { tag: "filter", sequence: "cron-mapping" },
  "cron-mapping": { mapping: { props: { cron: { type: "non-empty-string", required: true }, timezone: "non-empty-string" } } },
  "event-workflow_call": { tag: "filter", oneOf: ["null", "workflow-call-mapping"] },
  "workflow-call-mapping": {
    mapping: { props: { inputs: "workflow-call-inputs", secrets: "workflow-call-secrets", outputs: "workflow-call-outputs" } },
  },
  "workflow-call-inputs": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "workflow-call-input" } },
  "workflow-call-input": {
    mapping: {
      props: {
        description: "string",
        type: { type: "workflow-call-input-type", required: true },
        required: "boolean",
        default: "input-default",
      },
    },
  },
  "workflow-call-input-type": { string: { allowed: ["string", "boolean", "number"] } },
  "input-default": { context: BASE, oneOf: ["string", "boolean", "number"] },
  "workflow-call-secrets": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "workflow-call-secret" } },
  "workflow-call-secret": { oneOf: ["null", "workflow-call-secret-mapping"] },
  "workflow-call-secret-mapping": { mapping: { props: { description: "string", required: "boolean" } } },
  "workflow-call-outputs": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "workflow-call-output" } },
  "workflow-call-output": {
    mapping: { props: { description: "string", value: { type: "workflow-output-value", required: true } } },
  },
  "workflow-output-value": { context: [...BASE, "jobs"], string: {} },
  "event-workflow_dispatch": { tag: "filter", oneOf: ["null", "workflow-dispatch-mapping"] },
  "workflow-dispatch-mapping": { mapping: { props: { inputs: "workflow-dispatch-inputs" } } },
  "workflow-dispatch-inputs": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "workflow-dispatch-input" } },
  "workflow-dispatch-input": {
    mapping: {
      props: {
        description: "string",
        type: "workflow-dispatch-input-type",
        required: "boolean",
        default: "scalar",
        options: "sequence-of-string",
      },
    },
  },
  "workflow-dispatch-input-type": { string: { allowed: ["string", "boolean", "number", "environment", "choice"] } },

  jobs: { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "job" } },
  job: { oneOf: ["job-factory", "workflow-job"] },
  "job-factory": {
    mapping: {
      props: {
        needs: "needs",
        if: "job-if",
        strategy: "strategy",
        name: "string-strategy-context",
        "runs-on": { type: "runs-on", required: true },
        "timeout-minutes": "number-strategy-context",
        "cancel-timeout-minutes": "number-strategy-context",
        "continue-on-error": "boolean-strategy-context",
        container: "container",
        services: "services",
        env: "job-env",
        environment: "job-environment",
        permissions: "permissions",
        concurrency: "job-concurrency",
        outputs: "job-outputs",
        defaults: "job-defaults",
        steps: "steps",
        snapshot: "any",
      },
    },
  },
  "workflow-job": {
    mapping: {
      props: {
        name: "string-strategy-context",
        uses: { type: "non-empty-string", required: true },
        with: "workflow-job-with",
        secrets: "workflow-job-secrets",
        needs: "needs",
        if: "job-if",
        permissions: "permissions",
        concurrency: "job-concurrency",
        strategy: "strategy",
      },
    },
  },
  "workflow-job-with": { context: STRATEGY, mapping: { props: {}, looseKey: "non-empty-string", looseValue: "scalar" } },
  "workflow-job-secrets": { context: [...STRATEGY, "secrets"], oneOf: ["workflow-job-secrets-mapping", "secrets-inherit"] },
  "workflow-job-secrets-mapping": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "scalar" } },
  "secrets-inherit": { string: { constant: "inherit" } },
  needs: { oneOf: ["sequence-of-non-empty-string", "non-empty-string"] },
  "job-if": {
    context: [...NEEDS, "always(0,0)", "failure(0,MAX)", "cancelled(0,0)", "success(0,MAX)"],
    condition: true,
    string: {},
  },
  strategy: { context: NEEDS, mapping: { props: { "fail-fast": "boolean", "max-parallel": "number", matrix: "matrix" } } },
  matrix: {
    mapping: { props: { include: "matrix-filter", exclude: "matrix-filter" }, looseKey: "non-empty-string", looseValue: "matrix-values" },
  },
  "matrix-values": { sequence: "any" },
  "matrix-filter": { sequence: "matrix-filter-item" },
  "matrix-filter-item": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "any" } },
  "runs-on": { context: STRATEGY, oneOf: ["non-empty-string", "sequence-of-non-empty-string", "runs-on-mapping"] },
  "runs-on-mapping": { mapping: { props: { group: "non-empty-string", labels: "string-or-strings" } } },
  "job-env": { context: [...STRATEGY, "secrets"], mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string" } },
  "job-environment": { context: STRATEGY, oneOf: ["string", "job-environment-mapping"] },
  "job-environment-mapping": {
    mapping: { props: { name: { type: "string", required: true }, url: "string-runner-context-no-secrets", deployment: "boolean" } },
  },
  "string-runner-context-no-secrets": { context: RUNNER_NO_SECRETS, string: {} },
  "job-defaults": { mapping: { props: { run: "job-defaults-run" } } },
  "job-defaults-run": {
    context: [...STRATEGY, "env"],
    mapping: { props: { shell: "non-empty-string", "working-directory": "non-empty-string" } },
  },
  "job-outputs": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string-runner-context" } },
  "string-runner-context": { context: RUNNER, string: {} },
  "string-strategy-context": { context: STRATEGY, string: {} },
  "number-strategy-context": { context: STRATEGY, number: true },
  "boolean-strategy-context": { context: STRATEGY, boolean: true },

  steps: { sequence: "steps-item" },
  "steps-item": { tag: "step", oneOf: ["run-step", "regular-step"] },
  "run-step": {
    mapping: {
      props: {
        ...STEP_COMMON,
        run: { type: "string-steps-context", required: true },
        "working-directory": "string-steps-context",
        shell: "non-empty-string",
      },
    },
  },
  "regular-step": {
    mapping: { props: { ...STEP_COMMON, uses: { type: "non-empty-string", required: true }, with: "step-with" } },
  },
  "step-name": { context: STEPS, string: {} },
  "step-if": {
    context: [...STRATEGY, "steps", "job", "runner", "env", "always(0,0)", "failure(0,0)", "cancelled(0,0)", "success(0,0)", "hashFiles(1,255)"],
    condition: true,
    string: {},
  },
  "step-timeout-minutes": { context: STEPS, number: true },
  "step-continue-on-error": { context: STEPS, boolean: true },
  "step-env": { context: STEPS, mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string" } },
  "step-with": { context: STEPS, mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string" } },
  "string-steps-context": { context: STEPS, string: {} },

  container: { context: STRATEGY, oneOf: ["string", "container-mapping"] },
  "container-mapping": {
    mapping: {
      props: {
        image: "non-empty-string",
        options: "string",
        env: "container-env",
        ports: "sequence-of-non-empty-string",
        volumes: "sequence-of-non-empty-string",
        credentials: "container-credentials",
      },
    },
  },
  "container-env": { mapping: { props: {}, looseKey: "non-empty-string", looseValue: "string-runner-context" } },
  "container-credentials": {
    context: [...BASE, "secrets", "env"],
    mapping: { props: { username: "non-empty-string", password: "non-empty-string" } },
  },
  services: { context: STRATEGY, mapping: { props: {}, looseKey: "non-empty-string", looseValue: "service" } },
  service: { oneOf: ["non-empty-string", "service-mapping"] },
  "service-mapping": {
    mapping: {
      props: {
        image: "non-empty-string",
        options: "string",
        env: "container-env",
        ports: "sequence-of-non-empty-string",
        volumes: "sequence-of-non-empty-string",
        credentials: "container-credentials",
        entrypoint: "string",
        command: "string",
      },
    },
  },
};
