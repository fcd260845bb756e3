// Tikal's pieces: explorer tokens (workers with their count, the leader crowned), each seat in its colour and
// shape, laid out in rows that keep them off the stones and off the space's other marks.

import { svgEl, svgText, svgTitle, plural } from "./dom.js";
import { ROWS, ROW_WIDTH, TOKEN, TOKEN_GAP, TOP } from "./geometry.js";
import { seat } from "./words.js";
import { fill, n_ } from "../../shell/words.js";

/** A seat's shape, ``size`` across, centred on (x, y): round, square, pointed (a flat hexagon), notched. */
export function seatShape(parent, n, x, y, size, cls, fill) {
  const h = size / 2;
  const attrs = { class: cls, fill: fill || seat(n).colour, "data-seat": n };
  switch (seat(n).shape) {
    case "square":
      return svgEl("rect", { x: x - h, y: y - h, width: size, height: size, rx: size * 0.14, ...attrs }, parent);
    case "pointed":
      return svgEl("polygon", { points: [[-h, 0], [-h * 0.5, -h], [h * 0.5, -h], [h, 0], [h * 0.5, h], [-h * 0.5, h]]
        .map(([a, b]) => `${(x + a).toFixed(2)},${(y + b).toFixed(2)}`).join(" "), ...attrs }, parent);
    case "notched": {
      const k = h * 0.55;
      return svgEl("polygon", { points: [[-h, -k], [-k, -h], [k, -h], [h, -k], [h, k], [k, h], [-k, h], [-h, k]]
        .map(([a, b]) => `${(x + a).toFixed(2)},${(y + b).toFixed(2)}`).join(" "), ...attrs }, parent);
    }
    default:
      return svgEl("circle", { cx: x, cy: y, r: h, ...attrs }, parent);
  }
}

/** A small crown, centred on (x, y), ``s`` wide on each side. */
export function crown(parent, x, y, s, ink) {
  svgEl("path", { d: `M${x - s},${y + s * 0.8} L${x - s},${y - s * 0.5} L${x - s * 0.45},${y + s * 0.05} L${x},${y - s * 0.9}`
    + ` L${x + s * 0.45},${y + s * 0.05} L${x + s},${y - s * 0.5} L${x + s},${y + s * 0.8} Z`, fill: ink, class: "tk-crown" }, parent);
}

/** The tokens of a space: per seat (in seat order) its leader, then its workers as one token with their count. */
export function tokensOf(space) {
  const out = [];
  for (const e of space.explorers || []) {
    if (e.leader) out.push({ seat: e.seat, piece: "leader" });
    if (e.workers) out.push({ seat: e.seat, piece: "worker", count: e.workers });
  }
  return out;
}

/** Where each token goes: one row centred, two rows, then the top slot if it is free, else smaller tokens. */
export function layoutTokens(n, topFree) {
  if (!n) return { size: TOKEN, at: [] };
  const rowsY = [];
  let perRow = 3, size = TOKEN;
  if (n <= 3) rowsY.push(0);
  else if (n <= 6) rowsY.push((ROWS[0].y0 + ROWS[0].y1) / 2, (ROWS[1].y0 + ROWS[1].y1) / 2);
  else if (topFree && n <= 9) rowsY.push(TOP.y0 + TOKEN / 2 - 1, (ROWS[0].y0 + ROWS[0].y1) / 2, (ROWS[1].y0 + ROWS[1].y1) / 2);
  else {
    perRow = 4;
    size = (ROW_WIDTH - 3 * 1) / 4;
    rowsY.push((ROWS[0].y0 + ROWS[0].y1) / 2, (ROWS[1].y0 + ROWS[1].y1) / 2);
  }
  const at = [];
  let left = n;
  for (let r = 0; r < rowsY.length && left > 0; r += 1) {
    const rowsLeft = rowsY.length - r;
    const here = Math.min(perRow, Math.ceil(left / rowsLeft));
    const gap = perRow === 4 ? 1 : TOKEN_GAP;
    const width = here * size + (here - 1) * gap;
    for (let i = 0; i < here; i += 1) at.push({ x: -width / 2 + size / 2 + i * (size + gap), y: rowsY[r] });
    left -= here;
  }
  return { size, at };
}

/** Draw the explorers of ``space`` centred on (cx, cy); ``chosen`` = {seat, piece} marks the selected token. */
export function drawExplorers(parent, space, cx, cy, topFree, words, chosen) {
  const tokens = tokensOf(space);
  const { size, at } = layoutTokens(tokens.length, topFree);
  const k = `${space.at[0]},${space.at[1]}`;
  const bySeat = new Map();
  tokens.forEach((t, i) => {
    let g = bySeat.get(t.seat);
    if (!g) {
      const e = space.explorers.find((x) => x.seat === t.seat);
      g = svgEl("g", { class: `tk-explorers${e.leader ? " tk-has-leader" : ""}`, "data-seat": t.seat, "data-space": k,
        "data-workers": e.workers, "data-leader": e.leader ? "1" : "0" }, parent);
      svgTitle(g, `${words.seatName(t.seat)}: ${fill(e.leader ? n_("%(n)s worker and the leader", "%(n)s workers and the leader", e.workers) : n_("%(n)s worker", "%(n)s workers", e.workers), { n: e.workers })}`);
      bySeat.set(t.seat, g);
    }
    const x = cx + at[i].x, y = cy + at[i].y;
    const isChosen = chosen && chosen.seat === t.seat && chosen.piece === t.piece;
    if (isChosen) svgEl("circle", { cx: x, cy: y, r: size / 2 + 1.6, class: "tk-chosen-ring", "data-piece": t.piece }, g);
    token(g, t, x, y, size);
  });
}

function token(g, t, x, y, size) {
  const tg = svgEl("g", { class: `tk-token tk-box tk-${t.piece}-token`, "data-piece": t.piece }, g);
  if (t.piece === "leader") {
    seatShape(tg, t.seat, x, y, size, "tk-leader");
    crown(tg, x, y, size * 0.3, seat(t.seat).ink);
  } else {
    seatShape(tg, t.seat, x, y, size, "tk-worker");
    svgText(tg, x, y + size * 0.28, t.count, `tk-count${size < TOKEN ? " tk-small" : ""}`).setAttribute("fill", seat(t.seat).ink);
  }
}
