/**
 * The facts outside a repository that a real pipeline run depends on: which secrets the GitHub repository
 * has, which images and tags a registry holds, what the app needs at run time, what the cluster offers.
 * Simulators consult the world; agents never see it, so every fact here that a fix depends on must also be
 * readable in the repository's files, the logs, or what an inspection prints (the solvability rule).
 */
import { z } from "zod";

/** What a registry knows about one image tag: its config, and the files it contains where that matters. */
export const ImageConfigSchema = z
  .object({
    os: z.enum(["debian", "alpine", "distroless", "scratch"]).optional(),
    user: z.string().optional().describe("USER of the image; root when absent"),
    users: z.array(z.string()).optional().describe("accounts that exist in the image besides root"),
    workdir: z.string().optional(),
    entrypoint: z.array(z.string()).optional(),
    cmd: z.array(z.string()).optional(),
    env: z.record(z.string(), z.string()).optional(),
    binaries: z.array(z.string()).optional().describe("programs on PATH"),
    files: z.array(z.string()).optional().describe("absolute paths of files the image contains"),
    app: z.string().optional().describe("name of the world's app this image runs"),
    platforms: z.array(z.string()).optional(),
    listens: z.array(z.number().int()).optional().describe("ports the image's own server is configured to listen on (nginx's listen)"),
    bind: z
      .string()
      .optional()
      .describe("address the image's program binds as its own code or config says (Express's listen(port, host), nginx's listen 127.0.0.1:80); an app's bind option or variable still overrides it"),
    python_packages: z.array(z.string()).optional().describe("the pip packages installed in the image, when known"),
    missing_module: z
      .string()
      .optional()
      .describe("a dependency the app's entry cannot import in the image (not installed where it runs), when the image's contents are known exactly"),
  })
  .strict();
export type ImageConfig = z.infer<typeof ImageConfigSchema>;

/** The app the repository builds, as its code and docs describe it. */
export const AppSchema = z
  .object({
    name: z.string(),
    root: z.string().default(".").describe("repository directory of the app's sources"),
    entry: z.string().optional().describe("repository path of the program the container must run"),
    language: z.enum(["python", "node", "go", "static", "shell"]).optional(),
    port: z.number().int().min(1).max(65535).optional().describe("port the app listens on, and where its users and smoke tests reach it"),
    port_option: z.string().optional().describe("CLI option that moves the listening port (--port)"),
    port_env: z.string().optional().describe("environment variable that moves the listening port (PORT)"),
    bind: z.string().default("0.0.0.0").describe("address the app binds when nothing says otherwise"),
    bind_option: z.string().optional().describe("CLI option that sets the bind address (--bind, --host)"),
    bind_env: z.string().optional().describe("environment variable that sets the bind address (HOST)"),
    required_env: z.array(z.string()).default([]).describe("variables the app exits without"),
    env_formats: z
      .record(z.string(), z.string())
      .default({})
      .describe("regular expressions a required variable's value must match, or the app exits (a URL that does not parse)"),
    setup: z
      .array(z.string())
      .default([])
      .describe("repository scripts that must run before the app starts (an entrypoint that prepares the database)"),
    accepted_args: z
      .array(z.string())
      .optional()
      .describe("options the app's CLI accepts; when set, any other argument makes it exit with a usage error"),
    writes: z.array(z.string()).default([]).describe("directories, relative to the entry's directory, the app creates at start"),
    memory_mib: z.number().int().positive().optional().describe("memory the app uses once started"),
    build_output_dir: z.string().optional().describe("where the app's build tool writes (build/ for react-scripts)"),
    engines: z.record(z.string(), z.string()).optional().describe("runtime version ranges the app supports, e.g. node: >=18"),
    health_path: z.string().default("/health"),
    routes: z
      .array(z.string())
      .optional()
      .describe("paths the app answers with a success (its health path always); a path outside them is a 404, and without the list only the health path is known"),
    database_url_env: z
      .string()
      .optional()
      .describe("the variable holding the SQLAlchemy database URL the app opens at start (its scheme needs a driver, a sqlite file needs its directory)"),
  })
  .strict();
export type App = z.infer<typeof AppSchema>;

export const ClusterSchema = z
  .object({
    namespace: z.string().default("default"),
    configmaps: z.record(z.string(), z.record(z.string(), z.string())).default({}).describe("ConfigMaps that exist already, name → data"),
    secrets: z.record(z.string(), z.array(z.string())).default({}).describe("Secrets that exist already, name → keys"),
    services: z
      .record(z.string(), z.array(z.number().int().min(1).max(65535)))
      .default({})
      .describe("Services of other teams that exist already in the namespace, name → ports (a search backend the app calls)"),
    ingress_classes: z.array(z.string()).default([]),
    default_ingress_class: z.string().optional(),
    node: z
      .object({ memory_mib: z.number().int().positive(), cpu_millicores: z.number().int().positive() })
      .default({ memory_mib: 4096, cpu_millicores: 2000 }),
    container_runtime: z.enum(["containerd-2", "containerd-1", "cri-o"]).default("containerd-2"),
  })
  .strict();
export type Cluster = z.infer<typeof ClusterSchema>;

export const GitHubRepositorySchema = z
  .object({
    owner: z.string().default("acme"),
    name: z.string().default("app"),
    default_branch: z.string().default("main"),
    /** Repositories created since 2023-02 get the restricted token (contents and packages read). */
    default_token_permissions: z.enum(["restricted", "permissive"]).default("restricted"),
  })
  .strict();

export const WorldSchema = z
  .object({
    repository: GitHubRepositorySchema.default({
      owner: "acme",
      name: "app",
      default_branch: "main",
      default_token_permissions: "restricted",
    }),
    secrets: z.array(z.string()).default([]).describe("repository secrets that exist (GITHUB_TOKEN always does)"),
    variables: z.record(z.string(), z.string()).default({}).describe("repository configuration variables (vars context)"),
    registry: z
      .record(z.string(), z.record(z.string(), ImageConfigSchema))
      .default({})
      .describe("images beyond the built-in catalogue of official images: repository → tag (or manifest digest, sha256:<hex>) → config"),
    registry_namespaces: z
      .array(z.string())
      .default([])
      .describe("registry namespaces (ghcr.io/acme) the registry lists whole: a repository under one that the registry does not list does not exist"),
    apps: z.array(AppSchema).default([]),
    cluster: ClusterSchema.default({
      namespace: "default",
      configmaps: {},
      secrets: {},
      services: {},
      ingress_classes: [],
      node: { memory_mib: 4096, cpu_millicores: 2000 },
      container_runtime: "containerd-2",
    }),
    docker_run: z
      .object({
        network: z.enum(["bridge", "host"]).default("bridge"),
        env: z.record(z.string(), z.string()).default({}).describe("variables `docker run -e` passes"),
        args: z.array(z.string()).default([]).describe("arguments after the image on the docker run line"),
      })
      .strict()
      .default({ network: "bridge", env: {}, args: [] }),
  })
  .strict();
export type World = z.infer<typeof WorldSchema>;
export type WorldInput = z.input<typeof WorldSchema>;

/** An empty world: what `breakfix lint` uses on a user's files, where nothing outside them is known. */
export const EMPTY_WORLD: World = WorldSchema.parse({});

export function parseWorld(input: WorldInput): World {
  return WorldSchema.parse(input);
}
