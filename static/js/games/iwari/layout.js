// The board's frame of elements, made once: the scorings over the map, the stage (the map in its frame, the
// action bar under it), and the panels under the stage (the half journey's breakdown, tribes, territory, cards).

import { makeSprite } from "./art.js";
import { makeBar } from "./bar.js";
import { el } from "./dom.js";
import { _ } from "../../shell/words.js";

export function skeleton(root) {
  root.classList.add("iwari");
  root.replaceChildren();
  const scorings = el("div", "iw-scorings");
  const stage = el("div", "iw-stage");
  const frame = el("div", "iw-frame");
  const viewportBox = el("div", "iw-viewport");
  viewportBox.tabIndex = 0;
  viewportBox.setAttribute("role", "region");
  viewportBox.setAttribute("aria-label", _("Map (scroll or use the arrow keys to pan)"));
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("class", "iw-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", _("The map of Iwari: territories, tents, totems and connections"));
  viewportBox.appendChild(svg);
  const tools = el("div", "iw-tools");
  frame.append(viewportBox, tools);
  const bar = makeBar();
  stage.append(frame, bar.bar);
  const panels = el("div", "iw-panels");
  const details = el("div", "iw-details");
  const info = el("section", "iw-info iw-panel");
  info.setAttribute("aria-label", _("Territory"));
  const tribes = el("section", "iw-side iw-panel");
  tribes.setAttribute("aria-label", _("Tribes"));
  const cards = el("section", "iw-public iw-panel");
  cards.setAttribute("aria-label", _("Cards in play"));
  panels.append(details, tribes, info, cards);
  root.append(makeSprite(), scorings, stage, panels);
  return { scorings, details, frame, svg, bar, info, tribes, cards };
}
