// Where things are drawn on Iwari's map (drawing only: no rule). The territories' shapes are the Voronoi cells
// of the map's own points (centre, tent spaces, totem circle) merged per territory; then every label and
// marker gets a place where it covers nothing else: a connection's number moves along the border of its two
// territories, clear of tents and totem circles; a territory's name (with room for its feats' badge) goes
// inside the territory, clear of everything; water and ridge names go where no border crosses them.

/** Sizes in map units, shared with the drawing (map.js, pieces.js): what each thing covers around its centre. */
export const SIZE = {
  space: 17, // a tent space, and the tent on it (its poles rise higher: tentBox)
  circle: 25, // a totem circle with its totems
  marker: 19, // a connection's disc (with a water ring, or a factor badge)
  mountain: 26, // a mountain over a connection
  font: 15, // territory names
  smallFont: 13, // water and ridge names
  icon: 17, // the biome icon before a territory's name
};

// ---------- Voronoi cells ----------

/** Clip a convex polygon (vertices {x, y, tag}: tag names the edge from this vertex to the next) to the points
 * nearer to seed a than to seed b; the new edge is tagged with b's index. */
function clipHalf(poly, a, b, tagB) {
  const nx = b.x - a.x, ny = b.y - a.y;
  const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
  const side = (p) => (p.x - mx) * nx + (p.y - my) * ny; // <= 0: nearer a
  const out = [];
  for (let i = 0; i < poly.length; i += 1) {
    const cur = poly[i], nxt = poly[(i + 1) % poly.length];
    const sc = side(cur), sn = side(nxt);
    const cross = () => {
      const t = sc / (sc - sn);
      return { x: cur.x + (nxt.x - cur.x) * t, y: cur.y + (nxt.y - cur.y) * t };
    };
    if (sc <= 0 && sn <= 0) out.push(cur);
    else if (sc <= 0 && sn > 0) { out.push(cur); out.push({ ...cross(), tag: tagB }); }
    else if (sc > 0 && sn <= 0) out.push({ ...cross(), tag: cur.tag });
  }
  return out;
}

function seedsOf(map, spaces) {
  const seeds = [];
  for (const t of map.territories) {
    seeds.push({ x: t.x, y: t.y, t: t.id });
    if (t.totem_circle) seeds.push({ x: t.totem_circle.x, y: t.totem_circle.y, t: t.id });
    for (const sid of t.tent_spaces) {
      const s = spaces.get(sid);
      if (s) seeds.push({ x: s.x, y: s.y, t: t.id });
    }
  }
  return seeds;
}

function cellsOf(seeds, W, H) {
  return seeds.map((seed, i) => {
    let poly = [
      { x: 0, y: 0, tag: -1 }, { x: W, y: 0, tag: -1 }, { x: W, y: H, tag: -1 }, { x: 0, y: H, tag: -1 },
    ];
    seeds.forEach((other, j) => {
      if (j === i || poly.length < 3) return;
      if (other.x === seed.x && other.y === seed.y) return;
      poly = clipHalf(poly, seed, other, j);
    });
    return poly;
  });
}

const fmt = (v) => v.toFixed(1);

