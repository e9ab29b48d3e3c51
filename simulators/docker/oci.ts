/** How `docker run` reports a process the OCI runtime could not start. */
const OCI = "docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process:";

/** The daemon's error and the exit status `docker run` ends with, for a start failure `detail`. */
export function ociFailure(detail: string): string[] {
  return [`${OCI} ${detail}: unknown.`, "Error: Process completed with exit code 127."];
}
