/**
 * Maven and Gradle builds in a Dockerfile: the archive lands where the tool names it, a later COPY --from
 * (exact or wildcard) finds it, and a build without its build file fails with the tool's own message.
 */
import { describe, expect, it } from "vitest";
import { simulateRepository } from "../../index.js";
import type { ImageBuiltEvent } from "../events.js";
import { repositoryFrom } from "../../repository.js";
import { parseWorld } from "../../world.js";

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent>
    <groupId>org.springframework.boot</groupId>
    <artifactId>spring-boot-starter-parent</artifactId>
    <version>3.3.5</version>
  </parent>
  <groupId>com.acme</groupId>
  <artifactId>ledger</artifactId>
  <version>1.4.0</version>
  <dependencies>
    <dependency>
      <groupId>org.springframework.boot</groupId>
      <artifactId>spring-boot-starter-web</artifactId>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.springframework.boot</groupId>
        <artifactId>spring-boot-maven-plugin</artifactId>
      </plugin>
    </plugins>
  </build>
</project>
`;
const JAVA = { "src/main/java/com/acme/ledger/LedgerApplication.java": "package com.acme.ledger;\n" };

function maven(runtime: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Dockerfile: `FROM maven:3.9.9-eclipse-temurin-21 AS build\nWORKDIR /build\nCOPY pom.xml .\nRUN mvn -B dependency:go-offline\nCOPY src ./src\nRUN mvn -B package -DskipTests\n\n${runtime}`,
    "pom.xml": POM,
    ...JAVA,
    ...extra,
  };
}

function simulate(files: Record<string, string>) {
  return simulateRepository(repositoryFrom(files), parseWorld({}), { worldKnown: true, context: true });
}

function errors(files: Record<string, string>) {
  return simulate(files).diagnostics.filter((d) => d.severity === "error");
}

/** The files of the last image the build produced. */
function finalFiles(files: Record<string, string>): string[] {
  const built = simulate(files).facts.of<ImageBuiltEvent>("image-built");
  const image = built[built.length - 1]!.event.image;
  return [...image.fs].filter(([, e]) => e.type === "file").map(([p]) => p);
}

describe("mvn package", () => {
  it("writes target/<artifactId>-<version>.jar, which COPY --from finds by name", () => {
    expect(errors(maven("FROM eclipse-temurin:21-jre-alpine\nWORKDIR /app\nCOPY --from=build /build/target/ledger-1.4.0.jar app.jar\nENTRYPOINT [\"java\", \"-jar\", \"app.jar\"]\n"))).toEqual([]);
  });

  it("copies the executable jar through a wildcard, and not the .jar.original beside it", () => {
    const files = finalFiles(maven("FROM eclipse-temurin:21-jre-alpine\nWORKDIR /app\nCOPY --from=build /build/target/*.jar app.jar\n"));
    expect(files).toContain("/app/app.jar");
    expect(files.filter((f) => f.endsWith(".original"))).toEqual([]);
  });

  it("a jar name the pom does not produce is not in the build stage (DF011)", () => {
    const found = errors(maven("FROM eclipse-temurin:21-jre-alpine\nCOPY --from=build /build/target/ledger-1.5.0.jar /app/app.jar\n"));
    expect(found.map((d) => d.code)).toEqual(["DF011"]);
    expect(found[0]!.message).toContain("/build/target/ledger-1.5.0.jar");
  });

  it("uses the pom's finalName", () => {
    const files = maven("FROM eclipse-temurin:21-jre-alpine\nCOPY --from=build /build/target/app.jar /app/app.jar\n", {
      "pom.xml": POM.replace("<build>", "<build>\n    <finalName>app</finalName>"),
    });
    expect(errors(files)).toEqual([]);
  });

  it("fails as Maven does when pom.xml was never copied in", () => {
    // The runtime stage copies from the build stage, so BuildKit runs it.
    const files = maven("FROM eclipse-temurin:21-jre-alpine\nCOPY --from=build /build/target/*.jar /app/app.jar\n");
    files["Dockerfile"] = files["Dockerfile"]!.replace("COPY pom.xml .\n", "");
    const found = errors(files);
    expect(found.map((d) => d.code)).toEqual(["DF009"]);
    expect(found[0]!.log).toContain("there is no POM in this directory (/build)");
  });

  it("the Spring Boot plugin cannot repackage a project whose sources were never copied in", () => {
    // The runtime stage copies from the build stage, so BuildKit runs it.
    const files = maven("FROM eclipse-temurin:21-jre-alpine\nCOPY --from=build /build/target/*.jar /app/app.jar\n");
    files["Dockerfile"] = files["Dockerfile"]!.replace("COPY src ./src\n", "");
    const found = errors(files);
    expect(found.map((d) => d.code)).toEqual(["DF009"]);
    expect(found[0]!.log).toContain("spring-boot-maven-plugin:3.3.5:repackage failed: Unable to find main class");
  });
});

const BUILD_GRADLE = `plugins {
    id 'java'
    id 'org.springframework.boot' version '3.3.5'
    id 'io.spring.dependency-management' version '1.1.6'
}

