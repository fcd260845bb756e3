// What the server's view offers, looked up for the board: the legal placements by cell and rotation, the Ark's
// paths step by step, and the spots of the pieces a placement allows, each with the server's name of its place.
// Nothing is decided here: every placement, spot, name and path is one the view lists.

export const key = (x, y) => `${x},${y}`;
const turn = (r) => ((r % 360) + 360) % 360;

/** The legal placements of the tile in hand, grouped by cell ("x,y" -> placements). */
export function legalCells(view) {
  const seen = new Map();
  for (const l of view?.legal || []) {
    const k = key(l.x, l.y);
    if (!seen.has(k)) seen.set(k, []);
    seen.get(k).push(l);
  }
  return seen;
}

export const legalAt = (view, x, y) => (view?.legal || []).filter((l) => l.x === x && l.y === y);
export const legalFor = (view, rotation) => (view?.legal || []).filter((l) => l.rotation === rotation);

/** The placement at (x, y) in ``rotation`` if the view lists it, else the first listed there turning on from it. */
export function fitting(view, x, y, rotation, dir = 1) {
  const here = legalAt(view, x, y);
  for (let i = 0; i < 4; i++) {
    const found = here.find((l) => l.rotation === turn(rotation + dir * 90 * i));
    if (found) return found;
  }
  return null;
}

/** The first rotation from ``from`` with a listed placement. */
export function firstRotation(view, from) {
  for (let i = 0; i < 4; i++) {
    const r = turn(from + 90 * i);
    if (legalFor(view, r).length) return r;
  }
  return from;
}

export const arkOptions = (view) => (view?.options || []).filter((o) => o.type === "ark");
export const placeArkOptions = (view) => (view?.options || []).filter((o) => o.type === "place_ark");
const samePath = (path, o, n) => path.every(([x, y], i) => i >= n || (o.path[i][0] === x && o.path[i][1] === y));

/** Cells the Ark may enter next (from the server's list of paths), after ``path``. */
export function arkNext(view, path) {
  const out = new Map();
  for (const o of arkOptions(view)) {
    if (o.path.length <= path.length || !samePath(path, o, path.length)) continue;
    const [x, y] = o.path[path.length];
    out.set(key(x, y), [x, y]);
  }
  return [...out.values()];
}

/** The listed Ark move whose path is exactly ``path``, or null. */
export function arkChosen(view, path) {
  return arkOptions(view).find((o) => o.path.length === path.length && samePath(path, o, path.length)) || null;
}

/** Where the Prophet stands: beside a city's follower spot, along the city's edge (not onto the temple or the
 * cloister in the middle), far enough from it that the two marks are two targets a finger tells apart. */
export function prophetPoint([ax, ay]) {
  const gap = 22;
  const d = Math.hypot(50 - ax, 50 - ay);
  if (d < 8) return [ax + gap, ay];
  const [px, py] = [-(50 - ay) / d, (50 - ax) / d]; // across the line to the centre
  const inside = (v) => v >= 10 && v <= 90;
  const a = [ax + gap * px, ay + gap * py], b = [ax - gap * px, ay - gap * py];
  return inside(a[0]) && inside(a[1]) ? a : inside(b[0]) && inside(b[1]) ? b : [ax + (gap * (50 - ax)) / d, ay + (gap * (50 - ay)) / d];
}

/**
 * The spots of a placement (``legal``: a listed placement, or a laid tile with the view's options): each with
 * the action it sends, where its mark stands (tile units), its kind and the server's name of the place.
 */
export function placementSpots(catalogue, tile, rotation, entries) {
  const out = [];
  for (const { action, words } of entries) {
    const seg = catalogue.segmentAt(tile, rotation, action.at);
    if (!seg) continue;
    const point = action.type === "prophet" ? prophetPoint(seg.point) : seg.point;
    out.push({ action, point, kind: action.type, segKind: seg.kind, words: words || action.at });
  }
  return out;
}

/** The entries of a pending placement: its followers, then its Prophet sides, named by the server. */
export function pendingEntries(legal) {
  const names = legal.names || {};
  return [
    ...(legal.followers || []).map((at) => ({ action: { type: "follower", at }, words: names[at] })),
    ...(legal.prophet || []).map((at) => ({ action: { type: "prophet", at }, words: names[at] })),
  ];
}

/** The entries of the step choice: the follower and Prophet options, named by the server. */
export function optionEntries(view) {
  return (view?.options || []).filter((o) => o.type === "follower" || o.type === "prophet")
    .map((o) => ({ action: o, words: o.words }));
}

/** The smallest box of cells holding ``cells`` ([[x, y]...]). */
export function bounds(cells) {
  if (!cells.length) cells = [[0, 0]];
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (const [x, y] of cells) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, maxX, minY, maxY };
}
