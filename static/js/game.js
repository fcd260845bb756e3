// The game page shell: header, players, turn status, move log and replay, live updates, errors.
// It knows no particular game: the board of payload.game is an ES module loaded by dynamic import
// (static/js/games/<game>/board.js, else the generic one), with the interface of docs/frontend.md:
//   createBoard(root, boardData, api) -> { show(payload), showPosition(position), destroy() }
// The engine decides every rule; the shell carries requests and draws what the server answers.

import { tableSocket } from "./table-socket.js";
import { Arrival } from "./shell/arrival.js";
import { guardFocus } from "./shell/dom.js";
import { historyHTML, logHTML, moveWordsHTML } from "./shell/log.js";
import { finalHTML, seatsHTML, timeLeft } from "./shell/panels.js";
import { Replay } from "./shell/replay.js";
import { errorDetail, getJSON, postJSON } from "./shell/server.js";
import { seatActionsHTML, turnInfoHTML, turnLineText } from "./shell/turn.js";
import { _, escapeHtml, fill } from "./shell/words.js";

/** The window title's mark while it is the reader's turn. */
const YOUR_TURN = () => `${_("Your turn")} · `;

// ms between two checks that the page shows the game's present version (a push lost is made up for).
const CATCH_UP_EVERY = 30000;

class GamePage {
  constructor(root) {
    this.root = root;
    this.$ = (sel) => root.querySelector(sel);
    this.game = JSON.parse(document.getElementById("game-data").textContent);
    this.boardData = JSON.parse(document.getElementById("board-data").textContent);
    this.url = `/api/games/${this.game.id}/`;
    this.moves = [];
    this.lastSeq = 0;
    this.drawnSeq = null; // the log entries up to this one are on the board (null: not loaded yet)
    this.positions = new Map(); // "seq:step" -> Promise of a position (the server's view then)
    this.sending = false;
    this.held = null; // the newest game that came in (socket, fetch) while this page's own request was on its way
    this.boardShows = null; // the payload the board draws now through show() (null: a position, or nothing yet)
    this.boardUI = null;
    this.arrival = new Arrival(this);
    this.replayer = new Replay(this);
    this.said = null; // the seat to move when the status line was last written
    this.waitingFor = new Set(["board", "moves"]); // what the page waits for before it shows its grid
    this.bindControls();
    guardFocus(root, () => this.focusFallback());
    this.render();
    this.loadBoard();
    this.loadMoves();
    this.socket = tableSocket(root.dataset.wsPath, {
      onMessage: (msg) => this.onSocket(msg),
      onReopen: () => { this.socket.send({ type: "sync" }); this.refresh(); },
      onState: (state) => this.showConnection(state),
      onRetry: () => this.refresh(),
    });
    setInterval(() => this.tick(), 30000);
    // A push can be lost while the socket stays open (the server's channel layer was down a moment): now and
    // then, and whenever the page comes back into view, ask for the game if it moved on from what is shown.
    setInterval(() => this.catchUp(), CATCH_UP_EVERY);
    document.addEventListener("visibilitychange", () => this.catchUp());
  }

  // ---------- what tests and other scripts may read ----------

  /** The board's own view object where it has one (pan and zoom of the tile boards), else the board. */
  get board() { return this.boardUI?.view || this.boardUI; }
  get rotation() { return this.boardUI?.rotation; }
  get cursor() { return this.boardUI?.cursor; }
  get myTurn() {
    const g = this.game;
    return g.status === "active" && g.your_seat !== null && g.your_seat !== undefined && g.current_seat === g.your_seat;
  }
  /** The replay's place ({index, step}) while replaying, else null. */
  get replay() { return this.replayer.state; }
  /** The view of the position the board shows when it is not the live one (a replay, an arriving step). */
  get replayView() { return this.replayShown?.view ?? null; }
  /** Every arriving step shown step by step so far ("seq:step"). */
  get arrivals() { return this.arrival.shown; }