/** The map's drawing geometry: territory shapes, borders, outlines, boxes, and every label's and marker's place. */
export function buildGeometry(map) {
  const W = map.board?.width || 1000, H = map.board?.height || 700;
  const spaces = new Map(map.tent_spaces.map((s) => [s.id, s]));
  const seeds = seedsOf(map, spaces);
  const cells = cellsOf(seeds, W, H);
  const borders = []; // {p, q, a, b}: an edge between territories a and b
  const outline = new Map(); // per territory: the path of its outer edges
  const byTerritory = new Map();
  cells.forEach((poly, i) => {
    const tid = seeds[i].t;
    byTerritory.set(tid, [...(byTerritory.get(tid) || []), poly]);
    poly.forEach((p, k) => {
      const q = poly[(k + 1) % poly.length];
      const foreign = p.tag < 0 || seeds[p.tag].t !== tid;
      if (p.tag >= 0 && p.tag > i && foreign) borders.push({ p, q, a: tid, b: seeds[p.tag].t });
      if (foreign) outline.set(tid, `${outline.get(tid) || ""}M${fmt(p.x)},${fmt(p.y)}L${fmt(q.x)},${fmt(q.y)}`);
    });
  });
  const bbox = new Map(); // per territory: the box of its own points (what a zoom must show)
  seeds.forEach((p) => {
    const b = bbox.get(p.t) || { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    bbox.set(p.t, { x0: Math.min(b.x0, p.x), y0: Math.min(b.y0, p.y), x1: Math.max(b.x1, p.x), y1: Math.max(b.y1, p.y) });
  });
  const geo = { W, H, seeds, byTerritory, borders, bbox, spaces, outline };
  geo.territoryAt = raster(seeds, W, H);
  geo.markers = placeMarkers(map, geo);
  return geo;
}

export function polyPath(poly) {
  return `M${poly.map((p) => `${fmt(p.x)},${fmt(p.y)}`).join("L")}Z`;
}

/** The territory a point lies in: that of its nearest seed (what a Voronoi cell is). */
function territoryAt(seeds, x, y) {
  let best = null, dist = Infinity;
  for (const s of seeds) {
    const d = (s.x - x) ** 2 + (s.y - y) ** 2;
    if (d < dist) { dist = d; best = s.t; }
  }
  return best;
}

/** territoryAt, looked up in a grid of 8-unit cells computed once: right but within a few units of a border,
 * where a label's test is the border lines' anyway. */
function raster(seeds, W, H) {
  const step = 8, cols = Math.ceil(W / step) + 1, rows = Math.ceil(H / step) + 1;
  const grid = new Array(cols * rows);
  for (let j = 0; j < rows; j += 1) for (let i = 0; i < cols; i += 1) grid[j * cols + i] = territoryAt(seeds, i * step, j * step);
  return (x, y) => {
    const i = Math.round(x / step), j = Math.round(y / step);
    return i >= 0 && j >= 0 && i < cols && j < rows ? grid[j * cols + i] : null;
  };
}

// ---------- obstacles and boxes ----------

function boxCircleGap(box, c) {
  const dx = Math.max(box.x0 - c.x, 0, c.x - box.x1);
  const dy = Math.max(box.y0 - c.y, 0, c.y - box.y1);
  return Math.hypot(dx, dy) - c.r;
}

function boxBoxGap(a, b) {
  const dx = Math.max(a.x0 - b.x1, 0, b.x0 - a.x1);
  const dy = Math.max(a.y0 - b.y1, 0, b.y0 - a.y1);
  if (dx === 0 && dy === 0) {
    return -Math.min(a.x1 - b.x0, b.x1 - a.x0, a.y1 - b.y0, b.y1 - a.y0); // overlapping: how deep
  }
  return Math.hypot(dx, dy);
}

/** Does segment p-q cross (or touch) the box? (Liang-Barsky clipping; no allocation: it runs very often.) */
export function segmentHitsBox(p, q, box) {
  const dx = q.x - p.x, dy = q.y - p.y;
  let t0 = 0, t1 = 1;
  const clip = (pp, qq) => {
    if (pp === 0) return qq >= 0;
    const r = qq / pp;
    if (pp < 0) { if (r > t1) return false; if (r > t0) t0 = r; } else { if (r < t0) return false; if (r < t1) t1 = r; }
    return true;
  };
  return clip(-dx, p.x - box.x0) && clip(dx, box.x1 - p.x) && clip(-dy, p.y - box.y0) && clip(dy, box.y1 - p.y);
}

function ringPoints(x, y, step, reach) {
  const out = [{ x, y }];
  for (let r = step; r <= reach; r += step) {
    const n = Math.max(8, Math.round((2 * Math.PI * r) / step));
    for (let k = 0; k < n; k += 1) out.push({ x: x + r * Math.cos((2 * Math.PI * k) / n), y: y + r * Math.sin((2 * Math.PI * k) / n) });
  }
  return out;
}

// ---------- connection markers: on the shared border, clear of tents, circles and each other ----------

function placeMarkers(map, geo) {
  const fixed = [
    ...map.tent_spaces.map((s) => ({ x: s.x, y: s.y, r: SIZE.space })),
    ...map.territories.filter((t) => t.totem_circle).map((t) => ({ x: t.totem_circle.x, y: t.totem_circle.y, r: SIZE.circle })),
  ];
  const placed = new Map();
  const done = [];
  for (const c of map.connections) {
    const r = c.mountain ? SIZE.mountain : SIZE.marker;
    const candidates = [{ x: c.x, y: c.y, d: 0 }];
    for (const e of geo.borders) { // points along the border of its two territories first
      if (!((e.a === c.a && e.b === c.b) || (e.a === c.b && e.b === c.a))) continue;
      const len = Math.hypot(e.q.x - e.p.x, e.q.y - e.p.y);
      for (let s = 0; s <= len; s += 3) {
        const x = e.p.x + ((e.q.x - e.p.x) * s) / len, y = e.p.y + ((e.q.y - e.p.y) * s) / len;
        candidates.push({ x, y, d: Math.hypot(x - c.x, y - c.y) });
      }
    }
    for (const p of ringPoints(c.x, c.y, 4, 60)) { p.d = Math.hypot(p.x - c.x, p.y - c.y) + 12; candidates.push(p); }
    candidates.sort((a, b) => a.d - b.d);
    const clear = (p) => p.x >= r && p.y >= r && p.x <= geo.W - r && p.y <= geo.H - r
      && fixed.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= o.r + r + 3)
      && done.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= o.r + r + 3);
    const at = candidates.find(clear) || { x: c.x, y: c.y };
    placed.set(c.id, { x: at.x, y: at.y, r });
    done.push({ x: at.x, y: at.y, r });
  }
  return placed;
}

// ---------- labels ----------

