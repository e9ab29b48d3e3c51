/**
 * Suggested commands for a command box: all of them in the input's datalist, the first few as buttons. A button
 * only fills the box and focuses it: running a command is the user's choice, since it costs a step.
 */
import { byId, fill, h } from "./dom.js";

export function showSuggestions(input: HTMLInputElement, listId: string, buttonsId: string, commands: readonly string[], shown: number): void {
  fill(byId(listId), ...commands.map((c) => h("option", { value: c })));
  fill(
    byId(buttonsId),
    ...commands.slice(0, shown).map((command) =>
      h(
        "button",
        {
          type: "button",
          class: "chip",
          onclick: () => {
            input.value = command;
            input.focus();
          },
        },
        command,
      ),
    ),
  );
}
