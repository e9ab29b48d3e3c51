/**
 * A variable the app requires, set to "" by an env entry with neither value nor valueFrom (what deleting the
 * entry's valueFrom leaves): the kubelet sets it, but what the app makes of an empty setting is not modelled,
 * so K8S024 decides nothing rather than passing (gen:test:easy:33 credited deleting the misspelt ConfigMap ref).
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../index.js";
import { repositoryFrom } from "../repository.js";
import { WorldSchema } from "../world.js";
import { DEPLOYMENT, WORLD, withFile } from "./rules/fixtures.js";

const REF = "              valueFrom:\n                secretKeyRef:\n                  name: web-db\n                  key: url\n";
const run = (deployment: string) => simulateRepository(repositoryFrom(withFile("k8s/deployment.yaml", deployment)), WorldSchema.parse(WORLD), { worldKnown: true });

describe("a required variable set empty", () => {
  it("leaves K8S024 undecided", () => {
    expect(DEPLOYMENT).toContain(REF);
    const result = run(DEPLOYMENT.replace(REF, ""));
    expect(result.diagnostics.filter((d) => d.code === "K8S024")).toEqual([]);
    expect([...result.undecided].some((k) => k.includes("K8S024"))).toBe(true);
  });

  it("decides a variable given a value", () => {
    const result = run(DEPLOYMENT.replace(REF, "              value: postgres://db/web\n"));
    expect([...result.undecided].some((k) => k.includes("K8S024"))).toBe(false);
  });
});
