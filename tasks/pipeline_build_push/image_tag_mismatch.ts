import { edit, edits, replaceLine } from "../fix.js";
import type { ScenarioSource } from "../schema.js";

const WF = ".github/workflows/release.yml";

export const imageTagMismatch: ScenarioSource = {
  id: "image_tag_mismatch",
  task_id: "pipeline_build_push",
  title: "Inventory service: docker push cannot find the image it just built",
  difficulty: "hard",
  description:
    "The build tags the image :${{ github.ref_name }} (main) but the push names :${{ github.sha }}, a tag that does not exist " +
    "locally: docker push fails with 'tag does not exist'. The cluster runs :main, so the push must publish that tag.",
  base: "inventory-svc",
  faults: [{ file: WF, replace: 'run: docker push "$IMAGE:${{ github.ref_name }}"', with: 'run: docker push "$IMAGE:${{ github.sha }}"' }],
  issues: [
    {
      id: "push-tag-not-built",
      description: "The push step names a tag (:sha) the build step never created (:main).",
      hint: "Compare the tag the Build step gives the image with the one the Push step names.",
      stage: "push",
      detection: [{ code: "GHA106", file: WF }],
    },
  ],
  solution: [edit(WF, 'run: docker push "$IMAGE:${{ github.sha }}"', 'run: docker push "$IMAGE:${{ github.ref_name }}"')],
  alternatives: [
    { description: "the runner's GITHUB_REF_NAME variable in the push", actions: [edit(WF, '"$IMAGE:${{ github.sha }}"', '"$IMAGE:$GITHUB_REF_NAME"')] },
    {
      description: "build both tags and push them all",
      actions: [
        edits(
          [WF, 'run: docker build -t "$IMAGE:${{ github.ref_name }}" .', 'run: docker build -t "$IMAGE:${{ github.ref_name }}" -t "$IMAGE:${{ github.sha }}" .'],
          [WF, 'run: docker push "$IMAGE:${{ github.sha }}"', 'run: docker push --all-tags "$IMAGE"'],
        ),
      ],
    },
    {
      description: "the build and the push joined into one step, pushing the tag it built",
      actions: [
        edit(
          WF,
          '      - name: Build\n        run: docker build -t "$IMAGE:${{ github.ref_name }}" .\n\n      - name: Push\n        run: docker push "$IMAGE:${{ github.sha }}"\n',
          '      - name: Build and push\n        run: |\n          docker build -t "$IMAGE:${{ github.ref_name }}" .\n          docker push "$IMAGE:${{ github.ref_name }}"\n',
        ),
      ],
    },
    {
      description: "both steps replaced by build-push-action with the branch tag",
      actions: [
        edit(
          WF,
          '      - name: Build\n        run: docker build -t "$IMAGE:${{ github.ref_name }}" .\n\n      - name: Push\n        run: docker push "$IMAGE:${{ github.sha }}"\n',
          "      - name: Build and push\n        uses: docker/build-push-action@v6\n        with:\n          context: .\n          push: true\n          tags: ${{ env.IMAGE }}:${{ github.ref_name }}\n",
        ),
      ],
    },
    { description: "the push in a shell function the script calls", actions: [edit(".github/workflows/release.yml", "run: docker push \"$IMAGE:${{ github.sha }}\"", "run: |\n          publish() { docker push \"$IMAGE:${{ github.ref_name }}\"; }\n          publish")] },
  ],
  wrong: [
    {
      description: "build under the commit sha instead: the push works, but the cluster's :main was never pushed",
      because: { fires: "K8S021" },
      actions: [edit(WF, 'run: docker build -t "$IMAGE:${{ github.ref_name }}" .', 'run: docker build -t "$IMAGE:${{ github.sha }}" .')],
    },
    { description: "push :latest, which was not built either", because: { fires: "GHA106" }, actions: [replaceLine(WF, 29, '        run: docker push "$IMAGE:latest"')] },
    {
      description: "the push without a tag: since Docker 20.10 that pushes :latest only, which was not built",
      because: { fires: "GHA106" },
      actions: [edit(WF, 'run: docker push "$IMAGE:${{ github.sha }}"', 'run: docker push "$IMAGE"')],
    },
  ],
  optimal_steps: 1,
  max_steps: 10,
};
