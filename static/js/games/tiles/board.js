// The board of the tile games (the Ark of the Covenant, Carcassonne), shared by games/ark and games/carcassonne.
//
// It draws what the server's view says (games/rules/tiles/view.py) and offers only what it lists:
//  - view.legal: every legal placement of the tile in hand, per rotation, with its follower spots (and the
//    Ark's own: Prophet sides, "ark_at" tiles when it completes the first city). The tile is laid on the
//    page (not sent), a piece chosen, and Confirm sends the whole turn (api.confirm(turn)).
//  - view.options: the choices after a step sent on its own (an Ark move: the tile is laid as a step, then the
//    server lists every Ark path with the points it gives; "place_ark" tiles). Each is sent with api.step.
// No rule is computed here: which places fit, which spots are free, where the Ark may go, what it scores
// all come from the server.

import { Catalogue, placeWords, pieceSVG, tileThumb } from "./draw.js";
import { BoardView } from "./view.js";
import { SEAT_COLOURS, escapeHtml, html, joinWords } from "../../shell/words.js";

const key = (x, y) => `${x},${y}`;
const FEATURE_NAMES = { city: "city", road: "road", field: "field", temple: "temple", cloister: "cloister", ark: "Ark" };
const touchScreen = () => window.matchMedia?.("(hover: none) and (pointer: coarse)").matches;

export function createTileBoard(root, boardData, api, { game }) {
  const ui = new TileBoard(root, boardData, api, game);
  return ui;
}

class TileBoard {
  constructor(root, boardData, api, game) {
    this.root = root;
    this.api = api;
    this.game = game;
    this.catalogue = new Catalogue(boardData.tiles, game);
    this.icons = boardData.icons || {};
    root.classList.add("tile-board");
    root.innerHTML = `<div class="board-frame">
        <svg id="board" class="board" tabindex="0" role="application" aria-roledescription="game board"
             aria-label="Board" aria-describedby="board-help" xmlns="http://www.w3.org/2000/svg"></svg>
        <div class="board-tools" role="toolbar" aria-label="Board view">
          <button type="button" class="tool" data-act="zoom-in" aria-label="Zoom in" title="Zoom in (+)">+</button>
          <button type="button" class="tool" data-act="zoom-out" aria-label="Zoom out" title="Zoom out (−)">−</button>
          <button type="button" class="tool wide-tool" data-act="fit" title="Fit the board (0)">Fit board</button>
        </div>
      </div>
      <p id="board-help" class="help small kbd-hint">Drag, or <kbd>Shift</kbd>+arrows, to pan; wheel, pinch or <kbd>+</kbd>/<kbd>−</kbd> to zoom.
        On the board, arrows move the cursor, <kbd>Enter</kbd> places, <kbd>R</kbd> rotates, <kbd>Esc</kbd> takes back.</p>
      <p id="board-touch-help" class="help small touch-hint">Drag to pan, pinch to zoom; tap a highlighted place to lay your tile.</p>
      <p id="cursor-info" class="visually-hidden" aria-live="polite"></p>`;
    this.svg = root.querySelector("#board");
    this.view = new BoardView(this.svg, this.catalogue, {
      onClick: (cell, point) => this.clickCell(cell, point),
      onHover: (cell) => { this.hoverCell = cell; this.drawGhost(); },
    });
    this.payload = null;
    this.rotation = 0;
    this.cursor = null;
    this.pending = null; // the turn being prepared on the page, not sent yet
    this.arkPath = []; // an Ark path being chosen among view.options
    this.choice = null; // the option chosen among view.options (step mode)
    this.position = null; // a replay position being shown
    this.focusFeature = null; // a final-scoring event shown on the board
    this.fitted = false;
    this.listeners = [];
    this.bind();
  }

  // ---------- the interface ----------

  show(payload) {
    const before = this.payload;
    const wasMine = this.myTurn;
    this.payload = payload;
    this.position = null;
    const v = payload.view;
    this.index = new Map((v.board || []).map((t) => [key(t.x, t.y), t]));
    if (this.pending && this.pending.version !== payload.version) {
      // the game moved on: what was not sent yet is dropped (said so when it was not this page's own request:
      // another tab played the turn, or the time ran out)
      this.pending = null;
      if (!this.sending) {
        this.api.say(this.myTurn ? "The game changed while you were choosing: your tile is back in your hand."
          : "Your turn was played elsewhere (another tab or window): the tile you had laid here was not sent and is gone.");
      }
    }
    if (!before || before.version !== payload.version) { this.arkPath = []; this.choice = null; }
    const newTurn = this.myTurn && (!wasMine || before?.view?.tile !== v.tile || !before);
    if (this.mode === "place" && newTurn) {
      this.rotation = this.firstRotation(this.rotation);
      this.cursor = null;
    }
    if (!this.fitted) { this.fitted = true; this.frame(); }
    else if (this.myTurn && !wasMine) this.frame(); // a turn starts: the last move and every legal place
    else if (wasMine && !this.myTurn && this.viewBeforePlace) { // after Confirm: back to the player's own view
      Object.assign(this.view.view, this.viewBeforePlace);
      this.view.apply();
    }
    if (!this.myTurn) this.viewBeforePlace = null;
    if (this.mode === "options" && (!before || before.version !== payload.version) && this.arkOptions().length) {
      this.frameArk();
    }
    this.render();
  }

  showPosition(position) {
    this.position = position;
    this.pending = null;
    this.index = new Map((position.view.board || []).map((t) => [key(t.x, t.y), t]));
    this.render();
    const last = position.view.board[position.view.board.length - 1];
    if (last) this.view.reveal(last.x, last.y);
  }

  destroy() {
    document.removeEventListener("click", this.view.swallowClicks, true);
    for (const [target, type, fn, opts] of this.listeners) target.removeEventListener(type, fn, opts);
    this.root.innerHTML = "";
    this.root.classList.remove("tile-board");
  }

