import { invalidBaseImage } from "./invalid_base_image.js";
import { invalidExpose } from "./invalid_expose.js";
import { invalidRunSyntax } from "./invalid_run_syntax.js";
import { missingFromInstruction } from "./missing_from_instruction.js";
import { typoFilename } from "./typo_filename.js";

export const DOCKERFILE_SYNTAX = [typoFilename, invalidBaseImage, invalidRunSyntax, invalidExpose, missingFromInstruction];
