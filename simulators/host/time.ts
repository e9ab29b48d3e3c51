/** The host's clock as its tools print it (always UTC, the servers' zone). */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** `Mar 14 09:41:07`, as syslog and journalctl print it. */
export function syslogTime(t: number): string {
  const d = new Date(t * 1000);
  return `${MONTHS[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, " ")} ${d.toISOString().slice(11, 19)}`;
}

/** `Sat 2026-03-14 09:41:07 UTC`, as systemctl prints it. */
export function systemdTime(t: number): string {
  const d = new Date(t * 1000);
  return `${DAYS[d.getUTCDay()]} ${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 19)} UTC`;
}

/** `2h 3min ago`, systemctl's relative time. */
export function ago(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, seconds)}s ago`;
  const min = Math.floor(seconds / 60);
  if (min < 60) return `${min}min ago`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h}h ${min % 60}min ago`;
  return `${Math.floor(h / 24)} days ago`;
}

/** `09:41:07`. */
export function clockTime(t: number): string {
  return new Date(t * 1000).toISOString().slice(11, 19);
}