/** The box a tent covers on its space (its poles rise above the space's circle). */
export function tentBox(s) {
  return { x0: s.x - 17, y0: s.y - 22, x1: s.x + 17, y1: s.y + 13 };
}

/** The obstacles a label must keep clear of: tents (as boxes), circles and markers (as circles). */
export function obstaclesOf(map, geo) {
  return {
    circles: [
      ...map.territories.filter((t) => t.totem_circle).map((t) => ({ x: t.totem_circle.x, y: t.totem_circle.y, r: SIZE.circle })),
      ...[...geo.markers.values()],
    ],
    boxes: map.tent_spaces.map(tentBox),
  };
}

function gapOf(box, obstacles, lines) {
  let gap = Infinity;
  for (const c of obstacles.circles) gap = Math.min(gap, boxCircleGap(box, c));
  for (const b of obstacles.boxes) gap = Math.min(gap, boxBoxGap(box, b));
  for (const [p, q] of lines) if (segmentHitsBox(p, q, box)) return -1;
  return gap;
}

const OFFSETS = new Map(); // (reach, step) -> offsets nearest first

function offsetsFor(reach, step) {
  const key = `${reach}:${step}`;
  if (!OFFSETS.has(key)) {
    const list = [];
    for (let dy = -reach; dy <= reach; dy += step) for (let dx = -reach; dx <= reach; dx += step) list.push([dx, dy, Math.hypot(dx, dy)]);
    OFFSETS.set(key, list.sort((a, b) => a[2] - b[2]));
  }
  return OFFSETS.get(key);
}

/** The obstacles and lines that a label placed within `reach` of (cx, cy) may meet. */
function near(obstacles, lines, cx, cy, span) {
  const x0 = cx - span, x1 = cx + span, y0 = cy - span, y1 = cy + span;
  const inBox = (b) => b.x1 >= x0 && b.x0 <= x1 && b.y1 >= y0 && b.y0 <= y1;
  return {
    obstacles: {
      circles: obstacles.circles.filter((c) => inBox({ x0: c.x - c.r, y0: c.y - c.r, x1: c.x + c.r, y1: c.y + c.r })),
      boxes: obstacles.boxes.filter(inBox),
    },
    lines: lines.filter(([p, q]) => inBox({ x0: Math.min(p.x, q.x), y0: Math.min(p.y, q.y), x1: Math.max(p.x, q.x), y1: Math.max(p.y, q.y) })),
  };
}

function scan(geo, local, offsets, { cx, cy, w, h, tid }, ox = 0, oy = 0) {
  let best = null, bestScore = -Infinity;
  for (const [dx, dy] of offsets) {
    const x = cx + ox + dx, y = cy + oy + dy;
    const dist = Math.hypot(x - cx, y - cy);
    if (ox === 0 && oy === 0 && 40 - dist / 6 <= bestScore) break; // nearest first: none further scores more
    const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
    if (box.x0 < 4 || box.y0 < 4 || box.x1 > geo.W - 4 || box.y1 > geo.H - 4) continue;
    if (tid && !insideTerritory(geo, box, tid)) continue;
    const gap = gapOf(box, local.obstacles, local.lines);
    if (gap < 3) continue;
    const score = Math.min(gap, 10) * 4 - dist / 6;
    if (score > bestScore) { bestScore = score; best = box; }
  }
  return best;
}

/**
 * The best place for a label of size w x h near (cx, cy): clear of the obstacles and of the `lines` (borders,
 * ridges), inside territory `tid` if given, nearest to (cx, cy) among the clearest. Returns its box, or null.
 * A coarse search first, then a finer one around its best (or everywhere, if the coarse one found nothing).
 */
export function placeLabel(geo, obstacles, lines, { cx, cy, w, h, tid = null, reach = 120, step = 5 }) {
  const local = near(obstacles, lines, cx, cy, reach + Math.max(w, h) / 2 + 12);
  const want = { cx, cy, w, h, tid };
  const coarse = scan(geo, local, offsetsFor(reach, step * 2), want);
  if (!coarse) return scan(geo, local, offsetsFor(reach, step), want);
  const mx = (coarse.x0 + coarse.x1) / 2 - cx, my = (coarse.y0 + coarse.y1) / 2 - cy;
  return scan(geo, local, offsetsFor(step * 2, step / 2), want, mx, my) || coarse;
}

function insideTerritory(geo, box, tid) {
  const at = geo.territoryAt, mx = (box.x0 + box.x1) / 2, my = (box.y0 + box.y1) / 2;
  return at(mx, my) === tid && at(box.x0, box.y0) === tid && at(box.x1, box.y0) === tid && at(box.x0, box.y1) === tid
    && at(box.x1, box.y1) === tid && at(mx, box.y0) === tid && at(mx, box.y1) === tid && at(box.x0, my) === tid
    && at(box.x1, my) === tid;
}

/** Border edges as [p, q] pairs (a label must not be crossed by one). */
export function borderLines(geo) {
  return geo.borders.map((e) => [e.p, e.q]);
}
