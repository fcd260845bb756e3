// The map itself, drawn once per map: territories (patterned by biome), water, borders, the ridge, paths,
// names, and the empty layers the pieces are drawn into (pieces.js). Labels go where geometry.js finds room.

import { svgEl, svgTitle, useSymbol } from "./dom.js";
import { SIZE, borderLines, obstaclesOf, placeLabel, polyPath } from "./geometry.js";
import { BIOME_NAMES } from "./words.js";
import { _, fill } from "../../shell/words.js";

/** Widths measured, by class and text: every label's is measured at once, in one layout of the page (one
 * probe at a time forced a layout per name: most of the map's drawing time on a slow phone). */
const widths = new Map();

function measureAll(svg, items) {
  const probes = items.filter(([text, cls]) => !widths.has(`${cls}|${text}`)).map(([text, cls]) => {
    const probe = svgEl("text", { class: cls, x: 0, y: 0 }, svg);
    probe.textContent = text;
    return [`${cls}|${text}`, probe];
  });
  for (const [k, probe] of probes) {
    let w = 0;
    try { w = probe.getComputedTextLength(); } catch { w = 0; }
    if (w > 0) widths.set(k, w);
  }
  for (const [, probe] of probes) probe.remove();
}

/** A text's width in map units, measured in the SVG when it is laid out, else estimated generously. */
function measure(svg, text, cls) {
  if (!widths.has(`${cls}|${text}`)) measureAll(svg, [[text, cls]]);
  const w = widths.get(`${cls}|${text}`) || 0;
  const size = cls.includes("iw-water-name") || cls.includes("iw-ridge-name") ? SIZE.smallFont : SIZE.font;
  return w > 0 ? w + 2 : text.length * size * 0.62;
}

function twoLines(name) {
  const words = name.split(" ");
  if (words.length < 2) return null;
  let best = null;
  for (let i = 1; i < words.length; i += 1) {
    const a = words.slice(0, i).join(" "), b = words.slice(i).join(" ");
    if (!best || Math.max(a.length, b.length) < Math.max(best[0].length, best[1].length)) best = [a, b];
  }
  return best;
}

const BADGE = { w: 34, h: 18 }; // a feats' badge ("★×3"), where the game plays with feats

/** The ways a name may be set: one line or two; with the feats' badge on its right, or below it. */
function variants(name, badges) {
  const rows = [[name], twoLines(name)].filter(Boolean);
  if (!badges) return rows.map((parts) => ({ parts, badge: null }));
  return [...rows.map((parts) => ({ parts, badge: "right" })), ...rows.map((parts) => ({ parts, badge: "below" }))];
}

function sizeOf(svg, v) {
  const lineH = SIZE.font * 1.15;
  const textW = Math.max(...v.parts.map((p) => measure(svg, p, "iw-name-text")));
  const nameW = SIZE.icon + 3 + textW + 4, nameH = Math.max(lineH * v.parts.length, SIZE.icon) + 2;
  if (v.badge === "right") return { textW, lineH, nameW, nameH, w: nameW + BADGE.w + 2, h: Math.max(nameH, BADGE.h + 2) };
  if (v.badge === "below") return { textW, lineH, nameW, nameH, w: Math.max(nameW, BADGE.w), h: nameH + BADGE.h + 3 };
  return { textW, lineH, nameW, nameH, w: nameW, h: nameH };
}

