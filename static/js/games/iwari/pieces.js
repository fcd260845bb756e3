// What changes on the map, drawn again on every position: tents, totems, connections (mountains, factors,
// who would score them now), feats, settlements, the places lit for the step being chosen, and marks (the
// pieces of the turn in progress, or of the move a replay shows). Everything comes from the view.

import { joinWords, svgEl, svgTitle, useSymbol } from "./dom.js";
import { SIZE } from "./geometry.js";
import { FEAT_NAMES } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

/**
 * Draw `scene` on the map's layers. scene: { view, map, geo, layers, slots, tribe(n) -> {name, colour, third,
 * label}, seatName(n), territoryName(id), lit: {territories, spaces, totems, conns} (Sets), dim (bool), focus,
 * turnTerritory, marks: {spaces: Set, totems: Set, last?: the same for the log's last turn}, numbers: Map space id -> number shown on a lit space }.
 */
export function drawPieces(scene) {
  const { layers, view: v } = scene;
  for (const k of ["conns", "totems", "spaces", "marks", "hits", "lit"]) layers[k].replaceChildren();
  for (const slot of scene.slots.values()) slot.replaceChildren();
  if (!v) return;
  drawTerritories(scene);
  drawSettlements(scene);
  drawConnections(scene);
  drawSpaces(scene);
  drawTotems(scene);
  drawFeats(scene);
}

function drawTerritories(scene) {
  const { layers, geo, lit, view: v } = scene;
  for (const g of layers.land.children) {
    const tid = g.dataset.territory;
    g.classList.toggle("iw-is-lit", lit.territories.has(tid));
    g.classList.toggle("iw-is-dim", scene.dim && !lit.territories.has(tid));
    g.classList.toggle("iw-is-focus", scene.focus === tid);
  }
  for (const g of layers.names.querySelectorAll(".iw-name")) {
    g.classList.toggle("iw-is-dim", scene.dim && !lit.territories.has(g.dataset.territory));
  }
  if (scene.turnTerritory && geo.outline.has(scene.turnTerritory) && !v.finished) {
    svgEl("path", { class: "iw-turn-outline", d: geo.outline.get(scene.turnTerritory) }, layers.lit);
  }
  for (const tid of lit.territories) {
    if (geo.outline.has(tid)) svgEl("path", { class: "iw-lit", "data-lit": tid, d: geo.outline.get(tid) }, layers.lit);
  }
}

function drawSettlements(scene) {
  const inSettlement = new Map();
  (scene.view.settlements || []).forEach((groups, tribe) => {
    for (const g of groups) for (const sid of g) inSettlement.set(sid, tribe);
  });
  for (const line of scene.layers.paths.children) {
    const ta = inSettlement.get(line.dataset.a), tb = inSettlement.get(line.dataset.b);
    const on = ta !== undefined && ta === tb;
    line.setAttribute("class", on ? `iw-settled iw-stroke-${scene.tribe(ta).third ? "third" : ta}` : "");
  }
}

export function connWords(scene, c, cv, covered) {
  const a = scene.territoryName(c.a), b = scene.territoryName(c.b);
  let text = fill(c.kind === "water" ? _("Connection %(n)s, over water: %(a)s – %(b)s") : _("Connection %(n)s, over land: %(a)s – %(b)s"), { n: c.number, a, b });
  if (covered) return `${text}; ${_("under a mountain: it never scores")}`;
  if ((cv.factor || 1) > 1) text += ` ${fill(_("(scores ×%(n)s)"), { n: cv.factor })}`;
  if ((cv.scorers || []).length) text += `; ${fill(_("would score %(points)s now for %(names)s"), { points: cv.points, names: joinWords(cv.scorers.map(scene.seatName)) })}`;
  else text += `; ${_("would score nothing now")}`;
  return text;
}

