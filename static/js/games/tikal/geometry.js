// Where things go on Tikal's board, in SVG units: flat-topped hexes of radius R, and inside each hex the slots
// that keep every mark apart (drawing only: the rules are the server's).
//
// A hex (R = 40: 80 wide, 69 high) is laid out so that nothing written or placed on it covers anything else:
//   - stepping stones on a ring near the edge (STONE_RING), up to three per side, STONE_GAP apart;
//   - the TOP slot: a temple's value with who leads it, a ruin's treasures, or a camp;
//   - two ROWS of explorer tokens in the middle (three tokens a row; a third row uses the top slot when it is free);
//   - the BOTTOM slot: the cost of getting there, while an explorer is chosen.

export const R = 40;
export const SQ3 = Math.sqrt(3);
export const APOTHEM = (R * SQ3) / 2;

export const STONE_RING = 29.5;
export const STONE_R = 3.3;
export const STONE_GAP = 7.7; // three on a slanted side stay apart, box from box

export const TOKEN = 13; // an explorer token's size (a worker's disc, the leader's crowned token)
export const TOKEN_GAP = 2;
export const ROW_WIDTH = 43; // what a row of tokens may span, centred (clear of the stones)
export const TOP = { y0: -26, y1: -14, half: 17 };
export const ROWS = [{ y0: -13, y1: 0 }, { y0: 0.5, y1: 13.5 }];
export const BOTTOM = { y0: 14.5, y1: 26 };

/** The centre of a board space (board_data's x, y are in hex widths and heights). */
export function centre(space) {
  return { x: space.x * R, y: space.y * SQ3 * R };
}

/** The corners of a hex centred on (cx, cy). */
export function hexPoints(cx, cy, r = R) {
  const pts = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (Math.PI / 180) * (60 * i);
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

/** A corner of a hex: i = 0 east, then clockwise (1 south-east ... 5 north-east). */
export function corner(cx, cy, i, r = R) {
  const a = (Math.PI / 180) * (60 * i);
  return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
}

/** Where the stones of one side go: ``n`` points along side ``side`` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW). */
export function stonePoints(cx, cy, side, n, scale = 1) {
  const ang = (Math.PI / 180) * (270 + 60 * side);
  const dx = Math.cos(ang), dy = Math.sin(ang);
  const tx = -dy, ty = dx; // along the side
  const d = STONE_RING * scale;
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const off = (i - (n - 1) / 2) * STONE_GAP * scale;
    out.push({ x: cx + dx * d + tx * off, y: cy + dy * d + ty * off });
  }
  return out;
}

/** The box around every space of ``spaces`` (board_data's), with a margin: an SVG viewBox string. */
export function boxAround(spaces, pad = 4, extra = { top: 0, bottom: 0 }) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const s of spaces) {
    const c = centre(s);
    x0 = Math.min(x0, c.x - R); x1 = Math.max(x1, c.x + R);
    y0 = Math.min(y0, c.y - APOTHEM); y1 = Math.max(y1, c.y + APOTHEM);
  }
  return { x: x0 - pad, y: y0 - pad - extra.top, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad + extra.top + extra.bottom };
}

export const key = (at) => `${at[0]},${at[1]}`;
export const sameAt = (a, b) => !!(a && b && a[0] === b[0] && a[1] === b[1]);
