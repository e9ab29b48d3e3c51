/** Every Kubernetes repair: pods that do not run, then traffic that does not reach them. */
import type { RepairRule } from "../rule.js";
import { K8S_POD_RULES } from "./k8s-pods.js";
import { K8S_TRAFFIC_RULES } from "./k8s-traffic.js";

export const K8S_RULES: readonly RepairRule[] = [...K8S_POD_RULES, ...K8S_TRAFFIC_RULES];
