/**
 * GitHub's workflow schema (workflow-v1.0, as @actions/workflow-parser ships it), loaded once. The package's
 * own entry points import the schema file as a JSON module without an import attribute, which Node refuses
 * outside a bundler, so the schema is read here from the same file and handed to the parser's reader.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSONObjectReader } from "@actions/workflow-parser/templates/json-object-reader";
import { MappingDefinition } from "@actions/workflow-parser/templates/schema/mapping-definition";
import { TemplateSchema } from "@actions/workflow-parser/templates/schema/index";

let loaded: TemplateSchema | undefined;

/** The schema GitHub validates workflow files against. */
export function workflowSchema(): TemplateSchema {
  if (!loaded) {
    // The schema file sits at the root of the package's dist/, beside templates/.
    const reader = import.meta.resolve("@actions/workflow-parser/templates/template-reader");
    const file = fileURLToPath(new URL("../workflow-v1.0.min.json", reader));
    loaded = TemplateSchema.load(new JSONObjectReader(undefined, readFileSync(file, "utf8")));
  }
  return loaded;
}

/** The keys a mapping definition of the schema allows (`permissions-mapping`: GITHUB_TOKEN's scopes). */
export function schemaProperties(definition: string): string[] {
  const mapping = workflowSchema().getDefinition(definition);
  return mapping instanceof MappingDefinition ? Object.keys(mapping.properties).sort() : [];
}
