/** How `docker run` reports a process the OCI runtime could not start. */
const OCI = "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process:";

/**
 * The daemon's refusal to start the process, as `docker run` prints it, then the status the docker CLI exits
 * with: 126 when the program cannot be invoked (permission denied), 127 when it is not found (docker/cli's
 * runStartContainerErr). This is a terminal's log: GitHub's `Process completed with exit code N` belongs to CI.
 */
export function ociFailure(detail: string, status: 126 | 127): string[] {
  return [`${OCI} ${detail}: unknown.`, "$ echo $?", String(status)];
}
