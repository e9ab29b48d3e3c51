import { vi } from "vitest";
import { injectorSuite } from "../../generator/injector-suite.js";
import { WORKFLOW_INJECTORS } from "../../tasks/generator/injectors/workflow.js";

// Each injector's gates run the whole delivery on up to 16 bases: on 2 shared cores, alongside other test
// files, that can take longer than the default 20 s per test.
vi.setConfig({ testTimeout: 180_000 });

injectorSuite("workflow", WORKFLOW_INJECTORS);
