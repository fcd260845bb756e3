// A finished game's review page (games/review, docs/review.md). The server computed every number and every
// position; this draws them: the chart of each player's expected final margin (an SVG from the numbers as
// they are), and the board (the game's own board module, read-only) before a turn's move, after the move
// made, or after the move the search suggests instead. Waiting for a review, it asks the API until it is done.

import { SEAT_COLOURS, svgEl, svgText } from "./shell/dom.js";
import { getJSON } from "./shell/server.js";

// numbers as the reader writes them (1,5 in German and French): the page's language, set by the server
const NUMBER = new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 });
const formatNumber = (value) => (typeof value === "number" ? NUMBER.format(value) : String(value ?? ""));

const LEFT = 44, RIGHT = 12, TOP = 12, BOTTOM = 28;
const POLL_EVERY = 3000;

class ReviewPage {
  constructor(root) {
    this.root = root;
    this.data = JSON.parse(document.getElementById("review-data").textContent);
    this.words = this.data.words || {};
    this.turns = this.data.result?.turns || [];
    this.positions = new Map(); // "seq:which" -> Promise of a position view
    this.shown = null;
    if (this.data.status === "pending" || this.data.status === "running") { this.wait(); return; }
    if (this.data.status !== "done") return;
    this.drawChart();
    this.bind();
    this.loadBoard().then(() => {
      const first = this.data.result.mistakes?.[0];
      this.select(first !== undefined ? this.turns[first].seq : this.turns[0]?.seq, first !== undefined ? "best" : "played");
    });
  }

  wait() {
    setTimeout(async () => {
      const entry = await getJSON(`/api/games/${this.data.game}/review/`).catch(() => null);
      if (entry && entry.status !== this.data.status && entry.status !== "running") location.reload();
      else this.wait();
    }, POLL_EVERY);
  }

  // ---------- the chart ----------

