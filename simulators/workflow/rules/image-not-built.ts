/** GHA106: `docker push` or `docker tag` names an image tag that no earlier step built or tagged. */
import { workflowRule } from "../events.js";
import { displayRepository } from "../runner/state.js";
import { APP_FILES, CI, workflowCase } from "./cases.js";
import { CHECKOUT, jobWith } from "./run-cases.js";

const header = "permissions:\n  packages: write\n";
const login = '      - run: echo "${{ secrets.GITHUB_TOKEN }}" | docker login ghcr.io -u ${{ github.actor }} --password-stdin\n';

export const imageNotBuilt = workflowRule({
  code: "GHA106",
  name: "image-not-built",
  stage: "push",
  summary: "A push or tag names an image tag that was not built in this job",
  severity: "error",
  phase: "run",
  on: {
    "image-lookup"(e, ctx) {
      const report = (text: string): void => (e.storeUnseen ? ctx.undecided() : ctx.report(e.at, text, { output: [text] }));
      if (e.command === "tag") {
        if (!e.localTags.includes(e.tag ?? "latest")) report(`Error response from daemon: No such image: ${e.reference}`);
        return;
      }
      const shown = displayRepository(e.registry, e.repository);
      if (e.localTags.length === 0) report(`An image does not exist locally with the tag: ${shown}`);
      else if (e.tag !== null && !e.localTags.includes(e.tag)) report(`tag does not exist: ${e.defaulted ? `${shown}:latest` : e.reference}`);
    },
  },
  cases: {
    valid: [
      workflowCase(jobWith(`${CHECKOUT}${login}      - run: docker build -t ghcr.io/acme/app:\${{ github.sha }} .\n      - run: docker push ghcr.io/acme/app:\${{ github.sha }}\n`, header), {
        files: APP_FILES,
      }),
      workflowCase(jobWith(`${CHECKOUT}${login}      - run: docker build -t ghcr.io/acme/app:\${{ github.ref_name }} .\n      - run: docker push --all-tags ghcr.io/acme/app\n`, header), {
        name: "--all-tags pushes every local tag",
        files: APP_FILES,
      }),
      workflowCase(jobWith(`${login}      - run: |\n          docker pull ghcr.io/acme/app:1.2\n          docker tag ghcr.io/acme/app:1.2 ghcr.io/acme/app:stable\n          docker push ghcr.io/acme/app:stable\n`, header), {
        name: "a pulled image is in the local store",
      }),
    ],
    invalid: [
      workflowCase(jobWith(`${login}      - run: |\n          docker pull ghcr.io/acme/app:1.2\n          docker push ghcr.io/acme/app:1.3\n`, header), {
        name: "a tag other than the one pulled",
        file: CI,
        message: "tag does not exist: ghcr.io/acme/app:1.3",
      }),
      workflowCase(jobWith(`${CHECKOUT}${login}      - run: docker build -t ghcr.io/acme/app:\${{ github.ref_name }} .\n      - run: docker push ghcr.io/acme/app:\${{ github.sha }}\n`, header), {
        files: APP_FILES,
        file: CI,
        line: 11,
        message: "tag does not exist: ghcr.io/acme/app:",
      }),
      workflowCase(jobWith(`${CHECKOUT}${login}      - run: docker build -t ghcr.io/acme/app:\${{ github.ref_name }} .\n      - run: docker push ghcr.io/acme/app\n`, header), {
        name: "a push without a tag pushes :latest only (Docker 20.10+), which was not built",
        files: APP_FILES,
        file: CI,
        message: "tag does not exist: ghcr.io/acme/app:latest",
      }),
      workflowCase(jobWith(`${CHECKOUT}${login}      - run: docker push ghcr.io/acme/app:latest\n`, header), {
        files: APP_FILES,
        file: CI,
        message: "An image does not exist locally with the tag: ghcr.io/acme/app",
      }),
    ],
  },
});
