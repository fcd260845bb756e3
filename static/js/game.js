// The game page: board, tile in hand, the turn being prepared, score board, move log, replay, live updates.
//
// Data: #game-data is exactly GET /api/games/<id>/ and #tile-catalogue the game's tile types. The server
// decides every rule: only places listed in view.legal are offered, and nothing is sent until Confirm.

import { BoardView } from "./board.js";
import { LiveSocket } from "./live.js";
import { SEAT_COLOURS, escapeHtml, joinWords, moveSentence } from "./log.js";
import { clockHTML, finalHTML, pieceIcon, remainingHTML, scoreboardHTML, timeLeft } from "./panels.js";
import { Catalogue, placeWords, tileThumb } from "./tiles.js";

const ARK_MAX_STEPS = 5;
const DIRS = [[0, -1], [1, 0], [0, 1], [-1, 0]];
const key = (x, y) => `${x},${y}`;

function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

class GamePage {
  constructor(root) {
    this.root = root;
    this.$ = (sel) => root.querySelector(sel);
    this.game = JSON.parse(document.getElementById("game-data").textContent);
    this.catalogue = new Catalogue(JSON.parse(document.getElementById("tile-catalogue").textContent), this.game.game);
    this.api = `/api/games/${this.game.id}/`;
    this.moves = [];
    this.lastSeq = 0;
    this.rotation = 0;
    this.pending = null;
    this.cursor = null;
    this.replay = null; // {step} while replaying
    this.since = null; // index into sinceMoves() being shown, or null
    this.sending = false;
    this.fitted = false;

    this.board = new BoardView(this.$("#board"), this.catalogue, {
      onClick: (cell, point) => this.clickCell(cell, point),
      onHover: (cell) => { this.hoverCell = cell; this.drawGhost(); },
    });
    this.bindControls();
    this.applyGame(this.game, { initial: true });
    this.loadMoves();
    this.socket = new LiveSocket(root.dataset.wsPath, {
      onMessage: (msg) => this.onSocket(msg),
      onOpen: (reconnected) => { if (reconnected) { this.socket.send({ type: "sync" }); this.loadMoves(); } },
      onState: (state) => this.showConnection(state),
      onRetry: () => this.refresh(),
    });
    setInterval(() => this.tick(), 30000);
  }

  // ---------- data ----------

  get view() { return this.game.view; }
  get mySeat() { return this.game.your_seat; }

  name(seat) {
    const s = this.game.seats.find((x) => x.seat === seat);
    const who = s ? (s.user.display_name || s.user.username) : `Seat ${seat + 1}`;
    return `<span class="seat-name seat-${seat}">${escapeHtml(who)}</span>`;
  }

  plainName(seat) {
    const s = this.game.seats.find((x) => x.seat === seat);
    return s ? (s.user.display_name || s.user.username) : `Seat ${seat + 1}`;
  }

  /** It is my turn and I hold a tile to place. */
  get myTurn() {
    const v = this.view;
    return !!(v && this.game.status === "active" && !v.finished && v.tile && this.mySeat !== null
      && v.current_seat === this.mySeat);
  }

  legalFor(rotation) { return (this.view?.legal || []).filter((l) => l.rotation === rotation); }

  legalAt(x, y, rotation) { return (this.view?.legal || []).find((l) => l.x === x && l.y === y && l.rotation === rotation); }

  tileAt(x, y) {
    if (this.pending && this.pending.x === x && this.pending.y === y) return { tile: this.view.tile, x, y, rotation: this.pending.rotation };
    return this.boardIndex?.get(key(x, y));
  }

  onSocket(msg) {
    if (msg.type === "game") {
      if (msg.version > this.game.version) {
        const jump = msg.version > this.game.version + 1;
        this.applyGame(msg.game);
        if (jump) this.socket.send({ type: "sync" });
      }
    } else if (msg.type === "error") {
      console.warn("live updates:", msg.detail);
    }
  }

