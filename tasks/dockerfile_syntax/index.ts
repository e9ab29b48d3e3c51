import { invalidBaseImage } from "./invalid_base_image.js";
import { invalidExpose } from "./invalid_expose.js";
import { invalidRunSyntax } from "./invalid_run_syntax.js";
import { missingFromInstruction } from "./missing_from_instruction.js";
import { typoFilename } from "./typo_filename.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const dockerfileSyntax: TaskModule = {
  task: {
    task_id: "dockerfile_syntax",
    title: "Dockerfile syntax errors",
    difficulty: "easy",
    description: "Typos and malformed instructions that make docker build fail before or while it runs.",
    instructions: INSTRUCTIONS.docker,
    scenarios: ["typo_filename", "invalid_base_image", "invalid_run_syntax", "invalid_expose", "missing_from_instruction"],
  },
  scenarios: [typoFilename, invalidBaseImage, invalidRunSyntax, invalidExpose, missingFromInstruction],
};
