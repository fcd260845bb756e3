// Iwari's few DOM helpers of its own (the board's sprite); the rest are the shell's (static/js/shell/dom.js),
// handed on from here so that the board's modules keep one place to take them from. No inline style attributes.

import { button as shellButton, svgEl } from "../../shell/dom.js";

export { SVGNS, capital, el, joinWords, keyboardScrollable, plural, svgEl, svgTitle } from "../../shell/dom.js";

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

/** A board button (the shell's, with the board's class); ``opts.key`` names it across redraws for focus. */
export function button(content, cls, onClick, opts = {}) {
  return shellButton(content, `iw-btn ${cls || ""}`.trim(), onClick, opts);
}
