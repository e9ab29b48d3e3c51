import { injectorSuite } from "../../generator/injector-suite.js";
import { K8S_INJECTORS } from "../../tasks/generator/injectors/k8s.js";

injectorSuite("k8s", K8S_INJECTORS);
