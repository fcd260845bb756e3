// The board: an SVG of placed tiles, pieces and highlights, with pan and zoom (mouse, touch, keyboard).
// It draws what it is given (a "scene") and reports clicks in board cells; game.js decides what they mean.

import { T, iconDefs, pieceSVG, tileSVG } from "./draw.js";

const MIN_SCALE = 0.15;
const MAX_SCALE = 3;

export class BoardView {
  /**
   * @param {SVGSVGElement} svg
   * @param {Catalogue} catalogue  (draw.js)
   * @param {{onClick?: Function, onHover?: Function}} handlers  onClick(cell, point), onHover(cell|null)
   */
  constructor(svg, catalogue, handlers = {}) {
    this.svg = svg;
    this.catalogue = catalogue;
    this.handlers = handlers;
    this.view = { s: 0.6, tx: 0, ty: 0 };
    this.pointers = new Map();
    this.hover = null;
    svg.innerHTML = `<defs>${iconDefs()}</defs>
      <g class="world">
        <g class="layer-tiles"></g><g class="layer-cells"></g><g class="layer-ghost"></g>
        <g class="layer-pieces"></g><g class="layer-ark"></g><g class="layer-marks"></g>
        <g class="layer-cursor"></g>
      </g>`;
    this.world = svg.querySelector(".world");
    this.layers = {};
    for (const name of ["tiles", "cells", "ghost", "pieces", "ark", "marks", "cursor"]) {
      this.layers[name] = svg.querySelector(`.layer-${name}`);
    }
    this.bindPointer();
    this.apply();
  }

  // ---------- drawing ----------

  /**
   * Draw a scene: {tiles: [{tile, x, y, rotation, cls?}], pieces: [{x, y, point, kind, colour, label, cls?}],
   * ark: {x, y, cls?} | null (or arks: [...]), cells: [{x, y, cls, label?, title?}], marks: [{x, y, point, kind, cls, label?}]}
   */
  draw(scene) {
    this.scene = scene;
    let tiles = "";
    for (const t of scene.tiles) {
      tiles += `<g class="tile ${t.cls || ""}" data-x="${t.x}" data-y="${t.y}" transform="translate(${t.x * T} ${t.y * T})">${tileSVG(this.catalogue, t.tile, t.rotation)}</g>`;
    }
    this.layers.tiles.innerHTML = tiles;
    let cells = "";
    for (const c of scene.cells || []) {
      cells += `<g class="cell ${c.cls}" transform="translate(${c.x * T} ${c.y * T})"><rect x="3" y="3" width="${T - 6}" height="${T - 6}" rx="6"/>`;
      if (c.label !== undefined) {
        const bx = c.corner === "right" ? T - 14 : 14;
        cells += `<g class="badge"><circle cx="${bx}" cy="14" r="11"/><text x="${bx}" y="18.5" text-anchor="middle">${c.label}</text></g>`;
      }
      cells += `</g>`;
    }
    this.layers.cells.innerHTML = cells;
    let pieces = "";
    for (const p of scene.pieces || []) {
      pieces += pieceSVG(p.kind, p.colour, p.label, p.x * T + p.point[0], p.y * T + p.point[1],
        `${p.cls || ""}${p.lying ? " lying" : ""}`, 1.3);
    }
    this.layers.pieces.innerHTML = pieces;
    const arks = scene.arks || (scene.ark ? [scene.ark] : []);
    this.layers.ark.innerHTML = arks.map((ark) =>
      `<g class="ark ${ark.cls || ""}" transform="translate(${ark.x * T + 72} ${ark.y * T + 76})"><circle class="ark-halo" r="27"/><g transform="scale(1.45)"><use href="#i-ark"/></g></g>`).join("");
    let marks = "";
    for (const m of scene.marks || []) {
      const x = m.x * T + m.point[0], y = m.y * T + m.point[1];
      if (m.kind === "prophet") {
        marks += `<g class="spot spot-prophet ${m.cls || ""}" transform="translate(${x} ${y})"><path d="M0 -10 L10 0 L0 10 L-10 0 Z"/><text y="4" text-anchor="middle">P</text></g>`;
      } else {
        marks += `<g class="spot spot-follower ${m.cls || ""}" transform="translate(${x} ${y})"><circle r="8.5"/><path d="M-4.5 0 H4.5 M0 -4.5 V4.5"/></g>`;
      }
    }
    this.layers.marks.innerHTML = marks;
  }

  /** The semi-transparent tile that follows the pointer (null: none). */
  drawGhost(ghost) {
    if (!ghost) { this.layers.ghost.innerHTML = ""; return; }
    this.layers.ghost.innerHTML = `<g class="ghost ${ghost.ok ? "ghost-ok" : "ghost-bad"}" transform="translate(${ghost.x * T} ${ghost.y * T})">${tileSVG(this.catalogue, ghost.tile, ghost.rotation)}<rect class="ghost-frame" x="1" y="1" width="${T - 2}" height="${T - 2}"/></g>`;
  }

  /** The keyboard cursor cell (null: hidden). */
  drawCursor(cell) {
    this.cursor = cell;
    this.layers.cursor.innerHTML = cell
      ? `<rect class="cursor" x="${cell.x * T + 1}" y="${cell.y * T + 1}" width="${T - 2}" height="${T - 2}" rx="4"/>` : "";
  }

  // ---------- pan and zoom ----------

  apply() {
    const { s, tx, ty } = this.view;
    this.world.setAttribute("transform", `translate(${tx.toFixed(1)} ${ty.toFixed(1)}) scale(${s.toFixed(4)})`);
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return { w: r.width || 600, h: r.height || 400, left: r.left, top: r.top };
  }

