// The game page shell: header, players, turn status, move log and replay, live updates, errors.
// It knows no particular game: the board of payload.game is an ES module loaded by dynamic import
// (static/js/games/<game>/board.js, else the generic one), with the interface of docs/frontend.md:
//   createBoard(root, boardData, api) -> { show(payload), showPosition(position), destroy() }
// The engine decides every rule; the shell carries requests and draws what the server answers.

import { LiveSocket } from "./live.js";
import { clockHTML, finalHTML, seatDot, seatsHTML, timeLeft } from "./shell/panels.js";
import { escapeHtml, joinWords } from "./shell/words.js";

function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

class GamePage {
  constructor(root) {
    this.root = root;
    this.$ = (sel) => root.querySelector(sel);
    this.game = JSON.parse(document.getElementById("game-data").textContent);
    this.boardData = JSON.parse(document.getElementById("board-data").textContent);
    this.url = `/api/games/${this.game.id}/`;
    this.moves = [];
    this.lastSeq = 0;
    this.replay = null; // {index, step} while replaying: index into this.moves (0: the start)
    this.positions = new Map(); // "seq:step" -> Promise of a position (the server's view then)
    this.sending = false;
    this.boardUI = null;
    this.bindControls();
    this.render();
    this.loadBoard();
    this.loadMoves();
    this.socket = new LiveSocket(root.dataset.wsPath, {
      onMessage: (msg) => this.onSocket(msg),
      onOpen: (reconnected) => { if (reconnected) { this.socket.send({ type: "sync" }); this.refresh(); } },
      onState: (state) => this.showConnection(state),
      onRetry: () => this.refresh(),
    });
    setInterval(() => this.tick(), 30000);
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

  // ---------- the board module ----------

  async loadBoard() {
    if (!this.game.view) return;
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
    const root = this.$("#board-root");
    root.innerHTML = "";
    this.boardUI = mod.createBoard(root, this.boardData, this.boardApi());
    this.renderTurnPanel(); // a board that owns its Undo (boardUI.ownsUndo) takes the shell's buttons away
    this.showBoard();
  }

  boardApi() {
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
    if (this.replay) this.showReplayPosition();
    else this.boardUI.show(this.game);
  }

  setControls(nodes) {
    const box = this.$("#board-controls");
    const active = document.activeElement;
    const again = active && box.contains(active) && active.dataset.act ? active.dataset.act : null;
    box.replaceChildren(...(nodes || []));
    if (again) box.querySelector(`[data-act="${CSS.escape(again)}"]:not([disabled])`)?.focus();
    this.$("#turn-panel").hidden = !this.turnPanelHasContent();
  }

  // ---------- talking to the server ----------

  /** POST a change with the version seen; the answer (the new game) is applied; errors are shown. */
  async send(path, body) {
    if (this.sending) throw Object.assign(new Error("a request is on its way"), { status: 0 });
    this.sending = true;
    this.root.classList.add("sending");
    this.clearError();
    let res, data = null;
    try {
      res = await fetch(this.url + path, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
        body: JSON.stringify({ version: this.game.version, ...body }),
      });
      try { data = await res.json(); } catch { /* not JSON */ }
    } catch {
      this.sending = false;
      this.root.classList.remove("sending");
      this.error("Not sent: the server could not be reached. Check your connection and try again.");
      throw Object.assign(new Error("offline"), { status: 0 });
    }
    this.sending = false;
    this.root.classList.remove("sending");
    if (res.ok && data) {
      this.apply(data);
      return data;
    }
    const detail = data?.detail || (data && typeof data === "object" ? Object.values(data).flat().join(" ") : "")
      || `the server answered ${res.status}`;
    if (res.status === 409) {
      this.error(`Not played: ${detail}. The game changed in the meantime: the page now shows it as it is.`);
      this.refresh();
    } else {
      this.error(`Not played: ${detail}`);
    }
    throw Object.assign(new Error(detail), { status: res.status, detail });
  }