  /** Say on the page which position the board shows (tests wait for it): live:<version>, replay:<seq>:<step>. */
  markShown(what) { this.root.dataset.shown = what; }

  // ---------- the board module ----------

  async loadBoard() {
    if (!this.game.view) { this.settled("board"); return; }
    // ?board=list shows the moves as a plain list (the generic board), for screen readers and slow devices.
    const asList = new URLSearchParams(location.search).get("board") === "list";
    const name = !asList && /^[a-z0-9_-]+$/.test(this.game.game) ? this.game.game : "generic";
    // the page names the module (its hashed URL in production); else static/js/games/<game>/board.js
    const url = asList ? new URL("./games/generic/board.js", import.meta.url).href
      : this.root.dataset.board || new URL(`./games/${name}/board.js`, import.meta.url).href;
    let mod;
    try {
      mod = await import(url);
    } catch (err) {
      console.warn(`the board of ${name} could not be loaded; the generic board is used`, err);
      mod = await import("./games/generic/board.js");
    }
    // a board may work out what it draws first, in short tasks (``prepare``, optional: docs/frontend.md)
    if (mod.prepare) await Promise.resolve(mod.prepare(this.boardData, this.game)).catch((err) => console.warn(err));
    const root = this.$("#board-root");
    root.innerHTML = "";
    try {
      this.boardUI = mod.createBoard(root, this.boardData, this.boardApi());
      this.boardShows = null;
      if (this.boardUI.ownsUndo) this.renderTurnPanel(); // its own Undo: the shell's buttons go
      this.markedTurn = undefined;
      this.markLastTurn();
      this.root.classList.add("board-ready");
      this.showBoard();
    } catch (err) {
      console.error(err);
      this.error(_("The board could not be drawn: reload the page, or play from the list of moves (?board=list)."));
    } finally {
      this.settled("board");
    }
  }

  /** The page shows its grid once the board is drawn and the log loaded, each at its own size: nothing
   * visible moves as the parts arrive one after another (the layout shift stays near 0). */
  settled(part) {
    this.waitingFor.delete(part);
    if (!this.waitingFor.size) this.root.classList.add("ready");
  }

  boardApi() {
    const page = this;
    return {
      step: (action) => this.send("steps/", { action }),
      undo: (wholeTurn = false) => this.send("undo/", { whole_turn: !!wholeTurn }),
      confirm: (turn) => (turn ? this.send("turns/", { turn }) : Promise.resolve(this.game)),
      setControls: (nodes) => this.setControls(nodes),
      // optional helpers a board may use
      say: (text) => this.say(text),
      error: (text) => this.error(text),
      clearError: () => this.clearError(),
      name: (seat) => this.plainName(seat),
      get game() { return page.game; },
    };
  }

  showBoard() {
    if (!this.boardUI) return;
    if (this.replay) { this.replayer.show(); return; }
    if (this.arrival.active) return; // it draws the steps, then calls back here
    this.replayShown = null;
    // the board draws each payload once: drawing the same one again (an arrival that brought nothing to show,
    // a second copy of a version) would only redraw the player's controls under their hands
    if (this.boardShows !== this.game) {
      this.boardShows = this.game;
      this.boardUI.show(this.game);
    }
    this.markShown(`live:${this.game.version}`);
  }

  setControls(nodes) {
    const box = this.$("#board-controls");
    box.replaceChildren(...(nodes || []));
    this.$("#turn-panel").hidden = !this.turnPanelHasContent();
  }

  // ---------- keyboard focus: never dropped to the body after an action ----------

  /** Where the focus goes when what had it is gone: the turn's first control, the replay's, Undo, else the
   * turn panel's heading (focusable by script only). */
  focusFallback() {
    return this.root.querySelector("#board-controls:not([hidden]) :is(button, [tabindex='0'], input, select):not([disabled])")
      || this.root.querySelector("#step-bar:not([hidden]) button:not([disabled])")
      || this.root.querySelector("#turn-buttons button:not([disabled])")
      || this.restingFocus();
  }

