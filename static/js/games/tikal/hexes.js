// Drawing Tikal's spaces: the unexplored jungle with each space's name, the explored hexes with their art
// (clearings, temples with their levels, ruins, the base camp, volcanoes), the stepping stones, and the top slot's
// mark: a temple's value with who leads it, a ruin's treasures, a camp.

import { svgEl, svgText, svgTitle } from "./dom.js";
import { R, TOP, centre, corner, hexPoints, stonePoints, STONE_R } from "./geometry.js";
import { seat } from "./words.js";
import { crown, seatShape } from "./pieces.js";
import { _, fill, n_ } from "../../shell/words.js";

/** An unexplored space: dark canopy, and its name (what the log and the panel call it). */
export function drawCell(parent, space, name, start) {
  const c = centre(space);
  const g = svgEl("g", { class: `tk-cell-g${start ? " tk-start" : ""}` }, parent);
  svgEl("polygon", { points: hexPoints(c.x, c.y), class: "tk-cell" }, g);
  for (let i = 0; i < 6; i += 2) {
    const p = corner(c.x, c.y, i, R * 0.62);
    svgEl("circle", { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 7, class: "tk-canopy" }, g);
  }
  const label = svgText(g, c.x, c.y + 4, name, "tk-cellname tk-box");
  label.dataset.space = `${space.q},${space.r}`;
  return { group: g, label };
}

/** An explored space's hex, art and stones, centred on (x, y). ``hx`` has kind, value, treasures and stones. */
export function drawHexArt(g, x, y, hx, opts = {}) {
  svgEl("polygon", { points: hexPoints(x, y, R - 1), class: "tk-face" }, g);
  const art = svgEl("g", { class: "tk-art", "aria-hidden": "true" }, g);
  switch (hx.kind) {
    case "jungle": jungleArt(art, x, y); break;
    case "temple": templeArt(art, x, y, hx.value || 1); break;
    case "ruin": ruinArt(art, x, y); break;
    case "base_camp": baseArt(art, x, y); break;
    case "volcano": volcanoArt(art, x, y); break;
    default: break;
  }
  if (opts.stones !== false) drawStones(g, x, y, hx.stones || [0, 0, 0, 0, 0, 0]);
}

/** Stepping stones: ``stones[side]`` stones along side ``side`` (N, NE, SE, S, SW, NW), near the edge. */
export function drawStones(parent, x, y, stones, scale = 1) {
  const g = svgEl("g", { class: "tk-stones" }, parent);
  stones.forEach((n, side) => {
    for (const p of stonePoints(x, y, side, n, scale)) {
      svgEl("circle", { cx: p.x.toFixed(2), cy: p.y.toFixed(2), r: (STONE_R * scale).toFixed(2), "data-side": side,
        class: "tk-stone tk-box" }, g);
    }
  });
  g.dataset.count = String(stones.reduce((a, b) => a + b, 0));
  return g;
}

function jungleArt(g, x, y) {
  svgEl("ellipse", { cx: x, cy: y + 1, rx: 21, ry: 16, class: "tk-glade" }, g);
  for (let i = 0; i < 6; i += 1) {
    const p = corner(x, y, i, R * 0.8);
    const q = corner(x, y, i, R * 0.66);
    svgEl("circle", { cx: p.x.toFixed(1), cy: p.y.toFixed(1), r: 5.2, class: "tk-bush" }, g);
    svgEl("circle", { cx: q.x.toFixed(1), cy: q.y.toFixed(1), r: 3.4, class: "tk-bush tk-bush-2" }, g);
  }
}

/** A stepped pyramid: one tier for every two points of value (1 to 5 tiers), behind the explorers. */
function templeArt(g, x, y, value) {
  const tiers = Math.max(1, Math.min(5, Math.ceil(value / 2)));
  const base = y + 14;
  for (let t = 0; t < tiers; t += 1) {
    const w = 40 - t * 7;
    svgEl("rect", { x: x - w / 2, y: base - (t + 1) * 5, width: w, height: 5, class: "tk-tier" }, g);
  }
  svgEl("rect", { x: x - 3, y: base - tiers * 5 - 4, width: 6, height: 4, class: "tk-shrine" }, g);
}

