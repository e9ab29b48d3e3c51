import { injectorSuite } from "../../generator/injector-suite.js";
import { DOCKERFILE_INJECTORS } from "../../tasks/generator/injectors/dockerfile.js";

injectorSuite("dockerfile", DOCKERFILE_INJECTORS);
