/** What the agent is told at the start of a host incident. */
export const HOST_INSTRUCTIONS =
  "You are on call for a Linux server (Ubuntu 22.04) and something is wrong: error_message holds the alert or the failing " +
  "check. Look with the inspect action (read-only, as root in /: systemctl status, journalctl -u UNIT, ss -tlnp, df -h, du, " +
  "free -m, ps aux, iptables -S, dig, curl localhost, cat, grep, tail, nginx -t, sshd -t, crontab -l, last, lastb ...). Change " +
  "files with the edit actions (paths relative to /, e.g. etc/nginx/nginx.conf; `files` holds the host's text files) and run " +
  "repairs with the host action (systemctl restart|reload|start|enable UNIT, systemctl daemon-reload, chmod, chown, rm, " +
  "truncate -s 0, kill, pkill, iptables, iptables-restore < FILE, netfilter-persistent save, journalctl --vacuum-size). A daemon " +
  "reads its configuration when it starts or reloads, and a fix must survive a restart and a reboot. Keep the host's data, " +
  "its records and its protections: no deleted databases or logs that must be kept, no wide-open permissions or firewall. " +
  "The episode ends when every problem is fixed, on submit, or at max_steps.";