/** Territory names: [icon] name (and room for the feats' badge), inside the territory, clear of everything. */
function layoutNames(svg, map, geo, obstacles, lines, badges) {
  const out = new Map();
  const order = [...map.territories].sort((a, b) => a.tent_spaces.length - b.tent_spaces.length);
  for (const t of order) {
    const options = variants(t.name, badges);
    let found = null;
    for (const v of options) {
      const size = sizeOf(svg, v);
      const box = placeLabel(geo, obstacles, lines, { cx: t.x, cy: t.y, w: size.w, h: size.h, tid: t.id, reach: 130 });
      if (box) { found = { box, ...v, ...size }; break; }
    }
    if (!found) { // nowhere clear inside: the nearest clear place anywhere, else its centre
      const v = options[options.length - 1];
      const size = sizeOf(svg, v);
      const box = placeLabel(geo, obstacles, lines, { cx: t.x, cy: t.y, w: size.w, h: size.h, reach: 200 })
        || { x0: t.x - size.w / 2, y0: t.y - size.h / 2, x1: t.x + size.w / 2, y1: t.y + size.h / 2 };
      found = { box, ...v, ...size };
    }
    obstacles.boxes.push(found.box);
    out.set(t.id, found);
  }
  return out;
}

function drawName(layer, t, place) {
  const { box, parts, textW, lineH, nameW, nameH, badge } = place;
  const g = svgEl("g", { class: `iw-name iw-b-${t.biome}`, "data-territory": t.id, "data-label": t.id }, layer);
  const x0 = badge === "below" ? (box.x0 + box.x1) / 2 - nameW / 2 : box.x0;
  const midY = badge === "below" ? box.y0 + nameH / 2 : (box.y0 + box.y1) / 2;
  const textX = x0 + SIZE.icon + 3;
  svgEl("rect", { class: "iw-name-plate", x: x0, y: midY - nameH / 2, width: nameW, height: nameH, rx: 5 }, g);
  const ic = svgEl("g", { class: "iw-name-icon", transform: `translate(${x0 + 1 + SIZE.icon / 2},${midY}) scale(${SIZE.icon / 20})` }, g);
  useSymbol(`iw-i-${t.biome}`, {}, ic);
  parts.forEach((part, i) => {
    const y = midY - (lineH * parts.length) / 2 + lineH * (i + 0.76);
    const text = svgEl("text", { class: "iw-name-text", x: textX, y }, g);
    text.textContent = part;
  });
  // the feats' badge goes in the room kept for it (pieces.js fills it)
  let at = null;
  if (badge === "right") at = [x0 + nameW + 2 + BADGE.w / 2, midY];
  if (badge === "below") at = [(box.x0 + box.x1) / 2, box.y1 - BADGE.h / 2 - 1];
  svgTitle(g, `${t.name}: ${BIOME_NAMES[t.biome] || t.biome}`);
  if (!at) return null;
  return svgEl("g", { class: "iw-feat-slot", "data-feat-slot": t.id, transform: `translate(${at[0]},${at[1]})` }, g);
}

function ridgeLines(map) {
  const out = [];
  for (const r of map.ridges || []) {
    for (let i = 1; i < r.points.length; i += 1) {
      out.push([{ x: r.points[i - 1][0], y: r.points[i - 1][1] }, { x: r.points[i][0], y: r.points[i][1] }]);
    }
  }
  return out;
}

function drawWaterAndRidges(layer, svg, map, geo, obstacles, all) {
  const h = SIZE.smallFont * 1.25;
  for (const w of map.water_features || []) {
    const width = measure(svg, w.name, "iw-water-name") + 8;
    const box = placeLabel(geo, obstacles, all, { cx: w.x, cy: w.y, w: width, h, reach: 90, step: 3 });
    if (!box) continue;
    obstacles.boxes.push(box);
    const g = svgEl("g", { class: "iw-water-label", "data-label": w.name }, layer);
    svgEl("rect", { class: "iw-label-plate", x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, rx: 6 }, g);
    const text = svgEl("text", { class: "iw-water-name", x: (box.x0 + box.x1) / 2, y: box.y1 - h * 0.28 }, g);
    text.textContent = w.name;
  }
  for (const r of map.ridges || []) {
    const label = r.name;
    const width = measure(svg, label, "iw-ridge-name") + 8;
    const mid = r.points[Math.floor(r.points.length / 2)];
    const box = placeLabel(geo, obstacles, all, { cx: mid[0], cy: mid[1], w: width, h, reach: 110, step: 3 });
    if (!box) continue;
    obstacles.boxes.push(box);
    const g = svgEl("g", { class: "iw-ridge-label", "data-label": r.name }, layer);
    svgEl("rect", { class: "iw-label-plate", x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, rx: 6 }, g);
    const text = svgEl("text", { class: "iw-ridge-name", x: (box.x0 + box.x1) / 2, y: box.y1 - h * 0.28 }, g);
    text.textContent = label;
    svgTitle(g, fill(_("%(name)s: a border with no connection (nothing scores across it)"), { name: r.name }));
  }
}