function ruinArt(g, x, y) {
  svgEl("rect", { x: x - 20, y: y - 6, width: 6, height: 18, class: "tk-column" }, g);
  svgEl("rect", { x: x - 21.5, y: y - 8, width: 9, height: 3, class: "tk-column" }, g);
  svgEl("rect", { x: x + 14, y: y + 1, width: 6, height: 11, class: "tk-column" }, g);
  svgEl("polygon", { points: `${x - 8},${y + 14} ${x + 6},${y + 14} ${x + 9},${y + 9} ${x - 5},${y + 8}`, class: "tk-rubble" }, g);
}

function baseArt(g, x, y) {
  svgEl("polygon", { points: `${x - 15},${y - 13} ${x},${y - 27} ${x + 15},${y - 13}`, class: "tk-base-tent" }, g);
  svgEl("polygon", { points: `${x - 4},${y - 13} ${x},${y - 20} ${x + 4},${y - 13}`, class: "tk-base-door" }, g);
  svgEl("path", { d: `M${x},${y - 27} v-5 l6,2 l-6,2`, class: "tk-base-flag" }, g);
}

function volcanoArt(g, x, y) {
  svgEl("polygon", { points: `${x - 24},${y + 18} ${x - 6},${y - 12} ${x + 6},${y - 12} ${x + 24},${y + 18}`, class: "tk-cone" }, g);
  svgEl("ellipse", { cx: x, cy: y - 12, rx: 6, ry: 2.4, class: "tk-lava" }, g);
  svgEl("path", { d: `M${x - 3},${y - 11} q-3,9 -8,16 M${x + 2},${y - 11} q4,8 3,18`, class: "tk-lava-flow" }, g);
  svgEl("circle", { cx: x - 3, cy: y - 20, r: 4, class: "tk-smoke" }, g);
  svgEl("circle", { cx: x + 4, cy: y - 25, r: 5, class: "tk-smoke" }, g);
}

/** The top slot of a space: a temple's value and who leads it, a ruin's treasures left, or a camp. Returns
 * whether the slot is taken (a third row of explorers may use it otherwise). */
export function drawTopMark(g, x, y, sp, words) {
  if (sp.kind === "temple") {
    templePlaque(g, x, y, sp, words);
    return true;
  }
  if (sp.kind === "ruin" && sp.treasures) {
    const tg = svgEl("g", { class: "tk-ruin-treasures tk-box", "data-count": sp.treasures }, g);
    svgEl("rect", { x: x - 13, y: y + TOP.y0, width: 26, height: TOP.y1 - TOP.y0, rx: 6, class: "tk-treasure-badge" }, tg);
    gem(tg, x - 6, y + (TOP.y0 + TOP.y1) / 2);
    svgText(tg, x + 4.5, y + TOP.y1 - 2.6, sp.treasures, "tk-treasure-count");
    svgTitle(tg, fill(n_("%(n)s treasure left to dig", "%(n)s treasures left to dig", sp.treasures), { n: sp.treasures }));
    return true;
  }
  if (sp.camp !== null && sp.camp !== undefined) {
    drawCamp(g, x, y + TOP.y1, sp.camp, words.seatName(sp.camp));
    return true;
  }
  return sp.kind === "volcano";
}

function gem(g, x, y) {
  svgEl("polygon", { points: `${x - 4},${y - 1.5} ${x - 2},${y - 4} ${x + 2},${y - 4} ${x + 4},${y - 1.5} ${x},${y + 4}`, class: "tk-gem" }, g);
}

/** A temple's value on a stone tile, and beside it who leads it: their crowned token, a shield for a guard, an
 * "=" for a tie (the view's owner, guard and tied). */
