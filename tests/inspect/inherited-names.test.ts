/**
 * Names every JavaScript object inherits (`constructor`, `__proto__`, `toString`, ...) are words like any
 * other to an inspection: as a program, a subcommand, a resource kind, a file, a grep class, each is answered
 * as the real tool answers an unknown word, never by a lookup that finds a function and throws.
 */
import { describe, expect, it } from "vitest";
import { inspectRepository } from "../../simulators/inspect/index.js";
import { repositoryFrom } from "../../simulators/repository.js";
import { loadCatalog } from "../../tasks/catalog.js";

const catalog = loadCatalog();
const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__"];
const SHAPES = [
  (w: string) => w,
  (w: string) => `${w} --help`,
  (w: string) => `git ${w}`,
  (w: string) => `docker ${w}`,
  (w: string) => `gh ${w}`,
  (w: string) => `gh run ${w}`,
  (w: string) => `kubectl ${w}`,
  (w: string) => `kubectl get ${w}`,
  (w: string) => `kubectl describe ${w}`,
  (w: string) => `kubectl describe pod ${w}`,
  (w: string) => `kubectl logs ${w}`,
  (w: string) => `kubectl top ${w}`,
  (w: string) => `kubectl get ingressclass ${w}`,
  (w: string) => `cat ${w}`,
  (w: string) => `ls ${w}`,
  (w: string) => `grep -rn '[[:${w}:]]' .`,
  (w: string) => `docker image inspect ${w}`,
  (w: string) => `docker manifest inspect ${w}`,
  (w: string) => `kubectl get configmap ${w}`,
  (w: string) => `kubectl describe configmap ${w}`,
  (w: string) => `kubectl describe secret ${w}`,
  (w: string) => `kubectl get pods,${w}`,
  (w: string) => `kubectl exec ${w} -- curl -s http://${w}/`,
  (w: string) => `curl -s http://${w}/`,
  (w: string) => `curl -s -H 'Host: ${w}' http://localhost/${w}`,
];

describe("inherited names in inspections", () => {
  it.each(["full_pipeline_three_bugs", "missing_ingress_class"])("are unknown words in %s, answered without an error", (id) => {
    const scenario = catalog.scenario(id)!;
    const repo = repositoryFrom(scenario.files);
    for (const word of INHERITED) {
      for (const shape of SHAPES) {
        const command = shape(word);
        let output: unknown;
        expect(() => (output = inspectRepository(command, { repo, world: scenario.world, start: repo })), command).not.toThrow();
        expect(typeof output, command).toBe("string");
        expect(output as string, command).not.toMatch(/function|\[native code\]|TypeError/);
      }
    }
  });
});
