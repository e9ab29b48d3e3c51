/**
 * The names of the grader's intent checks: what a violation says was lost. They sit below the scenarios and
 * the grader alike, because a scenario's wrong fix names the check it must fail.
 */
import { z } from "zod";

export const INTENT_CHECK_NAMES = [
  "files-kept",
  "no-suppressions",
  "no-hard-coded-secrets",
  "build-stages",
  "image-user",
  "build-commands",
  "build-guards",
  "base-image-pins",
  "image-metadata",
  "image-start",
  "workflow-jobs",
  "workflow-steps",
  "workflow-commands",
  "workflow-triggers",
  "delivery",
  "runtime-requirements",
  "k8s-objects",
  "host-data",
  "host-services",
  "host-hardening",
  "host-sshd",
  "no-new-errors",
  "no-unknown-outcomes",
] as const;

export const IntentCheckNameSchema = z.enum(INTENT_CHECK_NAMES);
export type IntentCheckName = z.infer<typeof IntentCheckNameSchema>;
