// The board of the tile games (the Ark of the Covenant, Carcassonne), shared by games/ark and games/carcassonne.
//
// It draws what the server's view says (games/rules/tiles/view.py) and offers only what it lists:
//  - view.legal: every legal placement of the tile in hand, per rotation, with its follower spots (and the
//    Ark's own: Prophet sides, "ark_at" tiles when it completes the first city), each spot named ("names").
//    The tile is laid on the page (not sent), a piece chosen, and Confirm sends the whole turn (api.confirm).
//  - view.options: the choices after a step sent on its own (an Ark move: the tile is laid as a step, then the
//    server lists every Ark path with the points it gives; "place_ark" tiles). Each is sent with api.step.
// No rule is computed here. The parts, each in its module: model.js (the view's lists looked up), scene.js
// (what the board shows), view.js (the SVG, drawn incrementally, with pan and zoom), draw.js (the tiles' art),
// camera.js (framing), panel.js (the turn panel's controls), input.js (pointer and keys), words.js.

import { escapeHtml } from "../../shell/dom.js";
import { cameraMethods } from "./camera.js";
import { Catalogue, pieceSVG } from "./draw.js";
import { inputMethods } from "./input.js";
import * as model from "./model.js";
import { panelMethods } from "./panel.js";
import { buildScene } from "./scene.js";
import { BoardView } from "./view.js";
import { _, fill, n_ } from "./words.js";

const touchScreen = () => window.matchMedia?.("(hover: none) and (pointer: coarse)").matches;

/** The catalogue of each game, shared by prepareTileBoard and the board (its models and markup made once). */
const catalogues = new Map();
function catalogueFor(boardData, game) {
  if (!catalogues.has(game) || catalogues.get(game).list !== boardData.tiles) {
    catalogues.set(game, Object.assign(new Catalogue(boardData.tiles, game), { list: boardData.tiles }));
  }
  return catalogues.get(game);
}

const pause = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/** Before the board is made (the shell awaits it): the drawing model and markup of each tile kind on the
 * board, one kind at a time with a pause between, so that the page stays responsive (no long task) while a
 * late position's tiles are worked out on a slow phone. */
export async function prepareTileBoard(boardData, payload, game) {
  const catalogue = catalogueFor(boardData, game);
  const v = payload?.view;
  const laid = [...(v?.board || []), ...(v?.tile ? [{ tile: v.tile, rotation: 0 }] : [])];
  const kinds = new Map();
  for (const t of laid) if (catalogue.types.has(String(t.tile))) kinds.set(`${t.tile}:${t.rotation}`, t);
  for (const t of kinds.values()) {
    catalogue.model(t.tile);
    catalogue.art(t.tile, t.rotation);
    await pause();
  }
}

export function createTileBoard(root, boardData, api, { game }) {
  return new TileBoard(root, boardData, api, game);
}

