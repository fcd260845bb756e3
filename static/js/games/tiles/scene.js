// What the board shows, as a scene for BoardView.draw (view.js): the tiles, the pieces, the highlighted places,
// the spots of the piece being chosen, the Ark (where it is, where it would go) and the features of the final
// scoring with the pieces that scored them. Built from the server's view and the turn being prepared.

import { SEAT_COLOURS } from "../../shell/dom.js";
import { arkNext, legalCells, pendingEntries, placementSpots, placeArkOptions, optionEntries, prophetPoint } from "./model.js";

const CORNERS = [[20, 20], [80, 20], [20, 80], [80, 80]];

export const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length].hex;

/** A piece ({x, y, at, seat, kind}) where it stands on its tile, or null if its tile is not drawn. */
export function pieceAt(board, f, cls = "") {
  const t = board.tileAt(f.x, f.y);
  if (!t) return null;
  const seg = board.catalogue.segmentAt(t.tile, t.rotation, f.at);
  if (!seg) return null;
  return { x: f.x, y: f.y, point: f.kind === "prophet" ? prophetPoint(seg.point) : seg.point, kind: f.kind,
    lying: seg.kind === "field", colour: seatColour(f.seat), label: f.seat + 1, cls };
}

/** The corner of tile (x, y) farthest from the marks and pieces drawn (on it and on its neighbours): where an
 * Ark sits clear of them. */
function clearCorner(scene, x, y) {
  const points = [...scene.marks, ...scene.pieces].filter((m) => Math.abs(m.x - x) <= 1 && Math.abs(m.y - y) <= 1)
    .map((m) => [(m.x - x) * 100 + m.point[0], (m.y - y) * 100 + m.point[1]]);
  let best = CORNERS[3], far = -1;
  for (const c of CORNERS) {
    const d = points.reduce((m, p) => Math.min(m, Math.hypot(p[0] - c[0], p[1] - c[1])), Infinity);
    if (d > far + 0.5) { far = d; best = c; }
  }
  return best;
}

/** The turn marked (its entry's tile and piece): on the live board the log's last turn as the shell gave it,
 * on a position (a replay, a step arriving) its own move, as far as its steps have gone. */
function lastTurn(board) {
  const turn = board.position ? board.position.move?.turn : board.lastTurn?.turn;
  return turn && Number.isInteger(turn.x) && Number.isInteger(turn.y) ? turn : null;
}

function placeTiles(board, scene, v) {
  const turn = lastTurn(board);
  const last = turn ? v.board.find((t) => t.x === turn.x && t.y === turn.y) : v.board[v.board.length - 1];
  const cls = turn && !board.position ? "recent last-turn" : "recent";
  for (const t of v.board) scene.tiles.push({ ...t, cls: last && t === last && v.board.length > 1 ? cls : "" });
  if (board.mode === "place" && !board.pending) {
    for (const [, list] of legalCells(board.payload.view)) {
      const now = list.some((l) => l.rotation === board.rotation);
      scene.cells.push({ x: list[0].x, y: list[0].y, cls: `legal${now ? " legal-now" : ""}` });
    }
  }
}

function pendingParts(board, scene) {
  const p = board.pending;
  scene.pending = { tile: board.payload.view.tile, x: p.x, y: p.y, rotation: p.rotation, cls: "pending" };
  scene.cells.push({ x: p.x, y: p.y, cls: "pending-frame" });
  const a = p.action;
  if (a.type === "follower" || a.type === "prophet") {
    const piece = pieceAt(board, { x: p.x, y: p.y, at: a.at, seat: board.mySeat, kind: a.type }, "ghost-piece");
    if (piece) scene.pieces.push(piece);
  }
  for (const s of placementSpots(board.catalogue, board.payload.view.tile, p.rotation, pendingEntries(p.legal))) {
    if (a.type !== s.action.type || a.at !== s.action.at) scene.marks.push({ x: p.x, y: p.y, point: s.point, kind: s.kind });
  }
  if (p.legal.ark_at?.length) {
    for (const [x, y] of p.legal.ark_at) {
      const chosen = p.arkAt && p.arkAt[0] === x && p.arkAt[1] === y;
      scene.cells.push({ x, y, cls: chosen ? "arkat arkat-chosen" : "arkat" });
    }
    if (p.arkAt) scene.arks.push({ x: p.arkAt[0], y: p.arkAt[1], cls: "ghost-ark", small: p.arkAt[0] === p.x && p.arkAt[1] === p.y });
  }
}

