/** The k8s fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";


export const K8S_INJECTORS: readonly Injector[] = [];
