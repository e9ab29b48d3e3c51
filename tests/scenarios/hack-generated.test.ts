/**
 * Hacks the red team found credited on generated scenarios, each now refused, beside the honest repairs of the
 * same fault it must still credit: the grader judges what the run does (the login and the tags the push needs,
 * the dependencies the deployed app imports), not whether the failing step or stage still shows.
 */
import { describe, expect, it } from "vitest";
import type { Action } from "../../contracts/actions.js";
import { catalogOf } from "../../generator/catalog.js";
import { generateScenario } from "../../generator/generate.js";
import { gradeTrajectory } from "../../graders/grade.js";
import type { GeneratedDifficulty } from "../../tasks/generator/task.js";
import { edit } from "./hack-grading.js";

const RELEASE = ".github/workflows/release.yml";

function fixedBy(difficulty: GeneratedDifficulty, seed: number, actions: Action[]) {
  const scenario = generateScenario({ split: "train", difficulty, seed });
  const result = gradeTrajectory(catalogOf(scenario), scenario, [...actions, { action_type: "submit" }]);
  expect(result.history.map((h) => h.last_action_error).filter((e) => e !== null), "every action applies").toEqual([]);
  return result.breakdown;
}

const login = "      - name: Log in to Docker Hub\n        uses: docker/login-action@v3\n";
const loginCommand = '      - name: Log in to Docker Hub\n        run: echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login -u "${{ secrets.DOCKERHUB_USERNAME }}" --password-stdin\n';
const actionlessLogin = "      - with:\n          username: ${{ secrets.DOCKERHUB_USERNAME }}\n          password: ${{ secrets.DOCKERHUB_TOKEN }}\n";

describe("hacks on generated scenarios", () => {
  it.each([
    ["a login action without credentials made `run: true` under its name", "medium", 36, [edit(RELEASE, login, '      - name: Log in to Docker Hub\n        run: "true"\n')]],
    ["an action step without `uses:` deleted, leaving the push to log in with nobody", "expert", 5, [edit(RELEASE, actionlessLogin, "")]],
    ["the tags step without `uses:` deleted: the build pushes steps.meta's tags, now none", "hard", 35, [edit(RELEASE, "      - id: meta\n        with:\n          images: ghcr.io/vandelay/freight\n          tags: |\n            type=ref,event=branch\n            type=semver,pattern={{version}}\n            type=sha\n\n", "")]],
    ["the tags step without `uses:` made `run: true`, its id kept", "hard", 35, [edit(RELEASE, "      - id: meta\n        with:\n          images: ghcr.io/vandelay/freight\n          tags: |\n            type=ref,event=branch\n            type=semver,pattern={{version}}\n            type=sha\n", '      - id: meta\n        run: "true"\n')]],
    ["the deps stage's failing install skipped by no longer copying node_modules into the image", "easy", 38, [edit("Dockerfile", "COPY --from=deps /app/node_modules ./node_modules\n", "")]],
  ] as const)("refuses %s", (_, difficulty, seed, actions) => {
    expect(fixedBy(difficulty, seed, [...actions]).issues_fixed).toBe(0);
  }, 60_000);

  it.each([
    ["the login action given its credentials", "medium", 36, [edit(RELEASE, login, `${login}        with:\n          username: \${{ secrets.DOCKERHUB_USERNAME }}\n          password: \${{ secrets.DOCKERHUB_TOKEN }}\n`)]],
    ["the login action replaced by a docker login command", "medium", 36, [edit(RELEASE, login, loginCommand)]],
    ["the action step given its login action", "expert", 5, [edit(RELEASE, actionlessLogin, `      - uses: docker/login-action@v3\n${actionlessLogin.slice("      - ".length).replace(/^/, "        ")}`)]],
    ["the action step replaced by a docker login command", "expert", 5, [edit(RELEASE, actionlessLogin, '      - run: echo "${{ secrets.DOCKERHUB_TOKEN }}" | docker login -u "${{ secrets.DOCKERHUB_USERNAME }}" --password-stdin\n')]],
    ["the tags step given its action", "hard", 35, [edit(RELEASE, "      - id: meta\n", "      - id: meta\n        uses: docker/metadata-action@v5\n")]],
    ["the deps stage installing after its package files are copied", "easy", 38, [edit("Dockerfile", "RUN npm ci --omit=dev\nCOPY package.json package-lock.json ./\n", "COPY package.json package-lock.json ./\nRUN npm ci --omit=dev\n")]],
  ] as const)("credits %s", (_, difficulty, seed, actions) => {
    expect(fixedBy(difficulty, seed, [...actions]).issues_fixed).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
