import { ghcrWrongCredentials } from "./ghcr_wrong_credentials.js";
import { missingEnvSecrets } from "./missing_env_secrets.js";
import { missingTokenPermissions } from "./missing_token_permissions.js";
import { secretNotInEnv } from "./secret_not_in_env.js";
import { wrongSecretSyntax } from "./wrong_secret_syntax.js";

import { INSTRUCTIONS } from "../instructions.js";
import type { TaskModule } from "../schema.js";

export const workflowSecretsPermissions: TaskModule = {
  task: {
    task_id: "workflow_secrets_permissions",
    title: "GitHub Actions secrets and permissions",
    difficulty: "medium",
    description: "The workflow is accepted, but a job fails because a secret does not reach its step or the token may not do what the step asks.",
    instructions: INSTRUCTIONS.workflow,
    scenarios: ["missing_env_secrets", "wrong_secret_syntax", "missing_token_permissions", "secret_not_in_env", "ghcr_wrong_credentials"],
  },
  scenarios: [missingEnvSecrets, wrongSecretSyntax, missingTokenPermissions, secretNotInEnv, ghcrWrongCredentials],
};
