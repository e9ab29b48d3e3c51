import { ingressWrongService } from "./ingress_wrong_service.js";
import { missingIngressClass } from "./missing_ingress_class.js";
import { networkPolicyBlocking } from "./network_policy_blocking.js";
import { portMismatch } from "./port_mismatch.js";
import { selectorMismatch } from "./selector_mismatch.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const k8sNetworking: TaskModule = {
  task: {
    task_id: "k8s_networking",
    title: "Kubernetes networking",
    difficulty: "hard",
    description: "The pods run, but traffic does not reach them through the Service, the Ingress or the NetworkPolicy.",
    instructions: INSTRUCTIONS.k8s,
    scenarios: ["selector_mismatch", "port_mismatch", "ingress_wrong_service", "network_policy_blocking", "missing_ingress_class"],
  },
  scenarios: [selectorMismatch, portMismatch, ingressWrongService, networkPolicyBlocking, missingIngressClass],
};