function optionParts(board, scene, last) {
  const view = board.payload.view;
  board.arkPath.forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
  for (const [x, y] of arkNext(view, board.arkPath)) scene.cells.push({ x, y, cls: "ark-next" });
  if (board.arkPath.length) {
    const [x, y] = board.arkPath[board.arkPath.length - 1];
    scene.arks.push({ x, y, cls: "ghost-ark" });
  }
  for (const o of placeArkOptions(view)) {
    const chosen = board.choice?.type === "place_ark" && board.choice.x === o.x && board.choice.y === o.y;
    scene.cells.push({ x: o.x, y: o.y, cls: chosen ? "arkat arkat-chosen" : "arkat" });
    if (chosen) scene.arks.push({ x: o.x, y: o.y, cls: "ghost-ark", small: true });
  }
  if (!last) return;
  for (const s of placementSpots(board.catalogue, last.tile, last.rotation, optionEntries(view))) {
    const taken = board.choice && board.choice.type === s.action.type && board.choice.at === s.action.at;
    if (taken) {
      const piece = pieceAt(board, { x: last.x, y: last.y, at: s.action.at, seat: board.mySeat, kind: s.action.type }, "ghost-piece");
      if (piece) scene.pieces.push(piece);
    } else scene.marks.push({ x: last.x, y: last.y, point: s.point, kind: s.kind });
  }
}

function arkMoves(board, scene, v) {
  // an Ark move just made (a replay position, or the last turn seen by the others)
  const arkMove = board.position?.move?.turn?.action;
  if (arkMove?.type === "ark") (arkMove.path || []).forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
  const scoring = v.finished && board.focusFeature !== null && board.focusFeature !== undefined; // its frames alone
  if (!board.position && board.mode !== "options" && v.last_ark_path && !board.arkPath.length && !scoring) {
    // the Ark move of the last turn: where it started, then each tile it entered
    v.last_ark_path.forEach(([x, y], i) => scene.cells.push(i ? { x, y, cls: "ark-path ark-seen", label: i, corner: "right" }
      : { x, y, cls: "ark-from ark-seen" }));
  }
}

/** The final scoring's feature shown: its tiles, and the pieces that scored it (back in supply by now). */
function scoredFeature(board, scene, v) {
  if (!v.finished || board.focusFeature === null || board.focusFeature === undefined) return;
  const e = board.finalEvents()[board.focusFeature];
  if (!e) return;
  for (const [x, y] of e.tiles) scene.cells.push({ x, y, cls: "scored" });
  for (const f of e.pieces || []) {
    const piece = pieceAt(board, f, "scored-piece");
    if (piece) scene.pieces.push(piece);
  }
}

/** The whole scene of the board now. */
export function buildScene(board) {
  const v = board.v;
  const scene = { tiles: [], pending: null, cells: [], pieces: [], marks: [], arks: [] };
  const last = v.board[v.board.length - 1];
  placeTiles(board, scene, v);
  const turn = lastTurn(board);
  for (const f of v.followers) {
    const put = turn && f.x === turn.x && f.y === turn.y && turn.action?.type === f.kind && turn.action?.at === f.at;
    const piece = pieceAt(board, f, put ? `recent-piece${board.position ? "" : " last-turn"}` : "");
    if (piece) scene.pieces.push(piece);
  }
  if (v.ark) scene.arks.push({ x: v.ark[0], y: v.ark[1], cls: board.arkPath.length ? "ark-start" : "" });
  if (board.pending) pendingParts(board, scene);
  if (board.mode === "options") optionParts(board, scene, last);
  arkMoves(board, scene, v);
  scoredFeature(board, scene, v);
  for (const ark of scene.arks) [ark.px, ark.py] = clearCorner(scene, ark.x, ark.y);
  return scene;
}