class TileBoard {
  constructor(root, boardData, api, game) {
    this.root = root;
    this.api = api;
    this.game = game;
    this.catalogue = catalogueFor(boardData, game);
    root.classList.add("tile-board");
    root.innerHTML = `<div class="board-frame">
        <svg id="board" class="board" tabindex="0" role="application" aria-roledescription="${_("game board")}"
             aria-label="${_("Board")}" aria-describedby="board-help" xmlns="http://www.w3.org/2000/svg"></svg>
        <div class="board-tools" role="toolbar" aria-label="${_("Board view")}">
          <button type="button" class="tool" data-act="zoom-in" aria-label="${_("Zoom in")}" title="${_("Zoom in (+)")}">+</button>
          <button type="button" class="tool" data-act="zoom-out" aria-label="${_("Zoom out")}" title="${_("Zoom out (−)")}">−</button>
          <button type="button" class="tool wide-tool" data-act="fit" title="${_("Fit the board (0)")}">${_("Fit board")}</button>
        </div>
      </div>
      <p id="board-help" class="help small kbd-hint">${_("Drag, or Shift+arrows, to pan; wheel, pinch or +/− to zoom. On the board, arrows move the cursor, Enter places, R rotates, Esc takes back.")}</p>
      <p id="board-touch-help" class="help small touch-hint">${_("Drag to pan, pinch to zoom; tap a highlighted place to lay your tile.")}</p>
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
    this.index = new Map((v.board || []).map((t) => [model.key(t.x, t.y), t]));
    const moved = !before || before.version !== payload.version;
    if (this.pending && this.pending.version !== payload.version) {
      // the game moved on: what was not sent yet is dropped (said so when it was not this page's own request:
      // another tab played the turn, or the time ran out)
      this.pending = null;
      if (!this.sending) {
        this.api.say(this.myTurn ? _("The game changed while you were choosing: your tile is back in your hand.")
          : _("Your turn was played elsewhere (another tab or window): the tile you had laid here was not sent and is gone."));
      }
    }
    if (moved) { this.arkPath = []; this.choice = null; }
    const newTurn = this.myTurn && (!wasMine || before?.view?.tile !== v.tile || !before);
    if (this.mode === "place" && newTurn) {
      this.rotation = model.firstRotation(v, this.rotation);
      this.cursor = null;
    }
    if (!this.fitted) { this.fitted = true; this.frame(); }
    else if (this.myTurn && !wasMine) this.frame(); // a turn starts: the last move and every legal place
    else if (wasMine && !this.myTurn && this.viewBeforePlace) { // after Confirm: back to the player's own view
      Object.assign(this.view.view, this.viewBeforePlace);
      this.view.apply();
    }
    if (!this.myTurn) this.viewBeforePlace = null;
    this.render();
    if (this.mode === "options" && moved) {
      if (this.arkOptions().length) this.frameArk();
      else if (this.placeArkOptions().length) this.framePlaceArk();
    }
  }

  /** The log's last turn (the shell's entry of moves/: the server's actions, read, never judged), marked on
   * the live board: its tile and the piece it put down. */
  markLastTurn(entry) {
    this.lastTurn = entry || null;
    if (this.payload && !this.position) this.renderBoard();
  }

  showPosition(position) {
    this.position = position;
    this.pending = null;
    this.index = new Map((position.view.board || []).map((t) => [model.key(t.x, t.y), t]));
    this.render();
    const last = position.view.board[position.view.board.length - 1];
    if (last) this.view.reveal(last.x, last.y);
  }

  destroy() {
    document.removeEventListener("click", this.view.swallowClicks, true);
    for (const [target, type, fn, opts] of this.listeners) target.removeEventListener(type, fn, opts);
    this.barWatch?.disconnect();
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

  legalCells() { return model.legalCells(this.payload.view); }
  legalAt(x, y) { return model.legalAt(this.payload.view, x, y); }
  legalFor(rotation) { return model.legalFor(this.payload.view, rotation); }
  arkOptions() { return model.arkOptions(this.payload?.view); }
  placeArkOptions() { return model.placeArkOptions(this.payload?.view); }
  arkNext() { return model.arkNext(this.payload.view, this.arkPath); }
  arkChosen() { return model.arkChosen(this.payload.view, this.arkPath); }
  bounds(cells) { return model.bounds(cells); }

  /** The spots of the pending placement: [{action, point, kind, words}] (from the server's lists). */
  spots() {
    const p = this.pending;
    return p ? model.placementSpots(this.catalogue, this.payload.view.tile, p.rotation, model.pendingEntries(p.legal)) : [];
  }

  /** In step mode, the follower and Prophet options on the tile just laid. */
  optionSpots() {
    const b = this.payload.view.board;
    const last = b[b.length - 1];
    return last ? model.placementSpots(this.catalogue, last.tile, last.rotation, model.optionEntries(this.payload.view)) : [];
  }

  tileAt(x, y) {
    const p = this.pending;
    if (p && p.x === x && p.y === y) return { tile: this.payload.view.tile, x, y, rotation: p.rotation };
    return this.index?.get(model.key(x, y));
  }

  name(seat) { return escapeHtml(this.api.name ? this.api.name(seat) : fill(_("Seat %(n)s"), { n: seat + 1 })); }

  // ---------- the turn being prepared ----------

  rotate(dir = 1) {
    if (this.mode !== "place") return;
    if (this.pending) {
      // only the rotations that fit on the same place
      const { x, y } = this.pending;
      const next = model.fitting(this.payload.view, x, y, this.pending.rotation + dir * 90, dir);
      if (next && next.rotation !== this.pending.rotation) { this.rotation = next.rotation; this.place(next); }
      else this.api.say(_("No other rotation fits on this place."));
      return;
    }
    this.rotation = (((this.rotation + dir * 90) % 360) + 360) % 360;
    const n = this.legalFor(this.rotation).length;
    this.api.say(n ? fill(n_("Turned to %(degrees)s°: %(n)s place fits this way (framed in blue).",
      "Turned to %(degrees)s°: %(n)s places fit this way (framed in blue).", n), { degrees: this.rotation, n })
      : fill(_("Turned to %(degrees)s°: no place fits this way round; a highlighted place takes the tile in a way that fits."), { degrees: this.rotation }));
    this.render();
  }

  place(legal) {
    if (!this.pending) this.viewBeforePlace = { ...this.view.view };
    this.zoomOnPlaced(legal);
    // the Ark's first tile: one of the city's other tiles when there is one (the tile just laid has the spots),
    // the nearest, beside it rather than above or below (on a phone both are framed above the bottom sheet)
    const away = ([x, y]) => (x === legal.x && y === legal.y ? Infinity : Math.abs(x - legal.x) + 2 * Math.abs(y - legal.y));
    const arkAt = legal.ark_at?.length ? [...legal.ark_at].sort((a, b) => away(a) - away(b))[0] : null;
    this.pending = { x: legal.x, y: legal.y, rotation: legal.rotation, legal, action: { type: "pass" }, arkAt, version: this.payload.version };
    this.rotation = legal.rotation;
    this.api.clearError();
    const spots = (legal.followers?.length || 0) + (legal.prophet?.length || 0);
    const place = `${legal.x}, ${legal.y}`;
    let msg;
    if (spots && this.payload.view.ark) msg = _("Tile laid at %(place)s (not sent yet). Choose a spot for a piece, move the Ark, or no piece; then Confirm.");
    else if (spots) msg = _("Tile laid at %(place)s (not sent yet). Choose a spot for a piece, or no piece; then Confirm.");
    else if (this.payload.view.ark) msg = _("Tile laid at %(place)s (not sent yet). Move the Ark, or no piece; then Confirm.");
    else msg = _("Tile laid at %(place)s (not sent yet). No piece can go on it; Confirm.");
    msg = fill(msg, { place });
    if (legal.ark_at?.length) msg += ` ${_("This tile completes the first city: choose where the Ark goes.")}`;
    this.api.say(msg);
    this.render();
    requestAnimationFrame(() => this.keepInView(legal.x, legal.y));
    this.watchBar(legal.x, legal.y);
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
    this.api.say(_("Tile taken back into your hand."));
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
      this.api.say(_("Your tile is laid (the others see it when your turn ends). Choose the Ark's path: the tiles next to the Ark are framed."));
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
        this.saidPlayed();
      } else if (this.mode === "options") {
        const action = this.optionToSend();
        if (action) {
          await this.api.step(action);
          this.arkPath = [];
          this.choice = null;
          if (!this.myTurn) this.saidPlayed();
        }
      }
    } catch { /* the shell shows the error; the choice stays */ }
    this.sending = false;
    this.render();
  }

  /** "Your turn was played." — unless the turn has come round again meanwhile (a quick computer's answer came
   * in before this page's own): a fresh "Your turn" is never followed by old news. */
  saidPlayed() {
    const g = this.api.game || this.payload; // the newest version the page knows (maybe still arriving)
    if (!(g.status === "active" && g.current_seat === g.your_seat)) this.api.say(_("Your turn was played."));
  }

  optionToSend() {
    if (this.arkPath.length) {
      const chosen = this.arkChosen();
      return chosen ? { type: "ark", path: chosen.path } : null;
    }
    if (!this.choice) return null;
    const { points, words, ...action } = this.choice;
    return action;
  }

  // ---------- drawing ----------

  render() {
    this.renderBoard();
    this.renderControls();
    this.root.classList.toggle("choosing", !!this.pending || this.arkPath.length > 0 || !!this.choice || this.mode === "options");
  }

  renderBoard() {
    if (!this.v) return;
    this.view.draw(buildScene(this));
    const marked = !this.position && Number.isInteger(this.lastTurn?.turn?.x);
    if (marked) this.root.dataset.lastTurn = String(this.lastTurn.seq);
    else delete this.root.dataset.lastTurn;
    this.drawGhost();
    this.drawCursor();
    const label = this.boardLabel();
    if (this.svg.getAttribute("aria-label") !== label) this.svg.setAttribute("aria-label", label);
  }

  boardLabel() {
    const v = this.v;
    const text = fill(n_("Board with %(n)s tile.", "Board with %(n)s tiles.", v.board.length), { n: v.board.length });
    if (this.position) return `${text} ${_("A position of the replay.")}`;
    if (this.mode === "place" && !this.pending) {
      const n = this.legalCells().size;
      return n ? `${text} ${fill(n_("%(n)s highlighted place takes your tile. Arrow keys move the cursor, Enter places, R rotates.",
        "%(n)s highlighted places take your tile. Arrow keys move the cursor, Enter places, R rotates.", n), { n })}` : text;
    }
    if (this.pending) return `${text} ${_("Your tile is laid but not sent: choose a piece and Confirm, or Escape to take it back.")}`;
    return text;
  }

  drawGhost() {
    if (this.mode !== "place" || this.pending || !this.payload) { this.view.drawGhost(null); return; }
    const cell = this.hoverCell || (document.activeElement === this.svg && this.keyboardCursor ? this.cursor : null);
    if (!cell || this.index.has(model.key(cell.x, cell.y))) { this.view.drawGhost(null); return; }
    const fit = model.fitting(this.payload.view, cell.x, cell.y, this.rotation);
    if (!fit) {
      const near = [[0, -1], [1, 0], [0, 1], [-1, 0]].some(([dx, dy]) => this.index.has(model.key(cell.x + dx, cell.y + dy)));
      if (!near) { this.view.drawGhost(null); return; }
    }
    this.view.drawGhost({ tile: this.payload.view.tile, x: cell.x, y: cell.y, rotation: fit ? fit.rotation : this.rotation, ok: !!fit });
  }

  drawCursor() {
    const focused = document.activeElement === this.svg && this.keyboardCursor;
    this.view.drawCursor(focused && this.cursor ? this.cursor : null);
    this.drawGhost();
  }
}

Object.assign(TileBoard.prototype, cameraMethods, panelMethods, inputMethods);

export { pieceSVG, touchScreen };
