import { describe, expect, it } from "vitest";
import { repositoryFrom } from "../../simulators/repository.js";
import { k8sSettingsKept } from "./k8s-settings.js";
import { judgeChange, stateOf } from "./states.js";

type Repo = ReturnType<typeof repositoryFrom>;
const settingsIntent = (before: Repo, after: Repo) => judgeChange(k8sSettingsKept, before, after).map((v) => v.message);

const deployment = (container: string, volumes = "") => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: ghcr.io/acme/api:1.0
${container}${volumes}`;

describe("k8sSettingsKept on memory limits", () => {
  // The empty world's node has 4096Mi.
  const limited = (limit: string) => repositoryFrom({ "k8s/deployment.yaml": deployment(`          resources:\n            requests: {memory: 48Mi}\n            limits: {memory: ${limit}}\n`) });

  it("accepts a limit raised to what the app needs, within the node", () => {
    expect(settingsIntent(limited("48Mi"), limited("256Mi"))).toEqual([]);
    expect(settingsIntent(limited("48Mi"), limited("4Gi"))).toEqual([]);
  });

  it("flags a limit raised past the node's memory, where it limits nothing", () => {
    expect(settingsIntent(limited("48Mi"), limited("512Gi")).join("\n")).toContain("container 'api' limits its memory to 512Gi, more than the node's 4096Mi");
    expect(settingsIntent(limited("48Mi"), limited("5Gi")).join("\n")).toContain("more than the node's 4096Mi");
  });

  it("holds no limit to the node that was already past it", () => {
    expect(settingsIntent(limited("8Gi"), limited("16Gi"))).toEqual([]);
  });
});

describe("k8sSettingsKept on required configuration", () => {
  const keyRef = (key: string, optional = "") => `          env:\n            - name: DIGEST_TEAM\n              valueFrom:\n                configMapKeyRef: {name: briefing, key: ${key}${optional}}\n`;
  const envFrom = (optional = "") => `          envFrom:\n            - secretRef: {name: smtp${optional}}\n`;
  const mounted = (optional = "") => [`          volumeMounts:\n            - {name: config, mountPath: /etc/briefing}\n`, `      volumes:\n        - name: config\n          configMap: {name: briefing${optional}}\n`] as const;
  const withConfigMap = (container: string, volumes = "", data = "DIGEST_TEAM: platform") =>
    repositoryFrom({ "k8s/deployment.yaml": deployment(container, volumes), "k8s/config.yaml": `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: briefing\ndata:\n  ${data}\n` });

  it.each([
    ["an env key", withConfigMap(keyRef("DIEST_TEAM")), withConfigMap(keyRef("DIEST_TEAM", ", optional: true")), "ConfigMap briefing (key DIEST_TEAM)"],
    ["an env key whose name was corrected too", withConfigMap(keyRef("DIEST_TEAM")), withConfigMap(keyRef("DIGEST_TEAM", ", optional: true")), "ConfigMap briefing (key DIGEST_TEAM)"],
    ["an envFrom Secret", withConfigMap(envFrom()), withConfigMap(envFrom(", optional: true")), "Secret smtp"],
    ["a mounted ConfigMap", withConfigMap(mounted()[0], mounted()[1]), withConfigMap(mounted()[0], mounted(", optional: true")[1]), "ConfigMap briefing"],
  ])("flags %s made optional", (_, before, after, what) => {
    expect(settingsIntent(before, after).join("\n")).toContain(`Deployment/api: the pod no longer requires ${what}: marking it optional hides that it is missing`);
  });

  it("accepts the missing key created, or the reference pointed at the key that exists", () => {
    const before = withConfigMap(keyRef("DIEST_TEAM"));
    expect(settingsIntent(before, withConfigMap(keyRef("DIEST_TEAM"), "", "DIEST_TEAM: platform"))).toEqual([]);
    expect(settingsIntent(before, withConfigMap(keyRef("DIGEST_TEAM")))).toEqual([]);
    expect(settingsIntent(before, withConfigMap(keyRef("DIGEST_TEAM", ", optional: false")))).toEqual([]);
  });

  it("accepts a reference the clean base itself marks optional", () => {
    const optional = withConfigMap(keyRef("DIGEST_TEAM", ", optional: true"));
    const violations = k8sSettingsKept.check({ initial: stateOf(withConfigMap(keyRef("DIGEST_TEAM"))), base: stateOf(optional), current: stateOf(optional) });
    expect(violations).toEqual([]);
  });
});
