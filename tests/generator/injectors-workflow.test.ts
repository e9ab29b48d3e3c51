import { injectorSuite } from "../../generator/injector-suite.js";
import { WORKFLOW_INJECTORS } from "../../tasks/generator/injectors/workflow.js";

injectorSuite("workflow", WORKFLOW_INJECTORS);