  // ---------- what the view says ----------

  get v() { return this.position ? this.position.view : this.payload?.view; }
  get mySeat() { return this.payload?.your_seat ?? null; }
  get myTurn() {
    const p = this.payload;
    return !!(p && p.status === "active" && p.your_seat !== null && p.your_seat !== undefined
      && p.current_seat === p.your_seat && p.view && !p.view.finished);
  }
  /** "place": lay the tile in hand (view.legal); "options": choose among view.options; else watching. */
  get mode() {
    if (!this.myTurn || this.position) return "watch";
    if (this.payload.view.legal?.length && this.payload.view.tile) return "place";
    if (this.payload.view.options?.length) return "options";
    return "watch";
  }

  legalCells() {
    const seen = new Map();
    for (const l of this.payload.view.legal || []) {
      const k = key(l.x, l.y);
      if (!seen.has(k)) seen.set(k, []);
      seen.get(k).push(l);
    }
    return seen;
  }
  legalAt(x, y) { return (this.payload.view.legal || []).filter((l) => l.x === x && l.y === y); }
  legalFor(rotation) { return (this.payload.view.legal || []).filter((l) => l.rotation === rotation); }

  /** The placement at (x, y) in `rotation` if it fits, else the first that fits there turning on from it. */
  fitting(x, y, rotation, dir = 1) {
    const here = this.legalAt(x, y);
    for (let i = 0; i < 4; i++) {
      const r = (((rotation + dir * 90 * i) % 360) + 360) % 360;
      const found = here.find((l) => l.rotation === r);
      if (found) return found;
    }
    return null;
  }

  firstRotation(from) {
    for (let i = 0; i < 4; i++) {
      const r = (from + 90 * i) % 360;
      if (this.legalFor(r).length) return r;
    }
    return from;
  }

  tileAt(x, y) {
    const p = this.pending;
    if (p && p.x === x && p.y === y) return { tile: this.payload.view.tile, x, y, rotation: p.rotation };
    return this.index?.get(key(x, y));
  }

  seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length].hex; }
  name(seat) { return escapeHtml(this.api.name ? this.api.name(seat) : `Seat ${seat + 1}`); }

  arkOptions() { return (this.payload?.view?.options || []).filter((o) => o.type === "ark"); }
  placeArkOptions() { return (this.payload?.view?.options || []).filter((o) => o.type === "place_ark"); }

  /** Cells the Ark path may take next (from the server's list of paths), given the path so far. */
  arkNext() {
    const path = this.arkPath;
    const out = new Map();
    for (const o of this.arkOptions()) {
      if (o.path.length <= path.length) continue;
      if (path.every(([x, y], i) => o.path[i][0] === x && o.path[i][1] === y)) {
        const [x, y] = o.path[path.length];
        out.set(key(x, y), [x, y]);
      }
    }
    return [...out.values()];
  }

  arkChosen() {
    const path = this.arkPath;
    return this.arkOptions().find((o) => o.path.length === path.length
      && path.every(([x, y], i) => o.path[i][0] === x && o.path[i][1] === y)) || null;
  }

  // ---------- the turn being prepared ----------

  rotate(dir = 1) {
    if (this.mode !== "place") return;
    if (this.pending) {
      // only the rotations that fit on the same place
      const { x, y } = this.pending;
      const next = this.fitting(x, y, this.pending.rotation + dir * 90, dir);
      if (next && next.rotation !== this.pending.rotation) { this.rotation = next.rotation; this.place(next); }
      else this.api.say("No other rotation fits on this place.");
      return;
    }
    this.rotation = (((this.rotation + dir * 90) % 360) + 360) % 360;
    const n = this.legalFor(this.rotation).length;
    this.api.say(n ? `Turned to ${this.rotation}°: ${n} place${n === 1 ? "" : "s"} fit this way (framed in blue).`
      : `Turned to ${this.rotation}°: no place fits this way round; a highlighted place takes the tile in a way that fits.`);
    this.render();
  }

  place(legal) {
    if (!this.pending) this.viewBeforePlace = { ...this.view.view };
    if (this.view.view.s < 1.1) {
      this.view.view.s = 1.2;
      this.view.centreOn(legal.x, legal.y);
    } else {
      this.view.reveal(legal.x, legal.y);
    }
    const arkAt = legal.ark_at?.length ? (legal.ark_at.find(([x, y]) => x === legal.x && y === legal.y) || legal.ark_at[0]) : null;
    this.pending = { x: legal.x, y: legal.y, rotation: legal.rotation, legal, action: { type: "pass" }, arkAt, version: this.payload.version, at: Date.now() };
    this.rotation = legal.rotation;
    this.api.clearError();
    const spots = (legal.followers?.length || 0) + (legal.prophet?.length || 0);
    let msg = `Tile laid at ${legal.x}, ${legal.y} (not sent yet). `;
    msg += spots ? "Choose a spot for a piece, " : "";
    msg += this.payload.view.ark ? "move the Ark, " : "";
    msg += "or no piece; then Confirm.";
    if (legal.ark_at?.length) msg += " This tile completes the first city: choose where the Ark goes.";
    this.api.say(msg);
    this.render();
    requestAnimationFrame(() => this.keepInView(legal.x, legal.y));
    this.watchBar(legal.x, legal.y);
  }

  /** The bar may still grow after the tile is laid (its text, a message): keep the tile in view each time. */
  watchBar(x, y) {
    const panel = document.getElementById("turn-panel");
    if (!panel || typeof ResizeObserver === "undefined") return;
    this.barWatch?.disconnect();
    this.barWatch = new ResizeObserver(() => {
      if (this.pending && this.pending.x === x && this.pending.y === y) this.keepInView(x, y);
      else { this.barWatch?.disconnect(); this.barWatch = null; }
    });
    this.barWatch.observe(panel);
    this.barWatch.observe(document.documentElement);  // what stands above the board may grow too
  }

  /** On a phone the piece choice is a bar over the bottom of the screen: the tile stays in the part above. */
  keepInView(x, y, tries = 0) {
    const panel = document.getElementById("turn-panel");
    if (!panel || getComputedStyle(panel).position !== "sticky") return;
    const box = this.svg.getBoundingClientRect();
    const bar = panel.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, bar.top, window.innerHeight);
    const tile = 100 * this.view.view.s;
    if (bottom - top < Math.max(120, tile + 8) && tries < 5) { // too little of the board shows: scroll it up
      window.scrollBy(0, box.top - Math.max(0, bar.top - Math.max(120, tile + 8) - box.height * 0.6));
      return requestAnimationFrame(() => this.keepInView(x, y, tries + 1));
    }
    const v = this.view.view;
    // the page can scroll no further and the strip above the bar is still lower than the tile: zoom out to fit
    if (bottom - top < 100 * v.s + 8 && bottom - top > 48) v.s = (bottom - top - 8) / 100;
    const size = 100 * v.s;
    const want = (top + bottom) / 2 - box.top - size / 2;
    const now = y * 100 * v.s + v.ty;
    v.ty += want - now;
    v.tx += box.width / 2 - size / 2 - (x * 100 * v.s + v.tx);
    this.view.apply();
    return null;
  }

  takeBack() {
    if (!this.pending || this.sending) return;
    this.rotation = this.pending.rotation;
    this.cursor = { x: this.pending.x, y: this.pending.y };
    this.pending = null;
    if (this.viewBeforePlace) {
      Object.assign(this.view.view, this.viewBeforePlace);
      this.view.apply();
      this.viewBeforePlace = null;
    }
    this.api.clearError();
    this.api.say("Tile taken back into your hand.");
    this.render();
  }

  chooseAction(action) {
    if (this.pending) {
      if (action.type === "ark") { this.sendPlacementForArk(); return; }
      this.pending.action = action;
    } else if (this.mode === "options") {
      this.choice = action;
    }
    this.render();
  }

  /** "Move the Ark": the tile is laid as a step of its own, and the server lists the Ark's paths. */
  async sendPlacementForArk() {
    const p = this.pending;
    if (!p || this.sending) return;
    this.sending = true;
    this.render();
    try {
      await this.api.step({ type: "place", x: p.x, y: p.y, rotation: p.rotation });
      this.pending = null;
      this.api.say("Your tile is laid (the others see it when your turn ends). Choose the Ark's path: the tiles next to the Ark are framed.");
    } catch { /* the shell shows the error */ }
    this.sending = false;
    this.render();
    this.frameArk();
  }

  turnJSON() {
    const p = this.pending;
    const turn = { tile: this.payload.view.tile, x: p.x, y: p.y, rotation: p.rotation, action: { ...p.action } };
    if (p.legal.ark_at?.length) turn.ark_at = [...p.arkAt];
    return turn;
  }

  async confirm() {
    if (this.sending) return;
    this.sending = true;
    this.render();
    try {
      if (this.pending) {
        await this.api.confirm(this.turnJSON());
        this.pending = null;
        this.api.say("Your turn was played.");
      } else if (this.mode === "options") {
        const action = this.optionToSend();
        if (!action) { this.sending = false; this.render(); return; }
        await this.api.step(action);
        this.arkPath = [];
        this.choice = null;
      }
    } catch { /* the shell shows the error; the choice stays */ }
    this.sending = false;
    this.render();
  }

  optionToSend() {
    if (this.arkPath.length) {
      const chosen = this.arkChosen();
      if (!chosen) return null;
      return { type: "ark", path: chosen.path };
    }
    if (!this.choice) return null;
    const { points, words, ...action } = this.choice;
    return action;
  }

  // ---------- board input ----------

  whyNot(x, y) {
    if (this.index.has(key(x, y))) return "There is already a tile there.";
    return "Your tile cannot go there: it must touch a placed tile and match every neighbour's edges. Lay it on a highlighted place.";
  }

  clickCell(cell, point) {
    this.cursor = { x: cell.x, y: cell.y };
    if (this.position || this.sending) { this.drawCursor(); return; }
    const feature = this.finalEventAt(cell);
    if (feature !== undefined) { this.focusFeature = feature; this.render(); return; }
    if (this.mode === "options") { this.clickOption(cell, point); return; }
    if (this.mode !== "place") { this.drawCursor(); return; }
    const p = this.pending;
    if (p) {
      if (point) {
        const spot = this.spotNear([(cell.x - p.x) * 100 + point[0], (cell.y - p.y) * 100 + point[1]]);
        if (spot) { this.chooseAction(spot.action); return; }
      }
      if (p.legal.ark_at?.some(([x, y]) => x === cell.x && y === cell.y)) {
        p.arkAt = [cell.x, cell.y];
        this.api.say(`The Ark will go on the tile at ${cell.x}, ${cell.y}.`);
        this.render();
        return;
      }
      if (cell.x === p.x && cell.y === p.y) { this.rotate(1); return; }
      const there = this.fitting(cell.x, cell.y, this.rotation);
      if (there) { this.place(there); return; }
      this.drawCursor();
      return;
    }
    const there = this.fitting(cell.x, cell.y, this.rotation);
    if (there) { this.place(there); return; }
    this.api.error(this.whyNot(cell.x, cell.y));
    this.drawCursor();
  }

  clickOption(cell, point) {
    const placeArk = this.placeArkOptions().find((o) => o.x === cell.x && o.y === cell.y);
    if (placeArk) { this.choice = placeArk; this.render(); return; }
    const i = this.arkPath.findIndex(([x, y]) => x === cell.x && y === cell.y);
    if (i >= 0) { this.arkPath = this.arkPath.slice(0, i); this.render(); return; }
    if (this.arkNext().some(([x, y]) => x === cell.x && y === cell.y)) {
      this.arkPath = [...this.arkPath, [cell.x, cell.y]];
      this.choice = null;
      this.render();
      return;
    }
    const last = this.payload.view.board[this.payload.view.board.length - 1];
    if (point && last) {
      const spot = this.optionSpots().find((s) => Math.hypot((cell.x - last.x) * 100 + point[0] - s.point[0], (cell.y - last.y) * 100 + point[1] - s.point[1]) < 14);
      if (spot) { this.choice = spot.option; this.arkPath = []; this.render(); return; }
    }
    this.drawCursor();
  }

  /** The spots of the pending placement: [{action, point, kind}] (from the server's lists). */
  spots() {
    const p = this.pending;
    if (!p) return [];
    const tile = this.payload.view.tile;
    const out = [];
    for (const at of p.legal.followers || []) {
      const seg = this.catalogue.segmentAt(tile, p.rotation, at);
      if (seg) out.push({ action: { type: "follower", at }, point: seg.point, kind: "follower", segKind: seg.kind, words: placeWords(seg.point) });
    }
    for (const at of p.legal.prophet || []) {
      const seg = this.catalogue.segmentAt(tile, p.rotation, at);
      if (seg) out.push({ action: { type: "prophet", at }, point: prophetPoint(seg.point), kind: "prophet", segKind: seg.kind, words: placeWords(seg.point) });
    }
    return out;
  }

  /** In step mode, the follower and Prophet options on the tile just laid. */
  optionSpots() {
    const v = this.payload.view;
    const last = v.board[v.board.length - 1];
    if (!last) return [];
    const out = [];
    for (const o of v.options || []) {
      if (o.type !== "follower" && o.type !== "prophet") continue;
      const seg = this.catalogue.segmentAt(last.tile, last.rotation, o.at);
      if (seg) out.push({ option: o, point: o.type === "prophet" ? prophetPoint(seg.point) : seg.point, kind: o.type, segKind: seg.kind, words: placeWords(seg.point) });
    }
    return out;
  }

  spotNear(point) {
    let best = null, bestD = 14;
    for (const s of this.spots()) {
      const d = Math.hypot(point[0] - s.point[0], point[1] - s.point[1]);
      if (d < bestD) { bestD = d; best = s; }
    }
    return best;
  }

  keydown(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || this.position) return;
    const tag = (e.target.tagName || "").toLowerCase();
    if ((tag === "input" && !["radio", "checkbox", "button"].includes(e.target.type)) || tag === "textarea" || tag === "select") return;
    const onBoard = e.target === this.svg;
    const k = e.key;
    if (k === "r" || k === "R") { this.rotate(e.shiftKey ? -1 : 1); e.preventDefault(); return; }
    if (k === "Escape") {
      if (this.pending) { this.takeBack(); e.preventDefault(); }
      else if (this.arkPath.length) { this.arkPath = []; this.render(); e.preventDefault(); }
      return;
    }
    if (!onBoard) return;
    this.keyboardCursor = true;
    const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (arrows[k]) {
      const [dx, dy] = arrows[k];
      if (e.shiftKey) this.view.panBy(-dx * 60, -dy * 60);
      else {
        const c = this.cursor || this.defaultCursor();
        this.cursor = { x: c.x + dx, y: c.y + dy };
        this.view.reveal(this.cursor.x, this.cursor.y);
        this.drawCursor();
        this.describeCursor();
      }
      e.preventDefault();
    } else if (k === "+" || k === "=") { this.view.zoom(1.25); e.preventDefault(); }
    else if (k === "-" || k === "_") { this.view.zoom(0.8); e.preventDefault(); }
    else if (k === "0" || k === "f" || k === "F") { this.fit(); e.preventDefault(); }
    else if (k === "Enter" || k === " ") {
      const c = this.cursor || this.defaultCursor();
      this.cursor = c;
      this.clickCell(c, null);
      e.preventDefault();
    }
  }

  defaultCursor() {
    if (this.pending) return { x: this.pending.x, y: this.pending.y };
    if (this.mode === "place") {
      const l = this.legalFor(this.rotation)[0] || this.payload.view.legal[0];
      if (l) return { x: l.x, y: l.y };
    }
    const b = this.v?.board || [];
    const last = b[b.length - 1];
    return last ? { x: last.x, y: last.y } : { x: 0, y: 0 };
  }

  describeCursor() {
    const { x, y } = this.cursor;
    const t = this.tileAt(x, y);
    let text = `Cell ${x}, ${y}: `;
    if (t) text += `${this.catalogue.describe(t.tile)} tile`;
    else if (this.mode === "place" && !this.pending) {
      const rots = this.legalAt(x, y).map((l) => `${l.rotation}°`);
      text += rots.length ? `your tile fits here (turned ${joinWords(rots)}) — press Enter` : "empty";
    } else text += "empty";
    this.root.querySelector("#cursor-info").textContent = text;
  }

  // ---------- framing ----------

  bounds(cells) {
    if (!cells.length) cells = [[0, 0]];
    const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
    return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
  }

  /** The whole board. */
  fit() {
    const v = this.v;
    if (!v) return;
    let cells = v.board.map((t) => [t.x, t.y]);
    if (this.mode === "place") cells = cells.concat(this.payload.view.legal.map((l) => [l.x, l.y]));
    this.view.fit(this.bounds(cells));
  }

  /** At the start of a turn: the last move and every legal place; else the whole board. */
  frame() {
    const v = this.v;
    if (!v) return;
    if (this.mode === "place") {
      const last = v.board[v.board.length - 1];
      const cells = this.payload.view.legal.map((l) => [l.x, l.y]);
      if (last) cells.push([last.x, last.y]);
      this.view.fit(this.bounds(cells));
    } else {
      this.fit();
    }
  }

  /** The Ark and every tile it may reach. */
  frameArk() {
    const v = this.payload?.view;
    if (!v?.ark) return;
    const cells = [v.ark];
    for (const o of this.arkOptions()) cells.push(...o.path);
    this.view.fit(this.bounds(cells));
  }

  // ---------- drawing ----------

  pieceAt(f, cls = "") {
    const t = this.tileAt(f.x, f.y);
    if (!t) return null;
    const seg = this.catalogue.segmentAt(t.tile, t.rotation, f.at);
    if (!seg) return null;
    return { x: f.x, y: f.y, point: f.kind === "prophet" ? prophetPoint(seg.point) : seg.point, kind: f.kind,
      lying: seg.kind === "field", colour: this.seatColour(f.seat), label: f.seat + 1, cls };
  }

  render() {
    this.renderBoard();
    this.renderControls();
    this.root.classList.toggle("choosing", !!this.pending || this.arkPath.length > 0 || !!this.choice);
  }

  renderBoard() {
    const v = this.v;
    if (!v) return;
    const scene = { tiles: [], cells: [], pieces: [], marks: [], arks: [] };
    const last = v.board[v.board.length - 1];
    const mode = this.mode;
    for (const t of v.board) scene.tiles.push({ ...t, cls: last && t === last && v.board.length > 1 ? "recent" : "" });
    const p = this.pending;
    if (p) scene.tiles.push({ tile: this.payload.view.tile, x: p.x, y: p.y, rotation: p.rotation, cls: "pending" });
    if (mode === "place" && !p) {
      for (const [, list] of this.legalCells()) {
        const now = list.some((l) => l.rotation === this.rotation);
        scene.cells.push({ x: list[0].x, y: list[0].y, cls: `legal${now ? " legal-now" : ""}`, title: `fits turned ${list.map((l) => `${l.rotation}°`).join(", ")}` });
      }
    }
    if (p) scene.cells.push({ x: p.x, y: p.y, cls: "pending-frame" });
    for (const f of v.followers) {
      const piece = this.pieceAt(f);
      if (piece) scene.pieces.push(piece);
    }
    if (v.ark) scene.arks.push({ x: v.ark[0], y: v.ark[1], cls: this.arkPath.length ? "ark-start" : "" });
    if (p) {
      if (p.action.type === "follower" || p.action.type === "prophet") {
        const piece = this.pieceAt({ x: p.x, y: p.y, at: p.action.at, seat: this.mySeat, kind: p.action.type }, "ghost-piece");
        if (piece) scene.pieces.push(piece);
      }
      for (const s of this.spots()) {
        const taken = p.action.type === s.action.type && p.action.at === s.action.at;
        if (!taken) scene.marks.push({ x: p.x, y: p.y, point: s.point, kind: s.kind });
      }
      if (p.legal.ark_at?.length) {
        for (const [x, y] of p.legal.ark_at) {
          const chosen = p.arkAt && p.arkAt[0] === x && p.arkAt[1] === y;
          scene.cells.push({ x, y, cls: chosen ? "arkat arkat-chosen" : "arkat" });
        }
        if (p.arkAt) scene.arks.push({ x: p.arkAt[0], y: p.arkAt[1], cls: "ghost-ark" });
      }
    }
    if (mode === "options") {
      this.arkPath.forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
      for (const [x, y] of this.arkNext()) scene.cells.push({ x, y, cls: "ark-next" });
      if (this.arkPath.length) {
        const [x, y] = this.arkPath[this.arkPath.length - 1];
        scene.arks.push({ x, y, cls: "ghost-ark" });
      }
      for (const o of this.placeArkOptions()) {
        const chosen = this.choice && this.choice.type === "place_ark" && this.choice.x === o.x && this.choice.y === o.y;
        scene.cells.push({ x: o.x, y: o.y, cls: chosen ? "arkat arkat-chosen" : "arkat" });
        if (chosen) scene.arks.push({ x: o.x, y: o.y, cls: "ghost-ark" });
      }
      if (last) {
        for (const s of this.optionSpots()) {
          const taken = this.choice && this.choice.type === s.option.type && this.choice.at === s.option.at;
          if (taken) {
            const piece = this.pieceAt({ x: last.x, y: last.y, at: s.option.at, seat: this.mySeat, kind: s.option.type }, "ghost-piece");
            if (piece) scene.pieces.push(piece);
          } else scene.marks.push({ x: last.x, y: last.y, point: s.point, kind: s.kind });
        }
      }
    }
    // an Ark move just made (a replay position, or the last turn seen by the others)
    const arkMove = this.position?.move?.turn?.action;
    if (arkMove?.type === "ark") (arkMove.path || []).forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
    if (!this.position && mode !== "options" && v.last_ark_path && !this.arkPath.length) {
      // the Ark move of the last turn: where it started, then each tile it entered
      v.last_ark_path.forEach(([x, y], i) => scene.cells.push(i ? { x, y, cls: "ark-path ark-seen", label: i, corner: "right" }
        : { x, y, cls: "ark-from ark-seen" }));
    }
    if (v.finished && this.focusFeature !== null && this.focusFeature !== undefined) {
      const e = this.finalEvents()[this.focusFeature];
      if (e) for (const [x, y] of e.tiles) scene.cells.push({ x, y, cls: "scored" });
    }
    this.view.draw(scene);
    this.drawGhost();
    this.drawCursor();
    this.svg.setAttribute("aria-label", this.boardLabel());
  }

  boardLabel() {
    const v = this.v;
    let text = `Board with ${v.board.length} tiles. `;
    if (this.position) return `${text}A position of the replay.`;
    if (this.mode === "place" && !this.pending) {
      const n = this.legalCells().size;
      text += n ? `${n} highlighted place${n === 1 ? "" : "s"} take your tile. Arrow keys move the cursor, Enter places, R rotates.` : "";
    } else if (this.pending) text += "Your tile is laid but not sent: choose a piece and Confirm, or Escape to take it back.";
    return text;
  }

  drawGhost() {
    if (this.mode !== "place" || this.pending || !this.payload) { this.view.drawGhost(null); return; }
    const cell = this.hoverCell || (document.activeElement === this.svg && this.keyboardCursor ? this.cursor : null);
    if (!cell || this.index.has(key(cell.x, cell.y))) { this.view.drawGhost(null); return; }
    const fit = this.fitting(cell.x, cell.y, this.rotation);
    if (!fit) {
      const near = [[0, -1], [1, 0], [0, 1], [-1, 0]].some(([dx, dy]) => this.index.has(key(cell.x + dx, cell.y + dy)));
      if (!near) { this.view.drawGhost(null); return; }
    }
    this.view.drawGhost({ tile: this.payload.view.tile, x: cell.x, y: cell.y, rotation: fit ? fit.rotation : this.rotation, ok: !!fit });
  }

  drawCursor() {
    const focused = document.activeElement === this.svg && this.keyboardCursor;
    this.view.drawCursor(focused && this.cursor ? this.cursor : null);
    this.drawGhost();
  }

  // ---------- controls (in the shell's turn panel) ----------

  renderControls() {
    const nodes = [];
    const v = this.v;
    if (this.position) { this.api.setControls([]); return; }
    if (!v) { this.api.setControls([]); return; }
    const mode = this.mode;
    if (mode === "place" && !this.pending) nodes.push(html(this.handHTML()));
    else if (this.pending) nodes.push(html(this.pendingHTML()));
    else if (mode === "options") nodes.push(html(this.optionsHTML()));
    if (v.finished) nodes.push(html(this.finalHTML()));
    nodes.push(html(this.supplyHTML()));
    this.api.setControls(nodes);
  }

  handHTML() {
    const v = this.payload.view;
    const places = this.legalCells().size;
    const now = this.legalFor(this.rotation).length;
    const desc = escapeHtml(this.catalogue.describe(v.tile));
    let fit;
    if (!places) fit = "";
    else if (now) fit = `<strong>${places}</strong> highlighted place${places === 1 ? "" : "s"} take it; ${now} fit this way round (framed in blue).`;
    else fit = `<strong>${places}</strong> highlighted place${places === 1 ? "" : "s"} take it, turned to fit.`;
    return `<div class="tile-controls"><div class="hand">
        <button type="button" class="hand-tile" data-act="rotate" aria-label="Tile in hand: ${desc}, turned ${this.rotation} degrees. Click to rotate.">
          ${tileThumb(this.catalogue, v.tile, this.rotation, 104, "thumb hand-thumb")}
        </button>
        <div>
          <p><strong>${desc}</strong> tile, turned ${this.rotation}°.</p>
          <p>${fit}</p>
          <p class="small muted"><span class="kbd-hint">Click the tile or press <kbd>R</kbd> to rotate; drag it onto the board, or click a place.</span><span class="touch-hint">Tap the tile to rotate; tap a highlighted place to lay it.</span></p>
        </div>
      </div>
      <div class="buttons"><button type="button" class="btn" data-act="rotate">Rotate ⟳</button>
        <button type="button" class="btn" data-act="frame">Show the places</button></div></div>`;
  }

  pendingHTML() {
    const p = this.pending, v = this.payload.view;
    const cur = p.action;
    const radio = (id, label, action, checked) =>
      `<label class="choice${checked ? " chosen" : ""}"><input type="radio" name="action" value="${id}" ${checked ? "checked" : ""} data-action='${escapeHtml(JSON.stringify(action))}'> ${label}</label>`;
    let choices = radio("pass", "No piece", { type: "pass" }, cur.type === "pass");
    for (const s of this.spots()) {
      const checked = cur.type === s.action.type && cur.at === s.action.at;
      const what = s.kind === "prophet" ? `Prophet on the city (${s.words})` : `Follower on the ${s.segKind} (${s.words})`;
      choices += radio(`${s.action.type}-${s.action.at}`, what, s.action, checked);
    }
    if (v.ark) choices += radio("ark", "Move the Ark…", { type: "ark" }, false);
    let extra = "";
    if (p.legal.ark_at?.length) {
      extra = `<div class="ark-info"><p>This tile completes the first city. The Ark goes on the tile at <strong>${p.arkAt[0]}, ${p.arkAt[1]}</strong>; tap another gold-framed tile to choose it.</p></div>`;
    }
    return `<div class="tile-controls pending-sheet"><h3>Choose a piece</h3>
      <p class="small">Tile at <strong>${p.x}, ${p.y}</strong>, turned ${p.rotation}° — not sent yet.</p>
      <fieldset class="choices"><legend>Piece</legend>${choices}</fieldset>${extra}
      <div class="buttons sheet-buttons">
        <button type="button" class="btn primary" data-act="confirm" ${this.sending ? "disabled" : ""}>${this.sending ? "Sending…" : "Confirm"}</button>
        <button type="button" class="btn" data-act="rotate-placed" ${this.legalAt(p.x, p.y).length < 2 ? "disabled" : ""}>Rotate</button>
        <button type="button" class="btn" data-act="take-back" ${this.sending ? "disabled" : ""}>Take back<span class="kbd-hint"> <kbd>Esc</kbd></span></button>
      </div></div>`;
  }

  optionsHTML() {
    const v = this.payload.view;
    const ark = this.arkOptions();
    const placeArk = this.placeArkOptions();
    let body = "";
    if (placeArk.length) {
      const c = this.choice?.type === "place_ark" ? this.choice : null;
      body += `<div class="ark-info"><p>You completed the first city: choose the tile the Ark goes on (gold frames).</p>
        <p>${c ? `The Ark goes on <strong>${c.x}, ${c.y}</strong>.` : "No tile chosen yet."}</p></div>`;
    }
    if (ark.length) {
      const chosen = this.arkChosen();
      const gains = chosen ? chosen.points.map((n, s) => (n ? `${this.name(s)} +${n}` : "")).filter(Boolean) : [];
      body += `<div class="ark-info" aria-live="polite"><p><strong>Move the Ark</strong>: tap the framed tiles it enters, one step at a time.</p>
        <p>Path: ${this.arkPath.length ? this.arkPath.map(([x, y]) => `(${x}, ${y})`).join(" → ") : "none yet"}.</p>
        <p>${chosen ? (gains.length ? `It gives ${joinWords(gains)}.` : "It gives no points.") : ""}</p>
        ${this.arkPath.length ? '<button type="button" class="btn small" data-act="ark-back">Take back the last step</button>' : ""}</div>`;
    }
    const others = (v.options || []).filter((o) => o.type !== "ark" && o.type !== "place_ark");
    if (others.length) {
      const radio = (o, label) => {
        const checked = this.choice && this.choice.type === o.type && this.choice.at === o.at;
        return `<label class="choice${checked ? " chosen" : ""}"><input type="radio" name="option" data-option='${escapeHtml(JSON.stringify(o))}' ${checked ? "checked" : ""}> ${label}</label>`;
      };
      const spots = this.optionSpots();
      body += `<fieldset class="choices"><legend>Or</legend>${others.map((o) => {
        if (o.type === "pass") return radio(o, "No piece");
        const s = spots.find((x) => x.option === o);
        return radio(o, o.type === "prophet" ? `Prophet on the city (${s?.words || o.at})` : `Follower on the ${s?.segKind || ""} (${s?.words || o.at})`);
      }).join("")}</fieldset>`;
    }
    const ready = !!this.optionToSend();
    return `<div class="tile-controls pending-sheet"><h3>${ark.length ? "Your tile is laid" : "Your choice"}</h3>${body}
      <div class="buttons sheet-buttons"><button type="button" class="btn primary" data-act="confirm" ${!ready || this.sending ? "disabled" : ""}>${this.sending ? "Sending…" : "Confirm"}</button>
      ${ark.length ? '<button type="button" class="btn" data-act="frame-ark">Show the Ark</button>' : ""}</div></div>`;
  }

  supplyHTML() {
    const v = this.v;
    const me = this.mySeat;
    const bits = (v.supply || []).map((s, seat) => {
      let t = `${this.name(seat)}: ${s.followers} follower${s.followers === 1 ? "" : "s"}`;
      if ("prophet" in s) t += s.prophet ? ", Prophet ready" : ", Prophet used";
      return `<li${seat === me ? ' class="me"' : ""}>${t}</li>`;
    });
    const open = document.querySelector("#board-controls details.supply")?.open ? " open" : "";
    const left = Object.entries(v.remaining || {}).map(([id, count]) =>
      `<li title="${escapeHtml(this.catalogue.describe(id))} tile, ${count} left">${tileThumb(this.catalogue, id, 0, 40)}<span class="count">×${count}</span></li>`);
    return `<details class="supply"${open}><summary>Pieces in supply · tiles left: <strong>${v.tiles_left}</strong></summary><ul class="small">${bits.join("")}</ul>
      ${left.length ? `<p class="small">The tiles still to come:</p><ul class="tile-grid">${left.join("")}</ul>` : ""}</details>`;
  }

  finalEvents() { return (this.v?.events || []).filter((e) => e.final && e.points.some((n) => n)); }

  finalEventAt(cell) {
    if (!this.v?.finished) return undefined;
    const list = this.finalEvents();
    const hits = list.map((e, i) => [e, i]).filter(([e]) => e.tiles.some(([x, y]) => x === cell.x && y === cell.y));
    if (!hits.length) return undefined;
    const cur = hits.findIndex(([, i]) => i === this.focusFeature);
    return hits[(cur + 1) % hits.length][1];
  }

  finalHTML() {
    const v = this.v;
    const events = this.finalEvents();
    const rows = events.map((e, i) => {
      const pts = e.points.map((n, s) => (n ? `${this.name(s)} +${n}` : "")).filter(Boolean).join(", ");
      const words = detailWords(e);
      const detail = words ? ` <span class="muted small">(${escapeHtml(words)})</span>` : "";
      return `<li><button type="button" class="feature-link${i === this.focusFeature ? " chosen" : ""}" data-act="feature" data-index="${i}">${escapeHtml(FEATURE_NAMES[e.feature] || e.feature)}${detail}: ${pts}</button></li>`;
    }).join("");
    const features = [...new Set((v.breakdown || []).flatMap((b) => Object.keys(b)))];
    const table = `<table class="breakdown"><thead><tr><th scope="col">Player</th>${features.map((f) => `<th scope="col" class="num">${escapeHtml(FEATURE_NAMES[f] || f)}</th>`).join("")}</tr></thead>
      <tbody>${(v.breakdown || []).map((b, s) => `<tr><th scope="row">${this.name(s)}</th>${features.map((f) => `<td class="num">${b[f] || 0}</td>`).join("")}</tr>`).join("")}</tbody></table>`;
    return `<div class="final-scoring"><h3>Points by feature</h3><div class="table-scroll">${table}</div>
      ${rows ? `<p class="small">The final scoring, feature by feature (tap one to see it on the board):</p>
        <div class="buttons"><button type="button" class="btn small" data-act="feature-prev" ${!this.focusFeature ? "disabled" : ""}>◀ Previous</button>
        <button type="button" class="btn small" data-act="feature-next" ${this.focusFeature !== null && this.focusFeature >= events.length - 1 ? "disabled" : ""}>${this.focusFeature === null ? "Show them one by one ▶" : "Next ▶"}</button>
        <button type="button" class="btn small" data-act="fit">Whole board</button></div>
        <ol class="final-events">${rows}</ol>` : ""}</div>`;
  }

  // ---------- events ----------

  bind() {
    const on = (target, type, fn, opts) => { target.addEventListener(type, fn, opts); this.listeners.push([target, type, fn, opts]); };
    on(this.root, "keydown", (e) => this.keydown(e));
    on(document, "keydown", (e) => {
      // R and Escape work from the turn panel too (outside the board's root)
      if (this.root.contains(e.target)) return;
      if (e.target.closest?.("#board-controls") && (e.key === "r" || e.key === "R" || e.key === "Escape")) this.keydown(e);
    });
    on(this.svg, "focus", () => { if (!this.cursor) this.cursor = this.defaultCursor(); this.drawCursor(); });
    on(this.svg, "blur", () => this.drawCursor());
    on(this.svg, "pointerdown", () => { this.keyboardCursor = false; });
    on(this.svg, "keyup", (e) => { if (e.key === "Tab") { this.keyboardCursor = true; this.drawCursor(); } });
    const controls = document.getElementById("board-controls") || this.root;
    on(document, "pointerdown", (e) => this.dragFromHand(e));
    on(document, "click", (e) => {
      const btn = e.target.closest("[data-act]");
      if (!btn || btn.disabled || !(this.root.contains(btn) || controls.contains(btn))) return;
      if (this.justDragged && btn.classList.contains("hand-tile")) return; // the end of a drag, not a click
      const acts = {
        "zoom-in": () => this.view.zoom(1.25),
        "zoom-out": () => this.view.zoom(0.8),
        fit: () => this.fit(),
        frame: () => this.frame(),
        "frame-ark": () => this.frameArk(),
        rotate: () => this.rotate(1),
        "rotate-placed": () => this.rotate(1),
        confirm: () => this.confirm(),
        "take-back": () => this.takeBack(),
        "ark-back": () => { this.arkPath = this.arkPath.slice(0, -1); this.render(); },
        feature: () => { this.focusFeature = Number(btn.dataset.index); this.render(); this.showFeature(); },
        "feature-next": () => { this.focusFeature = this.focusFeature === null ? 0 : this.focusFeature + 1; this.render(); this.showFeature(); },
        "feature-prev": () => { this.focusFeature = Math.max(0, (this.focusFeature || 0) - 1); this.render(); this.showFeature(); },
      };
      if (acts[btn.dataset.act]) { e.preventDefault(); acts[btn.dataset.act](); }
    });
    on(document, "change", (e) => {
      if (!controls.contains(e.target)) return;
      if (e.target.name === "action" && e.target.dataset.action) this.chooseAction(JSON.parse(e.target.dataset.action));
      else if (e.target.name === "option" && e.target.dataset.option) {
        this.choice = JSON.parse(e.target.dataset.option);
        this.arkPath = [];
        this.render();
      }
    });
  }

  showFeature() {
    const e = this.finalEvents()[this.focusFeature];
    if (e?.tiles?.length) this.view.fit(this.bounds(e.tiles));
    if (e) {
      const pts = e.points.map((n, seat) => (n ? `${this.api.name ? this.api.name(seat) : seat + 1} +${n}` : "")).filter(Boolean).join(", ");
      const words = detailWords(e);
      this.api.say(`Final scoring ${this.focusFeature + 1} of ${this.finalEvents().length}: ${FEATURE_NAMES[e.feature] || e.feature}${words ? ` (${words})` : ""}: ${pts}.`);
    }
  }

  /** Drag the tile in hand onto the board (mouse or touch): the ghost follows, a drop places or explains. */
  dragFromHand(e) {
    if (!e.target.closest?.(".hand-tile") || (e.button !== undefined && e.button > 0) || this.mode !== "place") return;
    const start = { x: e.clientX, y: e.clientY };
    let moved = false;
    const overBoard = (ev) => {
      const r = this.svg.getBoundingClientRect();
      return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    };
    const move = (ev) => {
      if (!moved && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > 8) {
        moved = true;
        document.body.classList.add("dragging-tile");
      }
      if (!moved) return;
      ev.preventDefault();
      const at = overBoard(ev) ? this.view.locate(ev.clientX, ev.clientY) : null;
      this.hoverCell = at ? { x: at.x, y: at.y } : null;
      this.drawGhost();
    };
    const up = (ev) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", up);
      document.removeEventListener("pointercancel", up);
      document.body.classList.remove("dragging-tile");
      if (!moved) return;
      this.justDragged = true;
      setTimeout(() => { this.justDragged = false; }, 0);
      this.hoverCell = null;
      if (ev.type === "pointerup" && overBoard(ev)) {
        const at = this.view.locate(ev.clientX, ev.clientY);
        this.clickCell({ x: at.x, y: at.y }, null);
      } else {
        this.drawGhost();
      }
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
    document.addEventListener("pointercancel", up);
  }
}