function drawConnections(scene) {
  const { map, geo, layers, view: v, lit } = scene;
  const connView = new Map((v.connections || []).map((c) => [c.id, c]));
  const mountains = new Set(v.mountains || []);
  for (const c of map.connections) {
    const at = geo.markers.get(c.id);
    const cv = connView.get(c.id) || {};
    const covered = mountains.has(c.id);
    const cls = ["iw-conn", `iw-${c.kind}`];
    if (covered) cls.push("iw-covered");
    if (lit.conns.has(c.id)) cls.push("iw-target");
    if ((cv.scorers || []).length) cls.push("iw-scoring");
    const g = svgEl("g", { class: cls.join(" "), "data-conn": c.id, "data-box": `conn:${c.id}`,
      transform: `translate(${at.x.toFixed(1)},${at.y.toFixed(1)})` }, layers.conns);
    if (covered) {
      useSymbol("iw-s-mountain", {}, g);
      const n = svgEl("text", { class: "iw-mountain-num", y: 9.5 }, g);
      n.textContent = c.number;
    } else {
      if (c.kind === "water") svgEl("circle", { class: "iw-wave", r: 17.5 }, g);
      svgEl("circle", { class: "iw-disc", r: 13.5 }, g);
      const num = svgEl("text", { class: "iw-conn-num", y: 4.8 }, g);
      num.textContent = c.number;
      if ((cv.factor || 1) > 1) {
        const badge = svgEl("g", { class: "iw-factor", transform: "translate(10.5,-10.5)" }, g);
        svgEl("circle", { r: 8.5 }, badge);
        const t = svgEl("text", { y: 3.6 }, badge);
        t.textContent = `×${cv.factor}`;
      }
      if ((cv.scorers || []).length) svgEl("circle", { class: "iw-score-ring", r: 15.5 }, g);
    }
    if (lit.conns.has(c.id)) svgEl("circle", { class: "iw-ring", r: 19 }, g);
    svgTitle(g, connWords(scene, c, cv, covered));
    svgEl("circle", { class: "iw-hit", r: 20, "data-conn": c.id, cx: at.x.toFixed(1), cy: at.y.toFixed(1) }, layers.hits);
  }
}

function drawSpaces(scene) {
  const { map, layers, view: v, lit, marks } = scene;
  const spacesNow = v.spaces || {};
  for (const s of map.tent_spaces) {
    const tribe = spacesNow[s.id];
    const g = svgEl("g", { class: "iw-space", "data-space": s.id, "data-box": `space:${s.id}`, transform: `translate(${s.x},${s.y})` }, layers.spaces);
    const target = lit.spaces.has(s.id);
    if (target) g.classList.add("iw-target");
    if (tribe === null || tribe === undefined) {
      svgEl("circle", { class: "iw-empty", r: 10 }, g);
      const n = scene.numbers?.get(s.id);
      if (n) {
        const t = svgEl("text", { class: "iw-space-num", y: 4.2 }, g);
        t.textContent = n;
      }
    } else {
      const t = scene.tribe(tribe);
      g.classList.add("iw-occupied");
      if (t.third) g.classList.add("iw-third");
      const tent = useSymbol("iw-s-tent", { class: "iw-tent", fill: t.third ? "url(#iw-third-hatch)" : t.colour }, g);
      tent.dataset.tribe = tribe;
      if (!t.third) {
        const label = svgEl("text", { class: "iw-piece-num", y: 1.5 }, g);
        label.textContent = t.label;
      }
    }
    if (target) svgEl("circle", { class: "iw-ring", r: 17 }, g);
    if (marks.spaces.has(s.id)) svgEl("circle", { class: "iw-mark", r: 20, cx: s.x, cy: s.y }, layers.marks);
    if (marks.last?.spaces.has(s.id)) svgEl("circle", { class: "iw-mark iw-last last-turn", r: 23, cx: s.x, cy: s.y }, layers.marks);
    svgTitle(g, tribe === null || tribe === undefined ? fill(_("Tent space in %(territory)s: empty"), { territory: scene.territoryName(s.territory) })
      : fill(_("Tent in %(territory)s: %(name)s's"), { territory: scene.territoryName(s.territory), name: scene.tribe(tribe).name }));
    svgEl("circle", { class: "iw-hit", r: 26, cx: s.x, cy: s.y, "data-space": s.id }, layers.hits);
  }
}

