// Where the board looks: the whole board, the start of a turn (the last move and every place the tile fits),
// the Ark and where it may go, a tile just laid kept clear of the bottom sheet on a phone. Tiles are never
// framed smaller than READABLE (the player's own zoom goes further); what does not fit is panned to.

import { bounds } from "./model.js";

/** The smallest scale an automatic framing uses: a tile of 56 px, still readable. */
export const READABLE = 0.56;
const coarse = () => window.matchMedia?.("(pointer: coarse)").matches;

export const cameraMethods = {
  /** The part of the board not covered by the bottom sheet (a phone's piece choice): {top, bottom} in pixels
   * from the board's top. */
  visibleArea() {
    const box = this.svg.getBoundingClientRect();
    const panel = document.getElementById("turn-panel");
    let bottom = Math.min(box.bottom, window.innerHeight);
    if (panel && getComputedStyle(panel).position === "sticky") bottom = Math.min(bottom, panel.getBoundingClientRect().top);
    const top = Math.max(box.top, 0);
    return { top: top - box.top, bottom: Math.max(top + 60, bottom) - box.top };
  },

  /** The whole board (the player's "Fit board": as small as it takes). */
  fit() {
    const v = this.v;
    if (!v) return;
    let cells = v.board.map((t) => [t.x, t.y]);
    if (this.mode === "place") cells = cells.concat(this.payload.view.legal.map((l) => [l.x, l.y]));
    this.view.fit(bounds(cells));
  },

  /** At the start of a turn: the last move and every legal place, readable; else the whole board, readable. */
  frame() {
    const v = this.v;
    if (!v) return;
    const last = v.board[v.board.length - 1];
    const cells = this.mode === "place" ? this.payload.view.legal.map((l) => [l.x, l.y]) : v.board.map((t) => [t.x, t.y]);
    if (last) cells.push([last.x, last.y]);
    this.view.fit(bounds(cells), { minScale: READABLE, focus: last ? [last.x, last.y] : null });
  },

  /** The Ark and every tile it may reach, in the part of the board above the bottom sheet. */
  frameArk() {
    const v = this.payload?.view;
    if (!v?.ark) return;
    const cells = [v.ark];
    for (const o of this.arkOptions()) cells.push(...o.path);
    this.view.fit(bounds(cells), { minScale: READABLE, focus: v.ark, area: this.visibleArea() });
  },

  /** The tiles the Ark may be put on, above the bottom sheet. */
  framePlaceArk() {
    const cells = this.placeArkOptions().map((o) => [o.x, o.y]);
    if (cells.length) this.view.fit(bounds(cells), { minScale: READABLE, area: this.visibleArea() });
  },

  /** A tile just laid: large enough that its spots are targets a finger tells apart on a touch screen. */
  zoomOnPlaced(legal) {
    const { w } = this.view.size();
    if (coarse()) {
      this.view.view.s = Math.min(3, (w - 40) / 100, 1.8);
      this.view.centreOn(legal.x, legal.y);
    } else if (this.view.view.s < 1.1) {
      this.view.view.s = 1.2;
      this.view.centreOn(legal.x, legal.y);
    } else {
      this.view.reveal(legal.x, legal.y);
    }
  },

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
    this.barWatch.observe(document.documentElement); // what stands above the board may grow too
  },

  /** On a phone the piece choice is a bar over the bottom of the screen: the tile, and the ghost Ark when the
   * tile completes the first city (on another tile of the city), stay in the part above, clear of the zoom
   * buttons: the page is scrolled up first, then the board zoomed out only as far as both need. */
  keepInView(x, y, tries = 0) {
    const panel = document.getElementById("turn-panel");
    if (!panel || getComputedStyle(panel).position !== "sticky") return null;
    const box = this.svg.getBoundingClientRect();
    const bar = panel.getBoundingClientRect();
    const top = Math.max(box.top, 0);
    const bottom = Math.min(box.bottom, bar.top, window.innerHeight);
    const v = this.view.view;
    const ark = this.pending?.arkAt;
    const cells = ark && (ark[0] !== x || ark[1] !== y) ? [[x, y], ark] : [[x, y]];
    const b = bounds(cells);
    const nx = b.maxX - b.minX + 1, ny = b.maxY - b.minY + 1;
    // (104: a city's wall may stand 2 units out of the tile)
    const want = ny > 1 ? ny * 104 * v.s + 12 : Math.min(100 * v.s + 8, 240);
    if (bottom - top < want && tries < 5) { // too little of the board shows: scroll it up
      const before = window.scrollY;
      window.scrollBy(0, box.top - Math.max(0, bar.top - want - (ny > 1 ? 0 : box.height * 0.6)));
      if (window.scrollY !== before) return requestAnimationFrame(() => this.keepInView(x, y, tries + 1));
    }
    // the page can scroll no further and the strip above the bar is still lower than the tiles: zoom out to fit
    if (bottom - top < ny * 104 * v.s + 12 && bottom - top > 48) v.s = (bottom - top - 12) / (ny * 104);
    if (nx * 100 * v.s > box.width - 16) v.s = (box.width - 16) / (nx * 100);
    v.ty += (top + bottom) / 2 - box.top - (ny * 100 * v.s) / 2 - (b.minY * 100 * v.s + v.ty);
    v.tx += box.width / 2 - (nx * 100 * v.s) / 2 - (b.minX * 100 * v.s + v.tx);
    this.view.apply();
    return null;
  },
};
