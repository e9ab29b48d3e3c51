import { describe, expect, it } from "vitest";
import { canonicalServiceAddresses, serviceOfHost } from "./cluster-dns.js";

describe("cluster DNS names of a Service", () => {
  it.each(["search", "search.default", "search.default.svc", "search.default.svc.cluster.local"])("%s names the Service search from default", (host) => {
    expect(serviceOfHost(host, "default")).toBe("search");
  });

  it.each(["search.other", "search.other.svc.cluster.local", "search.example.com", "localhost", "Search", "-x"])("%s is not the Service search of default", (host) => {
    expect(serviceOfHost(host, "default")).not.toBe("search");
  });

  it("writes two spellings of one address the same, and different Services differently", () => {
    const full = canonicalServiceAddresses("http://search.default.svc.cluster.local:9200", "default");
    expect(canonicalServiceAddresses("http://search:9200", "default")).toBe(full);
    expect(canonicalServiceAddresses("http://search.default:9200", "default")).toBe(full);
    expect(canonicalServiceAddresses("http://elastic:9200", "default")).not.toBe(full);
    expect(canonicalServiceAddresses("http://search:9300", "default")).not.toBe(full);
    expect(canonicalServiceAddresses("http://search.other:9200", "default")).not.toBe(full);
    expect(canonicalServiceAddresses("postgres://app:pw@db:5432/app", "default")).toBe("postgres://app:pw@db.default.svc.cluster.local:5432/app");
    expect(canonicalServiceAddresses("search:9200", "default")).toBe("search.default.svc.cluster.local:9200");
  });

  it("leaves values that are not addresses alone", () => {
    for (const word of ["true", "info", "search", "3", "https://api.example.com/v1"]) expect(canonicalServiceAddresses(word, "default")).toBe(word);
  });
});
