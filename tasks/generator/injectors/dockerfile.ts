/** The dockerfile fault injectors, in the order they were added. */
import type { Injector } from "../injector.js";
import { copySourceTypo } from "./copy-source-typo.js";

export const DOCKERFILE_INJECTORS: readonly Injector[] = [copySourceTypo];