  drawChart() {
    const svg = document.getElementById("review-chart");
    const c = this.data.result.chart;
    // drawn at the size it is shown (one unit a pixel): its words stay readable on a phone
    const W = Math.max(300, Math.round(svg.parentNode.clientWidth || 640));
    const H = W < 600 ? 220 : 280;
    svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const span = Math.max(1, c.high - c.low);
    const x = (seq) => LEFT + (seq / Math.max(1, c.last)) * (W - LEFT - RIGHT);
    const y = (v) => TOP + ((c.high - v) / span) * (H - TOP - BOTTOM);
    this.x = x;
    const axis = svgEl("g", { class: "axis" }, svg);
    svgEl("line", { x1: LEFT, x2: W - RIGHT, y1: y(0), y2: y(0), class: "zero" }, axis);
    for (const v of [c.high, 0, c.low]) svgText(axis, LEFT - 6, y(v) + 4, Math.round(v), "tick");
    svgText(axis, W - RIGHT, H - 8, this.words.moves || gettext("moves"), "tick end");
    const marks = new Map();
    for (const i of this.data.result.mistakes || []) marks.set(this.turns[i].seq, "mistake");
    for (const i of this.data.result.good || []) marks.set(this.turns[i].seq, "good");
    c.series.forEach((points, seat) => {
      const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length].hex;
      const g = svgEl("g", { class: `series seat-${seat}` }, svg);
      svgEl("polyline", { points: points.map((p) => `${x(p.seq)},${y(p.value)}`).join(" "), stroke: colour, fill: "none",
                          class: "line" }, g);
      for (const p of points) {
        const mark = marks.get(p.seq);
        const dot = svgEl("circle", { cx: x(p.seq), cy: y(p.value), r: mark ? 6 : p.final ? 4 : 2.5, fill: colour,
                                      class: `dot${mark ? ` ${mark}` : ""}${p.final ? " final" : ""}`,
                                      "data-seq": p.final ? null : p.seq }, g);
        const title = svgEl("title", {}, dot);
        title.textContent = `${this.data.names[seat]}: ${formatNumber(p.value)}`;
      }
    });
    this.cursor = svgEl("line", { y1: TOP, y2: H - BOTTOM, class: "cursor" }, svg);
    svg.addEventListener("click", (e) => {
      const seq = e.target?.dataset?.seq;
      if (seq) this.select(Number(seq), "played");
    });
  }

  // ---------- the board ----------

  async loadBoard() {
    const url = this.root.dataset.board || new URL(`./games/${this.data.kind}/board.js`, import.meta.url).href;
    let mod;
    try { mod = await import(url); } catch { mod = await import("./games/generic/board.js"); }
    const boardData = JSON.parse(document.getElementById("board-data").textContent);
    const none = () => Promise.reject(new Error("a review is read only"));
    // the finished game as the game page has it: the board is drawn (and framed) as there, then shows positions
    const game = await getJSON(`/api/games/${this.data.game}/`).catch(() => null);
    this.board = mod.createBoard(document.getElementById("board-root"), boardData, {
      step: none, undo: none, confirm: none, setControls() {}, say() {}, error() {}, clearError() {},
      name: (seat) => this.data.names[seat] ?? `${seat + 1}`,
      get game() { return game; },
    });
    if (game?.view) this.board.show(game);
  }

  bind() {
    this.root.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b || !this.root.contains(b)) return;
      if (b.dataset.go) this.step(Number(b.dataset.go));
      else if (b.dataset.seq) this.select(Number(b.dataset.seq), b.dataset.which || "played");
      else if (b.dataset.which && this.shown) this.select(this.shown.seq, b.dataset.which);
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.closest?.("input, textarea, select")) return;
      if (e.key === "ArrowRight") { this.step(1); e.preventDefault(); }
      if (e.key === "ArrowLeft") { this.step(-1); e.preventDefault(); }
    });
  }

  step(by) {
    const at = this.turns.findIndex((t) => t.seq === this.shown?.seq);
    const next = this.turns[Math.min(this.turns.length - 1, Math.max(0, at + by))];
    if (next) this.select(next.seq, this.shown?.which || "played");
  }

  position(seq, which) {
    const key = `${seq}:${which}`;
    if (!this.positions.has(key)) {
      this.positions.set(key, getJSON(`/api/games/${this.data.game}/review/position/?seq=${seq}&position=${which}`));
    }
    return this.positions.get(key);
  }

  async select(seq, which) {
    const turn = this.turns.find((t) => t.seq === seq);
    if (!turn || !this.board) return;
    this.shown = { seq, which };
    const answer = await this.position(seq, which);
    if (this.shown.seq !== seq || this.shown.which !== which) return; // another was asked for meanwhile
    if (!answer) { this.caption(turn, which, this.words.unavailable); return; }
    const line = which === "best" ? turn.best_line : which === "played" ? turn.played_line : [];
    const words = which === "best" ? turn.best_words : which === "played" ? turn.played_words : "";
    this.board.showPosition({ seq, step: null, view: answer.view,
                              move: line.length ? { seq, words, turn: null, events: [], steps: line.map((action) => ({ action, words: "" })) } : null });
    this.caption(turn, which, words);
    this.root.dataset.shown = `${which}:${seq}`;
    for (const b of this.root.querySelectorAll(".review-which [data-which]")) {
      b.setAttribute("aria-pressed", String(b.dataset.which === which));
    }
    for (const row of this.root.querySelectorAll("#review-turns tr[data-seq]")) {
      row.classList.toggle("current", Number(row.dataset.seq) === seq);
    }
    this.cursor?.setAttribute("x1", this.x(seq));
    this.cursor?.setAttribute("x2", this.x(seq));
  }

  caption(turn, which, words) {
    const w = this.words;
    const number = this.turns.indexOf(turn) + 1;
    const head = `${w.turn || gettext("Turn")} ${number}, ${this.data.names[turn.seat]}`;
    const what = which === "before" ? w.before : which === "played" ? `${w.played}: ${words} (${w.margin} ${formatNumber(turn.played)})`
      : `${w.best}: ${words} (${w.margin} ${formatNumber(turn.best)})`;
    document.getElementById("review-caption").textContent = `${head}. ${what}`;
  }
}

const root = document.getElementById("review");
if (root) window.arkReview = new ReviewPage(root);
