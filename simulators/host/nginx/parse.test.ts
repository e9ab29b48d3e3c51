/** nginx's reader against the errors nginx -t prints, and the model it builds. */
import { describe, expect, it } from "vitest";
import type { NginxEnvironment } from "./model.js";
import { checkNginx } from "./model.js";
import type { ConfigSource } from "./parse.js";
import { parseNginx } from "./parse.js";

function source(files: Record<string, string>): ConfigSource {
  return { read: (p) => files[p], paths: () => Object.keys(files) };
}

const ENV: NginxEnvironment = { userExists: (u) => u === "www-data", resolve: (n) => (n === "app.internal" ? "10.0.0.5" : null), fileExists: () => true, dirExists: () => true };
const main = (http: string) => ({ "/etc/nginx/nginx.conf": `user www-data;\nevents {}\nhttp {\n${http}\n}\n` });

describe("nginx -t", () => {
  it.each([
    ["a missing semicolon before the next directive", "server {\n listen 80\n server_name a;\n}", 'invalid parameter "server_name"', 6],
    ["a stray closing brace", "server { listen 80; }\n}", 'unexpected "}"', 6],
    ["an unknown directive", "server { listn 80; }", 'unknown directive "listn"', 4],
    ["a directive out of its context", "listen 80;", '"listen" directive is not allowed here', 4],
    ["too many arguments", "server { root /a /b; }", 'invalid number of arguments in "root" directive', 4],
    ["an unresolvable upstream", "upstream u { server db.nowhere:5432; }", 'host not found in upstream "db.nowhere:5432"', 4],
    ["an unterminated block", "server { listen 80;", 'unexpected end of file, expecting "}"', 6],
  ])("%s", (_, http, message, line) => {
    const check = checkNginx(source(main(http)), ENV);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatchObject({ line, message: expect.stringContaining(message) });
  });

  it("reads includes by glob and builds servers, locations and upstreams", () => {
    const files = { ...main("include /etc/nginx/sites-enabled/*;"), "/etc/nginx/sites-enabled/a": "upstream app { server app.internal:8000; }\nserver {\n listen 8080 default_server;\n server_name a.example;\n location /api/ { proxy_pass http://app; }\n}\n" };
    const check = checkNginx(source(files), ENV);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.model.servers[0]).toMatchObject({ names: ["a.example"], listens: [{ address: "0.0.0.0", port: 8080, defaultServer: true }], locations: [{ path: "/api/", proxyPass: "http://app" }] });
    expect(check.model.files).toEqual(["/etc/nginx/nginx.conf", "/etc/nginx/sites-enabled/a"]);
  });

  it("names a missing include and a user that does not exist", () => {
    expect(parseNginx(source({ "/etc/nginx/nginx.conf": "include /etc/nginx/nope.conf;\n" })).error?.message).toBe('open() "/etc/nginx/nope.conf" failed (2: No such file or directory)');
    const check = checkNginx(source({ "/etc/nginx/nginx.conf": "user nginx;\nevents {}\n" }), ENV);
    expect(check.ok ? null : check.error.message).toBe('getpwnam("nginx") failed');
  });

  it("never throws on hostile input", () => {
    for (const text of ["", "{", "}", ";", '"', "server {".repeat(500), "include /etc/nginx/nginx.conf;", "\u0000\uffff"]) {
      expect(() => checkNginx(source({ "/etc/nginx/nginx.conf": text }), ENV)).not.toThrow();
    }
  });
});