/** Draw the whole static map into `svg`; returns its layers (the pieces go in them) and the feats' slots
 * (`badges`: the game plays with feats, so every name keeps room for a badge). */
export function drawMap(svg, map, geo, badges = false) {
  svg.replaceChildren();
  svg.setAttribute("viewBox", `0 0 ${geo.W} ${geo.H}`);
  const layers = {};
  const layer = (name) => { layers[name] = svgEl("g", { class: `iw-${name}` }, svg); return layers[name]; };

  measureAll(svg, [
    ...map.territories.flatMap((t) => variants(t.name, badges).flatMap((v) => v.parts)).map((text) => [text, "iw-name-text"]),
    ...(map.water_features || []).map((w) => [w.name, "iw-water-name"]),
    ...(map.ridges || []).map((r) => [r.name, "iw-ridge-name"]),
  ]);
  layer("land");
  for (const t of map.territories) {
    const g = svgEl("g", { class: `iw-terr iw-b-${t.biome}`, "data-territory": t.id }, layers.land);
    for (const poly of geo.byTerritory.get(t.id) || []) svgEl("path", { d: polyPath(poly) }, g);
    svgTitle(g, `${t.name} (${BIOME_NAMES[t.biome] || t.biome})`);
  }
  const water = layer("water");
  for (const w of map.water_features || []) svgEl("ellipse", { cx: w.x, cy: w.y, rx: w.rx, ry: w.ry }, water);
  const borders = layer("borders");
  svgEl("path", { d: geo.borders.map(({ p, q }) => `M${p.x.toFixed(1)},${p.y.toFixed(1)}L${q.x.toFixed(1)},${q.y.toFixed(1)}`).join("") }, borders);
  svgEl("rect", { class: "iw-frame", x: 1, y: 1, width: geo.W - 2, height: geo.H - 2 }, borders);
  const ridges = layer("ridges");
  for (const r of map.ridges || []) {
    const pts = r.points.map((p) => p.join(",")).join(" ");
    svgEl("polyline", { class: "iw-ridge-base", points: pts }, ridges);
    svgEl("polyline", { class: "iw-ridge-teeth", points: pts }, ridges);
    svgTitle(ridges, fill(_("%(name)s: a border with no connection (nothing scores across it)"), { name: r.name }));
  }
  layer("lit");
  const paths = layer("paths");
  for (const p of map.paths) {
    const a = geo.spaces.get(p.a), b = geo.spaces.get(p.b);
    svgEl("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, "data-path": p.id, "data-a": p.a, "data-b": p.b }, paths);
  }
  layer("names");
  layer("conns");
  layer("totems");
  layer("spaces");
  layer("marks");
  layer("hits");

  const lines = [...borderLines(geo), ...ridgeLines(map)];
  const obstacles = obstaclesOf(map, geo);
  const names = layoutNames(svg, map, geo, obstacles, lines, badges);
  const slots = new Map();
  for (const t of map.territories) {
    const slot = drawName(layers.names, t, names.get(t.id));
    if (slot) slots.set(t.id, slot);
  }
  drawWaterAndRidges(layers.names, svg, map, geo, obstacles, lines);
  return { layers, slots };
}
