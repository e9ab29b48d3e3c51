/**
 * Which repositories the pipeline simulator takes over: those with a delivery workflow, one that builds a
 * container image (docker/build-push-action, `docker build`, `docker buildx build`). Their Dockerfiles and
 * manifests are then judged as the delivery meets them, not one file at a time.
 */
import type { Repository } from "../repository.js";
import { isWorkflowPath } from "../workflow/index.js";

const BUILDS_AN_IMAGE = /docker\/build-push-action@|\bdocker\s+(?:buildx\s+)?build\b/;

/** Whether a workflow's text builds an image. */
export function isDeliveryWorkflow(content: string): boolean {
  return BUILDS_AN_IMAGE.test(content);
}

/** Whether a repository has a delivery workflow under `.github/workflows/`. */
export function hasDeliveryWorkflow(repo: Repository): boolean {
  for (const [file, { content }] of repo) if (isWorkflowPath(file) && isDeliveryWorkflow(content)) return true;
  return false;
}
