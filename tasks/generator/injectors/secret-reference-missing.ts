/**
 * secret-reference-missing: a container takes env (secretKeyRef, envFrom) or a volume from a Secret, or a key
 * of one, that the namespace does not have: `Error: secret "notes-api-secrets" not found` or `couldn't find
 * key … in Secret`, CreateContainerConfigError (FailedMount for a volume), K8S022. The Secrets that exist
 * and their keys are in the README. Split rule: train renames with `-secret`/`-secrets` or drops/swaps a
 * letter of the name or key; test uses `-credentials`/`-creds`/`-keys` or doubles/changes a letter.
 */
import { defineInjector } from "../injector.js";
import { breakReference } from "./k8s-config-refs.js";

export const secretReferenceMissing = defineInjector({
  kind: "secret-reference-missing",
  layer: "k8s",
  summary: "A Secret (or key) a container uses does not exist: CreateContainerConfigError",
  inject: (ctx) => breakReference(ctx, "secret-reference-missing", "Secret"),
});