group = 'com.acme'
version = '2.1.0'
`;

function gradle(task: string, runtime: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    Dockerfile: `FROM gradle:8.10-jdk21 AS build\nWORKDIR /home/gradle/project\nCOPY settings.gradle build.gradle ./\nCOPY src ./src\nRUN gradle ${task} --no-daemon\n\n${runtime}`,
    "settings.gradle": "rootProject.name = 'pricing'\n",
    "build.gradle": BUILD_GRADLE,
    "src/main/java/com/acme/pricing/PricingApplication.java": "package com.acme.pricing;\n",
    ...extra,
  };
}

describe("gradle", () => {
  it("bootJar writes build/libs/<rootProject.name>-<version>.jar", () => {
    expect(errors(gradle("bootJar", "FROM eclipse-temurin:21-jre\nCOPY --from=build /home/gradle/project/build/libs/pricing-2.1.0.jar /app/pricing.jar\n"))).toEqual([]);
  });

  it("bootJar alone leaves no plain jar for a wildcard to pick up", () => {
    const files = finalFiles(gradle("bootJar", "FROM eclipse-temurin:21-jre\nCOPY --from=build /home/gradle/project/build/libs/*.jar /app/\n"));
    expect(files.filter((f) => f.startsWith("/app/"))).toEqual(["/app/pricing-2.1.0.jar"]);
  });

  it("build writes the boot jar and the -plain jar", () => {
    const files = finalFiles(gradle("build -x test", "FROM eclipse-temurin:21-jre\nCOPY --from=build /home/gradle/project/build/libs/*.jar /app/\n"));
    expect(files.filter((f) => f.startsWith("/app/")).sort()).toEqual(["/app/pricing-2.1.0-plain.jar", "/app/pricing-2.1.0.jar"]);
  });

  it("honours bootJar's archiveFileName", () => {
    const files = gradle("bootJar", "FROM eclipse-temurin:21-jre\nCOPY --from=build /home/gradle/project/build/libs/app.jar /app/app.jar\n", {
      "build.gradle": `${BUILD_GRADLE}\nbootJar {\n    archiveFileName = 'app.jar'\n}\n`,
    });
    expect(errors(files)).toEqual([]);
  });

  it("fails as Gradle does in a directory without a build", () => {
    const files = gradle("bootJar", "FROM eclipse-temurin:21-jre\nCOPY --from=build /home/gradle/project/build/libs/*.jar /app/\n");
    files["Dockerfile"] = files["Dockerfile"]!.replace("COPY settings.gradle build.gradle ./\n", "");
    const found = errors(files);
    expect(found.map((d) => d.code)).toEqual(["DF009"]);
    expect(found[0]!.log).toContain("Directory '/home/gradle/project' does not contain a Gradle build.");
  });
});
