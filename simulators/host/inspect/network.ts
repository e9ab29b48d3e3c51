/**
 * The network as ss, netstat, iptables, dig, nslookup, host, getent and curl show it: listening sockets with
 * their processes, the live firewall, name lookups (dig and nslookup ask the nameservers of resolv.conf; getent
 * goes through /etc/hosts first, as programs do), and HTTP requests made from the host itself.
 */
import { liveRuleset } from "../network.js";
import type { FilterRule, Ruleset } from "../netfilter/ruleset.js";
import { writeRuleset } from "../netfilter/ruleset.js";
import { httpRequest } from "../probes/http.js";
import { askServer, readResolvConf, resolveName } from "../resolver.js";
import type { HostCommand } from "./context.js";
import { failed, ok } from "./context.js";

function comm(command: string): string {
  return command.split(" ")[0]!.split("/").pop()!.replace(/:$/, "");
}

export const ss: HostCommand = (argv, _stdin, look) => {
  const flags = argv.slice(1).join("");
  if (!/l/.test(flags)) return ok("Netid State  Recv-Q Send-Q Local Address:Port Peer Address:Port Process\n");
  const rows: string[] = [];
  const tcp = /t/.test(flags) || !/[tux]/.test(flags);
  const unix = /x/.test(flags);
  for (const p of [...look.state.processes].sort((a, b) => a.pid - b.pid)) {
    for (const l of p.listens) {
      if (l.startsWith("tcp ") && tcp) {
        const local = l.slice(4);
        rows.push(`LISTEN 0      ${local.endsWith(":80") || local.endsWith(":443") ? "511" : "128"}    ${local.padStart(21)}      0.0.0.0:*    ${/p/.test(flags) ? `users:(("${comm(p.command)}",pid=${p.pid},fd=6))` : ""}`.trimEnd());
      } else if (l.startsWith("unix ") && unix) rows.push(`u_str LISTEN 0      244    ${l.slice(5)} 31744   * 0    ${/p/.test(flags) ? `users:(("${comm(p.command)}",pid=${p.pid},fd=5))` : ""}`.trimEnd());
    }
  }
  return ok(["State  Recv-Q Send-Q         Local Address:Port  Peer Address:PortProcess", ...rows].join("\n") + "\n");
};

export const netstat: HostCommand = (argv, _stdin, look) => {
  if (!argv.slice(1).join("").includes("l")) return ok("Active Internet connections (w/o servers)\nProto Recv-Q Send-Q Local Address           Foreign Address         State\n");
  const rows = look.state.processes.flatMap((p) => p.listens.filter((l) => l.startsWith("tcp ")).map((l) => `tcp        0      0 ${l.slice(4).padEnd(23)} 0.0.0.0:*               LISTEN      ${p.pid}/${comm(p.command)}`));
  return ok(["Active Internet connections (only servers)", "Proto Recv-Q Send-Q Local Address           Foreign Address         State       PID/Program name", ...rows].join("\n") + "\n");
};

function describe(r: FilterRule): { prot: string; source: string; destination: string; extra: string } {
  const m = r.match;
  const extra: string[] = [];
  if (m.states) extra.push(`ctstate ${m.states.join(",")}`);
  if (m.dports) extra.push(m.dports.ports.length > 1 || r.spec.includes("multiport") ? `multiport dports ${m.dports.ports.map(([a, b]) => (a === b ? a : `${a}:${b}`)).join(",")}` : `${m.protocol?.name ?? "tcp"} dpt:${m.dports.ports[0]![0]}`);
  if (m.comment) extra.push(`/* ${m.comment} */`);
  if (r.rejectWith) extra.push(`reject-with ${r.rejectWith}`);
  return { prot: m.protocol?.name ?? "all", source: m.source ? `${m.source.negate ? "!" : ""}${m.source.cidr.replace(/\/32$/, "")}` : "0.0.0.0/0", destination: m.destination?.cidr.replace(/\/32$/, "") ?? "0.0.0.0/0", extra: extra.join(" ") };
}

function listChains(ruleset: Ruleset, only: string | undefined, verbose: boolean, numbers: boolean): string {
  const out: string[] = [];
  for (const c of ruleset.chains.filter((x) => !only || x.name === only)) {
    out.push(`Chain ${c.name} (${c.policy ? `policy ${c.policy}` : `${ruleset.rules.filter((r) => r.target === c.name).length} references`})`);
    out.push(`${numbers ? "num  " : ""}${verbose ? " pkts bytes " : ""}target     prot opt ${verbose ? "in     out    " : ""}source               destination`);
    ruleset.rules.filter((r) => r.chain === c.name).forEach((r, i) => {
      const d = describe(r);
      const io = verbose ? `${(r.match.iface?.name ?? "*").padEnd(6)} ${(r.match.outIface?.name ?? "*").padEnd(6)} ` : "";
      out.push(`${numbers ? `${String(i + 1).padEnd(4)} ` : ""}${verbose ? "    0     0 " : ""}${r.target.padEnd(10)} ${d.prot.padEnd(4)} --  ${io}${d.source.padEnd(20)} ${d.destination.padEnd(20)} ${d.extra}`.trimEnd());
    });
    out.push("");
  }
  return `${out.join("\n").replace(/\n+$/, "")}\n`;
}

