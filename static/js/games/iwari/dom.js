// Small DOM helpers for the Iwari board (to be folded into static/js/shell/dom.js once the shell has it).
// No inline style attributes anywhere: the Content-Security-Policy forbids them; classes carry the looks.

export const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element with a class and a text. */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** An SVG element with attributes (null and undefined ones left out), appended to `parent` if given. */
export function svgEl(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** An SVG <title> (what a pointer shows, and a name for assistive technology). */
export function svgTitle(parent, text) {
  const t = svgEl("title", {}, parent);
  t.textContent = text;
  return t;
}

/** A <use> of a symbol of the board's sprite (biome icons, tents, totems). */
export function useSymbol(id, attrs = {}, parent = null) {
  return svgEl("use", { href: `#${id}`, ...attrs }, parent);
}

/** An inline SVG icon for HTML (hidden from assistive technology: the text next to it says the same). */
export function icon(id, cls = "iw-icon") {
  const svg = svgEl("svg", { class: cls, viewBox: "-10 -10 20 20", "aria-hidden": "true", focusable: "false" });
  useSymbol(id, {}, svg);
  return svg;
}

/**
 * A button. `key` (opts.key) names it across redraws, so that focus can come back to it after an action.
 * opts: title, disabled, pressed, data, key, label (an aria-label), describedBy.
 */
export function button(content, cls, onClick, opts = {}) {
  const b = el("button", `iw-btn ${cls || ""}`.trim());
  b.type = "button";
  if (content instanceof Node) b.appendChild(content);
  else if (Array.isArray(content)) b.append(...content);
  else b.textContent = String(content);
  if (opts.title) b.title = opts.title;
  if (opts.disabled) b.disabled = true;
  if (opts.pressed !== undefined) b.setAttribute("aria-pressed", opts.pressed ? "true" : "false");
  if (opts.label) b.setAttribute("aria-label", opts.label);
  if (opts.describedBy) b.setAttribute("aria-describedby", opts.describedBy);
  if (opts.key) b.dataset.key = opts.key;
  if (opts.data) for (const [k, v] of Object.entries(opts.data)) b.dataset[k] = v;
  b.addEventListener("click", (e) => { e.preventDefault(); onClick(e); });
  return b;
}

export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : (many || `${word}s`)}`;
}

/** "a, b and c". */
export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}
