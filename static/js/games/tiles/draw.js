// Tile geometry and drawing: a tile type of the catalogue becomes SVG markup.
//
// Notation: docs/tiles.md. A tile is a 100 x 100 square drawn at rotation 0 and turned with
// an SVG transform; sides N E S W, halves NNW NNE ENE ESE SSE SSW WSW WNW clockwise; x east, y SOUTH.
// Where a follower stands, and where icons go, is found on a small grid: the cities (polygons) and
// roads (thick lines) block it, and each connected free part is the field whose halves it touches.
import { joinWords } from "../../shell/words.js";
import { featureName } from "./words.js";


export const SIDES = ["N", "E", "S", "W"];
export const HALVES = ["NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"];
export const T = 100; // tile size in board units

const SIDE_MID = [[50, 0], [100, 50], [50, 100], [0, 50]];
const ROAD_HALF_WIDTH = 6;
const ICON_SCALE = 1.45; // icons are drawn in tile units: they grow and shrink with the tile
const CENTRE_RADIUS = 15; // a temple, cloister or crossing in the tile centre
const GRID = 25; // cells per tile side for the geometry grid (4 units: fine enough for a spot, 4 times quicker than 2)
const CELL = T / GRID;

const COLOURS = {
  field: "#a7c87a", fieldDark: "#8db25f", city: "#d8b36a", cityLight: "#e6c98b", wall: "#6b4a25",
  road: "#f3ead3", roadEdge: "#7b6a4e", edge: "#5b6b3a",
};

// ---------- small geometry helpers ----------

/** Rotate point p clockwise by `steps` quarter turns round the tile centre (SVG axes: y down). */
export function rotatePoint([x, y], steps) {
  let dx = x - 50, dy = y - 50;
  for (let i = 0; i < ((steps % 4) + 4) % 4; i++) [dx, dy] = [-dy, dx];
  return [50 + dx, 50 + dy];
}

/** The side index a side moves to after `steps` quarter turns. */
const turnSide = (side, steps) => (((side + steps) % 4) + 4) % 4;
const turnHalf = (half, steps) => (((half + 2 * steps) % 8) + 8) % 8;

function quad(p0, c, p1, n = 12) {
  const out = [];
  for (let i = 1; i <= n; i++) {
    const t = i / n, u = 1 - t;
    out.push([u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1]]);
  }
  return out;
}

/** A shape of moves [["M",x,y],["L",x,y],["Q",cx,cy,x,y]] turned by `steps`: its SVG path and polygon. */
function shape(moves, steps) {
  let d = "";
  const poly = [];
  let last = null;
  const r = (x, y) => rotatePoint([x, y], steps).map((v) => Math.round(v * 100) / 100);
  for (const [op, ...a] of moves) {
    if (op === "M" || op === "L") {
      const p = r(a[0], a[1]);
      d += `${op}${p[0]} ${p[1]} `;
      poly.push(p);
      last = p;
    } else if (op === "Q") {
      const c = r(a[0], a[1]), p = r(a[2], a[3]);
      d += `Q${c[0]} ${c[1]} ${p[0]} ${p[1]} `;
      poly.push(...quad(last, c, p));
      last = p;
    }
  }
  return { d: d.trim(), poly };
}

function box(points, margin) {
  const b = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) { b[0] = Math.min(b[0], x); b[1] = Math.min(b[1], y); b[2] = Math.max(b[2], x); b[3] = Math.max(b[3], y); }
  return [b[0] - margin, b[1] - margin, b[2] + margin, b[3] + margin];
}

const inBox = ([x, y], b) => x >= b[0] && y >= b[1] && x <= b[2] && y <= b[3];

function inPolygon([x, y], poly) {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i], [xj, yj] = poly[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distToSegment([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len)) : 0;
  const ex = px - ax - t * dx, ey = py - ay - t * dy;
  return Math.sqrt(ex * ex + ey * ey);
}

