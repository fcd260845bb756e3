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
  geo.territoryAt = (x, y) => territoryAt(seeds, x, y);
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

/** Does segment p-q cross (or touch) the box? (Liang-Barsky clipping.) */
export function segmentHitsBox(p, q, box) {
  let t0 = 0, t1 = 1;
  const dx = q.x - p.x, dy = q.y - p.y;
  const checks = [[-dx, p.x - box.x0], [dx, box.x1 - p.x], [-dy, p.y - box.y0], [dy, box.y1 - p.y]];
  for (const [pp, qq] of checks) {
    if (pp === 0) {
      if (qq < 0) return false;
    } else {
      const r = qq / pp;
      if (pp < 0) { if (r > t1) return false; if (r > t0) t0 = r; }
      else { if (r < t0) return false; if (r < t1) t1 = r; }
    }
  }
  return true;
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
    const along = [];
    for (const e of geo.borders) {
      if (!((e.a === c.a && e.b === c.b) || (e.a === c.b && e.b === c.a))) continue;
      const len = Math.hypot(e.q.x - e.p.x, e.q.y - e.p.y);
      for (let s = 0; s <= len; s += 3) {
        along.push({ x: e.p.x + ((e.q.x - e.p.x) * s) / len, y: e.p.y + ((e.q.y - e.p.y) * s) / len });
      }
    }
    const candidates = [{ x: c.x, y: c.y }, ...along, ...ringPoints(c.x, c.y, 4, 60)]
      .filter((p) => p.x >= r && p.y >= r && p.x <= geo.W - r && p.y <= geo.H - r)
      .map((p) => ({ ...p, d: Math.hypot(p.x - c.x, p.y - c.y) + (along.includes(p) ? 0 : 12) }))
      .sort((a, b) => a.d - b.d);
    const clear = (p) => fixed.every((o) => Math.hypot(o.x - p.x, o.y - p.y) >= o.r + r + 3)
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

/**
 * The best place for a label of size w x h near (cx, cy): clear of the obstacles and of the `lines` (borders,
 * ridges), inside territory `tid` if given, nearest to (cx, cy) among the clearest. Returns its box.
 */
export function placeLabel(geo, obstacles, lines, { cx, cy, w, h, tid = null, reach = 120, step = 5 }) {
  let best = null, bestScore = -Infinity;
  for (let dy = -reach; dy <= reach; dy += step) {
    for (let dx = -reach; dx <= reach; dx += step) {
      const x = cx + dx, y = cy + dy;
      const box = { x0: x - w / 2, y0: y - h / 2, x1: x + w / 2, y1: y + h / 2 };
      if (box.x0 < 4 || box.y0 < 4 || box.x1 > geo.W - 4 || box.y1 > geo.H - 4) continue;
      if (tid && !insideTerritory(geo, box, tid)) continue;
      const gap = gapOf(box, obstacles, lines);
      if (gap < 3) continue;
      const score = Math.min(gap, 10) * 4 - Math.hypot(dx, dy) / 6;
      if (score > bestScore) { bestScore = score; best = box; }
    }
  }
  return best;
}

function insideTerritory(geo, box, tid) {
  const xs = [box.x0, (box.x0 + box.x1) / 2, box.x1], ys = [box.y0, (box.y0 + box.y1) / 2, box.y1];
  for (const x of xs) for (const y of ys) if (geo.territoryAt(x, y) !== tid) return false;
  return true;
}

/** Border edges as [p, q] pairs (a label must not be crossed by one). */
export function borderLines(geo) {
  return geo.borders.map((e) => [e.p, e.q]);
}