  /** Show the cells of `bounds` {minX, maxX, minY, maxY} (board cells) as large as they fit. */
  fit(bounds) {
    const { w, h } = this.size();
    const cw = (bounds.maxX - bounds.minX + 1) * T, ch = (bounds.maxY - bounds.minY + 1) * T;
    const s = Math.max(MIN_SCALE, Math.min(1.2, Math.min(w / cw, h / ch) * 0.94));
    this.view.s = s;
    this.view.tx = w / 2 - ((bounds.minX + bounds.maxX + 1) * T / 2) * s;
    this.view.ty = h / 2 - ((bounds.minY + bounds.maxY + 1) * T / 2) * s;
    this.apply();
  }

  zoomAt(factor, sx, sy) {
    const v = this.view;
    const s = Math.max(MIN_SCALE, Math.min(MAX_SCALE, v.s * factor));
    v.tx = sx - ((sx - v.tx) * s) / v.s;
    v.ty = sy - ((sy - v.ty) * s) / v.s;
    v.s = s;
    this.apply();
  }

  zoom(factor) {
    const { w, h } = this.size();
    this.zoomAt(factor, w / 2, h / 2);
  }

  panBy(dx, dy) {
    this.view.tx += dx;
    this.view.ty += dy;
    this.apply();
  }

  /** Pan so that cell (x, y) is inside the view with a margin. */
  reveal(x, y) {
    const { w, h } = this.size();
    const v = this.view, m = 40;
    const left = x * T * v.s + v.tx, top = y * T * v.s + v.ty, size = T * v.s;
    if (left < m) v.tx += m - left;
    if (left + size > w - m) v.tx -= left + size - (w - m);
    if (top < m) v.ty += m - top;
    if (top + size > h - m) v.ty -= top + size - (h - m);
    this.apply();
  }

  /** Centre the view on cell (x, y). */
  centreOn(x, y) {
    const { w, h } = this.size();
    this.view.tx = w / 2 - (x + 0.5) * T * this.view.s;
    this.view.ty = h / 2 - (y + 0.5) * T * this.view.s;
    this.apply();
  }

  /** The client (page) position of a point of cell (x, y), by default its centre. */
  clientPoint(x, y, px = T / 2, py = T / 2) {
    const { left, top } = this.size();
    const v = this.view;
    return [left + v.tx + (x * T + px) * v.s, top + v.ty + (y * T + py) * v.s];
  }

  /** Board point (units) under a client position, and its cell. */
  locate(clientX, clientY) {
    const { left, top } = this.size();
    const v = this.view;
    const bx = (clientX - left - v.tx) / v.s, by = (clientY - top - v.ty) / v.s;
    const x = Math.floor(bx / T), y = Math.floor(by / T);
    return { x, y, point: [bx - x * T, by - y * T] };
  }

  bindPointer() {
    const svg = this.svg;
    let drag = null;
    let pinch = null;
    svg.addEventListener("pointerdown", (e) => {
      if (e.button !== undefined && e.button > 0) return;
      svg.setPointerCapture?.(e.pointerId);
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 1) {
        drag = { x: e.clientX, y: e.clientY, tx: this.view.tx, ty: this.view.ty, moved: false };
      } else if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), s: this.view.s };
        drag = null;
      }
    });
    svg.addEventListener("pointermove", (e) => {
      if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pinch && this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        const { left, top } = this.size();
        this.zoomAt((pinch.s * d) / pinch.d / this.view.s, (a.x + b.x) / 2 - left, (a.y + b.y) / 2 - top);
        return;
      }
      if (drag) {
        const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
        if (!drag.moved && Math.hypot(dx, dy) > 6) { drag.moved = true; svg.classList.add("dragging"); }
        if (drag.moved) {
          this.view.tx = drag.tx + dx;
          this.view.ty = drag.ty + dy;
          this.apply();
          return;
        }
      }
      if (e.pointerType !== "touch") {
        const at = this.locate(e.clientX, e.clientY);
        if (!this.hover || this.hover.x !== at.x || this.hover.y !== at.y) {
          this.hover = { x: at.x, y: at.y };
          this.handlers.onHover?.(this.hover);
        }
      }
    });
    const end = (e) => {
      const had = this.pointers.delete(e.pointerId);
      if (pinch) {
        if (this.pointers.size < 2) pinch = null;
        drag = null;
        return;
      }
      if (had && e.pointerType === "touch") this.clickGuardUntil = Date.now() + 500;
      if (had && drag && !drag.moved && e.type === "pointerup") {
        const at = this.locate(e.clientX, e.clientY);
        this.handlers.onClick?.({ x: at.x, y: at.y }, at.point);
      }
      drag = null;
      svg.classList.remove("dragging");
    };
    svg.addEventListener("pointerup", end);
    // a tap is handled on pointerup: no click follows it (it would land on whatever appeared under the finger)
    svg.addEventListener("touchend", (e) => { if (e.cancelable) e.preventDefault(); }, { passive: false });
    this.swallowClicks = (e) => {
      if (Date.now() < this.clickGuardUntil) { e.preventDefault(); e.stopPropagation(); }
    };
    document.addEventListener("click", this.swallowClicks, true);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("pointerleave", (e) => {
      if (e.pointerType !== "touch" && !drag) { this.hover = null; this.handlers.onHover?.(null); }
    });
    svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const { left, top } = this.size();
      const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) * 0.0025);
      this.zoomAt(factor, e.clientX - left, e.clientY - top);
    }, { passive: false });
  }
}