function distToPolyline(p, line) {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) best = Math.min(best, distToSegment(p, line[i - 1], line[i]));
  return best;
}

// ---------- city and road shapes (rotation 0 of the tile) ----------

/** How many quarter turns take `base` (side indexes) onto `sides`, or -1. */
function turnsOnto(base, sides) {
  const want = [...sides].sort().join();
  for (let k = 0; k < 4; k++) if (base.map((s) => turnSide(s, k)).sort().join() === want) return k;
  return -1;
}

/** A city's fill and wall paths and its polygon, from the sides it reaches. */
function cityShape(sides) {
  const n = sides.length;
  if (n === 4) {
    const s = shape([["M", 0, 0], ["L", 100, 0], ["L", 100, 100], ["L", 0, 100], ["L", 0, 0]], 0);
    return { fill: s.d + " Z", walls: [], poly: s.poly };
  }
  let fill, walls;
  if (n === 1) {
    const k = sides[0];
    fill = [["M", 0, 0], ["L", 100, 0], ["Q", 50, 52, 0, 0]];
    walls = [[["M", 100, 0], ["Q", 50, 52, 0, 0]]];
    return build(fill, walls, k);
  }
  if (n === 2 && turnsOnto([0, 2], sides) >= 0) {
    fill = [["M", 0, 0], ["L", 100, 0], ["Q", 58, 50, 100, 100], ["L", 0, 100], ["Q", 42, 50, 0, 0]];
    walls = [[["M", 100, 0], ["Q", 58, 50, 100, 100]], [["M", 0, 100], ["Q", 42, 50, 0, 0]]];
    return build(fill, walls, turnsOnto([0, 2], sides));
  }
  if (n === 2) {
    fill = [["M", 0, 0], ["L", 100, 0], ["L", 100, 100], ["Q", 60, 40, 0, 0]];
    walls = [[["M", 100, 100], ["Q", 60, 40, 0, 0]]];
    return build(fill, walls, turnsOnto([0, 1], sides));
  }
  fill = [["M", 0, 0], ["L", 100, 0], ["L", 100, 100], ["L", 0, 100], ["Q", 50, 50, 0, 0]];
  walls = [[["M", 0, 100], ["Q", 50, 50, 0, 0]]];
  return build(fill, walls, turnsOnto([0, 1, 2], sides));

  function build(f, ws, k) {
    const s = shape(f, k);
    return { fill: s.d + " Z", walls: ws.map((w) => shape(w, k).d), poly: s.poly };
  }
}

/** A road's centre line (polyline and SVG path) from the sides it reaches. */
function roadShape(sides) {
  const [a, b] = sides;
  const pa = SIDE_MID[a];
  if (sides.length === 1) return { d: `M${pa[0]} ${pa[1]} L50 50`, line: [pa, [50, 50]] };
  const pb = SIDE_MID[b];
  if ((a + 2) % 4 === b || (b + 2) % 4 === a) return { d: `M${pa[0]} ${pa[1]} L${pb[0]} ${pb[1]}`, line: [pa, pb] };
  return { d: `M${pa[0]} ${pa[1]} Q50 50 ${pb[0]} ${pb[1]}`, line: [pa, ...quad(pa, [50, 50], pb, 16)] };
}

function pointAlong(line, fraction) {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
  let want = total * fraction;
  for (let i = 1; i < line.length; i++) {
    const len = Math.hypot(line[i][0] - line[i - 1][0], line[i][1] - line[i - 1][1]);
    if (want <= len && len > 0) {
      const t = want / len;
      return [line[i - 1][0] + t * (line[i][0] - line[i - 1][0]), line[i - 1][1] + t * (line[i][1] - line[i - 1][1])];
    }
    want -= len;
  }
  return line[line.length - 1];
}

// ---------- the grid: fields and free spots ----------

function cellCentre(i, j) { return [(i + 0.5) * CELL, (j + 0.5) * CELL]; }

