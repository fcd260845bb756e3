// The replay: the board steps through the game's positions (each the server's view then: position/?seq&step),
// move by move and, inside a move of several steps, action by action. Its bar names the move shown in the
// words of the log and stays in view (sticky at the bottom of the window, site.css). ← → (↑ ↓, Home, End) step
// it, Escape leaves it.

/** The bar's inner HTML. ``words(move)`` is the move's entry in the server's words (HTML, escaped). */
import { _, fill, n_ } from "./words.js";

export function stepBarHTML({ moves, index, step, words, escape }) {
  const n = moves.length, i = index;
  const move = i ? moves[i - 1] : null;
  const steps = move?.steps || [];
  const where = move ? fill(_("Move <strong>%(i)s</strong> of %(n)s"), { i, n })
    : `${_("Start of the game")} <span class="muted">(${fill(n_("%(n)s move", "%(n)s moves", n), { n })})</span>`;
  let sub = "";
  if (steps.length > 1) {
    const k = step ?? steps.length;
    sub = `<div class="buttons sub-steps" role="group" aria-label="${_("Actions of this move")}">
        <button type="button" class="btn small" data-act="substep-prev" ${k <= 1 ? "disabled" : ""} aria-label="${_("Previous action of this move")}">◀ ${_("Action")}</button>
        <span class="step-no action-no">${fill(_("Action <strong>%(k)s</strong> of %(n)s: %(words)s"), { k, n: steps.length, words: escape(steps[k - 1].words) })}</span>
        <button type="button" class="btn small" data-act="substep-next" ${k >= steps.length ? "disabled" : ""} aria-label="${_("Next action of this move")}">${_("Action")} ▶</button></div>`;
  }
  const caption = move ? `${where}: ${words(move)}` : _("The board as the game began.");
  return `<div class="buttons step-buttons" role="group" aria-label="${_("Replay")}">
        <button type="button" class="btn small" data-act="step-first" ${i === 0 ? "disabled" : ""} aria-label="${_("The start")}">«</button>
        <button type="button" class="btn small" data-act="step-prev" ${i === 0 ? "disabled" : ""} aria-label="${_("Previous move")}">◀</button>
        <span class="step-no move-no">${where}</span>
        <button type="button" class="btn small" data-act="step-next" ${i >= n ? "disabled" : ""} aria-label="${_("Next move")}">▶</button>
        <button type="button" class="btn small" data-act="step-last" ${i >= n ? "disabled" : ""} aria-label="${_("The last move")}">»</button>
        <button type="button" class="btn small" data-act="end-replay">${_("Back")}<span class="wide-only"> ${_("to the game")}</span></button></div>
      <p class="step-caption" aria-live="polite">${caption}</p>${sub}`;
}

const STEP_KEYS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };

export class Replay {
  /**
   * ``page`` gives: ``moves`` (the log), ``position(seq, step)`` (a promise), ``prefetch(seq, step)``,
   * ``$(selector)``, ``drawReplay(position)`` (the board and the panels), ``replayChanged()`` (render the page),
   * ``say(text)``, ``error(text)``, ``moveWords(move)``, ``escape(text)`` and ``restingFocus()``.
   */
  constructor(page) {
    this.page = page;
    this.state = null; // {index, step} while replaying: index into page.moves (0: the start), step (null: all)
    document.addEventListener("keydown", (e) => this.onKey(e), true);
  }

  get on() { return !!this.state; }

  start(index = 0) {
    const moves = this.page.moves;
    if (!moves.length && index) return;
    this.state = { index: Math.max(0, Math.min(moves.length, index)), step: null };
    this.page.replayChanged();
    this.show();
    this.page.say(_("Replay: ← → step through the moves; Escape returns to the game."));
    // the board comes into view (the log that opened the replay may be far below it on a phone), its bar
    // sticks to the bottom of the window
    const area = this.page.$(".board-area");
    if (area && area.getBoundingClientRect().top < 0) area.scrollIntoView({ block: "start" });
    this.page.$("#step-bar [data-act=step-next]:not([disabled])")?.focus({ preventScroll: true });
  }

  end() {
    this.state = null;
    const bar = this.page.$("#step-bar");
    const focusWasInBar = bar.contains(document.activeElement);
    bar.hidden = true;
    bar.innerHTML = "";
    this.page.replayChanged();
    this.page.say("");
    document.dispatchEvent(new CustomEvent("game:replay", { detail: { seq: null } }));  // the chat: live again
    if (focusWasInBar) this.page.restingFocus()?.focus();
  }

  /** The log's sequence number of the move shown (0: the start). */
  seq() {
    const i = this.state.index;
    return i === 0 ? 0 : this.page.moves[i - 1].seq;
  }

  show() {
    const r = this.state;
    const seq = this.seq();
    const moves = this.page.moves;
    this.renderBar();
    // the chat shows the messages written up to this move
    document.dispatchEvent(new CustomEvent("game:replay", { detail: { seq } }));
    const p = this.page.position(seq, r.step);
    const draw = (data) => {
      if (this.state !== r || this.seq() !== seq || r.step !== (data.step ?? null) || !data?.view) return;
      this.page.drawReplay({ ...data, move: r.index ? moves[r.index - 1] : null });
    };
    if (p.value) draw(p.value); // already here: drawn at once
    else p.then(draw, () => this.page.error(_("That position could not be loaded.")));
    // the neighbours, for a quick step
    if (r.index < moves.length) this.page.prefetch(moves[r.index].seq, null);
    if (r.index > 1) this.page.prefetch(moves[r.index - 2].seq, null);
  }

  renderBar() {
    const bar = this.page.$("#step-bar");
    bar.hidden = false;
    bar.innerHTML = stepBarHTML({ moves: this.page.moves, index: this.state.index, step: this.state.step,
      words: (m) => this.page.moveWords(m), escape: this.page.escape });
  }

  /** To move ``to`` (an index into the log), all its steps. */
  step(to) {
    if (!this.state) return;
    this.state.index = Math.max(0, Math.min(this.page.moves.length, to));
    this.state.step = null;
    this.show();
  }

  /** One action back or forward inside the move shown. */
  stepAction(delta) {
    const move = this.page.moves[this.state.index - 1];
    const n = move?.steps?.length || 0;
    const k = (this.state.step ?? n) + delta;
    this.state.step = Math.max(1, Math.min(n, k));
    if (this.state.step === n) this.state.step = null;
    this.show();
  }

  /** The page's buttons: what each data-act of the replay does (null: not the replay's). */
  action(act, btn) {
    const acts = {
      replay: () => this.start(0),
      "replay-at": () => this.start(Number(btn.dataset.index)),
      "end-replay": () => this.end(),
      "step-first": () => this.step(0),
      "step-prev": () => this.step(this.state.index - 1),
      "step-next": () => this.step(this.state.index + 1),
      "step-last": () => this.step(this.page.moves.length),
      "substep-prev": () => this.stepAction(-1),
      "substep-next": () => this.stepAction(1),
    };
    return acts[act] || null;
  }

  onKey(e) {
    if (!this.state || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = (e.target.tagName || "").toLowerCase();
    if (["input", "textarea", "select"].includes(tag)) return;
    if (e.key in STEP_KEYS) { this.step(this.state.index + STEP_KEYS[e.key]); e.preventDefault(); e.stopPropagation(); }
    else if (e.key === "Home") { this.step(0); e.preventDefault(); }
    else if (e.key === "End") { this.step(this.page.moves.length); e.preventDefault(); }
    else if (e.key === "Escape") { this.end(); e.preventDefault(); }
  }
}