  onSocket(msg) {
    if (msg.type === "game") {
      if (msg.version > this.game.version) {
        const jump = msg.version > this.game.version + 1;
        this.apply(msg.game);
        if (jump) this.socket.send({ type: "sync" });
      }
    } else if (msg.type === "error") {
      console.warn("live updates:", msg.detail);
    }
  }

  /** GET the game (while the socket is down, after a conflict, after a reconnection). */
  async refresh() {
    try {
      const res = await fetch(this.url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (res.ok) {
        const data = await res.json();
        if (data.version > this.game.version) this.apply(data);
      }
    } catch { /* offline: the socket's retries go on */ }
  }

  apply(game) {
    if (game.version < this.game.version) return;
    const started = !this.game.view && game.view;
    const changed = game.version !== this.game.version;
    const wasMine = this.myTurn;
    this.game = game;
    this.render();
    if (started) this.loadBoard();
    else this.showBoard();
    if (changed) this.loadMoves();
    if (changed && !wasMine && this.myTurn && document.hidden) {
      document.title = `Your turn · ${document.title.replace(/^Your turn · /, "")}`;
    }
  }

  async loadMoves() {
    if (this.loadingMoves) { this.movesAgain = true; return; }
    this.loadingMoves = true;
    try {
      const res = await fetch(`${this.url}moves/?since=${this.lastSeq}`, { credentials: "same-origin" });
      if (res.ok) {
        const list = await res.json();
        for (const m of list) if (m.seq > this.lastSeq) { this.moves.push(m); this.lastSeq = m.seq; }
        this.renderLog();
        this.renderHistory();
        if (this.game.status === "finished") {  // a replay starts at once
          this.prefetch(0, null);
          if (this.moves.length) this.prefetch(this.moves[0].seq, null);
        }
      }
    } catch { /* tried again at the next update */ }
    this.loadingMoves = false;
    if (this.movesAgain) { this.movesAgain = false; this.loadMoves(); }
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
    return s ? (s.user.display_name || s.user.username) : `Seat ${seat + 1}`;
  }

  name(seat) {
    return `<span class="seat-name seat-${seat}">${escapeHtml(this.plainName(seat))}</span>`;
  }

  render() {
    const g = this.game;
    this.root.classList.toggle("my-turn", this.myTurn);
    this.root.classList.toggle("finished", g.status === "finished");
    this.root.classList.toggle("replaying", !!this.replay);
    this.$("#board-empty").hidden = !!g.view;
    this.renderTurnLine();
    this.renderTurnPanel();
    this.$("#scores").innerHTML = g.seats.length ? seatsHTML(g, (s) => this.name(s)) : "";
    this.renderFinal();
  }

  renderTurnLine() {
    const g = this.game;
    let text;
    if (g.status === "open") text = "Waiting for players to join.";
    else if (g.status === "aborted") text = "This game was aborted.";
    else if (g.status === "finished") text = `Game over. ${this.verdictText()}`;
    else if (this.myTurn) text = "Your turn.";
    else if (g.current_seat !== null && g.current_seat !== undefined) text = `${this.plainName(g.current_seat)} is to play.`;
    else text = "";
    const line = this.$("#turn-line");
    if (line.textContent !== text) line.textContent = text;
  }

  verdictText() {
    const winners = this.game.seats.filter((s) => s.result === "won");
    if (!winners.length) return "";
    return winners.length === 1 ? `${this.plainName(winners[0].seat)} wins.`
      : `${joinWords(winners.map((s) => this.plainName(s.seat)))} share the win.`;
  }

  renderTurnPanel() {
    const g = this.game;
    let info = "";
    if (g.status === "open") {
      info = `<h2>Waiting for players</h2><p>${g.seats.length} of ${g.players} seats taken: ${joinWords(g.seats.map((s) => this.name(s.seat)))}. The game starts when every seat is taken.</p>`;
      if (g.invite_url) {
        info += `<p><label for="invite-link">Invitation link</label></p><div class="copy-row"><input id="invite-link" readonly value="${escapeHtml(g.invite_url)}"><button type="button" class="btn" data-act="copy-invite">Copy</button></div>`;
      }
    } else if (g.status === "aborted") {
      info = `<h2>Game aborted</h2><p>A moderator stopped this game; it will not go on.</p>`;
    } else if (g.status === "active" && this.replay) {
      info = `<h2>Replay</h2><p>The board shows an earlier position. <button type="button" class="btn small" data-act="end-replay">Back to the game</button></p>`;
    } else if (g.status === "active" && this.myTurn) {
      const steps = g.turn?.steps || [];
      info = `<h2>Your turn</h2>`;
      if (steps.length) info += `<p class="small">This turn so far: ${steps.map((s) => escapeHtml(s.words)).join("; ")}.</p>`;
    } else if (g.status === "active") {
      const who = g.current_seat;
      info = `<h2>${g.your_seat === null ? "Watching" : "Not your turn"}</h2><p class="waiting-for">${seatDot(who)} Waiting for ${this.name(who)} to play. ${clockHTML(g)}</p>`;
      if (g.your_seat !== null) info += `<p class="muted small">The board updates by itself when they play.</p>`;
    }
    this.$("#turn-info").innerHTML = info;
    const undo = this.myTurn && !this.replay && !this.boardUI?.ownsUndo ? g.turn?.undo || 0 : 0;
    const buttons = [];
    if (undo) buttons.push(`<button type="button" class="btn" data-act="undo">Undo last step</button>`);
    if (undo > 1) buttons.push(`<button type="button" class="btn" data-act="undo-turn">Undo the whole turn</button>`);
    this.$("#turn-buttons").innerHTML = buttons.join("");
    this.$("#turn-panel").hidden = !this.turnPanelHasContent();
    this.renderSeatActions();
  }

  /** Resigning, under the players (out of the turn's way): asked twice. */
  renderSeatActions() {
    const g = this.game;
    const box = this.$("#seat-actions");
    if (!box) return;
    const mine = g.seats.find((s) => s.seat === g.your_seat);
    box.innerHTML = g.status === "active" && !this.replay && mine?.status === "playing"
      ? (this.confirmingResign
        ? `<p class="resign-ask small">Resign this game? You rank last, and the others play on.</p>
           <button type="button" class="btn danger" data-act="resign-yes">Yes, resign</button>
           <button type="button" class="btn" data-act="resign-no">No, play on</button>`
        : `<button type="button" class="btn quiet" data-act="resign">Resign…</button>`)
      : "";
  }

  turnPanelHasContent() {
    return !!(this.$("#turn-info").innerHTML.trim() || this.$("#board-controls").children.length
      || this.$("#turn-buttons").children.length);
  }

  renderFinal() {
    const box = this.$("#final-panel");
    if (this.game.status !== "finished") { box.hidden = true; return; }
    box.hidden = false;
    box.innerHTML = finalHTML(this.game, (s) => this.name(s))
      + `<div class="buttons"><button type="button" class="btn" data-act="replay">Replay the game</button>
         <a class="btn" href="${this.url}record/?download=1" download="${this.game.game}-${this.game.id}.json">Download the record</a></div>`;
  }

  /** Moves after my own last turn (what happened while I was away). */
  sinceMoves() {
    const me = this.game.your_seat;
    if (me === null || me === undefined) return [];
    let i = this.moves.length - 1;
    while (i >= 0 && !(this.moves[i].seat === me && this.moves[i].kind === "turn")) i--;
    return i < 0 ? [] : this.moves.slice(i + 1);
  }

  moveWords(m) {
    const extra = (m.event_words || []).filter(Boolean);
    return escapeHtml(m.words) + (extra.length ? ` <span class="events">${extra.map(escapeHtml).join("; ")}.</span>` : "");
  }

  renderLog() {
    const since = new Set(this.sinceMoves().map((m) => m.seq));
    const items = this.moves.slice().reverse().map((m, i) => {
      const index = this.moves.length - i;
      return `<li class="${since.has(m.seq) ? "new" : ""}" data-seq="${m.seq}"><button type="button" class="log-entry" data-act="replay-at" data-index="${index}" title="Show the board after this move">`
        + `<span class="turn-no">${m.seq}</span> ${this.moveWords(m)}</button></li>`;
    });
    this.$("#log").innerHTML = items.join("") || `<li class="muted">No moves yet.</li>`;
    this.$("#log-count").textContent = this.moves.length ? `(${this.moves.length})` : "";
  }

  renderHistory() {
    const box = this.$("#history");
    if (!this.game.view || !this.moves.length || this.replay || this.game.status === "finished") { box.innerHTML = ""; return; }
    const since = this.sinceMoves().length;
    box.innerHTML = `${since ? `<p class="small">${since} move${since === 1 ? "" : "s"} since your last turn (marked below).</p>` : ""}
      <div class="buttons"><button type="button" class="btn small" data-act="replay">Replay from the start</button>
      <a class="btn small" href="${this.url}record/?download=1" download="${this.game.game}-${this.game.id}.json">Download the record</a></div>`;
  }

  // ---------- replay: each position is the server's view then ----------

  startReplay(index = 0) {
    if (!this.moves.length && index) return;
    this.replay = { index: Math.max(0, Math.min(this.moves.length, index)), step: null };
    this.render();
    this.renderHistory();
    this.showReplayPosition();
    this.say("Replay: the arrow keys (← →) step through the moves; Escape returns to the game.");
    this.$("#step-bar [data-act=step-next]:not([disabled])")?.focus();
  }

  endReplay() {
    this.replay = null;
    this.$("#step-bar").hidden = true;
    this.$("#step-bar").innerHTML = "";
    this.render();
    this.renderHistory();
    this.showBoard();
    this.say("");
    document.dispatchEvent(new CustomEvent("game:replay", { detail: { seq: null } }));  // the chat: live again
  }

  replaySeq() {
    const i = this.replay.index;
    return i === 0 ? 0 : this.moves[i - 1].seq;
  }

  showReplayPosition() {
    const r = this.replay;
    const seq = this.replaySeq();
    this.renderStepBar();
    // the chat shows the messages written up to this move
    document.dispatchEvent(new CustomEvent("game:replay", { detail: { seq } }));
    const p = this.position(seq, r.step);
    const draw = (data) => {
      if (this.replay !== r || this.replaySeq() !== seq) return;
      if (data?.view) this.boardUI?.showPosition({ ...data, move: r.index ? this.moves[r.index - 1] : null });
    };
    if (p.value) draw(p.value); // already here: drawn at once
    else p.then(draw, () => this.error("That position could not be loaded."));
    // the neighbours, for a quick step
    if (r.index < this.moves.length) this.prefetch(this.moves[r.index].seq, null);
    if (r.index > 1) this.prefetch(this.moves[r.index - 2].seq, null);
  }

  renderStepBar() {
    const bar = this.$("#step-bar");
    const r = this.replay;
    const n = this.moves.length, i = r.index;
    const move = i ? this.moves[i - 1] : null;
    const caption = move ? this.moveWords(move) : "The start of the game.";
    const steps = move?.steps || [];
    let sub = "";
    if (steps.length > 1) {
      const k = r.step ?? steps.length;
      sub = `<div class="buttons sub-steps" role="group" aria-label="Actions of this move">
        <button type="button" class="btn small" data-act="substep-prev" ${k <= 1 ? "disabled" : ""}>◀ Action</button>
        <span class="step-no">Action <strong>${k}</strong> of ${steps.length}: ${escapeHtml(steps[k - 1].words)}</span>
        <button type="button" class="btn small" data-act="substep-next" ${k >= steps.length ? "disabled" : ""}>Action ▶</button></div>`;
    }
    bar.hidden = false;
    bar.innerHTML = `<div class="buttons" role="group" aria-label="Replay">
        <button type="button" class="btn small" data-act="step-first" ${i === 0 ? "disabled" : ""}>« First</button>
        <button type="button" class="btn small" data-act="step-prev" ${i === 0 ? "disabled" : ""} aria-label="Previous move">◀</button>
        <span class="step-no move-no">Move <strong>${i}</strong> of ${n}</span>
        <button type="button" class="btn small" data-act="step-next" ${i >= n ? "disabled" : ""} aria-label="Next move">▶</button>
        <button type="button" class="btn small" data-act="step-last" ${i >= n ? "disabled" : ""}>Last »</button>
        <button type="button" class="btn small" data-act="end-replay">Back to the game</button></div>
      <p class="step-caption" aria-live="polite">${caption}</p>${sub}`;
  }

  stepReplay(to) {
    if (!this.replay) return;
    const focus = document.activeElement?.dataset?.act;
    this.replay.index = Math.max(0, Math.min(this.moves.length, to));
    this.replay.step = null;
    this.showReplayPosition();
    const again = focus && this.$(`#step-bar [data-act=${focus}]`);
    if (again && !again.disabled) again.focus();
    else if (focus?.startsWith("step")) this.$("#step-bar [data-act=step-next]:not([disabled]), #step-bar [data-act=step-prev]:not([disabled])")?.focus();
  }

  stepAction(delta) {
    const move = this.moves[this.replay.index - 1];
    const n = move?.steps?.length || 0;
    const k = (this.replay.step ?? n) + delta;
    this.replay.step = Math.max(1, Math.min(n, k));
    if (this.replay.step === n) this.replay.step = null;
    this.showReplayPosition();
  }

  // ---------- messages ----------

  say(text) { this.$("#status").textContent = text; }

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
      banner.textContent = "Live updates are not available for this page; reload it to see new moves.";
    } else {
      banner.textContent = "Connection lost — reconnecting…";
    }
  }

  tick() {
    for (const el of this.root.querySelectorAll(".time-left[data-deadline]")) el.textContent = `${timeLeft(el.dataset.deadline)} left`;
    if (!document.hidden && document.title.startsWith("Your turn · ")) document.title = document.title.slice(12);
  }

  // ---------- controls ----------

  bindControls() {
    document.addEventListener("keydown", (e) => {
      if (!this.replay || e.altKey || e.ctrlKey || e.metaKey) return;
      const tag = (e.target.tagName || "").toLowerCase();
      if (["input", "textarea", "select"].includes(tag)) return;
      const keys = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
      if (e.key in keys) { this.stepReplay(this.replay.index + keys[e.key]); e.preventDefault(); e.stopPropagation(); }
      else if (e.key === "Home") { this.stepReplay(0); e.preventDefault(); }
      else if (e.key === "End") { this.stepReplay(this.moves.length); e.preventDefault(); }
      else if (e.key === "Escape") { this.endReplay(); e.preventDefault(); }
    }, true);
    this.root.addEventListener("click", (e) => {
      const btn = e.target.closest("[data-act]");
      if (!btn || btn.disabled) return;
      const act = btn.dataset.act;
      const actions = {
        undo: () => this.send("undo/", { whole_turn: false }).catch(() => {}),
        "undo-turn": () => this.send("undo/", { whole_turn: true }).catch(() => {}),
        replay: () => this.startReplay(0),
        "replay-at": () => this.startReplay(Number(btn.dataset.index)),
        "end-replay": () => this.endReplay(),
        "step-first": () => this.stepReplay(0),
        "step-prev": () => this.stepReplay(this.replay.index - 1),
        "step-next": () => this.stepReplay(this.replay.index + 1),
        "step-last": () => this.stepReplay(this.moves.length),
        "substep-prev": () => this.stepAction(-1),
        "substep-next": () => this.stepAction(1),
        "copy-invite": () => this.copyInvite(),
        resign: () => { this.confirmingResign = true; this.renderSeatActions(); this.$("[data-act=resign-no]")?.focus(); },
        "resign-no": () => { this.confirmingResign = false; this.renderSeatActions(); },
        "resign-yes": () => {
          this.confirmingResign = false;
          this.send("resign/", {}).then(() => this.say("You resigned this game."), () => {});
        },
      };
      if (actions[act]) {
        e.preventDefault();
        actions[act]();
      }
    });
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

let page = null;
const root = document.getElementById("game");
if (root) {
  page = new GamePage(root);
  window.arkGame = page;
}