function drawTotems(scene) {
  const { map, layers, view: v, lit, marks } = scene;
  const terrView = new Map((v.territories || []).map((t) => [t.id, t]));
  for (const t of map.territories) {
    const tc = t.totem_circle;
    if (!tc) continue;
    const tv = terrView.get(t.id) || { totems: [] };
    const g = svgEl("g", { class: "iw-totem-circle", "data-totem": t.id, "data-box": `circle:${t.id}`,
      transform: `translate(${tc.x},${tc.y})` }, layers.totems);
    const target = lit.totems.has(t.id);
    if (target) g.classList.add("iw-target");
    svgEl("circle", { class: "iw-circle", r: SIZE.circle - 2 }, g);
    const pieces = [];
    (tv.totems || []).forEach((n, tribe) => { for (let i = 0; i < n; i += 1) pieces.push(tribe); });
    const perRow = 3, dx = 13.5, dy = 19, scale = pieces.length > 3 ? 0.82 : 0.95;
    const rows = Math.ceil(pieces.length / perRow);
    pieces.forEach((tribe, i) => {
      const row = Math.floor(i / perRow), col = i % perRow;
      const inRow = Math.min(perRow, pieces.length - row * perRow);
      const x = (col - (inRow - 1) / 2) * dx, y = (row - (rows - 1) / 2) * dy;
      const info = scene.tribe(tribe);
      const holder = svgEl("g", { transform: `translate(${x},${y}) scale(${scale})` }, g);
      const totem = useSymbol("iw-s-totem", { class: "iw-totem", fill: info.third ? "url(#iw-third-hatch)" : info.colour }, holder);
      totem.dataset.tribe = tribe;
    });
    if (!pieces.length) {
      const label = svgEl("g", { class: "iw-circle-empty", transform: "scale(0.7)", opacity: 0.55 }, g);
      useSymbol("iw-s-totem", { fill: "none" }, label);
    }
    if (target) svgEl("circle", { class: "iw-ring", r: SIZE.circle + 2 }, g);
    if (marks.totems.has(t.id)) svgEl("circle", { class: "iw-mark", r: SIZE.circle + 5, cx: tc.x, cy: tc.y }, layers.marks);
    if (marks.last?.totems.has(t.id)) svgEl("circle", { class: "iw-mark iw-last last-turn", r: SIZE.circle + 8, cx: tc.x, cy: tc.y }, layers.marks);
    const room = tv.totem_room !== undefined ? `; ${fill(n_("room for %(n)s more totem", "room for %(n)s more totems", tv.totem_room), { n: tv.totem_room })}` : "";
    const held = pieces.length ? fill(n_("%(n)s totem", "%(n)s totems", pieces.length), { n: pieces.length }) : _("no totem yet");
    svgTitle(g, `${fill(_("%(territory)s: totem circle, %(held)s"), { territory: t.name, held })}${room}`);
    svgEl("circle", { class: "iw-hit", r: 30, cx: tc.x, cy: tc.y, "data-totem": t.id }, layers.hits);
  }
}

function drawFeats(scene) {
  const { view: v } = scene;
  const featsOn = new Map();
  for (const f of v.feats?.placed || []) {
    if (f.on !== "territory") continue;
    featsOn.set(f.at, [...(featsOn.get(f.at) || []), f]);
  }
  for (const [tid, list] of featsOn) {
    const slot = scene.slots.get(tid);
    if (!slot) continue;
    const g = svgEl("g", { class: "iw-feat", "data-feat": tid }, slot);
    svgEl("rect", { x: -17, y: -9, width: 34, height: 18, rx: 9 }, g);
    const text = svgEl("text", { y: 4.5 }, g);
    text.textContent = `★×${1 + list.length}`;
    svgTitle(g, `${fill(_("Scores ×%(n)s"), { n: 1 + list.length })}: ${list.map((f) => `${FEAT_NAMES[f.feat] || f.feat} (${scene.seatName(f.seat)})`).join(", ")}`);
  }
}