function templePlaque(g, x, y, sp, words) {
  const lead = sp.guard ?? sp.owner;
  const tied = (sp.tied || []).length > 1;
  const mark = lead !== null && lead !== undefined ? "lead" : tied ? "tie" : null;
  const pg = svgEl("g", { class: "tk-plaque tk-box", "data-space": `${sp.at[0]},${sp.at[1]}`,
    "data-owner": lead ?? "", "data-guarded": sp.guard !== null && sp.guard !== undefined ? "1" : "0",
    "data-tied": tied ? sp.tied.join(",") : "" }, g);
  const h = TOP.y1 - TOP.y0;
  const vx = mark ? x - 15 : x - 8.5;
  svgEl("rect", { x: vx, y: y + TOP.y0, width: 17, height: h, rx: 2.5, class: "tk-level" }, pg);
  svgText(pg, vx + 8.5, y + TOP.y1 - 2.4, sp.value, "tk-value");
  const name = words.names.get(`${sp.at[0]},${sp.at[1]}`);
  let title = fill(name ? _("Temple %(name)s, value %(value)s") : _("Temple, value %(value)s"), { name, value: sp.value });
  if (mark === "lead") {
    const mx = x + 9, my = y + (TOP.y0 + TOP.y1) / 2;
    if (sp.guard !== null && sp.guard !== undefined) {
      svgEl("path", { d: `M${mx - 6},${my - 6} h12 v5 q0,6 -6,8 q-6,-2 -6,-8 z`, class: "tk-guard", fill: seat(lead).colour,
        "data-seat": lead }, pg);
      title += `: ${fill(_("guarded by %(name)s (it scores for them)"), { name: words.seatName(lead) })}`;
    } else {
      seatShape(pg, lead, mx, my, 12, "tk-owner");
      crown(pg, mx, my, 3.6, seat(lead).ink);
      title += `: ${fill(_("%(name)s leads it"), { name: words.seatName(lead) })}`;
    }
  } else if (mark === "tie") {
    const mx = x + 9, my = y + (TOP.y0 + TOP.y1) / 2;
    svgEl("circle", { cx: mx, cy: my, r: 6, class: "tk-tie" }, pg);
    svgText(pg, mx, my + 3.4, "=", "tk-tie-mark");
    title += `: ${fill(_("tied (%(names)s), nobody scores it now"), { names: sp.tied.map((n) => words.seatName(n)).join(", ") })}`;
  } else {
    title += `: ${_("nobody leads it")}`;
  }
  svgTitle(pg, title);
}

/** A camp: a tent in its owner's colour, its door in the owner's shape; its base on ``bottom``. */
export function drawCamp(parent, x, bottom, owner, name) {
  const g = svgEl("g", { class: "tk-camp tk-box", "data-seat": owner }, parent);
  svgEl("polygon", { points: `${x - 12},${bottom} ${x},${bottom - 12} ${x + 12},${bottom}`, fill: seat(owner).colour, class: "tk-camp-tent" }, g);
  seatShape(g, owner, x, bottom - 3.2, 5.5, "tk-camp-door", "#fff");
  svgTitle(g, fill(_("%(name)s's camp"), { name }));
  return g;
}

/** The hex in hand as a picture, turned ``rotation`` sixths (its stones from the view's ``turned``). */
export function hexPreview(hx, rotation, words) {
  const box = document.createElement("div");
  box.className = "tk-hand-hex";
  const svg = svgEl("svg", { viewBox: `${-R - 2} ${-R * 0.9} ${2 * R + 4} ${R * 1.8}`, class: "tk-hand-svg", role: "img",
    "aria-label": hx.kind === "volcano" ? words.hex(hx) : fill(_("%(hex)s, its stones as turned now"), { hex: words.hex(hx) }), "data-rotation": rotation });
  const g = svgEl("g", { class: `tk-tile tk-k-${hx.kind}` }, svg);
  drawHexArt(g, 0, 0, { ...hx, stones: hx.turned ? hx.turned[rotation] : hx.stones });
  drawTopMark(g, 0, 0, { kind: hx.kind, value: hx.value, treasures: hx.treasures, at: ["", ""], explorers: [] }, words);
  box.appendChild(svg);
  return box;
}
