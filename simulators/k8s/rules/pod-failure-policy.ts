/**
 * K8S015: a Job's podFailurePolicy the API server refuses, by the rules of its Job validation: pods that
 * restart (`OnFailure`) never fail for a policy to judge, so only `Never` goes with one; `FailIndex` needs
 * backoffLimitPerIndex; a rule matches exit codes or pod conditions, exactly one; exit codes name a container of
 * the pod and are listed in order, once each, never 0 for `In`; a condition's type is a qualified name; at most
 * 20 rules, 20 patterns and 255 values. An absent pattern status is no error: the API server defaults it to
 * True. Missing required fields and values outside a fixed set are K8S008's and K8S009's.
 */
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { arrayAt, formatPath, isObject, objectAt, valueAt, type FieldPath, type K8sObject } from "../object.js";
import { containersOf } from "../workload.js";

const MAX_RULES = 20;
const MAX_PATTERNS = 20;
const MAX_VALUES = 255;
const STATUSES = ["False", "True", "Unknown"];

const JOB = `apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  backoffLimit: 4
  podFailurePolicy:
    rules:
      - action: FailJob
        onExitCodes:
          containerName: migrate
          operator: In
          values: [42]
      - action: Ignore
        onPodConditions:
          - type: DisruptionTarget
  template:
    spec:
      restartPolicy: Never
      containers:
        - name: migrate
          image: ghcr.io/acme/web:1.0
`;

const CRONJOB = `apiVersion: batch/v1
kind: CronJob
metadata:
  name: report
spec:
  schedule: "0 3 * * *"
  jobTemplate:
    spec:
      podFailurePolicy:
        rules:
          - action: Ignore
            onPodConditions:
              - type: DisruptionTarget
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: report
              image: ghcr.io/acme/web:1.0
`;