/** What a scored feature was worth, in words, from the event's detail (the server's figures). */
function detailWords(event) {
  const d = event.detail;
  if (!d) return "";
  const n = (count, one, many) => `${count} ${count === 1 ? one : many}`;
  const parts = [];
  if (d.tiles !== undefined && event.feature !== "temple") parts.push(n(d.tiles, "tile", "tiles"));
  if (d.scrolls) parts.push(n(d.scrolls, "scroll", "scrolls"));
  if (d.pennants) parts.push(n(d.pennants, "pennant", "pennants"));
  if (d.oases) parts.push(n(d.oases, "oasis", "oases"));
  if (d.sheep !== undefined) parts.push(`${n(d.sheep, "sheep", "sheep")} − ${n(d.wolves || 0, "wolf", "wolves")}, 2 points each sheep left`);
  if (event.feature === "temple") parts.push(d.complete ? "complete" : "not complete");
  if (d.double) parts.push("complete: doubled");
  return parts.join(", ");
}

/** Where the Prophet stands: beside a city's follower spot, towards the tile centre. */
function prophetPoint([ax, ay]) {
  const d = Math.hypot(50 - ax, 50 - ay);
  return d > 8 ? [ax + (15 * (50 - ax)) / d, ay + (15 * (50 - ay)) / d] : [ax + 15, ay];
}

export { pieceSVG, touchScreen };