  restingFocus() {
    return this.$("#turn-h") || this.$("#final-h") || this.$("#history [data-act=replay]");
  }

  // ---------- talking to the server ----------

  /** POST a change with the version seen; the answer (the new game) is applied; errors are shown.
   * While it is on its way, what else comes in (the socket's frame of the version it makes, which may come
   * first, another seat's change) is held, and looked at once the answer is applied: the page draws its own
   * step once, as its own (no arrival, no second drawing under the player's hands), and a frame no newer
   * than the answer is dropped. */
  async send(path, body) {
    if (this.sending) throw Object.assign(new Error("a request is on its way"), { status: 0 });
    this.sending = true;
    this.root.classList.add("sending");
    this.clearError();
    let answer = null;
    try {
      answer = await postJSON(this.url + path, { version: this.game.version, ...body });
    } catch { /* offline: said below */ }
    this.sending = false;
    this.root.classList.remove("sending");
    try {
      if (!answer) {
        this.error(_("Not sent: the server could not be reached. Check your connection and try again."));
        throw Object.assign(new Error("offline"), { status: 0 });
      }
      const { res, data } = answer;
      if (res.ok && data) {
        this.apply(data, { mine: true });
        return data;
      }
      const detail = errorDetail(res, data);
      if (res.status === 409) {
        this.error(fill(_("Not played: %(detail)s. The game changed in the meantime: the page now shows it as it is."), { detail }));
        this.refresh();
      } else {
        this.error(fill(_("Not played: %(detail)s"), { detail }));
      }
      throw Object.assign(new Error(detail), { status: res.status, detail });
    } finally {
      this.releaseHeld();
    }
  }

  onSocket(msg) {
    if (msg.type === "game") {
      this.incoming(msg.game, { socket: true });
    } else if (msg.type === "error") {
      console.warn("live updates:", msg.detail);
    }
  }

  /** GET the game (while the socket is down, after a conflict, after a reconnection). */
  /** Ask for the game if it is no longer at the version shown (over the socket, else over HTTP). */
  catchUp() {
    if (document.hidden) return;
    if (!this.socket.send({ type: "sync", version: this.game.version })) this.refresh();
  }

  async refresh() {
    try {
      const data = await getJSON(this.url);
      if (data) this.incoming(data);
    } catch { /* offline: the socket's retries go on */ }
  }

  /** A version of the game this page did not ask for (the socket's ``game`` frame, a fetch): applied if newer
   * than the one shown, held while this page's own request is on its way (``send``). After a jump of more
   * than one version the socket is asked to ``sync``. */
  incoming(game, { socket = false } = {}) {
    if (this.sending) {
      if (!this.held || game.version > this.held.game.version) this.held = { game, socket };
      return;
    }
    if (game.version <= this.game.version) return; // old news: the page shows this version or a newer one
    const jump = game.version > this.game.version + 1;
    this.apply(game);
    if (jump && socket) this.socket.send({ type: "sync" });
  }

  /** What came in while this page's request was on its way, now that its answer is applied (or refused). */
  releaseHeld() {
    const held = this.held;
    this.held = null;
    if (held) this.incoming(held.game, { socket: held.socket });
  }

  /** A new version of the game: from this page's own request (``mine``), the socket or a fetch. */
  apply(game, { mine = false } = {}) {
    if (game.version < this.game.version) return;
    const started = !this.game.view && game.view;
    const changed = game.version !== this.game.version;
    const wasMine = this.myTurn;
    this.game = game;
    // what the status line said belongs to the turn it was said in ("Your turn was played." is old news
    // once the turn comes round again)
    if (this.said !== null && this.said !== `${game.status}:${game.current_seat}`) this.say("");
    // a version this page did not ask for may bring others' entries: they are shown step by step first, and
    // the page says whose turn it is after them (the arrival renders the page itself)
    const arrive = changed && !mine && !started && this.boardUI && !this.replay && this.drawnSeq !== null;
    const now = !arrive || wasMine; // after my own turn (from another tab, the API) nothing of others' waits
    if (now) this.render();
    if (started) this.loadBoard();
    else if (now) this.showBoard();
    if (arrive) this.arrival.run();
    else if (changed) this.loadMoves();
    if (changed && !wasMine && this.myTurn && document.hidden) {
      document.title = YOUR_TURN() + (document.title.startsWith(YOUR_TURN()) ? document.title.slice(YOUR_TURN().length) : document.title);
    }
  }