/** The halves a border cell touches (by index), rotation 0. */
function borderHalves(i, j) {
  const out = [];
  const [x, y] = cellCentre(i, j);
  if (j === 0) out.push(x < 50 ? 0 : 1);
  if (i === GRID - 1) out.push(y < 50 ? 2 : 3);
  if (j === GRID - 1) out.push(x > 50 ? 4 : 5);
  if (i === 0) out.push(y > 50 ? 6 : 7);
  return out;
}

/** Chamfer distance (board units) from each cell to the nearest cell where `blocked` is true. */
function distanceMap(blocked) {
  const n = GRID, inf = 1e9, d = new Float64Array(n * n);
  for (let k = 0; k < n * n; k++) d[k] = blocked[k] ? 0 : inf;
  const a = CELL, b = CELL * Math.SQRT2;
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
    const k = j * n + i;
    if (i > 0) d[k] = Math.min(d[k], d[k - 1] + a);
    if (j > 0) {
      d[k] = Math.min(d[k], d[k - n] + a);
      if (i > 0) d[k] = Math.min(d[k], d[k - n - 1] + b);
      if (i < n - 1) d[k] = Math.min(d[k], d[k - n + 1] + b);
    }
  }
  for (let j = n - 1; j >= 0; j--) for (let i = n - 1; i >= 0; i--) {
    const k = j * n + i;
    if (i < n - 1) d[k] = Math.min(d[k], d[k + 1] + a);
    if (j < n - 1) {
      d[k] = Math.min(d[k], d[k + n] + a);
      if (i < n - 1) d[k] = Math.min(d[k], d[k + n + 1] + b);
      if (i > 0) d[k] = Math.min(d[k], d[k + n - 1] + b);
    }
  }
  return d;
}

/** Up to `count` spots among `cells` (grid indexes): the roomiest first, then spread apart. */
function pickSpots(cells, clearance, count, taken = [], minGap = 20, edgeWeight = 0.8) {
  const out = [];
  if (!cells.length) return out;
  let cx = 0, cy = 0;
  for (const k of cells) { const [x, y] = cellCentre(k % GRID, Math.floor(k / GRID)); cx += x; cy += y; }
  cx /= cells.length; cy /= cells.length;
  const chosen = [...taken];
  for (let n = 0; n < count; n++) {
    let best = null, bestScore = -Infinity;
    for (const k of cells) {
      const px = ((k % GRID) + 0.5) * CELL, py = (Math.floor(k / GRID) + 0.5) * CELL;
      let gap = Infinity;
      for (const q of chosen) gap = Math.min(gap, Math.sqrt((px - q[0]) ** 2 + (py - q[1]) ** 2));
      if (gap < minGap && chosen.length) continue;
      const edge = Math.min(px, py, T - px, T - py);
      const room = Math.min(clearance[k], edgeWeight * edge + 2, 16);
      const score = room - 0.08 * Math.sqrt((px - cx) ** 2 + (py - cy) ** 2) + (chosen.length ? Math.min(gap, 40) * 0.05 : 0);
      if (score > bestScore) { bestScore = score; best = [px, py]; }
    }
    if (!best) break;
    out.push(best);
    chosen.push(best);
  }
  return out;
}

// ---------- tile models ----------

/**
 * The drawing model of one tile type at rotation 0: segments with their shapes, the spot where a
 * follower stands (`anchor`) and spots for icons.
 */
