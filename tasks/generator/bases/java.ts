/** Java bases: Spring Boot services built with Maven and with Gradle, run on a Temurin JRE. */
import type { GeneratorBase } from "../define-base.js";
import { defineGeneratorBase, sharedCluster } from "../define-base.js";

const repository = (name: string) => ({ owner: "acme", name, default_branch: "main", default_token_permissions: "restricted" as const });

export const JAVA_BASES: readonly GeneratorBase[] = [
  defineGeneratorBase({
    id: "ledger-spring",
    description:
      "A Spring Boot 3.3 ledger (Java 21, Maven; server.port ${PORT:8080}, LEDGER_CURRENCY required, Actuator probe groups) built " +
      "with mvn package on maven:3.9.9-eclipse-temurin-21 and run from target/*.jar on eclipse-temurin:21-jre-alpine: ci.yml runs " +
      "mvn verify on Java 21/23 with the Maven cache; release.yml pushes a multi-arch ghcr.io/acme/ledger:main; k8s/ has startup, " +
      "liveness and readiness probes and JAVA_TOOL_OPTIONS from a ConfigMap.",
    split: "train",
    variants: {
      names: [{ token: "ledger", choices: ["journal", "bookkeeping", "accounts"] }],
      ports: [{ port: 8080, choices: [8081, 8000, 9080] }],
    },
    stack: { languages: ["java"], frameworks: ["spring-boot"], build: ["maven"], shape: "api", registry: "ghcr" },
    world: {
      repository: repository("ledger"),
      apps: [
        {
          name: "ledger",
          port: 8080,
          port_env: "PORT",
          memory_mib: 390,
          required_env: ["LEDGER_CURRENCY"],
          health_path: "/actuator/health/liveness",
          routes: ["/actuator/health/liveness", "/actuator/health/readiness", "/api/entries"],
        },
      ],
      cluster: sharedCluster({ node: { memory_mib: 8192, cpu_millicores: 4000 } }),
    },
    discoverable: [
      { fact: "port 8080", file: "src/main/resources/application.yml", text: "port: ${PORT:8080}" },
      { fact: "route /actuator/health/liveness", file: "src/main/resources/application.yml", text: "# /actuator/health/liveness and /actuator/health/readiness" },
      { fact: "route /actuator/health/readiness", file: "README.md", text: "`/actuator/health/readiness`" },
      { fact: "route /api/entries", file: "src/main/java/com/acme/ledger/EntryController.java", text: '@RequestMapping("/api/entries")' },
      { fact: "env LEDGER_CURRENCY", file: "src/main/resources/application.yml", text: "currency: ${LEDGER_CURRENCY}" },
      { fact: "memory 390 MiB", file: "README.md", text: "peaks of 390 MiB during month-end closing" },
      { fact: "jar target/ledger-1.4.0.jar", file: "pom.xml", text: "<artifactId>ledger</artifactId>\n  <version>1.4.0</version>" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 8192 MiB", file: "README.md", text: "Graviton nodes of 8 GiB and 4 vCPU" },
    ],
  }),
  defineGeneratorBase({
    id: "pricing-gradle",
    description:
      "A Spring Boot pricing service (Java 21, Gradle; server.port 8090, PRICING_VAT_RATE from a ConfigMap key) built with gradle bootJar " +
      "on gradle:8.10-jdk21 into build/libs/pricing-2.1.0.jar and run on eclipse-temurin:21-jre as a created user: ci.yml tests on a " +
      "Gradle 8.10/8.11 matrix with setup-gradle's cache; image.yml pushes acme/pricing:main to Docker Hub from the Git context with " +
      "metadata-action; k8s/ is one file with its ConfigMap, Service, Ingress and NetworkPolicy.",
    split: "test",
    variants: {
      names: [{ token: "pricing", choices: ["prices", "tariffs", "rating"] }],
      ports: [{ port: 8090, choices: [8080, 8091, 9000] }],
    },
    stack: { languages: ["java"], frameworks: ["spring-boot"], build: ["gradle"], shape: "api", registry: "dockerhub" },
    world: {
      repository: repository("pricing"),
      secrets: ["DOCKER_USERNAME", "DOCKER_PASSWORD"],
      apps: [
        {
          name: "pricing",
          port: 8090,
          memory_mib: 345,
          required_env: ["PRICING_VAT_RATE"],
          health_path: "/actuator/health",
          routes: ["/actuator/health", "/actuator/health/readiness", "/prices"],
        },
      ],
      cluster: sharedCluster(),
    },
    discoverable: [
      { fact: "port 8090", file: "src/main/resources/application.properties", text: "server.port=8090" },
      { fact: "route /actuator/health", file: "src/main/resources/application.properties", text: "management.endpoints.web.exposure.include=health" },
      { fact: "route /actuator/health/readiness", file: "src/main/resources/application.properties", text: "management.endpoint.health.probes.enabled=true" },
      { fact: "route /prices", file: "src/main/java/com/acme/pricing/PriceController.java", text: '@GetMapping("/prices/{sku}")' },
      { fact: "env PRICING_VAT_RATE", file: "src/main/resources/application.properties", text: "pricing.vat-rate=${PRICING_VAT_RATE}" },
      { fact: "memory 345 MiB", file: "README.md", text: "peaks at 345 MiB" },
      { fact: "jar build/libs/pricing-2.1.0.jar", file: "settings.gradle", text: "rootProject.name = 'pricing'" },
      { fact: "repository secret DOCKER_USERNAME", file: "README.md", text: "`DOCKER_USERNAME`" },
      { fact: "repository secret DOCKER_PASSWORD", file: "README.md", text: "`DOCKER_PASSWORD`" },
      { fact: "ingress class nginx", file: "README.md", text: "(IngressClass `nginx`)" },
      { fact: "node memory 4096 MiB", file: "README.md", text: "nodes of 4 GiB and 2 vCPU" },
    ],
  }),
];
