/**
 * Docker Library official images the catalogue does not model (Docker Hub's `library/` namespace, current and
 * deprecated but still pullable). A name listed here is a real image, never a misspelling of a catalogue name:
 * `mono` is not a typo of `mongo`, nor `jruby` of `ruby`.
 */
export const OTHER_OFFICIAL_IMAGES: ReadonlySet<string> = new Set([
  // operating systems and bases
  "almalinux", "amazonlinux", "archlinux", "buildpack-deps", "centos", "cirros", "clearlinux", "fedora", "hello-world",
  "mageia", "neurodebian", "opensuse", "oraclelinux", "photon", "rockylinux", "sl", "ubuntu-debootstrap",
  // languages and runtimes
  "amazoncorretto", "bash", "clojure", "dart", "elixir", "erlang", "fsharp", "gcc", "groovy", "haskell", "haxe",
  "hylang", "ibm-semeru-runtimes", "ibmjava", "java", "jruby", "julia", "kotlin", "mono", "perl", "pypy", "r-base",
  "rakudo-star", "sapmachine", "swift", "iojs",
  // servers, data stores and applications
  "adminer", "aerospike", "api-firewall", "arangodb", "backdrop", "bonita", "cassandra", "chronograf", "composer",
  "consul", "couchbase", "couchdb", "crate", "docker", "drupal", "eclipse-mosquitto", "eggdrop", "elasticsearch",
  "emqx", "flink", "friendica", "geonetwork", "ghost", "glassfish", "haproxy", "influxdb", "irssi", "jenkins", "jetty",
  "joomla", "kapacitor", "kibana", "kong", "lightstreamer", "liquibase", "logstash", "matomo", "mediawiki",
  "memcached", "mongo-express", "monica", "nats", "nats-streaming", "neo4j", "nextcloud", "odoo", "open-liberty",
  "orientdb", "owncloud", "percona", "phpmyadmin", "plone", "postfixadmin", "rabbitmq", "rails", "redmine", "registry",
  "rethinkdb", "rocket.chat", "ros", "sentry", "silverpeas", "solr", "sonarqube", "spiped", "storm", "swarm",
  "teamspeak", "telegraf", "tomcat", "tomee", "unit", "vault", "websphere-liberty", "wordpress", "xwiki", "yourls",
  "znc", "zookeeper", "celery", "django",
]);