export function tileModel(type) {
  const bonusKey = "scrolls" in (type.cities[0] || {}) ? "scrolls" : "pennants";
  const cities = (type.cities || []).map((c) => {
    const sides = c.sides.map((s) => SIDES.indexOf(s)).sort();
    return { kind: "city", sides, halves: [], bonus: c[bonusKey] || c.scrolls || c.pennants || 0, ...cityShape(sides) };
  });
  const roads = (type.roads || []).map((r) => {
    const sides = r.sides.map((s) => SIDES.indexOf(s)).sort((a, b) => a - b);
    return { kind: "road", sides, halves: [], oases: r.oases || 0, ...roadShape(sides) };
  });
  const fields = (type.fields || []).map((f) => ({
    kind: "field", sides: [], halves: f.halves.map((h) => HALVES.indexOf(h)), sheep: f.sheep || 0,
    wolves: f.wolves || 0, cities: f.cities || [],
  }));
  const stubs = roads.filter((r) => r.sides.length === 1).length;
  const centreCity = cities.some((c) => inPolygon([50, 50], c.poly));
  let centre = null;
  if (type.temple) centre = "temple";
  else if (type.cloister) centre = "cloister";
  else if (stubs && !centreCity) centre = "crossing";

  // The grid: which cells are city, road or the centre piece; the rest is field.
  const n = GRID;
  const owner = new Int16Array(n * n).fill(-1); // -1 free, -2 road/centre, c >= 0 city index
  // each shape's box first: most cells are outside most shapes, and the exact tests are the costly part
  const cityBoxes = cities.map((c) => box(c.poly, 0));
  const roadBoxes = roads.map((r) => box(r.line, ROAD_HALF_WIDTH));
  const p = [0, 0];
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) {
    p[0] = (i + 0.5) * CELL; p[1] = (j + 0.5) * CELL;
    const k = j * n + i;
    let city = -1;
    for (let c = 0; c < cities.length && city < 0; c++) if (inBox(p, cityBoxes[c]) && inPolygon(p, cities[c].poly)) city = c;
    if (city >= 0) { owner[k] = city; continue; }
    let road = false;
    for (let r = 0; r < roads.length && !road; r++) road = inBox(p, roadBoxes[r]) && distToPolyline(p, roads[r].line) <= ROAD_HALF_WIDTH;
    if (road) owner[k] = -2;
    else if (centre && (p[0] - 50) ** 2 + (p[1] - 50) ** 2 <= CENTRE_RADIUS ** 2) owner[k] = -2;
  }
  // Flood-fill the free cells into parts; a part belongs to the field whose halves it touches.
  const part = new Int32Array(n * n).fill(-1);
  const fieldCells = fields.map(() => []);
  let parts = 0;
  for (let start = 0; start < n * n; start++) {
    if (owner[start] !== -1 || part[start] >= 0) continue;
    const stack = [start], cells = [], touched = new Set();
    part[start] = parts;
    while (stack.length) {
      const k = stack.pop(), i = k % n, j = Math.floor(k / n);
      cells.push(k);
      for (const h of borderHalves(i, j)) touched.add(h);
      for (const [di, dj] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const a = i + di, b = j + dj, m = b * n + a;
        if (a >= 0 && b >= 0 && a < n && b < n && owner[m] === -1 && part[m] < 0) { part[m] = parts; stack.push(m); }
      }
    }
    parts++;
    const f = fields.findIndex((fd) => fd.halves.some((h) => touched.has(h)));
    if (f >= 0) fieldCells[f].push(...cells);
  }
  const freeMask = new Uint8Array(n * n);
  for (let k = 0; k < n * n; k++) freeMask[k] = owner[k] === -1 ? 0 : 1;
  const fieldRoom = distanceMap(freeMask);
  fields.forEach((f, idx) => {
    const spots = pickSpots(fieldCells[idx], fieldRoom, 1 + f.sheep + f.wolves);
    f.anchor = spots[0] || halfPoint(f.halves[0]);
    f.icons = spots.slice(1);
    while (f.icons.length < f.sheep + f.wolves) f.icons.push(f.anchor);
  });
  cities.forEach((c, idx) => {
    const mask = new Uint8Array(n * n);
    const cells = [];
    for (let k = 0; k < n * n; k++) { if (owner[k] === idx) cells.push(k); else mask[k] = 1; }
    const room = distanceMap(mask);
    const spots = pickSpots(cells, room, 1 + c.bonus, [], 18, 3);
    c.anchor = spots[0] || [50, 50];
    c.icons = spots.slice(1);
    while (c.icons.length < c.bonus) c.icons.push(c.anchor);
  });
  roads.forEach((r) => {
    let end = 1;
    if (r.sides.length === 1) {
      // the road stops at a city gate, or at the centre piece
      for (let t = 0; t <= 1; t += 0.02) {
        const p = pointAlong(r.line, t);
        if (cities.some((c) => inPolygon(p, c.poly))) { end = t; r.gate = p; break; }
      }
      if (!r.gate && centre) end = (50 - CENTRE_RADIUS) / 50;
      r.anchor = pointAlong(r.line, end * 0.55);
      r.icons = r.oases ? [pointAlong(r.line, end * 0.2)] : [];
    } else {
      r.anchor = pointAlong(r.line, 0.5);
      r.icons = Array.from({ length: r.oases }, (_, i) => pointAlong(r.line, 0.3 + 0.4 * i));
    }
  });
  const segments = [...cities, ...roads, ...fields];
  if (type.cloister) segments.push({ kind: "cloister", sides: [], halves: [], anchor: [50, 50], icons: [] });
  return { type, cities, roads, fields, centre, segments, id: type.id };
}

