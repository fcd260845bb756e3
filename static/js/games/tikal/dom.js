// Tikal's few DOM helpers of its own; the rest are the shell's (static/js/shell/dom.js), handed on from here so
// that the board's modules keep one place to take them from. No inline style attributes (the page's CSP).

import { button as shellButton, svgEl } from "../../shell/dom.js";

export { SVGNS, capital, el, joinWords, keyboardScrollable, plural, svgEl, svgTitle } from "../../shell/dom.js";

/** An SVG text at (x, y), rounded to hundredths, with a class. */
export function svgText(parent, x, y, text, cls) {
  const t = svgEl("text", { x: round(x), y: round(y), class: cls }, parent);
  t.textContent = String(text);
  return t;
}

/** A board button: ``act`` names it (``data-act``) so that focus comes back to it when the controls are drawn again. */
export function button(label, cls, onClick, opts = {}) {
  const data = opts.act ? { ...(opts.data || {}), act: opts.act } : opts.data;
  return shellButton(label, `tk-btn ${cls || ""}`.trim(), onClick, { ...opts, data });
}

export function round(n) {
  return Math.round(n * 100) / 100;
}
