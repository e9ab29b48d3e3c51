/**
 * Commands worth trying on a simulated host, by its files: the inspections an on-call engineer runs first,
 * and the repairs the host action takes (README's host table), with a restart for each systemd unit the host
 * has. Paths are as the observation keys them (relative to /). No DOM, so the suite checks it directly.
 */

/** The units whose files the host holds (etc/systemd/system or lib/systemd/system), by name, sorted. */
export function hostUnits(paths: readonly string[]): string[] {
  const units = new Set<string>();
  for (const path of paths) {
    const match = /^(?:etc|lib|usr\/lib)\/systemd\/system\/([^/]+)\.service$/.exec(path);
    if (match) units.add(match[1]!);
  }
  return [...units].sort();
}

/** Read-only looks at the host, most telling first (each is answered by the host's inspect). */
export function hostInspections(paths: readonly string[]): string[] {
  const commands = ["systemctl --failed", "journalctl -p err -n 50", "ss -tlnp", "df -h", "ps aux", "free -m", "iptables -S"];
  if (paths.includes("etc/nginx/nginx.conf")) commands.push("nginx -t");
  if (paths.includes("etc/ssh/sshd_config")) commands.push("sshd -t");
  for (const unit of hostUnits(paths)) commands.push(`systemctl status ${unit}`);
  return commands;
}

/**
 * Repairs the host action takes: daemon-reload first (a changed unit needs it), then a restart per unit, the
 * units the alerts name (`shop.service is enabled but failed`) before the others.
 */
export function hostRepairs(paths: readonly string[], alerts: string | null = null): string[] {
  const named = (unit: string) => (alerts !== null && alerts.includes(`${unit}.service`) ? 0 : 1);
  const units = hostUnits(paths).sort((a, b) => named(a) - named(b) || a.localeCompare(b));
  return ["systemctl daemon-reload", ...units.map((unit) => `systemctl restart ${unit}`), "netfilter-persistent save"];
}

/** A path as the observation keys host files: relative to /, however many slashes it was typed with. */
export function hostRelative(path: string): string {
  return path.replace(/^\/+/, "");
}

/** A host file's path as the host spells it. */
export function hostAbsolute(path: string): string {
  return `/${hostRelative(path)}`;
}

/** An edit_file action with its paths written absolute, as the API allows on a host (other actions as they are). */
export function withAbsolutePaths(action: Record<string, unknown>): Record<string, unknown> {
  if (action.action_type !== "edit_file" || !Array.isArray(action.edits)) return action;
  return { ...action, edits: action.edits.map((e: { file_path: string }) => ({ ...e, file_path: hostAbsolute(e.file_path) })) };
}