/** A model kept in storage made whole again (its segments, its type). */
function revive(kept, type) {
  const segments = [...kept.cities, ...kept.roads, ...kept.fields];
  if (type.cloister) segments.push({ kind: "cloister", sides: [], halves: [], anchor: [50, 50], icons: [] });
  return { type, cities: kept.cities, roads: kept.roads, fields: kept.fields, centre: kept.centre, segments, id: type.id };
}

/** A short hash of a text (which catalogue the kept models belong to). */
function hashText(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

function halfPoint(h) {
  return [[25, 8], [75, 8], [92, 25], [92, 75], [75, 92], [25, 92], [8, 75], [8, 25]][h];
}

/** Words for a direction inside a tile, from a point (board orientation). */
export function placeWords([x, y]) {
  const dx = x - 50, dy = y - 50;
  if (Math.hypot(dx, dy) < 12) return "centre";
  const ns = dy < -12 ? "north" : dy > 12 ? "south" : "";
  const ew = dx > 12 ? "east" : dx < -12 ? "west" : "";
  return ns && ew ? `${ns}-${ew}` : ns || ew;
}

export class Catalogue {
  /** The tile types of one game, with their drawing models (computed once, on demand). */
  constructor(list, game) {
    this.game = game;
    this.types = new Map(list.map((t) => [String(t.id), t]));
    this.models = new Map();
    this.start = list.find((t) => t.start);
  }

  /** The markup of a tile kind in a rotation (made the first time it is needed, then reused). */
  art(id, rotation) {
    const k = `${id}:${rotation}`;
    this.arts ??= new Map();
    if (!this.arts.has(k)) this.arts.set(k, tileSVG(this, id, rotation));
    return this.arts.get(k);
  }

  model(id) {
    id = String(id);
    if (!this.models.has(id)) {
      const kept = this.kept()[id];
      this.models.set(id, kept ? revive(kept, this.types.get(id)) : tileModel(this.types.get(id)));
      if (!kept) this.keep(id);
    }
    return this.models.get(id);
  }

  /** The models worked out on an earlier visit (the browser's storage, per catalogue): a phone does the
   * geometry of a tile kind once, not at every page. */
  kept() {
    if (this.stored !== undefined) return this.stored;
    this.storeKey = `tile-models:2:${this.game}:${hashText(JSON.stringify([...this.types.values()]))}`;
    try { this.stored = JSON.parse(window.localStorage?.getItem(this.storeKey) || "{}"); } catch { this.stored = {}; }
    return this.stored;
  }

  keep(id) {
    const m = this.models.get(id);
    this.stored[id] = {
      centre: m.centre,
      cities: m.cities.map(({ poly, ...c }) => c),
      roads: m.roads.map(({ line, ...r }) => r),
      fields: m.fields,
    };
    clearTimeout(this.saving);
    this.saving = setTimeout(() => {
      try { window.localStorage?.setItem(this.storeKey, JSON.stringify(this.stored)); } catch { /* full or off */ }
    }, 500);
  }

  /**
   * The segment a place name (board orientation, e.g. "N", "SSW", "cloister") names on a tile laid with
   * `rotation` degrees, and the point (board orientation, tile units) where its piece stands.
   */
  segmentAt(id, rotation, name) {
    const m = this.model(id);
    const steps = Math.round(rotation / 90) % 4;
    let seg = null;
    if (name === "cloister") seg = m.segments.find((s) => s.kind === "cloister");
    else if (SIDES.includes(name)) {
      const side = turnSide(SIDES.indexOf(name), -steps);
      seg = m.segments.find((s) => s.sides.includes(side));
    } else if (HALVES.includes(name)) {
      const half = turnHalf(HALVES.indexOf(name), -steps);
      seg = m.segments.find((s) => s.halves.includes(half));
    }
    if (!seg) return null;
    return { segment: seg, kind: seg.kind, point: rotatePoint(seg.anchor, steps) };
  }

  /** A short description of a tile type: "city and road", "temple", ... */
  describe(id) {
    const t = this.types.get(String(id));
    if (!t) return "";
    const parts = [];
    if (t.cities.length) parts.push(featureName("city"));
    if (t.roads.length) parts.push(featureName("road"));
    if (t.temple) parts.push(featureName("temple"));
    if (t.cloister) parts.push(featureName("cloister"));
    if (!parts.length) parts.push(featureName("field"));
    return joinWords(parts);
  }
}

// ---------- drawing ----------

/** SVG markup of a tile type turned `rotation` degrees, in a 100 x 100 box at the origin. */
export function tileSVG(catalogue, id, rotation = 0, { icons = true } = {}) {
  const m = catalogue.model(id);
  const steps = Math.round(rotation / 90) % 4;
  let s = `<g class="tile-art" transform="rotate(${steps * 90} 50 50)">`;
  s += `<rect width="100" height="100" fill="${COLOURS.field}" stroke="${COLOURS.edge}" stroke-opacity="0.3" stroke-width="0.8"/>`;
  for (const r of m.roads) s += `<path d="${r.d}" stroke="${COLOURS.roadEdge}" stroke-width="${2 * ROAD_HALF_WIDTH + 2}" fill="none" stroke-linecap="butt"/>`;
  for (const r of m.roads) s += `<path d="${r.d}" stroke="${COLOURS.road}" stroke-width="${2 * ROAD_HALF_WIDTH - 2}" fill="none" stroke-linecap="butt"/>`;
  for (const c of m.cities) {
    s += `<path d="${c.fill}" fill="${COLOURS.city}"/>`;
    for (const w of c.walls) s += `<path d="${w}" fill="none" stroke="${COLOURS.wall}" stroke-width="4" stroke-linecap="round"/>`;
  }
  for (const r of m.roads) {
    if (!r.gate) continue;
    s += `<circle cx="${r.gate[0]}" cy="${r.gate[1]}" r="5" fill="${COLOURS.wall}"/>`;
  }
  s += `</g>`;
  if (m.centre === "crossing") s += `<use href="#i-crossing" x="50" y="50"/>`;
  if (m.centre === "temple") s += `<use href="#i-temple" x="50" y="50"/>`;
  if (m.centre === "cloister") s += `<use href="#i-cloister" x="50" y="50"/>`;
  if (icons) {
    const place = (p, icon) => {
      const [x, y] = rotatePoint(p, steps);
      s += `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${ICON_SCALE})"><use href="#i-${icon}"/></g>`;
    };
    const pennant = catalogue.game === "carcassonne" ? "pennant" : "scroll";
    for (const c of m.cities) c.icons.slice(0, c.bonus).forEach((p) => place(p, pennant));
    for (const r of m.roads) r.icons.forEach((p) => place(p, "oasis"));
    for (const f of m.fields) {
      const kinds = [...Array(f.sheep).fill("sheep"), ...Array(f.wolves).fill("wolf")];
      kinds.forEach((k, i) => place(f.icons[i], k));
    }
  }
  s += `<rect width="100" height="100" fill="none" stroke="none"/>`; // the frame highlights draw on
  return s;
}

/** The <defs> with the icons (each drawn round its own origin), the pieces and the Ark. */
export function iconDefs() {
  return `
  <symbol id="i-sheep" overflow="visible"><g transform="translate(-8 -6)">
    <ellipse cx="8" cy="7" rx="7" ry="5" fill="#fff" stroke="#333" stroke-width="1"/>
    <circle cx="3" cy="4" r="2.6" fill="#333"/><rect x="4" y="11" width="1.5" height="3" fill="#333"/>
    <rect x="10" y="11" width="1.5" height="3" fill="#333"/></g></symbol>
  <symbol id="i-wolf" overflow="visible"><g transform="translate(-8 -8)">
    <path d="M1 2 L5 6 L11 6 L15 2 L14 10 L8 15 L2 10 Z" fill="#5a5a66" stroke="#1d1d22" stroke-width="1"/>
    <circle cx="5.5" cy="9" r="1.2" fill="#ffd84a"/><circle cx="10.5" cy="9" r="1.2" fill="#ffd84a"/></g></symbol>
  <symbol id="i-scroll" overflow="visible"><g transform="translate(-8 -5)">
    <rect x="2" y="1" width="12" height="8" fill="#fbf3dc" stroke="#6b4a25" stroke-width="1"/>
    <rect x="0" y="0" width="3" height="10" rx="1.5" fill="#c9a46a" stroke="#6b4a25" stroke-width="1"/>
    <rect x="13" y="0" width="3" height="10" rx="1.5" fill="#c9a46a" stroke="#6b4a25" stroke-width="1"/>
    <path d="M5 4 H11 M5 6 H10" stroke="#6b4a25" stroke-width="0.8"/></g></symbol>
  <symbol id="i-pennant" overflow="visible"><g transform="translate(-7 -8)">
    <path d="M0 0 H14 V8 L7 15 L0 8 Z" fill="#1f4e9c" stroke="#fff" stroke-width="1.2"/>
    <path d="M3 3 H11 V7 L7 11 L3 7 Z" fill="#fff" opacity="0.85"/></g></symbol>
  <symbol id="i-oasis" overflow="visible"><g transform="translate(-8 -9)">
    <ellipse cx="8" cy="14" rx="8" ry="3.2" fill="#3a8fd6" stroke="#1d4f7a" stroke-width="0.8"/>
    <path d="M8 14 L8 5" stroke="#7a5230" stroke-width="1.6"/>
    <path d="M8 5 Q3 2 0 6 M8 5 Q13 2 16 6 M8 5 Q6 0 3 0 M8 5 Q10 0 13 0" stroke="#1e7a3a" stroke-width="2" fill="none"/></g></symbol>
  <symbol id="i-temple" overflow="visible"><g transform="translate(-14 -13)">
    <path d="M0 8 L14 0 L28 8 Z" fill="#f2d27a" stroke="#5b4316" stroke-width="1.2"/>
    <rect x="1" y="8" width="26" height="3" fill="#fff6da" stroke="#5b4316" stroke-width="1"/>
    <rect x="3" y="11" width="3" height="11" fill="#fff6da" stroke="#5b4316" stroke-width="0.8"/>
    <rect x="9.5" y="11" width="3" height="11" fill="#fff6da" stroke="#5b4316" stroke-width="0.8"/>
    <rect x="15.5" y="11" width="3" height="11" fill="#fff6da" stroke="#5b4316" stroke-width="0.8"/>
    <rect x="22" y="11" width="3" height="11" fill="#fff6da" stroke="#5b4316" stroke-width="0.8"/>
    <rect x="0" y="22" width="28" height="4" fill="#f2d27a" stroke="#5b4316" stroke-width="1"/></g></symbol>
  <symbol id="i-cloister" overflow="visible"><g transform="translate(-13 -14)">
    <rect x="3" y="12" width="20" height="14" fill="#f4efe4" stroke="#4a3a2a" stroke-width="1.2"/>
    <path d="M0 13 L13 3 L26 13 Z" fill="#b7412e" stroke="#4a3a2a" stroke-width="1.2"/>
    <path d="M13 -4 V4 M10 -1 H16" stroke="#4a3a2a" stroke-width="1.6"/>
    <rect x="10" y="18" width="6" height="8" fill="#4a3a2a"/></g></symbol>
  <symbol id="i-crossing" overflow="visible">
    <rect x="-7" y="-7" width="14" height="14" rx="2" fill="#9b7b54" stroke="#4b3a22" stroke-width="1.5"/>
    <rect x="-3" y="-3" width="6" height="6" fill="#4b3a22"/></symbol>
  <symbol id="i-ark" overflow="visible"><g transform="translate(-17 -13)">
    <path d="M-2 17 H36" stroke="#3b2a0c" stroke-width="2.6" stroke-linecap="round"/>
    <rect x="3" y="8" width="28" height="15" rx="1.5" fill="#e8b923" stroke="#3b2a0c" stroke-width="1.6"/>
    <rect x="2" y="5" width="30" height="4" fill="#f7d55c" stroke="#3b2a0c" stroke-width="1.2"/>
    <path d="M6 5 Q9 -3 14 3 M28 5 Q25 -3 20 3" stroke="#3b2a0c" stroke-width="1.4" fill="#f7d55c"/>
    <path d="M8 13 H26 M8 18 H26" stroke="#9c7a12" stroke-width="1"/></g></symbol>`;
}

/** Markup of a follower (a meeple) or the Prophet (a robed figure) of a seat, centred on (x, y). */
export function pieceSVG(kind, colour, label, x, y, cls = "", scale = 1) {
  const text = `<text x="0" y="${kind === "prophet" ? 5 : 4.5}" text-anchor="middle" font-size="9" font-weight="700" fill="#fff" stroke="#000" stroke-width="0.6" paint-order="stroke">${label}</text>`;
  const body = kind === "prophet"
    ? `<path d="M0 -13 L9 11 H-9 Z" fill="${colour}" stroke="#111" stroke-width="1.6" stroke-linejoin="round"/><circle cx="0" cy="-12" r="4" fill="${colour}" stroke="#111" stroke-width="1.4"/><path d="M-4 -18 L0 -22 L4 -18" stroke="#fff" stroke-width="1.4" fill="none"/>`
    : `<path d="M0 -11 C4 -11 5 -8 4.5 -5.5 L10 -3 C12 -2 12 1 10 1.5 L6 2 L9 10 H2.5 L0 5 L-2.5 10 H-9 L-6 2 L-10 1.5 C-12 1 -12 -2 -10 -3 L-4.5 -5.5 C-5 -8 -4 -11 0 -11 Z" fill="${colour}" stroke="#111" stroke-width="1.6" stroke-linejoin="round"/>`;
  // a follower in a field lies down (as on the table), so fields and roads tell apart at a glance
  const turn = / lying\b/.test(` ${cls}`) && kind !== "prophet" ? " rotate(-90)" : "";
  return `<g class="piece piece-${kind} ${cls}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale})${turn}"><g>${body}${text}</g></g>`;
}

/** A small standalone SVG picture of a tile (the tile in hand, the tiles still to come). */
export function tileThumb(catalogue, id, rotation = 0, size = 48, cls = "thumb") {
  return `<svg class="${cls}" viewBox="-1 -1 102 102" width="${size}" height="${size}" aria-hidden="true" focusable="false">${tileSVG(catalogue, id, rotation)}</svg>`;
}
