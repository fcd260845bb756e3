// Another seat's turn (a person's or the computer's) arrives step by step, as Board Game Arena animates moves:
// when a new version brings log entries this page did not make, each step of each is drawn for a moment
// through the board's showPosition (the position after that step, as the server gives it: position/?seq&step),
// then the live game. The engine decides everything drawn; nothing here knows a rule.

/** How long each step stays on the board before the next (ms), and at most a whole entry (an entry of many
 * steps goes quicker: a Tikal turn of ten actions takes 4.5 s, not 9). */
export const STEP_MS = 900;
export const ENTRY_MS = 4500;
/** At most this many entries are shown step by step at once (after a long absence, the latest ones). */
export const MAX_SHOWN = 4;

export class Arrival {
  /**
   * ``page`` gives: ``loadMoves()`` (a promise), ``freshMoves()`` (the entries not drawn yet, marked drawn now),
   * ``position(seq, step)`` (a promise of the server's position), ``replay`` (true while replaying),
   * ``drawArrival(position)`` and ``arrivalDone()``.
   */
  constructor(page) {
    this.page = page;
    this.running = false;
    this.again = false;
    this.skipping = false;
    this.current = null; // {move, step, index, count, view}: what the board shows now
    this.shown = []; // "seq:step" of every position shown so (for tests and for whoever reads the page)
  }

  get active() { return this.running && !!this.current; }

  /** Show what arrived since the last drawn entry, then the live game; a call while running adds to it. */
  async run() {
    if (this.running) { this.again = true; return; }
    this.running = true;
    this.skipping = false;
    try {
      do {
        this.again = false;
        await this.page.loadMoves();
        for (const move of this.page.freshMoves().slice(-MAX_SHOWN)) {
          if (this.stopped()) break;
          await this.play(move);
        }
      } while (this.again && !this.stopped());
    } finally {
      this.running = false;
      this.current = null;
      this.page.arrivalDone();
    }
  }

  stopped() { return this.skipping || this.page.replay; }

  /** Each step of ``move`` (all but the last by number, then the whole entry), held for a moment each. */
  async play(move) {
    const count = move.steps?.length || 0;
    const steps = count > 1 ? [...Array(count - 1).keys()].map((k) => k + 1).concat([null]) : [null];
    for (const step of steps) {
      if (this.stopped()) return;
      let position;
      try {
        position = await this.page.position(move.seq, step);
      } catch {
        return; // not found (the game was replaced?): the live game is shown next
      }
      if (this.stopped()) return;
      this.current = { move, step, index: step ?? count, count: Math.max(count, 1), view: position.view };
      this.page.drawArrival({ ...position, move, arriving: true });
      this.shown.push(`${move.seq}:${step ?? ""}`);
      await this.hold(Math.min(STEP_MS, ENTRY_MS / steps.length));
    }
  }

  hold(ms) {
    return new Promise((resolve) => {
      this.release = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  /** Go straight to the live game. */
  skip() {
    this.skipping = true;
    clearTimeout(this.timer);
    this.release?.();
  }
}
