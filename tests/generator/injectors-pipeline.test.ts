import { injectorSuite } from "../../generator/injector-suite.js";
import { PIPELINE_INJECTORS } from "../../tasks/generator/injectors/pipeline.js";

injectorSuite("pipeline", PIPELINE_INJECTORS);