/** Why a pod condition type is not a qualified name (`DisruptionTarget`, `example.com/Ready`), as Go words it. */
function qualifiedNameProblem(value: string): string | undefined {
  const NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
  const NAME_ERROR = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
  const parts = value.split("/");
  if (parts.length > 2) return `a qualified name ${NAME_ERROR} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`;
  const name = parts[parts.length - 1]!;
  if (parts.length === 2) {
    const prefix = parts[0]!;
    if (prefix === "") return "prefix part must be non-empty";
    if (!/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(prefix) || prefix.length > 253) {
      return "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    }
  }
  if (name === "") return "name part must be non-empty";
  if (name.length > 63) return "name part must be no more than 63 characters";
  if (!NAME.test(name)) return `name part ${NAME_ERROR}`;
  return undefined;
}

/** Go's `%#v` of a []int32, the way a field error shows a list of exit codes. */
const int32s = (values: readonly unknown[]) => `[]int32{${values.join(", ")}}`;

/** Each finding on one Job spec (a Job's own, or a CronJob's job template), as the API server's field errors. */
function policyErrors(o: K8sObject, spec: FieldPath): { path: FieldPath; detail: string }[] {
  const errors: { path: FieldPath; detail: string }[] = [];
  const invalid = (path: FieldPath, shown: string, detail: string) => errors.push({ path, detail: `${formatPath(path)}: Invalid value: ${shown}: ${detail}` });
  const policy = objectAt(o.value, [...spec, "podFailurePolicy"]);
  if (!policy) return errors;
  const restartPath = [...spec, "template", "spec", "restartPolicy"];
  if (valueAt(o.value, restartPath) === "OnFailure") invalid(restartPath, '"OnFailure"', 'only "Never" is supported when podFailurePolicy is specified');
  const rulesPath = [...spec, "podFailurePolicy", "rules"];
  const rules = arrayAt(policy, ["rules"]);
  if (rules.length > MAX_RULES) errors.push({ path: rulesPath, detail: `${formatPath(rulesPath)}: Too many: ${rules.length}: must have at most ${MAX_RULES} items` });
  const containers = new Set(containersOf(o).map((c) => c.container["name"]));
  rules.forEach((rule, i) => {
    if (!isObject(rule)) return;
    const rulePath = [...rulesPath, i];
    if (rule["action"] === "FailIndex" && valueAt(o.value, [...spec, "backoffLimitPerIndex"]) === undefined) invalid([...rulePath, "action"], '"FailIndex"', "requires the backoffLimitPerIndex to be set");
    const exitCodes = objectAt(rule, ["onExitCodes"]);
    const patterns = arrayAt(rule, ["onPodConditions"]);
    if (exitCodes) {
      const codesPath = [...rulePath, "onExitCodes"];
      const name = exitCodes["containerName"];
      if (typeof name === "string" && !containers.has(name)) invalid([...codesPath, "containerName"], JSON.stringify(name), "must be one of the container or initContainer names in the pod template");
      const values = arrayAt(exitCodes, ["values"]).filter((v): v is number => typeof v === "number");
      const valuesPath = [...codesPath, "values"];
      if (values.length === 0) invalid(valuesPath, int32s(values), "at least one value is required");
      else if (values.length > MAX_VALUES) errors.push({ path: valuesPath, detail: `${formatPath(valuesPath)}: Too many: ${values.length}: must have at most ${MAX_VALUES} items` });
      const seen = new Set<number>();
      values.forEach((v, j) => {
        if (exitCodes["operator"] === "In" && v === 0) invalid([...valuesPath, j], "0", "must not be 0 for the In operator");
        if (seen.has(v)) errors.push({ path: [...valuesPath, j], detail: `${formatPath([...valuesPath, j])}: Duplicate value: ${v}` });
        seen.add(v);
      });
      if (values.some((v, j) => j > 0 && values[j - 1]! > v)) invalid(valuesPath, int32s(values), "must be ordered");
    }
    const patternsPath = [...rulePath, "onPodConditions"];
    if (patterns.length > MAX_PATTERNS) errors.push({ path: patternsPath, detail: `${formatPath(patternsPath)}: Too many: ${patterns.length}: must have at most ${MAX_PATTERNS} items` });
    patterns.forEach((pattern, j) => {
      if (!isObject(pattern)) return;
      const type = pattern["type"];
      const problem = typeof type === "string" && type !== "" ? qualifiedNameProblem(type) : undefined;
      if (problem) invalid([...patternsPath, j, "type"], JSON.stringify(type), problem);
      const status = pattern["status"];
      // The API server defaults an absent (or empty) status to True before it validates.
      if (typeof status === "string" && status !== "" && !STATUSES.includes(status)) {
        const path = [...patternsPath, j, "status"];
        errors.push({ path, detail: `${formatPath(path)}: Unsupported value: ${JSON.stringify(status)}: supported values: ${STATUSES.map((s) => JSON.stringify(s)).join(", ")}` });
      }
    });
    if (exitCodes && patterns.length > 0) errors.push({ path: rulePath, detail: `${formatPath(rulePath)}: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported` });
    if (!exitCodes && patterns.length === 0) errors.push({ path: rulePath, detail: `${formatPath(rulePath)}: Invalid value: specifying one of OnExitCodes and OnPodConditions is required` });
  });
  return errors;
}

export const podFailurePolicy = k8sRule({
  code: "K8S015",
  name: "pod-failure-policy",
  summary: "A Job's podFailurePolicy is refused: restartPolicy is not Never, a rule matches both or neither exit codes and conditions, or its exit codes or names are invalid",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => o.kind === "Job" || o.kind === "CronJob"),
  on: {
    "object-validated"(e, ctx) {
      const o = e.object;
      if (!e.schema) return;
      const spec: FieldPath = o.kind === "CronJob" ? ["spec", "jobTemplate", "spec"] : ["spec"];
      for (const { path, detail } of policyErrors(o, spec)) ctx.report(at(o, path), isInvalid(o, detail));
    },
  },
  cases: {
    valid: [
      { name: "exit codes and a condition without status", files: { "k8s/job.yaml": JOB } },
      { name: "FailIndex with backoffLimitPerIndex", files: { "k8s/job.yaml": JOB.replace("action: FailJob", "action: FailIndex").replace("  backoffLimit: 4\n", "  completionMode: Indexed\n  completions: 3\n  backoffLimitPerIndex: 1\n") } },
    ],
    invalid: [
      { name: "pods restarted OnFailure", files: { "k8s/job.yaml": JOB.replace("restartPolicy: Never", "restartPolicy: OnFailure") }, file: "k8s/job.yaml", line: 19, message: 'The Job "migrate" is invalid: spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified' },
      { name: "exit codes of a container the pod does not have", files: { "k8s/job.yaml": JOB.replace("containerName: migrate", "containerName: migrat") }, line: 11, message: 'spec.podFailurePolicy.rules[0].onExitCodes.containerName: Invalid value: "migrat": must be one of the container or initContainer names in the pod template' },
      { name: "exit code 0 for In", files: { "k8s/job.yaml": JOB.replace("values: [42]", "values: [0, 42]") }, line: 13, message: "spec.podFailurePolicy.rules[0].onExitCodes.values[0]: Invalid value: 0: must not be 0 for the In operator" },
      { name: "exit codes out of order", files: { "k8s/job.yaml": JOB.replace("values: [42]", "values: [42, 3]") }, message: "onExitCodes.values: Invalid value: []int32{42, 3}: must be ordered" },
      { name: "an exit code twice", files: { "k8s/job.yaml": JOB.replace("values: [42]", "values: [42, 42]") }, message: "onExitCodes.values[1]: Duplicate value: 42" },
      { name: "no exit codes", files: { "k8s/job.yaml": JOB.replace("values: [42]", "values: []") }, message: "onExitCodes.values: Invalid value: []int32{}: at least one value is required" },
      { name: "a rule matching nothing", files: { "k8s/job.yaml": JOB.replace("        onPodConditions:\n          - type: DisruptionTarget\n", "") }, line: 14, message: "spec.podFailurePolicy.rules[1]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required" },
      { name: "FailIndex without backoffLimitPerIndex", files: { "k8s/job.yaml": JOB.replace("action: FailJob", "action: FailIndex") }, line: 9, message: 'rules[0].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set' },
      { name: "a status that is no condition status", files: { "k8s/job.yaml": JOB.replace("- type: DisruptionTarget", "- type: DisruptionTarget\n            status: Maybe") }, message: 'onPodConditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"' },
      { name: "a condition type with a space", files: { "k8s/job.yaml": JOB.replace("- type: DisruptionTarget", "- type: Disruption Target") }, message: "onPodConditions[0].type: Invalid value: \"Disruption Target\": name part must consist of alphanumeric characters" },
      { name: "a CronJob's jobs", files: { "k8s/cron.yaml": CRONJOB }, line: 16, message: 'The CronJob "report" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Invalid value: "OnFailure"' },
    ],
  },
});
