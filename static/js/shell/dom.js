// Small DOM helpers shared by the page shell and the boards (static/js/games/<game>/), so that no board keeps
// its own copy. No inline style attributes anywhere (the Content-Security-Policy forbids them): classes only.
//
// Note for whoever edits this header: Django's manifest storage rewrites module paths it finds after the two
// ES keywords that bring in or hand out names, even inside a comment; keep those keywords out of comments.

export { SEAT_COLOURS, escapeHtml, html, joinWords } from "./words.js";

export const SVGNS = "http://www.w3.org/2000/svg";

/** An HTML element with a class (may be empty) and text (set as textContent, never parsed). */
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

/** An SVG element with attributes (null and undefined ones left out), appended to ``parent`` if given. */
export function svgEl(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (parent) parent.appendChild(node);
  return node;
}

/** An SVG text at (x, y) with a class. */
export function svgText(parent, x, y, text, cls) {
  const t = svgEl("text", { x, y, class: cls }, parent);
  t.textContent = String(text);
  return t;
}

/** An SVG <title> (what a pointer shows, and a name for assistive technology). */
export function svgTitle(parent, text) {
  const t = svgEl("title", {}, parent);
  t.textContent = text;
  return t;
}

/**
 * A ``<button type="button">`` with a label (a text, a node or a list of nodes) and classes that calls ``onClick``.
 * opts: ``title``, ``disabled``, ``pressed`` (aria-pressed), ``data`` (dataset entries), ``label`` (aria-label),
 * ``describedBy`` (aria-describedby), ``key`` (data-key: names it across redraws so that focus comes back to it).
 */
export function button(label, cls, onClick, opts = {}) {
  const b = el("button", cls);
  b.type = "button";
  if (label instanceof Node) b.appendChild(label);
  else if (Array.isArray(label)) b.append(...label);
  else b.textContent = String(label);
  if (opts.title) b.title = opts.title;
  if (opts.label) b.setAttribute("aria-label", opts.label);
  if (opts.describedBy) b.setAttribute("aria-describedby", opts.describedBy);
  if (opts.disabled) b.disabled = true;
  if (opts.pressed !== undefined) b.setAttribute("aria-pressed", opts.pressed ? "true" : "false");
  if (opts.key) b.dataset.key = opts.key;
  if (opts.data) for (const [k, v] of Object.entries(opts.data)) b.dataset[k] = v;
  b.addEventListener("click", (e) => { e.preventDefault(); onClick(e); });
  return b;
}

/** A box that scrolls (a table wider than a phone): it takes the focus, so that the keyboard scrolls it too. */
export function keyboardScrollable(box, label) {
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", label);
  return box;
}

/** "1 worker", "3 workers", "2 oxen" (with ``many``). */
export function plural(n, word, many) {
  return `${n} ${n === 1 ? word : (many || `${word}s`)}`;
}

/** The text with its first letter a capital. */
export function capital(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** What identifies a focusable element across a redraw (a CSS selector): its id, else its
 * data-act/data-key/data-space/data-seat; null if nothing does. */
export function focusKey(node) {
  if (!node || node === document.body) return null;
  if (node.id) return `#${CSS.escape(node.id)}`;
  for (const name of ["act", "key", "space", "seat"]) {
    if (node.dataset?.[name] !== undefined) {
      return `${node.tagName.toLowerCase()}[data-${name}="${CSS.escape(node.dataset[name])}"]`;
    }
  }
  return null;
}

/**
 * Run ``redraw`` (which may replace the nodes inside ``container``) and keep the keyboard focus: on the same
 * element again if it is still there and enabled, else on ``fallback`` (an element, a selector inside the
 * container, or a function returning one). Focus is never left on the page's body after an action.
 */
export function keepFocus(container, redraw, fallback = null) {
  const active = document.activeElement;
  const inside = active && active !== document.body && container.contains(active);
  const wanted = inside ? focusKey(active) : null;
  const result = redraw();
  if (!inside) return result;
  if (document.activeElement && document.activeElement !== document.body && container.contains(document.activeElement)) {
    return result; // the redraw kept it
  }
  const again = wanted ? container.querySelector(`${wanted}:not([disabled])`) : null;
  let target = again;
  if (!target && fallback) {
    target = typeof fallback === "function" ? fallback() : typeof fallback === "string"
      ? container.querySelector(fallback) : fallback;
  }
  target?.focus?.();
  return result;
}

/**
 * Keep the keyboard focus inside ``root`` when what had it is redrawn away (a button that did its work, a panel
 * drawn again): it goes to the replacement (same id, data-act, data-key...), else to ``fallback()``. Never left
 * on the page's body after an action; a focus the user moved elsewhere is left alone.
 */
export function guardFocus(root, fallback) {
  let last = null, lastKey = null;
  root.addEventListener("focusin", (e) => { last = e.target; lastKey = focusKey(e.target); });
  new MutationObserver(() => {
    if (!last || last.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
    const target = (lastKey && root.querySelector(`${lastKey}:not([disabled])`)) || fallback();
    if (!target) return;
    target.focus({ preventScroll: true });
    last = target;
    lastKey = focusKey(target);
  }).observe(root, { childList: true, subtree: true });
}
