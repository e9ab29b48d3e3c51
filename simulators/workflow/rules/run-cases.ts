/** Building blocks for run-stage rule cases: a push-triggered job on ubuntu-latest with given steps. */
export function jobWith(steps: string, header = ""): string {
  return `on: push\n${header}jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`;
}

export const CHECKOUT = "      - uses: actions/checkout@v4\n";
