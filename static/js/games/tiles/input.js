// What the player does on the tile board: clicks and taps on cells and spots, keys on the board (a cursor, Enter,
// R, Escape, + and −), the turn panel's buttons and radios, dragging the tile in hand onto the board. Each
// lands on one of the server's choices or is explained; nothing here decides a rule.

import { fitting, key } from "./model.js";
import { _, fill } from "./words.js";

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

export const inputMethods = {
  bind() {
    const on = (target, type, fn, opts) => { target.addEventListener(type, fn, opts); this.listeners.push([target, type, fn, opts]); };
    on(this.root, "keydown", (e) => this.keydown(e));
    on(document, "keydown", (e) => {
      // R and Escape work from the turn panel too (outside the board's root)
      if (this.root.contains(e.target)) return;
      if (e.target.closest?.("#board-controls") && ["r", "R", "Escape"].includes(e.key)) this.keydown(e);
    });
    on(this.svg, "focus", () => { if (!this.cursor) this.cursor = this.defaultCursor(); this.drawCursor(); });
    on(this.svg, "blur", () => this.drawCursor());
    on(this.svg, "pointerdown", () => { this.keyboardCursor = false; });
    on(this.svg, "keyup", (e) => { if (e.key === "Tab") { this.keyboardCursor = true; this.drawCursor(); } });
    const controls = () => document.getElementById("board-controls") || this.root;
    on(document, "pointerdown", (e) => this.dragFromHand(e));
    on(document, "toggle", (e) => {
      if (!e.target.matches?.("details.supply") || e.target.open === !!this.supplyOpen) return;
      this.supplyOpen = e.target.open;
      if (this.supplyOpen) this.renderControls();
    }, true);
    on(document, "click", (e) => {
      const btn = e.target.closest("[data-act]");
      if (!btn || btn.disabled || !(this.root.contains(btn) || controls().contains(btn))) return;
      if (this.justDragged && btn.classList.contains("hand-tile")) return; // the end of a drag, not a click
      const act = this.actions(btn)[btn.dataset.act];
      if (act) { e.preventDefault(); act(); }
    });
    on(document, "change", (e) => {
      if (!controls().contains(e.target) || !e.target.dataset.action) return;
      const action = JSON.parse(e.target.dataset.action);
      if (e.target.name === "action") this.chooseAction(action);
      else if (e.target.name === "option") { this.choice = action; this.arkPath = []; this.render(); }
    });
  },

  actions(btn) {
    return {
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
      feature: () => this.showFeature(Number(btn.dataset.index)),
      "feature-next": () => this.showFeature(this.focusFeature === null ? 0 : this.focusFeature + 1),
      "feature-prev": () => this.showFeature(Math.max(0, (this.focusFeature || 0) - 1)),
    };
  },

  /** On a phone the final scoring, once stepped through, is a sheet at the bottom of the screen: the board is
   * brought up above it, and the feature chosen shown inside the sheet. Returns the sheet, or null. */
  featureSheet() {
    const panel = document.getElementById("turn-panel");
    if (!panel || getComputedStyle(panel).position !== "sticky") return null;
    const box = this.svg.getBoundingClientRect();
    if (box.top < 0 || box.bottom > panel.getBoundingClientRect().top) window.scrollBy(0, box.top - 4);
    const chosen = panel.querySelector(".feature-link.chosen");
    if (chosen) {
      const p = panel.getBoundingClientRect(), c = chosen.getBoundingClientRect();
      const room = panel.querySelector(".final-scoring .buttons")?.getBoundingClientRect().height || 0;
      if (c.top < p.top + room || c.bottom > p.bottom) panel.scrollTop += c.top - p.top - room - 8;
    }
    return panel;
  },

  /** One feature of the final scoring on the board: its tiles framed, the pieces that scored it drawn. */
  showFeature(index) {
    this.focusFeature = index;
    this.render();
    const events = this.finalEvents();
    const e = events[index];
    if (!e) return;
    const sheet = this.featureSheet();
    if (e.tiles?.length) this.view.fit(this.bounds(e.tiles), { minScale: 0.56, area: sheet ? this.visibleArea() : null });
    const { pts, what, detail } = this.eventWords(e);
    this.api.say(fill(_("Final scoring %(n)s of %(count)s: %(feature)s: %(points)s."), {
      n: index + 1, count: events.length, feature: detail ? `${what} (${detail})` : what, points: pts.replace(/<[^>]+>/g, "") }));
  },

  whyNot(x, y) {
    if (this.index.has(key(x, y))) return _("There is already a tile there.");
    return _("Your tile cannot go there: it must touch a placed tile and match every neighbour's edges. Lay it on a highlighted place.");
  },

  clickCell(cell, point) {
    this.cursor = { x: cell.x, y: cell.y };
    if (this.position || this.sending) { this.drawCursor(); return; }
    const feature = this.finalEventAt(cell);
    if (feature !== undefined) { this.showFeature(feature); return; }
    if (this.mode === "options") { this.clickOption(cell, point); return; }
    if (this.mode !== "place") { this.drawCursor(); return; }
    const p = this.pending;
    if (p) {
      const spot = point && this.spotNear(cell, point, this.spots(), p);
      if (spot) { this.chooseAction(spot.action); return; }
      if (p.legal.ark_at?.some(([x, y]) => x === cell.x && y === cell.y)) {
        p.arkAt = [cell.x, cell.y];
        this.api.say(fill(_("The Ark will go on the tile at %(place)s."), { place: `${cell.x}, ${cell.y}` }));
        this.render();
        return;
      }
      if (cell.x === p.x && cell.y === p.y) { this.rotate(1); return; }
    }
    const there = fitting(this.payload.view, cell.x, cell.y, this.rotation);
    if (there) { this.place(there); return; }
    if (!p) this.api.error(this.whyNot(cell.x, cell.y));
    this.drawCursor();
  },

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
    const board = this.payload.view.board;
    const last = board[board.length - 1];
    const spot = point && last && this.spotNear(cell, point, this.optionSpots(), last);
    if (spot) { this.choice = spot.action; this.arkPath = []; this.render(); return; }
    this.drawCursor();
  },

  /** The spot of ``spots`` (on the tile at ``at``) nearest a point of ``cell``, within a finger's reach. */
  spotNear(cell, point, spots, at) {
    const px = (cell.x - at.x) * 100 + point[0], py = (cell.y - at.y) * 100 + point[1];
    const reach = Math.max(14, 22 / this.view.view.s); // 22 px at least, whatever the zoom
    let best = null, bestD = reach;
    for (const s of spots) {
      const d = Math.hypot(px - s.point[0], py - s.point[1]);
      if (d < bestD) { bestD = d; best = s; }
    }
    return best;
  },

  keydown(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || this.position) return;
    const tag = (e.target.tagName || "").toLowerCase();
    if ((tag === "input" && !["radio", "checkbox", "button"].includes(e.target.type)) || tag === "textarea" || tag === "select") return;
    const k = e.key;
    if (k === "r" || k === "R") { this.rotate(e.shiftKey ? -1 : 1); e.preventDefault(); return; }
    if (k === "Escape") {
      if (this.pending) { this.takeBack(); e.preventDefault(); } else if (this.arkPath.length) { this.arkPath = []; this.render(); e.preventDefault(); }
      return;
    }
    if (e.target !== this.svg) return;
    this.keyboardCursor = true;
    if (ARROWS[k]) {
      const [dx, dy] = ARROWS[k];
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
      this.cursor = this.cursor || this.defaultCursor();
      this.clickCell(this.cursor, null);
      e.preventDefault();
    }
  },

  defaultCursor() {
    if (this.pending) return { x: this.pending.x, y: this.pending.y };
    if (this.mode === "place") {
      const l = this.legalFor(this.rotation)[0] || this.payload.view.legal[0];
      if (l) return { x: l.x, y: l.y };
    }
    const b = this.v?.board || [];
    const last = b[b.length - 1];
    return last ? { x: last.x, y: last.y } : { x: 0, y: 0 };
  },

  describeCursor() {
    const { x, y } = this.cursor;
    const t = this.tileAt(x, y);
    let text;
    if (t) text = fill(_("Cell %(place)s: %(tile)s tile"), { place: `${x}, ${y}`, tile: this.catalogue.describe(t.tile) });
    else if (this.mode === "place" && !this.pending && this.legalAt(x, y).length) {
      text = fill(_("Cell %(place)s: your tile fits here (turned %(degrees)s) — press Enter"),
        { place: `${x}, ${y}`, degrees: this.legalAt(x, y).map((l) => `${l.rotation}°`).join(", ") });
    } else text = fill(_("Cell %(place)s: empty"), { place: `${x}, ${y}` });
    this.root.querySelector("#cursor-info").textContent = text;
  },

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
  },
};
