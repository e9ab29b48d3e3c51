/**
 * pg_hba.conf as PostgreSQL reads it: one record per line (local, host, hostssl, hostnossl), database and
 * user lists, an address (CIDR, or an address and a mask, or samehost/all), a method. The first record that
 * matches a connection decides it; none matching is "no pg_hba.conf entry". A record it cannot read makes
 * the whole file unusable: at start the server will not run, at reload the old rules stay.
 */
import { inCidr } from "../netfilter/verdict.js";

export interface HbaRecord {
  type: "local" | "host" | "hostssl" | "hostnossl";
  databases: string[];
  users: string[];
  address: string | null;
  method: string;
  line: number;
}

export interface HbaFile {
  records: HbaRecord[];
  /** The first unreadable record: PostgreSQL's LOG line and the CONTEXT line. */
  problem: { line: number; log: string } | null;
}

const METHODS = new Set(["trust", "reject", "md5", "password", "scram-sha-256", "peer", "ident", "gss", "sspi", "pam", "ldap", "radius", "cert"]);

export function readHba(content: string, file: string): HbaFile {
  const records: HbaRecord[] = [];
  const lines = content.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const fields = lines[i]!.replace(/#.*$/, "").trim().split(/\s+/).filter(Boolean);
    if (fields.length === 0) continue;
    const fail = (message: string) => ({ records, problem: { line: n, log: `LOG:  ${message}\nCONTEXT:  line ${n} of configuration file "${file}"` } });
    const type = fields[0]!;
    if (!["local", "host", "hostssl", "hostnossl"].includes(type)) return fail(`invalid connection type "${type}"`);
    const local = type === "local";
    if (fields.length < (local ? 4 : 5)) return fail(local ? "end-of-line before authentication method" : "end-of-line before IP address specification");
    const databases = fields[1]!.split(",");
    const users = fields[2]!.split(",");
    let address: string | null = null;
    let methodAt = 3;
    if (!local) {
      const a = fields[3]!;
      if (a === "all" || a === "samehost" || a === "samenet") address = a;
      else if (/^\d+\.\d+\.\d+\.\d+\/\d+$/.test(a) || /^[0-9a-fA-F:]+\/\d+$/.test(a)) address = a;
      else if (/^\d+\.\d+\.\d+\.\d+$/.test(a) && fields[4] && /^\d+\.\d+\.\d+\.\d+$/.test(fields[4])) {
        address = `${a}/${maskBits(fields[4])}`;
        methodAt = 5;
      } else if (/^\d+\.\d+\.\d+\.\d+$/.test(a)) return fail(`invalid IP mask "${fields[4] ?? ""}": Name or service not known`);
      else if (a.includes("/")) return fail(`invalid IP address "${a}"`);
      else address = a;
      if (methodAt !== 5) methodAt = 4;
    }
    const method = fields[methodAt];
    if (method === undefined) return fail("end-of-line before authentication method");
    if (!METHODS.has(method)) return fail(`invalid authentication method "${method}"`);
    records.push({ type: type as HbaRecord["type"], databases, users, address, method, line: n });
  }
  return { records, problem: null };
}

function maskBits(mask: string): number {
  return mask.split(".").reduce((bits, octet) => bits + (Number(octet) >>> 0).toString(2).split("").filter((b) => b === "1").length, 0);
}

export interface Connection {
  local: boolean;
  address: string;
  database: string;
  user: string;
}

/** The record that decides a connection, or null when none matches. */
export function matchHba(hba: HbaFile, c: Connection, ownAddresses: readonly string[]): HbaRecord | null {
  for (const r of hba.records) {
    if (r.type === "local" ? !c.local : c.local) continue;
    if (r.type === "hostssl") continue;
    if (!r.databases.some((d) => d === "all" || d === c.database || (d === "sameuser" && c.database === c.user))) continue;
    if (!r.users.some((u) => u === "all" || u === c.user)) continue;
    if (r.type !== "local") {
      const a = r.address!;
      if (a.includes(":")) continue;
      if (a === "samehost" ? !ownAddresses.includes(c.address) : a !== "all" && (a.includes("/") ? !inCidr(c.address, a) : a !== "localhost" || !c.address.startsWith("127."))) continue;
    }
    return r;
  }
  return null;
}
