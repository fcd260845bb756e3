// Small DOM helpers for Tikal's board modules (no inline style attributes: the page's CSP forbids them).
// Kept in the board's own folder until the shell's shared helpers (static/js/shell/dom.js) are on main;
// they are the same few functions and fold into it.

export const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element with a class and a text. */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** An SVG element with attributes (undefined and null ones left out), appended to ``parent`` if given. */
export function svgEl(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

export function svgText(parent, x, y, text, cls) {
  const t = svgEl("text", { x: round(x), y: round(y), class: cls }, parent);
  t.textContent = String(text);
  return t;
}

/** An SVG <title> (a tooltip for the mouse; the board's words for screen readers are on its buttons). */
export function svgTitle(parent, text) {
  svgEl("title", {}, parent).textContent = text;
}

/** A button: ``act`` names it (``data-act``) so that focus comes back to it when the controls are drawn again. */
export function button(label, cls, onClick, opts = {}) {
  const b = el("button", `tk-btn ${cls || ""}`.trim());
  b.type = "button";
  if (typeof label === "string") b.textContent = label;
  else b.append(...label);
  if (opts.act) b.dataset.act = opts.act;
  if (opts.title) b.title = opts.title;
  if (opts.label) b.setAttribute("aria-label", opts.label);
  if (opts.disabled) b.disabled = true;
  if (opts.describedBy) b.setAttribute("aria-describedby", opts.describedBy);
  if (opts.pressed !== undefined) b.setAttribute("aria-pressed", opts.pressed ? "true" : "false");
  if (opts.data) for (const [k, v] of Object.entries(opts.data)) b.dataset[k] = v;
  b.addEventListener("click", (e) => { e.preventDefault(); onClick(e); });
  return b;
}

export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : (many || `${word}s`)}`;
}

export function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export function round(n) {
  return Math.round(n * 100) / 100;
}
