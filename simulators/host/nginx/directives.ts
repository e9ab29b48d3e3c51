/**
 * The nginx directives the simulated hosts use, each with the contexts it is allowed in, how many arguments it
 * takes and whether it opens a block: the table ngx_conf_handler consults. A directive outside it is
 * "unknown directive", as in an nginx built without the module that would define it.
 */

export type Context = "main" | "events" | "http" | "server" | "location" | "upstream" | "if" | "types" | "map";

export interface DirectiveSpec {
  contexts: readonly Context[];
  /** Minimum and maximum number of arguments (Infinity: no upper bound). */
  args: readonly [number, number];
  block?: boolean;
  /** The block's own context, when it opens one. */
  opens?: Context;
}

const HSL: readonly Context[] = ["http", "server", "location"];
const HSLI: readonly Context[] = ["http", "server", "location", "if"];
const ANY: readonly Context[] = ["main", "events", "http", "server", "location", "upstream", "if", "types", "map"];
const d = (contexts: readonly Context[], min: number, max: number, opens?: Context): DirectiveSpec => (opens ? { contexts, args: [min, max], block: true, opens } : { contexts, args: [min, max] });

export const DIRECTIVES: Readonly<Record<string, DirectiveSpec>> = {
  user: d(["main"], 1, 2),
  worker_processes: d(["main"], 1, 1),
  worker_rlimit_nofile: d(["main"], 1, 1),
  pid: d(["main"], 1, 1),
  load_module: d(["main"], 1, 1),
  include: d(ANY, 1, 1),
  error_log: d(["main", "http", "server", "location"], 1, Infinity),
  events: d(["main"], 0, 0, "events"),
  worker_connections: d(["events"], 1, 1),
  multi_accept: d(["events"], 1, 1),
  use: d(["events"], 1, 1),
  http: d(["main"], 0, 0, "http"),
  sendfile: d(HSLI, 1, 1),
  tcp_nopush: d(HSL, 1, 1),
  tcp_nodelay: d(HSL, 1, 1),
  keepalive_timeout: d(HSL, 1, 2),
  types_hash_max_size: d(["http", "server", "location"], 1, 1),
  server_tokens: d(HSL, 1, 1),
  server_names_hash_bucket_size: d(["http"], 1, 1),
  default_type: d(HSL, 1, 1),
  types: d(HSL, 0, 0, "types"),
  ssl_protocols: d(["http", "server"], 1, Infinity),
  ssl_prefer_server_ciphers: d(["http", "server"], 1, 1),
  ssl_certificate: d(["http", "server"], 1, 1),
  ssl_certificate_key: d(["http", "server"], 1, 1),
  access_log: d([...HSLI], 1, Infinity),
  log_format: d(["http"], 2, Infinity),
  gzip: d(HSLI, 1, 1),
  gzip_types: d(HSL, 1, Infinity),
  client_max_body_size: d(HSL, 1, 1),
  upstream: d(["http"], 1, 1, "upstream"),
  server: { contexts: ["http", "upstream"], args: [0, Infinity] },
  keepalive: d(["upstream"], 1, 1),
  least_conn: d(["upstream"], 0, 0),
  listen: d(["server"], 1, Infinity),
  server_name: d(["server"], 1, Infinity),
  root: d(HSLI, 1, 1),
  alias: d(["location"], 1, 1),
  index: d(HSL, 1, Infinity),
  autoindex: d(HSL, 1, 1),
  location: d(["server", "location"], 1, 2, "location"),
  if: d(["server", "location"], 1, Infinity, "if"),
  return: d(["server", "location", "if"], 1, 2),
  rewrite: d(["server", "location", "if"], 2, 3),
  try_files: d(["server", "location"], 2, Infinity),
  error_page: d(HSLI, 2, Infinity),
  add_header: d(HSLI, 2, 3),
  allow: d(HSL, 1, 1),
  deny: d(HSL, 1, 1),
  charset: d(HSLI, 1, 1),
  proxy_pass: d(["location", "if"], 1, 1),
  proxy_set_header: d(HSL, 2, 2),
  proxy_http_version: d(HSL, 1, 1),
  proxy_read_timeout: d(HSL, 1, 1),
  proxy_connect_timeout: d(HSL, 1, 1),
  proxy_redirect: d(HSL, 1, 2),
  proxy_buffering: d(HSL, 1, 1),
  map: d(["http"], 2, 2, "map"),
};