export const iptables: HostCommand = (argv, _stdin, look) => {
  let args = argv.slice(1);
  if (args[0] === "-t") {
    if (args[1] !== "filter") return ok("");
    args = args.slice(2);
  }
  const ruleset = liveRuleset(look.state);
  const verbose = args.some((a) => /^-[a-zA-Z]*v/.test(a));
  const numbers = args.includes("--line-numbers");
  const list = args.find((a) => /^-[a-zA-Z]*[LS]/.test(a) || a === "--list" || a === "--list-rules");
  if (!list) return failed("iptables: only -L [-n] [-v] [--line-numbers] [CHAIN] and -S [CHAIN] look; change rules with the host action\n");
  const chain = args.find((a, i) => !a.startsWith("-") && i > args.indexOf(list));
  if (list.includes("S") || list === "--list-rules") {
    const lines = [...ruleset.chains.filter((c) => !chain || c.name === chain).map((c) => (c.policy ? `-P ${c.name} ${c.policy}` : `-N ${c.name}`)), ...ruleset.rules.filter((r) => !chain || r.chain === chain).map((r) => `-A ${r.chain} ${r.spec}`)];
    return ok(`${lines.join("\n")}\n`);
  }
  return ok(listChains(ruleset, chain, verbose, numbers));
};

export const iptablesSave: HostCommand = (_argv, _stdin, look) => ok(`# Generated by iptables-save v1.8.7\n${writeRuleset(liveRuleset(look.state))}# Completed\n`);

export const dig: HostCommand = (argv, _stdin, look) => {
  const short = argv.includes("+short");
  const server = argv.find((a) => a.startsWith("@"))?.slice(1);
  const name = argv.slice(1).find((a) => !a.startsWith("@") && !a.startsWith("+") && !a.startsWith("-") && !["A", "AAAA", "MX", "TXT"].includes(a));
  if (!name) return failed("dig: a name to look up is needed\n");
  const conf = readResolvConf(look.files.get("etc/resolv.conf")?.content);
  const servers = server ? [server] : conf.nameservers.length > 0 ? conf.nameservers.map((n) => n.address) : ["127.0.0.1"];
  const fqdn = name.includes(".") || conf.search.length === 0 ? name : `${name}.${conf.search[0]}`;
  let answer = askServer(look.state, servers[0]!, fqdn);
  let used = servers[0]!;
  for (const s of servers.slice(1)) {
    if (answer.ok || answer.reason === "NXDOMAIN") break;
    answer = askServer(look.state, s, fqdn);
    used = s;
  }
  if (!answer.ok && answer.reason !== "NXDOMAIN") {
    const line = answer.reason === "refused" ? `;; communications error to ${used}#53: connection refused` : ";; connection timed out; no servers could be reached";
    return failed(`${line}\n`, 9);
  }
  if (short) return ok(answer.ok ? `${answer.address}\n` : "");
  const status = answer.ok ? "NOERROR" : "NXDOMAIN";
  return ok(
    [
      `; <<>> DiG 9.18.18-0ubuntu0.22.04.2-Ubuntu <<>> ${argv.slice(1).join(" ")}`,
      ";; global options: +cmd",
      ";; Got answer:",
      `;; ->>HEADER<<- opcode: QUERY, status: ${status}, id: 4242`,
      `;; flags: qr rd ra; QUERY: 1, ANSWER: ${answer.ok ? 1 : 0}, AUTHORITY: 0, ADDITIONAL: 1`,
      "",
      ";; QUESTION SECTION:",
      `;${fqdn}.\t\t\tIN\tA`,
      ...(answer.ok ? ["", ";; ANSWER SECTION:", `${fqdn}.\t60\tIN\tA\t${answer.address}`] : []),
      "",
      ";; Query time: 1 msec",
      `;; SERVER: ${used}#53(${used}) (UDP)`,
      "",
    ].join("\n") + "\n",
  );
};

export const nslookup: HostCommand = (argv, _stdin, look) => {
  const name = argv[1];
  if (!name) return failed("nslookup: a name to look up is needed\n");
  const conf = readResolvConf(look.files.get("etc/resolv.conf")?.content);
  const server = argv[2] ?? conf.nameservers[0]?.address ?? "127.0.0.1";
  const fqdn = name.includes(".") || conf.search.length === 0 ? name : `${name}.${conf.search[0]}`;
  const answer = askServer(look.state, server, fqdn);
  if (!answer.ok && answer.reason !== "NXDOMAIN") return failed(`;; connection timed out; no servers could be reached\n\n`, 1);
  if (!answer.ok) return failed(`Server:\t\t${server}\nAddress:\t${server}#53\n\n** server can't find ${fqdn}: NXDOMAIN\n\n`, 1);
  return ok(`Server:\t\t${server}\nAddress:\t${server}#53\n\nNon-authoritative answer:\nName:\t${fqdn}\nAddress: ${answer.address}\n\n`);
};

