/**
 * The base system of an Ubuntu 22.04 server: accounts, name resolution, mounts, SSH, cron and the
 * persistent firewall (iptables-persistent), with their unit files as the packages ship them.
 */
import type { FileDeclaration } from "../boot.js";

export const SSH_UNIT = `[Unit]
Description=OpenBSD Secure Shell server
Documentation=man:sshd(8) man:sshd_config(5)
After=network.target auditd.service
ConditionPathExists=!/etc/ssh/sshd_not_to_be_run

[Service]
EnvironmentFile=-/etc/default/ssh
ExecStartPre=/usr/sbin/sshd -t
ExecStart=/usr/sbin/sshd -D $SSHD_OPTS
ExecReload=/usr/sbin/sshd -t
ExecReload=/bin/kill -HUP $MAINPID
KillMode=process
Restart=on-failure
RestartPreventExitStatus=255
Type=notify
RuntimeDirectory=sshd
RuntimeDirectoryMode=0755

[Install]
WantedBy=multi-user.target
Alias=sshd.service
`;

export const CRON_UNIT = `[Unit]
Description=Regular background program processing daemon
Documentation=man:cron(8)
After=remote-fs.target nss-user-lookup.target

[Service]
EnvironmentFile=-/etc/default/cron
ExecStart=/usr/sbin/cron -f -P $EXTRA_OPTS
IgnoreSIGPIPE=false
KillMode=process
Restart=on-failure

[Install]
WantedBy=multi-user.target
`;

export const NETFILTER_UNIT = `[Unit]
Description=netfilter persistent configuration
DefaultDependencies=no
Wants=network-pre.target systemd-modules-load.service local-fs.target
Before=network-pre.target shutdown.target
After=systemd-modules-load.service local-fs.target
Conflicts=shutdown.target
Documentation=man:netfilter-persistent(8)

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/sbin/netfilter-persistent start
ExecStop=/usr/sbin/netfilter-persistent stop

[Install]
WantedBy=multi-user.target
`;

export const SSHD_CONFIG = `# This is the sshd server system-wide configuration file.  See
# sshd_config(5) for more information.

Include /etc/ssh/sshd_config.d/*.conf

#Port 22
#ListenAddress 0.0.0.0

#LoginGraceTime 2m
PermitRootLogin prohibit-password
#StrictModes yes
MaxAuthTries 6

PubkeyAuthentication yes
AuthorizedKeysFile	.ssh/authorized_keys .ssh/authorized_keys2

PasswordAuthentication yes
KbdInteractiveAuthentication no

UsePAM yes

X11Forwarding yes
PrintMotd no

# Allow client to pass locale environment variables
AcceptEnv LANG LC_*

# override default of no subsystems
Subsystem	sftp	/usr/lib/openssh/sftp-server
`;

export const HOST_KEY = "-----BEGIN OPENSSH PRIVATE KEY-----\n(the host's ed25519 key; its content is not part of the simulation)\n-----END OPENSSH PRIVATE KEY-----\n";

export const CRONTAB = `# /etc/crontab: system-wide crontab
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin

# m h dom mon dow user	command
17 *	* * *	root    cd / && run-parts --report /etc/cron.hourly
25 6	* * *	root	test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.daily )
47 6	* * 7	root	test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.weekly )
52 6	1 * *	root	test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.monthly )
#
`;

export interface Account {
  name: string;
  uid: number;
  home: string;
  shell?: string;
  gecos?: string;
  groups?: string[];
}

const SYSTEM_ACCOUNTS: Account[] = [
  { name: "root", uid: 0, home: "/root", shell: "/bin/bash", gecos: "root" },
  { name: "daemon", uid: 1, home: "/usr/sbin", shell: "/usr/sbin/nologin", gecos: "daemon" },
  { name: "www-data", uid: 33, home: "/var/www", shell: "/usr/sbin/nologin", gecos: "www-data" },
  { name: "nobody", uid: 65534, home: "/nonexistent", shell: "/usr/sbin/nologin", gecos: "nobody" },
  { name: "sshd", uid: 105, home: "/run/sshd", shell: "/usr/sbin/nologin" },
];

/** /etc/passwd and /etc/group for the system accounts and the host's own (each with a group of its name). */
export function accounts(own: readonly Account[]): Record<string, FileDeclaration> {
  const all = [...SYSTEM_ACCOUNTS, ...own];
  const passwd = all.map((a) => `${a.name}:x:${a.uid}:${a.uid === 65534 ? 65534 : a.uid}:${a.gecos ?? ""}:${a.home}:${a.shell ?? "/usr/sbin/nologin"}`).join("\n");
  const extra: Record<string, string[]> = { sudo: [], adm: ["syslog"], crontab: [], "ssl-cert": [] };
  for (const a of all) for (const g of a.groups ?? []) (extra[g] ??= []).push(a.name);
  const gids: Record<string, number> = { sudo: 27, adm: 4, crontab: 107, "ssl-cert": 110 };
  const groups = [
    ...all.map((a) => `${a.name === "nobody" ? "nogroup" : a.name}:x:${a.uid}:${extra[a.name]?.join(",") ?? ""}`),
    ...Object.entries(extra).filter(([g]) => !all.some((a) => a.name === g)).map(([g, members]) => `${g}:x:${gids[g] ?? 1100}:${members.join(",")}`),
  ];
  return {
    "etc/passwd": `${passwd}\n`,
    "etc/group": `${groups.join("\n")}\n`,
    "etc/shadow": { content: all.map((a) => `${a.name}:${a.uid === 0 || a.uid >= 1000 ? "$6$rounds=656000$simulated$hash" : "*"}:19700:0:99999:7:::`).join("\n") + "\n", mode: 0o640, group: "shadow" },
  };
}

export function basePackages(hostname: string): Record<string, FileDeclaration> {
  return {
    "etc/hostname": `${hostname}\n`,
    "etc/nsswitch.conf": "passwd:         files systemd\ngroup:          files systemd\nshadow:         files\nhosts:          files dns\nnetworks:       files\n",
    "lib/systemd/system/ssh.service": SSH_UNIT,
    "etc/ssh/sshd_config": SSHD_CONFIG,
    "etc/ssh/ssh_host_ed25519_key": { content: HOST_KEY, mode: 0o600 },
    "etc/ssh/ssh_host_ed25519_key.pub": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHostKeySimulated root@host\n",
    "lib/systemd/system/cron.service": CRON_UNIT,
    "etc/crontab": CRONTAB,
    "lib/systemd/system/netfilter-persistent.service": NETFILTER_UNIT,
  };
}
