/** pg_hba.conf records and the first match, as PostgreSQL reads and applies them. */
import { describe, expect, it } from "vitest";
import { matchHba, readHba } from "./hba.js";

const HBA = "local all postgres peer\nhost shop shop 127.0.0.1/32 scram-sha-256\nhost all all 10.0.0.0 255.255.0.0 md5\nhost all all ::1/128 md5\nhost all all 0.0.0.0/0 reject\n";

describe("pg_hba.conf", () => {
  it("takes the first matching record", () => {
    const hba = readHba(HBA, "/etc/pg_hba.conf");
    expect(hba.problem).toBeNull();
    const method = (address: string, database = "shop") => matchHba(hba, { local: false, address, database, user: "shop" }, ["127.0.0.1"])?.method ?? null;
    expect(method("127.0.0.1")).toBe("scram-sha-256");
    expect(method("10.0.3.3")).toBe("md5");
    expect(method("192.0.2.1")).toBe("reject");
    expect(matchHba(hba, { local: true, address: "", database: "shop", user: "shop" }, [])).toBeNull();
  });

  it("names the first record it cannot read", () => {
    expect(readHba("hots all all 127.0.0.1/32 md5\n", "/f").problem).toEqual({ line: 1, log: 'LOG:  invalid connection type "hots"\nCONTEXT:  line 1 of configuration file "/f"' });
    expect(readHba("host all all 127.0.0.1/32 passwd\n", "/f").problem?.log).toContain('invalid authentication method "passwd"');
  });
});
