/**
 * Cloud CLIs that log Docker in to their own registry, by writing a credential helper or a token into
 * ~/.docker/config.json, so that a later `docker push` there is authenticated without any `docker login` the
 * simulator sees. Subcommands and registry hosts from each CLI's documentation.
 */
import type { Arg } from "./values.js";

interface CredentialHelper {
  /** The subcommand words that configure Docker (`gcloud auth configure-docker`). */
  words: readonly string[];
  /** The registry hosts it logs in to. */
  registries: RegExp;
}

const HELPERS: Readonly<Record<string, readonly CredentialHelper[]>> = {
  gcloud: [{ words: ["auth", "configure-docker"], registries: /(^|\.)gcr\.io$|(^|-)docker\.pkg\.dev$/ }],
  az: [{ words: ["acr", "login"], registries: /\.azurecr\.[a-z.]+$/ }],
  aws: [{ words: ["ecr", "get-login"], registries: /\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/ }],
  ibmcloud: [{ words: ["cr", "login"], registries: /(^|\.)icr\.io$|(^|\.)bluemix\.net$/ }],
  doctl: [{ words: ["registry", "login"], registries: /^registry\.digitalocean\.com$/ }],
  heroku: [{ words: ["container:login"], registries: /^registry\.heroku\.com$/ }],
  flyctl: [{ words: ["auth", "docker"], registries: /^registry\.fly\.io$/ }],
  fly: [{ words: ["auth", "docker"], registries: /^registry\.fly\.io$/ }],
};

/** Any registry: what an action we do not know may have logged in to. */
export const ANY_REGISTRY = /./;

/** The registries the command logs Docker in to where the simulator cannot see, or null (options between the words are skipped). */
export function dockerLoginOf(name: string, args: readonly Arg[]): RegExp | null {
  const words = args.map((a) => a.text).filter((w) => !w.startsWith("-"));
  return (HELPERS[name] ?? []).find((h) => h.words.every((w, i) => words[i] === w))?.registries ?? null;
}
