/**
 * How a generator base is declared: a clean repository on disk (tasks/bases/<id>/, read by defineBase), what it
 * is built from (its stack), which split may draw it, and where in its files an engineer finds each fact of its
 * world. Fault injectors read the stack to find their place; the discoverable list is checked by a test, so a
 * fact the world holds is never one an agent would have to guess.
 */
import type { BaseDeclaration } from "../bases/define.js";
import { defineBase } from "../bases/define.js";
import type { Base } from "../schema.js";

/** `train` bases feed the train and validation splits; `test` bases appear only in the test split. */
export type Split = "train" | "test";

export type Language = "python" | "node" | "go" | "java" | "static";

/** What a base is made of, in the words an injector chooses by. */
export interface Stack {
  languages: readonly Language[];
  /** Web frameworks and libraries the code is written against (fastapi, django, celery, express, react, vite, spring-boot …). */
  frameworks: readonly string[];
  /** The tools the Dockerfiles build with. */
  build: readonly ("pip" | "npm" | "go" | "maven" | "gradle")[];
  /** The repository's shape: one API, an API with its worker, a static site, two services in one repository, an API and its database. */
  shape: "api" | "api-worker" | "static-site" | "monorepo" | "api-database";
  /** Where the release workflow pushes. */
  registry: "ghcr" | "dockerhub";
}

/**
 * One world fact and where the repository says it, as an engineer would read it. `fact` names it in a fixed
 * form (`port 8000`, `memory 141 MiB`, `env DATABASE_URL`, `route /healthz`, `build output dist`,
 * `ingress class nginx`, `secret billing-db/url`, `node memory 4096 MiB`, `repository secret DOCKERHUB_TOKEN`);
 * `text` occurs verbatim in `file`.
 */
export interface Discoverable {
  fact: string;
  file: string;
  text: string;
}

/**
 * The names and numbers a base could have been written with instead, each list starting with the one it is
 * written with: what its variants (tasks/generator/variants/) draw from besides the axes every base shares.
 */
export interface VariantSpace {
  /**
   * A name the repository uses as a whole token (the service, its package or module, its image) and the names
   * another team could have given it. Renamed everywhere it stands as a token, file paths included, so each
   * choice must be valid wherever the token is used (a Python module, a Java package, a Kubernetes name).
   */
  names?: readonly { token: string; choices: readonly string[]; notAfter?: string }[];
  /** A port the app listens on, and others it could listen on (renamed wherever the number stands alone). */
  ports?: readonly { port: number; choices: readonly number[] }[];
}

export interface GeneratorBase extends Base {
  stack: Stack;
  split: Split;
  discoverable: readonly Discoverable[];
  variants?: VariantSpace;
  /** For a variant, its choices (`owner=globex name=notes-service ...`); absent for the base as written. */
  variant?: string;
}

export interface GeneratorBaseDeclaration extends BaseDeclaration {
  stack: Stack;
  split: Split;
  discoverable: readonly Discoverable[];
  variants?: VariantSpace;
}

export function defineGeneratorBase(declaration: GeneratorBaseDeclaration): GeneratorBase {
  const { stack, split, discoverable, variants, ...base } = declaration;
  return { ...defineBase(base), stack, split, discoverable, ...(variants ? { variants } : {}) };
}

type ClusterInput = NonNullable<BaseDeclaration["world"]["cluster"]>;

/**
 * The shared cluster most bases deploy to, with a base's own additions (its Secrets, namespace, node size):
 * ingress-nginx (class `nginx`, not the default), nodes of 4 GiB and 2 CPUs. A fresh object per base.
 */
export function sharedCluster(own: ClusterInput = {}): ClusterInput {
  return { ingress_classes: ["nginx"], node: { memory_mib: 4096, cpu_millicores: 2000 }, ...own };
}
