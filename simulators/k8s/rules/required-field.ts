/**
 * K8S008: a required field is missing (`spec.selector`, a container's `name` or `image`), or a Job's pods
 * lack a restart policy a Job can have: the pod template defaults to `Always`, which a Job (and a CronJob's
 * jobs) never takes, so the API server asks for `OnFailure` or `Never` whether the field is absent or Always.
 */
import { validatorFor } from "../api-catalogue.js";
import { at, k8sRule, objectsWhere } from "../events.js";
import { isInvalid } from "../messages.js";
import { formatPath, valueAt, type FieldPath } from "../object.js";
import { podSpecPath } from "../workload.js";
import { APP_FILES, DEPLOYMENT, WORLD } from "./fixtures.js";

const JOB = "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\nspec:\n  template:\n    spec:\n      restartPolicy: Always\n      containers:\n        - name: migrate\n          image: ghcr.io/acme/web:1.0\n";
const CRONJOB =
  'apiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: report\nspec:\n  schedule: "0 3 * * *"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n          containers:\n            - name: report\n              image: ghcr.io/acme/web:1.0\n';

/** What the API server says after `Required value` for some fields: the values they take, or why. */
const REQUIRED_DETAILS: readonly (readonly [RegExp, string])[] = [
  [/podFailurePolicy\.rules\[\d+\]\.action$/, 'valid values: ["Count" "FailIndex" "FailJob" "Ignore"]'],
  [/podFailurePolicy\.rules\[\d+\]\.onExitCodes\.operator$/, 'valid values: ["In" "NotIn"]'],
  [/\.paths\[\d+\]\.pathType$/, "pathType must be specified"],
];

const POLICY = "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: deny-all\nspec:\n  policyTypes: [Ingress]\n";

export const requiredField = k8sRule({
  code: "K8S008",
  name: "required-field",
  summary: "A required field is missing (a Deployment's selector, a container's name or image, a Job's restart policy)",
  stage: "deploy",
  severity: "error",
  phase: "validate",
  applies: objectsWhere((o) => validatorFor(o.apiVersion, o.kind) !== undefined),
  on: {
    "object-validated"(e, ctx) {
      for (const path of e.missingRequired) {
        const detail = REQUIRED_DETAILS.find(([field]) => field.test(formatPath(path)))?.[1];
        ctx.report(at(e.object, path.slice(0, -1)), isInvalid(e.object, `${formatPath(path)}: Required value${detail ? `: ${detail}` : ""}`));
      }
      const o = e.object;
      if (o.kind === "Job" || o.kind === "CronJob") {
        const path: FieldPath = [...podSpecPath(o), "restartPolicy"];
        const policy = valueAt(o.value, path);
        if (policy !== "OnFailure" && policy !== "Never" && valueAt(o.value, path.slice(0, -1)) !== undefined) {
          ctx.report(at(o, policy === undefined ? path.slice(0, -1) : path), isInvalid(o, `${formatPath(path)}: Required value: valid values: "OnFailure", "Never"`));
        }
      }
    },
  },
  cases: {
    valid: [
      { files: APP_FILES, world: WORLD },
      { name: "a Job's pods never restarted", files: { "k8s/job.yaml": JOB.replace("restartPolicy: Always", "restartPolicy: Never") } },
      // The API server defaults a pod failure policy pattern's status to True.
      { name: "a pod condition pattern without status", files: { "k8s/job.yaml": JOB.replace("restartPolicy: Always", "restartPolicy: Never").replace("spec:\n  template:", "spec:\n  podFailurePolicy:\n    rules:\n      - action: Ignore\n        onPodConditions:\n          - type: DisruptionTarget\n  template:") } },
      { name: "a NetworkPolicy selecting every pod by having no podSelector", files: { "k8s/policy.yaml": POLICY } },
    ],
    invalid: [
      {
        name: "no selector",
        files: { "k8s/deployment.yaml": DEPLOYMENT.replace("  selector:\n    matchLabels:\n      app: web\n", "") },
        file: "k8s/deployment.yaml",
        line: 7,
        message: 'The Deployment "web" is invalid: spec.selector: Required value',
      },
      {
        name: "a Job's pods restarting Always",
        files: { "k8s/job.yaml": JOB },
        file: "k8s/job.yaml",
        line: 8,
        message: 'The Job "migrate" is invalid: spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"',
      },
      { name: "a CronJob's pods without a restart policy", files: { "k8s/job.yaml": CRONJOB }, line: 10, message: 'The CronJob "report" is invalid: spec.jobTemplate.spec.template.spec.restartPolicy: Required value' },
      {
        name: "a pod failure rule without action",
        files: { "k8s/job.yaml": JOB.replace("restartPolicy: Always", "restartPolicy: Never").replace("spec:\n  template:", "spec:\n  podFailurePolicy:\n    rules:\n      - onExitCodes: {operator: In, values: [42]}\n  template:") },
        message: 'spec.podFailurePolicy.rules[0].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]',
      },
      { name: "no image", files: { "k8s/deployment.yaml": DEPLOYMENT.replace("          image: ghcr.io/acme/web:1.0\n", "") }, line: 18, message: "spec.template.spec.containers[0].image: Required value" },
    ],
  },
});
