/**
 * Small DOM helpers. Text from the server only ever goes in as text nodes (never innerHTML), so file
 * contents, logs and errors cannot inject markup.
 */
type Child = Node | string | number | null | undefined | false;
type Props = Record<string, string | number | boolean | EventListener | undefined>;

/**
 * An element with attributes, listeners (`onclick`: a function) and children.
 * @example h("button", { type: "button", onclick: () => go() }, "Next")
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === false) continue;
    if (typeof value === "function") element.addEventListener(key.replace(/^on/, ""), value);
    else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** Replaces an element's children. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** The element with this id; a missing one is a bug in index.html, reported by name. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** Says `message` to screen readers through the page's polite live region. */
export function announce(message: string): void {
  const region = byId("announcer");
  region.textContent = "";
  // A new text node after clearing makes screen readers read a repeated message again.
  window.setTimeout(() => (region.textContent = message), 30);
}

/** A number with its sign, as rewards and penalties read: +0.30, −0.04. */
export function signed(value: number, digits = 2): string {
  const text = Math.abs(value).toFixed(digits);
  if (Number(text) === 0) return text;
  return value < 0 ? `−${text}` : `+${text}`;
}

/** A JSON value pretty-printed for a <pre>. */
export function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