  /** Fetch the log entries after the last one known; calls are served one after another. */
  loadMoves() {
    this.movesLoad = (this.movesLoad || Promise.resolve()).then(() => this.fetchMoves());
    return this.movesLoad;
  }

  async fetchMoves() {
    try {
      const res = await fetch(`${this.url}moves/?since=${this.lastSeq}`, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`moves: ${res.status}`);
      const list = await res.json();
      for (const m of list) if (m.seq > this.lastSeq) { this.moves.push(m); this.lastSeq = m.seq; }
      if (this.drawnSeq === null) this.drawnSeq = this.lastSeq; // the page opened on these
      if (!this.arrival.running) this.drawnSeq = this.lastSeq;
      this.renderLog();
      this.renderHistory();
      this.markLastTurn();
      if (this.game.status === "finished") { // a replay starts at once
        this.prefetch(0, null);
        if (this.moves.length) this.prefetch(this.moves[0].seq, null);
      }
    } catch { /* tried again at the next update */ }
    this.settled("moves");
  }

  /** The log's last turn (a seat's turn, played or timed out, with its steps as this reader may see them),
   * given to the board to mark on the live game (``markLastTurn``, optional): on a fresh page and as turns
   * arrive, from the server's entries alone. */
  markLastTurn() {
    const entry = [...this.moves].reverse().find((m) => (m.kind === "turn" || m.kind === "timeout") && m.steps?.length);
    if (!this.boardUI?.markLastTurn || !entry || entry.seq === this.markedTurn) return;
    this.markedTurn = entry.seq;
    this.boardUI.markLastTurn(entry);
  }

  /** The entries not on the board yet that this page did not make (another seat's, the computer's, the
   * server's), marked as drawn now. */
  freshMoves() {
    const fresh = this.moves.filter((m) => m.seq > (this.drawnSeq ?? this.lastSeq));
    this.drawnSeq = this.lastSeq;
    const me = this.game.your_seat;
    return fresh.filter((m) => (m.steps?.length || 0) > 0 && !(m.kind === "turn" && me !== null && m.seat === me));
  }

  /** One step of an arriving entry on the board, with the scores of that position beside it. */
  drawArrival(position) {
    this.replayShown = position;
    this.boardShows = null;
    this.boardUI?.showPosition(position);
    this.markShown(`arrive:${position.seq}:${position.step ?? ""}`);
    this.render();
    this.renderLog();
  }

  arrivalDone() {
    this.render();
    this.renderLog();
    this.showBoard();
  }