  /** GET the game (used while the socket is down, and after a conflict). */
  async refresh() {
    try {
      const res = await fetch(this.api, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (res.ok) {
        const data = await res.json();
        if (data.version > this.game.version) this.applyGame(data);
      }
    } catch { /* offline: the socket's retries go on */ }
  }

  async loadMoves() {
    if (this.loadingMoves) { this.movesAgain = true; return; }
    this.loadingMoves = true;
    try {
      const res = await fetch(`${this.api}moves/?since=${this.lastSeq}`, { credentials: "same-origin" });
      if (res.ok) {
        const list = await res.json();
        for (const m of list) if (m.seq > this.lastSeq) { this.moves.push(m); this.lastSeq = m.seq; }
        this.renderLog();
        this.renderHistory();
        this.renderBoard();
      }
    } catch { /* retried on the next update */ }
    this.loadingMoves = false;
    if (this.movesAgain) { this.movesAgain = false; this.loadMoves(); }
  }

  applyGame(game, { initial = false } = {}) {
    const before = this.game;
    const wasMyTurn = !initial && this.myTurn;
    this.game = game;
    this.boardIndex = new Map((game.view?.board || []).map((t) => [key(t.x, t.y), t]));
    if (this.pending && !initial && before.version !== game.version) {
      this.pending = null;
      if (this.myTurn && !this.sending) this.say("The game changed while you were choosing; your tile is back in your hand.");
    }
    if (this.myTurn && (initial || !wasMyTurn || before.view?.tile !== game.view.tile)) {
      this.rotation = this.firstRotation(0);
      this.cursor = null;
    }
    if (!initial && game.view && this.since !== null) this.since = null;
    this.render();
    if (!initial) this.loadMoves();
    this.announceTurn(initial);
    if (!this.fitted && game.view) { this.fitBoard(); this.fitted = true; }
  }

  firstRotation(from) {
    for (let i = 0; i < 4; i++) {
      const r = (from + 90 * i) % 360;
      if (this.legalFor(r).length) return r;
    }
    return from;
  }

  // ---------- the turn being prepared ----------

  rotate(dir = 1) {
    if (!this.myTurn || this.replay) return;
    if (this.pending) {
      // turn the placed tile through the rotations that fit on the same cell
      const { x, y } = this.pending;
      for (let i = 1; i <= 4; i++) {
        const r = (((this.pending.rotation + dir * 90 * i) % 360) + 360) % 360;
        const legal = this.legalAt(x, y, r);
        if (legal) { this.rotation = r; this.place(legal); return; }
      }
      return;
    }
    this.rotation = (((this.rotation + dir * 90) % 360) + 360) % 360;
    const n = this.legalFor(this.rotation).length;
    this.say(n ? `Rotated to ${this.rotation}°: ${n} place${n === 1 ? "" : "s"} fit.` : `Rotated to ${this.rotation}°: no place fits this way; rotate again.`);
    this.render();
  }

  place(legal) {
    const ark = this.view.ark;
    if (!this.pending) this.viewBeforePlace = { ...this.board.view };
    if (this.board.view.s < 1.3) {
      this.board.view.s = 1.4;
      this.board.centreOn(legal.x, legal.y);
    } else {
      this.board.reveal(legal.x, legal.y);
    }
    this.pending = {
      x: legal.x, y: legal.y, rotation: legal.rotation, legal,
      action: { type: "pass" }, arkPath: [], arkAt: legal.ark_at.length ? this.defaultArkAt(legal) : null,
    };
    this.clearError();
    const spots = legal.followers.length + legal.prophet.length;
    let msg = `Tile placed at ${legal.x}, ${legal.y} (not sent yet). `;
    msg += spots ? "Choose a follower spot, " : "";
    msg += ark ? "move the Ark, " : "";
    msg += "or pass; then Confirm. Escape takes it back.";
    if (legal.ark_at.length) msg += " This tile completes the first city: choose where the Ark goes.";
    this.say(msg);
    this.render();
  }

  defaultArkAt(legal) {
    const own = legal.ark_at.find(([x, y]) => x === legal.x && y === legal.y);
    return own || legal.ark_at[0];
  }

  takeBack() {
    if (!this.pending || this.sending) return;
    this.rotation = this.pending.rotation;
    this.cursor = { x: this.pending.x, y: this.pending.y };
    this.pending = null;
    if (this.viewBeforePlace) {
      Object.assign(this.board.view, this.viewBeforePlace);
      this.board.apply();
      this.viewBeforePlace = null;
    }
    this.clearError();
    this.say("Tile taken back into your hand.");
    this.render();
  }

  chooseAction(action) {
    if (!this.pending) return;
    this.pending.action = action;
    if (action.type !== "ark") this.pending.arkPath = [];
    this.render();
    if (action.type === "ark") this.say("Click the tiles the Ark enters, one step at a time (up to 5).");
  }

  arkStart() { return this.view.ark; }

  /** Placed tiles the Ark may enter next, given the path so far. */
  arkNext() {
    const p = this.pending;
    const start = this.arkStart();
    if (!p || !start) return [];
    const path = p.arkPath;
    if (path.length >= ARK_MAX_STEPS) return [];
    const visited = new Set([key(...start), ...path.map((c) => key(...c))]);
    const [hx, hy] = path.length ? path[path.length - 1] : start;
    return DIRS.map(([dx, dy]) => [hx + dx, hy + dy]).filter(([x, y]) => this.tileAt(x, y) && !visited.has(key(x, y)));
  }

  /** Points per seat the Ark path would give: 1 per follower or Prophet on each tile entered. */
  arkPoints(path) {
    const points = this.game.seats.map(() => 0);
    for (const [x, y] of path) {
      for (const f of this.view.followers) if (f.x === x && f.y === y) points[f.seat] += 1;
    }
    return points;
  }

  arkStep(x, y) {
    const p = this.pending;
    const idx = p.arkPath.findIndex(([a, b]) => a === x && b === y);
    if (idx >= 0) { p.arkPath = p.arkPath.slice(0, idx); this.render(); return true; }
    if (this.arkNext().some(([a, b]) => a === x && b === y)) { p.arkPath.push([x, y]); this.render(); return true; }
    return false;
  }

  turnJSON() {
    const p = this.pending;
    const turn = { tile: this.view.tile, x: p.x, y: p.y, rotation: p.rotation };
    if (p.action.type === "ark") turn.action = { type: "ark", path: p.arkPath.map((c) => [...c]) };
    else turn.action = { ...p.action };
    if (p.legal.ark_at.length) turn.ark_at = [...p.arkAt];
    return turn;
  }

  confirmProblem() {
    const p = this.pending;
    if (!p) return "Place the tile first.";
    if (p.action.type === "ark" && !p.arkPath.length) return "Choose at least one tile for the Ark to enter, or pick another action.";
    if (p.legal.ark_at.length && !p.arkAt) return "Choose the tile where the Ark goes.";
    return "";
  }

  async confirm() {
    if (this.sending) return;
    const problem = this.confirmProblem();
    if (problem) { this.error(problem); return; }
    this.sending = true;
    this.render();
    this.say("Sending your turn…");
    try {
      const res = await fetch(`${this.api}turns/`, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ version: this.game.version, turn: this.turnJSON() }),
      });
      let data = null;
      try { data = await res.json(); } catch { /* not JSON */ }
      this.sending = false;
      if (res.ok && data) {
        this.pending = null;
        this.clearError();
        if (data.version > this.game.version) this.applyGame(data);
        else this.render();
        this.say("Your turn was played.");
      } else {
        const detail = data?.detail || `The server answered ${res.status}.`;
        this.error(`Not played: ${detail}`);
        if (res.status === 409) this.refresh();
        this.render();
      }
    } catch (err) {
      this.sending = false;
      this.error("Not played: the server could not be reached. Check your connection and confirm again.");
      this.render();
    }
  }

  // ---------- board input ----------

  /** Explain why a click on (x, y) cannot place the tile. */
  whyNot(x, y) {
    if (this.boardIndex.has(key(x, y))) return "There is already a tile there.";
    const other = (this.view.legal || []).some((l) => l.x === x && l.y === y);
    if (other) return "The tile does not fit there this way round: rotate it (click it or press R) until that place is highlighted.";
    const touches = DIRS.some(([dx, dy]) => this.boardIndex.has(key(x + dx, y + dy)));
    if (!touches) return "A tile must touch a placed tile. The highlighted places fit.";
    return "The tile fits there in no rotation: its edges must match every neighbour (city to city, road to road, field to field).";
  }

  clickCell(cell, point) {
    this.cursor = { x: cell.x, y: cell.y };
    if (this.replay) { this.drawCursor(); return; }
    if (!this.myTurn || this.sending) { this.drawCursor(); return; }
    const p = this.pending;
    if (p) {
      if (point) {
        // spots are hit-tested from the placed tile's corner: a marker may stick out of its cell
        const spot = this.spotNear([(cell.x - p.x) * 100 + point[0], (cell.y - p.y) * 100 + point[1]]);
        if (spot) { this.chooseAction(spot.action); return; }
      }
      if (p.action.type === "ark" && this.arkStep(cell.x, cell.y)) return;
      if (p.legal.ark_at.some(([x, y]) => x === cell.x && y === cell.y)) {
        p.arkAt = [cell.x, cell.y];
        this.say(`The Ark will go on the tile at ${cell.x}, ${cell.y}.`);
        this.render();
        return;
      }
      const legal = this.legalAt(cell.x, cell.y, this.rotation);
      if (legal && (legal.x !== p.x || legal.y !== p.y)) { this.place(legal); return; }
      this.drawCursor();
      return;
    }
    const legal = this.legalAt(cell.x, cell.y, this.rotation);
    if (legal) { this.place(legal); return; }
    this.error(this.whyNot(cell.x, cell.y));
    this.drawCursor();
  }

  /** The follower or Prophet spot of the pending tile under a point (tile units), if any. */
  spotNear(point) {
    let best = null, bestD = 14;
    for (const s of this.spots()) {
      const d = Math.hypot(point[0] - s.point[0], point[1] - s.point[1]);
      if (d < bestD) { bestD = d; best = s; }
    }
    return best;
  }

  /** The spots of the pending placement: [{action, point, label, kind}]. */
  spots() {
    const p = this.pending;
    if (!p) return [];
    const out = [];
    for (const at of p.legal.followers) {
      const seg = this.catalogue.segmentAt(this.view.tile, p.rotation, at);
      if (seg) out.push({ action: { type: "follower", at }, point: seg.point, kind: "follower", segKind: seg.kind, words: placeWords(seg.point) });
    }
    for (const at of p.legal.prophet) {
      const seg = this.catalogue.segmentAt(this.view.tile, p.rotation, at);
      if (!seg) continue;
      // beside the follower spot of the same city, towards the tile centre
      const [ax, ay] = seg.point;
      const d = Math.hypot(50 - ax, 50 - ay);
      const point = d > 8 ? [ax + (15 * (50 - ax)) / d, ay + (15 * (50 - ay)) / d] : [ax + 15, ay];
      out.push({ action: { type: "prophet", at }, point, kind: "prophet", segKind: seg.kind, words: placeWords(seg.point) });
    }
    return out;
  }

  keydown(e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target.tagName || "").toLowerCase();
    const typing = tag === "input" && !["radio", "checkbox", "button"].includes(e.target.type) || tag === "textarea" || tag === "select";
    if (typing) return;
    const onBoard = e.target === this.board.svg;
    const k = e.key;
    if (k === "r" || k === "R") { this.rotate(e.shiftKey ? -1 : 1); e.preventDefault(); return; }
    if (k === "Escape") {
      if (this.pending) { this.takeBack(); e.preventDefault(); }
      else if (this.replay) { this.endReplay(); e.preventDefault(); }
      return;
    }
    if (!onBoard) return;
    this.keyboardCursor = true;
    const step = 60;
    const arrows = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (arrows[k]) {
      const [dx, dy] = arrows[k];
      if (e.shiftKey) this.board.panBy(-dx * step, -dy * step);
      else {
        const c = this.cursor || this.defaultCursor();
        this.cursor = { x: c.x + dx, y: c.y + dy };
        this.board.reveal(this.cursor.x, this.cursor.y);
        this.drawCursor();
        this.describeCursor();
      }
      e.preventDefault();
    } else if (k === "+" || k === "=") { this.board.zoom(1.25); e.preventDefault(); }
    else if (k === "-" || k === "_") { this.board.zoom(0.8); e.preventDefault(); }
    else if (k === "0" || k === "f" || k === "F") { this.fitBoard(); e.preventDefault(); }
    else if (k === "Enter" || k === " ") {
      const c = this.cursor || this.defaultCursor();
      this.cursor = c;
      this.clickCell(c, null);
      e.preventDefault();
    }
  }

  defaultCursor() {
    if (this.pending) return { x: this.pending.x, y: this.pending.y };
    const legal = this.myTurn ? this.legalFor(this.rotation)[0] : null;
    if (legal) return { x: legal.x, y: legal.y };
    const last = this.view?.board?.[this.view.board.length - 1];
    return last ? { x: last.x, y: last.y } : { x: 0, y: 0 };
  }

  describeCursor() {
    const { x, y } = this.cursor;
    const t = this.tileAt(x, y);
    let text = `Cell ${x}, ${y}: `;
    if (t) text += `${this.catalogue.describe(t.tile)} tile`;
    else if (this.myTurn && !this.pending) text += this.legalAt(x, y, this.rotation) ? "your tile fits here — press Enter" : "empty";
    else text += "empty";
    this.sayQuiet(text);
  }

  // ---------- rendering ----------

  render() {
    this.renderTurnPanel();
    this.renderScores();
    this.renderFinal();
    this.renderRemaining();
    this.renderHistory();
    this.renderBoard();
    this.root.classList.toggle("my-turn", this.myTurn);
    this.root.classList.toggle("finished", !!this.view?.finished);
  }

  seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length].hex; }

  pieceAt(f, cls = "") {
    const t = this.tileAt(f.x, f.y);
    if (!t) return null;
    const seg = this.catalogue.segmentAt(t.tile, t.rotation, f.at);
    if (!seg) return null;
    return { x: f.x, y: f.y, point: seg.point, kind: f.kind, colour: this.seatColour(f.seat), label: f.seat + 1, cls };
  }

  renderBoard() {
    const view = this.view;
    const svg = this.board.svg;
    this.$("#board-empty").hidden = !!view;
    if (!view) { this.board.draw({ tiles: [], cells: [], pieces: [] }); return; }
    if (this.replay) { this.renderReplayBoard(); return; }
    const scene = { tiles: [], cells: [], pieces: [], marks: [], ark: null };
    const sinceTiles = this.sinceMoves().filter((m) => m.kind === "turn" && m.turn);
    const last = this.moves.length ? this.moves[this.moves.length - 1] : null;
    for (const t of view.board) {
      let cls = "";
      if (last?.turn && last.kind === "turn" && last.turn.x === t.x && last.turn.y === t.y) cls = "recent";
      scene.tiles.push({ ...t, cls });
    }
    sinceTiles.forEach((m, i) => {
      const cur = this.since !== null && this.sinceMoves()[this.since] === m;
      scene.cells.push({ x: m.turn.x, y: m.turn.y, cls: `since${cur ? " since-current" : ""}`, label: i + 1 });
    });
    const p = this.pending;
    if (p) scene.tiles.push({ tile: view.tile, x: p.x, y: p.y, rotation: p.rotation, cls: "pending" });
    if (this.myTurn && !p) {
      for (const l of this.legalFor(this.rotation)) scene.cells.push({ x: l.x, y: l.y, cls: "legal" });
    }
    if (p) scene.cells.push({ x: p.x, y: p.y, cls: "pending-frame" });
    for (const f of view.followers) {
      const piece = this.pieceAt(f);
      if (piece) scene.pieces.push(piece);
    }
    if (view.ark) scene.ark = { x: view.ark[0], y: view.ark[1] };
    if (p) {
      if (p.action.type === "follower" || p.action.type === "prophet") {
        const piece = this.pieceAt({ x: p.x, y: p.y, at: p.action.at, seat: this.mySeat, kind: p.action.type }, "ghost-piece");
        if (piece) scene.pieces.push(piece);
      }
      for (const s of this.spots()) {
        const taken = (p.action.type === "follower" || p.action.type === "prophet") && p.action.at === s.action.at;
        if (!taken) scene.marks.push({ x: p.x, y: p.y, point: s.point, kind: s.kind });
      }
      if (p.action.type === "ark") {
        p.arkPath.forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
        for (const [x, y] of this.arkNext()) scene.cells.push({ x, y, cls: "ark-next" });
        if (p.arkPath.length) {
          const [x, y] = p.arkPath[p.arkPath.length - 1];
          scene.arks = [{ x: view.ark[0], y: view.ark[1], cls: "ark-start" }, { x, y, cls: "ghost-ark" }];
        }
      }
      if (p.legal.ark_at.length) {
        for (const [x, y] of p.legal.ark_at) {
          const chosen = p.arkAt && p.arkAt[0] === x && p.arkAt[1] === y;
          scene.cells.push({ x, y, cls: chosen ? "arkat arkat-chosen" : "arkat" });
        }
        if (p.arkAt) scene.ark = { x: p.arkAt[0], y: p.arkAt[1], cls: "ghost-ark" };
      }
    }
    this.board.draw(scene);
    this.drawGhost();
    this.drawCursor();
    svg.setAttribute("aria-label", this.boardLabel());
  }

  boardLabel() {
    const v = this.view;
    let text = `Board with ${v.board.length} tiles. `;
    if (this.myTurn && !this.pending) text += `${this.legalFor(this.rotation).length} highlighted places fit your tile. Arrow keys move the cursor, Enter places, R rotates.`;
    else if (this.pending) text += "Your tile is placed but not sent: choose an action and Confirm, or Escape to take it back.";
    return text;
  }

  drawGhost() {
    if (!this.myTurn || this.pending || this.replay || !this.view) { this.board.drawGhost(null); return; }
    const cell = this.hoverCell || (document.activeElement === this.board.svg && this.keyboardCursor ? this.cursor : null);
    if (!cell || this.boardIndex.has(key(cell.x, cell.y))) { this.board.drawGhost(null); return; }
    const ok = !!this.legalAt(cell.x, cell.y, this.rotation);
    const near = DIRS.some(([dx, dy]) => this.boardIndex.has(key(cell.x + dx, cell.y + dy)));
    if (!ok && !near) { this.board.drawGhost(null); return; }
    this.board.drawGhost({ tile: this.view.tile, x: cell.x, y: cell.y, rotation: this.rotation, ok });
  }

  drawCursor() {
    const focused = document.activeElement === this.board.svg && this.keyboardCursor;
    this.board.drawCursor(focused && this.cursor ? this.cursor : null);
    this.drawGhost();
  }

  fitBoard() {
    const v = this.view;
    if (!v) return;
    let cells = v.board.map((t) => [t.x, t.y]); // a replay is shown in the frame of the whole board
    if (this.myTurn && !this.replay) cells = cells.concat(v.legal.map((l) => [l.x, l.y]));
    if (!cells.length) cells = [[0, 0]];
    const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
    this.board.fit({ minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) });
  }

  renderTurnPanel() {
    const panel = this.$("#turn-panel");
    const g = this.game, v = this.view;
    let html = "";
    if (g.status === "open") {
      const taken = g.seats.length;
      html = `<h2>Waiting for players</h2><p>${taken} of ${g.players} seats taken: ${joinWords(g.seats.map((s) => this.name(s.seat)))}. The game starts when every seat is taken.</p>`;
      if (g.invite_url) {
        html += `<p><label for="invite-link">Invitation link</label></p><div class="copy-row"><input id="invite-link" readonly value="${escapeHtml(g.invite_url)}"><button type="button" class="btn" data-act="copy-invite">Copy</button></div>`;
      }
    } else if (g.status === "aborted") {
      html = `<h2>Game aborted</h2><p>A moderator stopped this game; it will not go on.</p>`;
    } else if (!v) {
      html = `<p>This game has no board.</p>`;
    } else if (v.finished) {
      html = "";
    } else if (this.myTurn) {
      html = this.pending ? this.actionPanelHTML() : this.handPanelHTML();
    } else {
      const who = v.current_seat;
      const left = clockHTML(g) ? ` ${clockHTML(g)}` : "";
      html = `<h2>${this.mySeat === null ? "Watching" : "Not your turn"}</h2><p class="waiting-for">${pieceIcon(who)} Waiting for ${this.name(who)} to play.${left}</p>`;
      if (this.mySeat !== null) html += `<p class="muted small">The board updates by itself when they play.</p>`;
    }
    const active = document.activeElement;
    let again = null;
    if (active && active !== document.body && panel.contains(active)) {
      if (active.dataset.act) again = `[data-act="${active.dataset.act}"]${active.classList.contains("hand-tile") ? ".hand-tile" : ""}`;
      else if (active.id) again = `#${CSS.escape(active.id)}`;
      else if (active.name === "action") again = `input[name=action][value="${CSS.escape(active.value)}"]`;
    }
    panel.innerHTML = html;
    panel.hidden = !html;
    if (again) (panel.querySelector(again) || panel.querySelector("button, input, select"))?.focus();
  }

  verdictText() {
    const v = this.view;
    const w = v.winners || [];
    if (!w.length) return "The game is over.";
    if (w.length === 1) return `${this.name(w[0])} wins with ${v.scores[w[0]]} points.`;
    return `${joinWords(w.map((s) => this.name(s)))} share the win with ${v.scores[w[0]]} points.`;
  }

  handPanelHTML() {
    const v = this.view;
    const n = this.legalFor(this.rotation).length;
    return `<h2>Your turn</h2>
      <div class="hand">
        <button type="button" class="hand-tile" data-act="rotate" aria-label="Tile in hand: ${escapeHtml(this.catalogue.describe(v.tile))}, turned ${this.rotation} degrees. Click or press R to rotate.">
          ${tileThumb(this.catalogue, v.tile, this.rotation, 104, "thumb hand-thumb")}
        </button>
        <div>
          <p><strong>${escapeHtml(this.catalogue.describe(v.tile))}</strong> tile, turned ${this.rotation}°.</p>
          <p>${n ? `<strong>${n}</strong> highlighted place${n === 1 ? "" : "s"} fit this way.` : "No place fits this way round: rotate the tile."}</p>
          <p class="small muted">Click the tile or press <kbd>R</kbd> to rotate (<kbd>Shift</kbd>+<kbd>R</kbd> back); drag it onto the board, or click a place.</p>
        </div>
      </div>
      <div class="buttons"><button type="button" class="btn" data-act="rotate">Rotate ⟳</button></div>`;
  }

  actionPanelHTML() {
    const p = this.pending, v = this.view;
    const spots = this.spots();
    const cur = p.action;
    const radio = (id, label, action, checked) =>
      `<label class="choice${checked ? " chosen" : ""}"><input type="radio" name="action" value="${id}" ${checked ? "checked" : ""} data-action='${escapeHtml(JSON.stringify(action))}'> ${label}</label>`;
    let choices = radio("pass", "No piece (pass)", { type: "pass" }, cur.type === "pass");
    for (const s of spots) {
      const checked = cur.type === s.action.type && cur.at === s.action.at;
      const what = s.kind === "prophet" ? `Prophet on the city (${s.words})` : `Follower on the ${s.segKind} (${s.words})`;
      choices += radio(`${s.action.type}-${s.action.at}`, what, s.action, checked);
    }
    if (v.ark) choices += radio("ark", "Move the Ark", { type: "ark" }, cur.type === "ark");
    let extra = "";
    if (cur.type === "ark") {
      const pts = this.arkPoints(p.arkPath);
      const gains = pts.map((n, s) => (n ? `${this.name(s)} +${n}` : "")).filter(Boolean);
      extra += `<div class="ark-info" aria-live="polite"><p>Ark path: <strong>${p.arkPath.length}</strong> of up to ${ARK_MAX_STEPS} steps${p.arkPath.length ? ` — ${p.arkPath.map(([x, y]) => `(${x}, ${y})`).join(" → ")}` : ""}.</p>
        <p>${p.arkPath.length ? (gains.length ? `It would give ${joinWords(gains)}.` : "It would give no points.") : "Click a highlighted tile next to the Ark."}</p>
        ${p.arkPath.length ? '<button type="button" class="btn small" data-act="ark-undo">Undo last step</button>' : ""}</div>`;
    }
    if (p.legal.ark_at.length) {
      extra += `<div class="ark-info"><p>This tile completes the first city. The Ark goes on ${p.arkAt ? `the tile at <strong>${p.arkAt[0]}, ${p.arkAt[1]}</strong>` : "—"}; click another gold-framed tile to choose it.</p>
        <label for="arkat-select" class="small">Ark tile</label> <select id="arkat-select">${p.legal.ark_at.map(([x, y]) => `<option value="${x},${y}" ${p.arkAt && p.arkAt[0] === x && p.arkAt[1] === y ? "selected" : ""}>${x}, ${y}</option>`).join("")}</select></div>`;
    }
    const problem = this.confirmProblem();
    return `<h2>Your turn: choose an action</h2>
      <p class="small">Tile at <strong>${p.x}, ${p.y}</strong>, turned ${p.rotation}° — not sent yet.</p>
      <fieldset class="choices"><legend>Action</legend>${choices}</fieldset>
      ${extra}
      <div class="buttons">
        <button type="button" class="btn primary" data-act="confirm" ${problem || this.sending ? "disabled" : ""}>${this.sending ? "Sending…" : "Confirm"}</button>
        <button type="button" class="btn" data-act="take-back" ${this.sending ? "disabled" : ""}>Take back <kbd>Esc</kbd></button>
      </div>${problem && !this.sending ? `<p class="small muted">${escapeHtml(problem)}</p>` : ""}`;
  }

  renderScores() {
    this.$("#scores").innerHTML = this.game.seats.length ? scoreboardHTML(this.game, (s) => this.name(s)) : "";
  }

  renderFinal() {
    const box = this.$("#final-panel");
    if (!this.view?.finished) { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = finalHTML(this.game, (s) => this.name(s)) +
      `<div class="buttons"><button type="button" class="btn" data-act="replay">Replay the game</button>
       <a class="btn" href="${this.api}record/?download=1" download>Download the record</a></div>`;
  }

  renderRemaining() {
    const box = this.$("#remaining");
    if (!this.view) { box.innerHTML = ""; return; }
    const open = box.querySelector("details")?.open;
    box.innerHTML = remainingHTML(this.game, this.catalogue);
    if (open) box.querySelector("details").open = true;
  }

  /** Moves after my own last turn (what happened while I was away). */
  sinceMoves() {
    if (this.mySeat === null || this.mySeat === undefined) return [];
    let i = this.moves.length - 1;
    while (i >= 0 && !(this.moves[i].seat === this.mySeat && this.moves[i].kind === "turn")) i--;
    if (i < 0) return [];
    return this.moves.slice(i + 1);
  }

  renderLog() {
    const list = this.$("#log");
    const since = new Set(this.sinceMoves().map((m) => m.seq));
    const ctx = { catalogue: this.catalogue, name: (s) => this.name(s) };
    const items = this.moves.slice().reverse().map((m) =>
      `<li class="${since.has(m.seq) ? "new" : ""}" data-seq="${m.seq}"><span class="turn-no">${m.seq}</span> ${moveSentence(m, ctx)}</li>`);
    list.innerHTML = items.join("") || `<li class="muted">No moves yet.</li>`;
    this.$("#log-count").textContent = this.moves.length ? `(${this.moves.length})` : "";
  }

  renderHistory() {
    const box = this.$("#history");
    if (!this.view || !this.moves.length) { box.innerHTML = ""; return; }
    let html = "";
    const since = this.sinceMoves();
    if (!this.replay && since.length && !this.view.finished) {
      const cur = this.since;
      const ctx = { catalogue: this.catalogue, name: (s) => this.name(s) };
      html += `<div class="since"><p><strong>${since.length}</strong> move${since.length === 1 ? "" : "s"} since your last turn (numbered on the board).</p>
        <div class="buttons"><button type="button" class="btn small" data-act="since-prev" ${cur === null || cur <= 0 ? "disabled" : ""}>◀ Previous</button>
        <button type="button" class="btn small" data-act="since-next" ${cur !== null && cur >= since.length - 1 ? "disabled" : ""}>${cur === null ? "Step through ▶" : "Next ▶"}</button></div>
        ${cur !== null ? `<p class="step-caption" aria-live="polite"><span class="turn-no">${cur + 1}</span> ${moveSentence(since[cur], ctx)}</p>` : ""}</div>`;
    }
    if (!this.replay && !this.view.finished) {
      html += `<div class="buttons"><button type="button" class="btn small" data-act="replay">${this.view.finished ? "Replay the game" : "Replay from the start"}</button>
        <a class="btn small" href="${this.api}record/?download=1" download>Download the record</a></div>`;
    }
    box.innerHTML = html;
    this.renderStepBar();
  }

  // ---------- replay ----------

  startReplay() {
    if (!this.moves.length) return;
    this.pending = null;
    this.replay = { step: 0 };
    this.render();
    this.fitBoard();
    this.say("Replay: use the step buttons or the arrow keys on them; Escape returns to the game.");
    this.$("#step-bar [data-act=step-next]")?.focus();
  }

  endReplay() {
    this.replay = null;
    this.render();
    this.fitBoard();
  }

  replayTiles() {
    const start = this.catalogue.start;
    const tiles = [{ tile: String(start.id), x: 0, y: 0, rotation: 0 }];
    for (const m of this.moves.slice(0, this.replay.step)) {
      if (m.kind === "turn" && m.turn && m.turn.x !== undefined) tiles.push({ tile: m.turn.tile, x: m.turn.x, y: m.turn.y, rotation: m.turn.rotation });
    }
    return tiles;
  }

  renderReplayBoard() {
    const tiles = this.replayTiles();
    const step = this.replay.step;
    const cur = step > 0 ? this.moves[step - 1] : null;
    const scene = { tiles: tiles.map((t) => ({ ...t })), cells: [], pieces: [], marks: [], ark: null };
    const saved = this.boardIndex;
    this.boardIndex = new Map(tiles.map((t) => [key(t.x, t.y), t]));
    let ark = null;
    for (const m of this.moves.slice(0, step)) {
      if (m.turn?.ark_at) ark = m.turn.ark_at;
      if (m.turn?.action?.type === "ark" && m.turn.action.path?.length) ark = m.turn.action.path[m.turn.action.path.length - 1];
    }
    if (cur?.kind === "turn" && cur.turn) {
      scene.tiles[scene.tiles.length - 1].cls = "recent";
      scene.cells.push({ x: cur.turn.x, y: cur.turn.y, cls: "since since-current", label: step });
      const a = cur.turn.action || {};
      if (a.type === "follower" || a.type === "prophet") {
        const piece = this.pieceAt({ x: cur.turn.x, y: cur.turn.y, at: a.at, seat: cur.seat, kind: a.type });
        if (piece) scene.pieces.push(piece);
      }
      if (a.type === "ark") (a.path || []).forEach(([x, y], i) => scene.cells.push({ x, y, cls: "ark-path", label: i + 1, corner: "right" }));
    }
    if (ark) scene.ark = { x: ark[0], y: ark[1] };
    this.board.draw(scene);
    this.boardIndex = saved;
    this.board.drawGhost(null);
    this.drawCursor();
  }

  replayScores(step) {
    const pts = this.game.seats.map(() => 0);
    for (const m of this.moves.slice(0, step)) for (const e of m.events || []) e.points.forEach((p, s) => { pts[s] += p; });
    return pts;
  }

  renderStepBar() {
    const bar = this.$("#step-bar");
    if (!this.replay) { bar.hidden = true; bar.innerHTML = ""; return; }
    bar.hidden = false;
    const n = this.moves.length, step = this.replay.step;
    const ctx = { catalogue: this.catalogue, name: (s) => this.name(s) };
    const caption = step ? moveSentence(this.moves[step - 1], ctx) : "The start tile.";
    const scores = this.replayScores(step).map((p, s) => `${this.name(s)} ${p}`).join(" · ");
    bar.innerHTML = `<div class="buttons" role="group" aria-label="Replay steps">
        <button type="button" class="btn small" data-act="step-first" ${step === 0 ? "disabled" : ""}>« First</button>
        <button type="button" class="btn small" data-act="step-prev" ${step === 0 ? "disabled" : ""} aria-label="Previous move">◀</button>
        <span class="step-no">Move <strong>${step}</strong> of ${n}</span>
        <button type="button" class="btn small" data-act="step-next" ${step >= n ? "disabled" : ""} aria-label="Next move">▶</button>
        <button type="button" class="btn small" data-act="step-last" ${step >= n ? "disabled" : ""}>Last »</button>
        <button type="button" class="btn small" data-act="end-replay">Back to the game</button></div>
      <p class="step-caption" aria-live="polite">${caption}</p><p class="small">Scores then: ${scores}</p>`;
  }

  stepReplay(to) {
    const n = this.moves.length;
    this.replay.step = Math.max(0, Math.min(n, to));
    const focus = document.activeElement?.dataset?.act;
    this.renderStepBar();
    this.renderReplayBoard();
    const m = this.moves[this.replay.step - 1];
    if (m?.turn?.x !== undefined) this.board.reveal(m.turn.x, m.turn.y);
    const again = focus && this.$(`#step-bar [data-act=${focus}]`);
    if (again && !again.disabled) again.focus();
    else this.$("#step-bar [data-act=step-next]:not([disabled]), #step-bar [data-act=step-prev]:not([disabled])")?.focus();
  }

  stepSince(delta) {
    const since = this.sinceMoves();
    if (!since.length) return;
    this.since = this.since === null ? 0 : Math.max(0, Math.min(since.length - 1, this.since + delta));
    const m = since[this.since];
    const focus = document.activeElement?.dataset?.act;
    this.renderHistory();
    this.renderBoard();
    if (m?.turn?.x !== undefined) this.board.centreOn(m.turn.x, m.turn.y);
    const again = focus && this.$(`#history [data-act=${focus}]`);
    if (again && !again.disabled) again.focus();
    else this.$("#history [data-act^=since]:not([disabled])")?.focus();
  }

  // ---------- messages ----------

  say(text) { this.$("#status").textContent = text; }
  sayQuiet(text) { this.$("#cursor-info").textContent = text; }

  error(text) {
    const box = this.$("#alert");
    box.textContent = text;
    box.hidden = false;
  }

  clearError() {
    const box = this.$("#alert");
    box.hidden = true;
    box.textContent = "";
  }

  announceTurn(initial) {
    const v = this.view, g = this.game;
    let text;
    if (g.status === "open") text = "Waiting for players to join.";
    else if (g.status === "aborted") text = "This game was aborted.";
    else if (!v) text = "";
    else if (v.finished) text = `Game over. ${this.$("#final-panel .verdict")?.textContent || ""}`;
    else if (this.myTurn) text = `Your turn: place the ${this.catalogue.describe(v.tile)} tile.`;
    else text = `${this.plainName(v.current_seat)} is to play.`;
    const line = this.$("#turn-line");
    if (line.textContent !== text) line.textContent = text;
    if (!initial && this.myTurn && document.hidden) document.title = `Your turn · ${document.title.replace(/^Your turn · /, "")}`;
  }

  showConnection(state) {
    const banner = this.$("#conn");
    banner.hidden = state !== "lost";
    this.root.dataset.connection = state;
    if (state === "closed") {
      banner.hidden = false;
      banner.textContent = "Live updates are not available for this page; reload it to see new moves.";
    } else {
      banner.textContent = "Connection lost — reconnecting…";
    }
  }

  tick() {
    for (const el of this.root.querySelectorAll(".time-left[data-deadline]")) el.textContent = `${timeLeft(el.dataset.deadline)} left`;
    if (!document.hidden && document.title.startsWith("Your turn · ") && !this.myTurn) document.title = document.title.slice(12);
  }

  // ---------- controls ----------

  bindControls() {
    document.addEventListener("keydown", (e) => this.keydown(e));
    const svg = this.board.svg;
    svg.addEventListener("focus", () => { if (!this.cursor) this.cursor = this.defaultCursor(); this.drawCursor(); });
    svg.addEventListener("blur", () => this.drawCursor());
    svg.addEventListener("pointerdown", () => { this.keyboardCursor = false; });
    svg.addEventListener("keyup", (e) => { if (e.key === "Tab") { this.keyboardCursor = true; this.drawCursor(); } });
    this.root.addEventListener("pointerdown", (e) => this.dragFromHand(e));
    this.root.addEventListener("click", (e) => {
      const btn = e.target.closest("[data-act]");
      if (!btn || btn.disabled) return;
      if (this.justDragged && btn.classList.contains("hand-tile")) return; // the end of a drag, not a click
      const act = btn.dataset.act;
      const actions = {
        "zoom-in": () => this.board.zoom(1.25),
        "zoom-out": () => this.board.zoom(0.8),
        fit: () => this.fitBoard(),
        rotate: () => this.rotate(1),
        confirm: () => this.confirm(),
        "take-back": () => this.takeBack(),
        "ark-undo": () => { this.pending.arkPath.pop(); this.render(); },
        replay: () => this.startReplay(),
        "end-replay": () => this.endReplay(),
        "step-first": () => this.stepReplay(0),
        "step-prev": () => this.stepReplay(this.replay.step - 1),
        "step-next": () => this.stepReplay(this.replay.step + 1),
        "step-last": () => this.stepReplay(this.moves.length),
        "since-prev": () => this.stepSince(-1),
        "since-next": () => this.stepSince(1),
        "copy-invite": () => this.copyInvite(),
      };
      if (actions[act]) {
        e.preventDefault();
        actions[act]();
      }
    });
    this.root.addEventListener("change", (e) => {
      if (e.target.name === "action" && e.target.dataset.action) {
        this.chooseAction(JSON.parse(e.target.dataset.action));
      } else if (e.target.id === "arkat-select") {
        this.pending.arkAt = e.target.value.split(",").map(Number);
        this.render();
      }
    });
  }

  /** Drag the tile in hand onto the board (mouse or touch): the ghost follows, a drop places or explains. */
  dragFromHand(e) {
    if (!e.target.closest(".hand-tile") || (e.button !== undefined && e.button > 0) || !this.myTurn) return;
    const start = { x: e.clientX, y: e.clientY };
    let moved = false;
    const overBoard = (ev) => {
      const r = this.board.svg.getBoundingClientRect();
      return ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    };
    const move = (ev) => {
      if (!moved && Math.hypot(ev.clientX - start.x, ev.clientY - start.y) > 8) {
        moved = true;
        this.root.classList.add("dragging-tile");
      }
      if (!moved) return;
      ev.preventDefault();
      const at = overBoard(ev) ? this.board.locate(ev.clientX, ev.clientY) : null;
      this.hoverCell = at ? { x: at.x, y: at.y } : null;
      this.drawGhost();
    };
    const up = (ev) => {
      document.removeEventListener("pointermove", move);
      document.removeEventListener("pointerup", up);
      document.removeEventListener("pointercancel", up);
      this.root.classList.remove("dragging-tile");
      if (!moved) return;
      this.justDragged = true;
      setTimeout(() => { this.justDragged = false; }, 0);
      this.hoverCell = null;
      if (ev.type === "pointerup" && overBoard(ev)) {
        const at = this.board.locate(ev.clientX, ev.clientY);
        this.clickCell({ x: at.x, y: at.y }, null);
      } else {
        this.drawGhost();
      }
    };
    document.addEventListener("pointermove", move);
    document.addEventListener("pointerup", up);
    document.addEventListener("pointercancel", up);
  }

  async copyInvite() {
    const input = this.$("#invite-link");
    try {
      await navigator.clipboard.writeText(input.value);
      this.say("Invitation link copied.");
    } catch {
      input.select();
      this.say("Select the link and copy it.");
    }
  }
}

const root = document.getElementById("game");
if (root) window.arkGame = new GamePage(root);