export const host: HostCommand = (argv, _stdin, look) => {
  const name = argv[1];
  if (!name) return failed("Usage: host [-aCdilrTvVw] [-c class] [-N ndots] [-t type] [-W time]\n");
  const r = dig(["dig", "+short", name], null, look);
  if (r.status !== 0) return failed(`;; connection timed out; no servers could be reached\n`, 1);
  return r.out === "" ? failed(`Host ${name} not found: 3(NXDOMAIN)\n`, 1) : ok(`${name} has address ${r.out}`);
};

export const getent: HostCommand = (argv, _stdin, look) => {
  const [, db, key] = argv;
  if (db === "hosts" || db === "ahosts") {
    if (!key) return ok(look.files.get("etc/hosts")?.content ?? "");
    const r = resolveName(look.files, look.state, key);
    return r.ok ? ok(`${r.address.padEnd(15)} ${key}\n`) : { out: "", status: 2 };
  }
  if (db === "passwd" || db === "group") {
    const text = look.files.get(`etc/${db}`)?.content ?? "";
    const lines = text.split("\n").filter((l) => l !== "" && (!key || l.split(":")[0] === key));
    return lines.length > 0 ? ok(`${lines.join("\n")}\n`) : { out: "", status: 2 };
  }
  return failed(`Unknown database: ${db ?? ""}\n`);
};

export const curl: HostCommand = (argv, _stdin, look) => {
  let url: string | undefined;
  let headers = false;
  let writeOut: string | null = null;
  let quiet = false;
  let hostHeader: string | undefined;
  let discard = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "-I" || a === "--head" || a === "-i") headers = true;
    else if (a === "-w" || a === "--write-out") writeOut = argv[++i] ?? "";
    else if (a === "-o" || a === "--output") discard = argv[++i] === "/dev/null" || discard;
    else if (a === "-m" || a === "--max-time" || a === "--connect-timeout") i++;
    else if (a === "-H" || a === "--header") {
      const h = argv[++i] ?? "";
      if (/^host:/i.test(h)) hostHeader = h.split(":")[1]!.trim();
    } else if (/^-[sSfLkv]+$/.test(a)) quiet = quiet || a.includes("s");
    else if (!a.startsWith("-")) url = a;
  }
  if (!url) return failed("curl: try 'curl --help' or 'curl --manual' for more information\n", 2);
  const m = /^(?:(https?):\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  if (!m) return failed(`curl: (3) URL using bad/illegal format or missing URL\n`, 3);
  const port = Number(m[3] ?? (m[1] === "https" ? 443 : 80));
  const name = m[2]!;
  const resolved = resolveName(look.files, look.state, name);
  if (!resolved.ok) return failed(`curl: (6) Could not resolve host: ${name}\n`, 6);
  const own = ["127.0.0.1", ...look.state.facts.addresses.map((a) => a.address)].includes(resolved.address) || resolved.address.startsWith("127.");
  if (!own) return failed(`curl: (28) Failed to connect to ${name} port ${port} after 10002 ms: Timeout was reached\n`, 28);
  const result = httpRequest(look.files, look.state, { from: "127.0.0.1", address: resolved.address, host: hostHeader ?? name, port, path: m[4] ?? "/" });
  if (result.status === null) return failed(`${result.curlError}\n`, 7);
  const reason: Record<number, string> = { 200: "OK", 301: "Moved Permanently", 302: "Found", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Time-out" };
  const head = `HTTP/1.1 ${result.status} ${reason[result.status] ?? ""}\nServer: ${result.server === "nginx" ? "nginx" : "gunicorn"}\nContent-Type: text/html\n`;
  const body = result.status < 400 ? (m[4] ?? "/").startsWith("/api/health") ? '{"status": "ok"}\n' : "<!doctype html>\n<title>Shop</title>\n" : result.server === "nginx" ? `<html>\n<head><title>${result.status} ${reason[result.status] ?? ""}</title></head>\n<body>\n<center><h1>${result.status} ${reason[result.status] ?? ""}</h1></center>\n<hr><center>nginx</center>\n</body>\n</html>\n` : "<h1>Server Error (500)</h1>\n";
  if (writeOut !== null) return ok(writeOut.replace(/%\{http_code\}/g, String(result.status)).replace(/\\n/g, "\n"));
  return ok(headers ? head : discard ? "" : body);
};

