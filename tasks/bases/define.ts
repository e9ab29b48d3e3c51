/** Declares a base repository: its files come from the directory of the same name beside this module. */
import type { WorldInput } from "../../simulators/world.js";
import { readBaseFiles, validateBase } from "../load.js";
import type { Base } from "../schema.js";

export interface BaseDeclaration {
  id: string;
  description: string;
  /** Git modes of files that are not 100644 (an executable script is 0o755). */
  modes?: Record<string, number>;
  world: WorldInput;
}

export function defineBase(declaration: BaseDeclaration): Base {
  return validateBase({
    id: declaration.id,
    description: declaration.description,
    files: readBaseFiles(declaration.id, declaration.modes),
    world: declaration.world,
  });
}