  /** The position after move `seq` (and `step` of its steps), fetched once. */
  position(seq, step) {
    const key = `${seq}:${step ?? ""}`;
    if (!this.positions.has(key)) {
      const q = step === null || step === undefined ? "" : `&step=${step}`;
      const p = fetch(`${this.url}position/?seq=${seq}${q}`, { credentials: "same-origin" })
        .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`position ${seq}: ${res.status}`))))
        .then((data) => { p.value = data; return data; });
      p.catch(() => this.positions.delete(key));
      this.positions.set(key, p);
    }
    return this.positions.get(key);
  }

  prefetch(seq, step) { this.position(seq, step).catch(() => {}); }

  // ---------- rendering ----------

  plainName(seat) {
    const s = this.game.seats.find((x) => x.seat === seat);
    return s ? (s.user.display_name || s.user.username) : fill(_("Seat %(n)s"), { n: seat + 1 });
  }

  name(seat) {
    return `<span class="seat-name seat-${seat}">${escapeHtml(this.plainName(seat))}</span>`;
  }

  /** The view the board shows when it is not the live game, else null. */
  shownView() {
    return (this.replay || this.arrival.active) ? this.replayShown?.view ?? null : null;
  }

  render() {
    const g = this.game;
    this.root.classList.toggle("my-turn", this.myTurn && !this.arrival.active);
    this.root.classList.toggle("finished", g.status === "finished");
    this.root.classList.toggle("replaying", !!this.replay);
    this.root.classList.toggle("arriving", this.arrival.active);
    this.$("#board-empty").hidden = !!g.view;
    this.renderTurnLine();
    this.renderTurnPanel();
    const shown = this.shownView();
    const scores = g.seats.length ? seatsHTML(g, (s) => this.name(s), shown) : "";
    if (this.$("#scores").innerHTML !== scores) this.$("#scores").innerHTML = scores;
    this.renderFinal();
  }

  /** What the turn line and panel are told: the game and what the page shows. */
  turnState() {
    return { game: this.game, name: (n) => this.name(n), plainName: (n) => this.plainName(n), myTurn: this.myTurn,
      replaying: !!this.replay, arriving: this.arrival.active ? this.arrival.current : null };
  }

  renderTurnLine() {
    const text = turnLineText(this.turnState());
    const line = this.$("#turn-line");
    if (line.textContent !== text) line.textContent = text;
  }

  renderTurnPanel() {
    const g = this.game;
    const info = turnInfoHTML(this.turnState());
    const box = this.$("#turn-info");
    if (box.innerHTML !== info) box.innerHTML = info;
    // a board that draws its own Undo (``ownsUndo``) gets none from the shell
    const undo = this.myTurn && !this.replay && !this.arrival.active && !this.boardUI?.ownsUndo ? g.turn?.undo || 0 : 0;
    const buttons = [];
    if (undo) buttons.push(`<button type="button" class="btn" data-act="undo">${_("Undo last step")}</button>`);
    if (undo > 1) buttons.push(`<button type="button" class="btn" data-act="undo-turn">${_("Undo the whole turn")}</button>`);
    const row = this.$("#turn-buttons");
    if (row.innerHTML !== buttons.join("")) row.innerHTML = buttons.join("");
    this.$("#board-controls").hidden = !!(this.replay || this.arrival.active);
    this.$("#turn-panel").hidden = !this.turnPanelHasContent();
    this.renderSeatActions();
  }

  renderSeatActions() {
    const box = this.$("#seat-actions");
    const html = this.replay ? "" : seatActionsHTML(this.game, this.confirmingResign);
    if (box && box.innerHTML.trim() !== html.trim()) box.innerHTML = html;
  }

  turnPanelHasContent() {
    return !!(this.$("#turn-info").innerHTML.trim() || (!this.$("#board-controls").hidden && this.$("#board-controls").children.length)
      || this.$("#turn-buttons").children.length);
  }

  renderFinal() {
    const box = this.$("#final-panel");
    // the result shows once the last move has been shown, not over the steps that lead to it, nor over a
    // replay's earlier position (its scores are those of the move shown)
    if (this.game.status !== "finished" || this.arrival.active || this.replay) { box.hidden = true; return; }
    box.hidden = false;
    const html = finalHTML(this.game, (s) => this.name(s))
      + `<div class="buttons"><button type="button" class="btn" data-act="replay">${_("Replay the game")}</button>
         <a class="btn" href="${this.url}record/?download=1" download="${this.game.game}-${this.game.id}.json">${_("Download the record")}</a></div>`;
    if (box.innerHTML !== html) box.innerHTML = html;
  }

  moveWords(m) { return moveWordsHTML(m); }

  renderLog() {
    const shown = this.arrival.active ? this.arrival.current.move.seq : this.replay ? this.replayer.seq() || null : null;
    const html = logHTML(this.moves, this.game.your_seat, shown);
    const log = this.$("#log");
    if (log.innerHTML !== html) log.innerHTML = html;
    this.$("#log-count").textContent = this.moves.length ? `(${this.moves.length})` : "";
  }

  renderHistory() {
    const box = this.$("#history");
    const g = this.game;
    const html = !g.view || !this.moves.length || this.replay || g.status === "finished" ? ""
      : historyHTML(this.moves, g.your_seat, `${this.url}record/?download=1`, `${g.game}-${g.id}.json`);
    if (box.innerHTML !== html) box.innerHTML = html;
  }

  // ---------- replay (shell/replay.js): what it asks of the page ----------

  replayChanged() {
    if (!this.replay) this.replayShown = null;
    this.render();
    this.renderLog();
    this.renderHistory();
    if (!this.replay) this.showBoard();
  }

  /** A replay position on the board, with the scores of that position beside it. */
  drawReplay(position) {
    this.replayShown = position;
    this.boardShows = null;
    this.boardUI?.showPosition(position);
    this.render();
    this.renderLog();
    this.markShown(`replay:${position.seq}:${position.step ?? ""}`);
  }

  escape(text) { return escapeHtml(text); }

  startReplay(index = 0) {
    this.arrival.skip();
    this.replayer.start(index);
  }

  // ---------- messages ----------

  say(text) {
    this.$("#status").textContent = text;
    this.said = text ? `${this.game.status}:${this.game.current_seat}` : null;
  }

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

  showConnection(state) {
    const banner = this.$("#conn");
    banner.hidden = state !== "lost";
    this.root.dataset.connection = state;
    if (state === "closed") {
      banner.hidden = false;
      banner.textContent = _("Live updates are not available for this page; reload it to see new moves.");
    } else {
      banner.textContent = _("Connection lost — reconnecting…");
    }
  }

  tick() {
    for (const el of this.root.querySelectorAll(".time-left[data-deadline]")) el.textContent = `${timeLeft(el.dataset.deadline)} left`;
    if (!document.hidden && document.title.startsWith(YOUR_TURN())) document.title = document.title.slice(YOUR_TURN().length);
  }

  // ---------- controls ----------

  bindControls() {
    // a tap or click on the board while another's turn arrives goes straight to the live game
    this.$("#board-root").addEventListener("pointerdown", () => { if (this.arrival.active) this.arrival.skip(); });
    this.root.addEventListener("click", (e) => {
      const btn = e.target.closest("[data-act]");
      if (!btn || btn.disabled) return;
      const act = btn.dataset.act;
      const actions = {
        undo: () => this.send("undo/", { whole_turn: false }).catch(() => {}),
        "undo-turn": () => this.send("undo/", { whole_turn: true }).catch(() => {}),
        replay: () => this.startReplay(0),
        "replay-at": () => this.startReplay(Number(btn.dataset.index)),
        "skip-arrival": () => this.arrival.skip(),
        "copy-invite": () => this.copyInvite(),
        resign: () => { this.confirmingResign = true; this.renderSeatActions(); this.$("[data-act=resign-no]")?.focus(); },
        "resign-no": () => { this.confirmingResign = false; this.renderSeatActions(); this.$("[data-act=resign]")?.focus(); },
        "resign-yes": () => {
          this.confirmingResign = false;
          this.send("resign/", {}).then(() => this.say(_("You resigned this game.")), () => {});
        },
      };
      const run = actions[act] || (this.replay && this.replayer.action(act, btn));
      if (run) {
        e.preventDefault();
        run();
      }
    });
  }

  async copyInvite() {
    const input = this.$("#invite-link");
    try {
      await navigator.clipboard.writeText(input.value);
      this.say(_("Invitation link copied."));
    } catch {
      input.select();
      this.say(_("Select the link and copy it."));
    }
  }
}

const root = document.getElementById("game");
if (root) window.arkGame = new GamePage(root);
