// The board: an SVG of placed tiles, pieces and highlights, with pan and zoom (mouse, touch, keyboard).
// It draws what it is given (a "scene") and reports clicks in board cells; game.js decides what they mean.

import { SVGNS } from "../../shell/dom.js";
import { T, iconDefs, pieceSVG } from "./draw.js";

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
    this.tiles = new Map(); // "x,y" -> {node, sig, cls}: the tiles drawn
    this.written = {};
    svg.innerHTML = `<defs>${iconDefs()}</defs>
      <g class="world">
        <g class="layer-tiles"></g><g class="layer-cells"></g><g class="layer-ghost"></g>
        <g class="layer-pieces"></g><g class="layer-ark"></g><g class="layer-marks"></g>
        <g class="layer-cursor"></g>
      </g>`;
    this.world = svg.querySelector(".world");
    this.defs = svg.querySelector("defs");
    this.layers = {};
    for (const name of ["tiles", "cells", "ghost", "pieces", "ark", "marks", "cursor"]) {
      this.layers[name] = svg.querySelector(`.layer-${name}`);
    }
    this.bindPointer();
    this.apply();
  }

  // ---------- drawing ----------

  /**
   * Draw a scene: {tiles: [{tile, x, y, rotation, cls?}], pending: {tile, x, y, rotation} | null,
   * pieces: [{x, y, point, kind, colour, label, cls?}], arks: [{x, y, px, py, cls?, small?}],
   * cells: [{x, y, cls, label?}], marks: [{x, y, point, kind, cls?}]}.
   * Only what changed is touched: a tile already drawn stays (a new one is added, one gone is removed), each
   * kind of tile in each rotation is drawn into markup once, and the small layers are written again only when
   * their markup differs.
   */
  draw(scene) {
    this.scene = scene;
    this.drawTiles(scene.tiles, scene.pending);
    let cells = "";
    for (const c of scene.cells || []) {
      cells += `<g class="cell ${c.cls}" transform="translate(${c.x * T} ${c.y * T})"><rect x="3" y="3" width="${T - 6}" height="${T - 6}" rx="6"/>`;
      if (c.label !== undefined) {
        const bx = c.corner === "right" ? T - 14 : 14;
        cells += `<g class="badge"><circle cx="${bx}" cy="14" r="11"/><text x="${bx}" y="18.5" text-anchor="middle">${c.label}</text></g>`;
      }
      cells += `</g>`;
    }
    this.write("cells", cells);
    let pieces = "";
    for (const p of scene.pieces || []) {
      pieces += pieceSVG(p.kind, p.colour, p.label, p.x * T + p.point[0], p.y * T + p.point[1],
        `${p.cls || ""}${p.lying ? " lying" : ""}`, 1.3);
    }
    this.write("pieces", pieces);
    this.write("ark", (scene.arks || []).map((ark) => {
      // beside the marks of a piece being chosen the Ark is smaller: both stay targets of their own
      const scale = ark.small ? 0.62 : 1.1;
      return `<g class="ark ${ark.cls || ""}" transform="translate(${ark.x * T + (ark.px ?? 72)} ${ark.y * T + (ark.py ?? 76)})"><circle class="ark-halo" r="${ark.small ? 12 : 21}"/><g transform="scale(${scale})"><use href="#i-ark"/></g></g>`;
    }).join(""));
    let marks = "";
    for (const m of scene.marks || []) {
      const x = m.x * T + m.point[0], y = m.y * T + m.point[1];
      if (m.kind === "prophet") {
        marks += `<g class="spot spot-prophet ${m.cls || ""}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"><path d="M0 -11 L11 0 L0 11 L-11 0 Z"/><text y="4" text-anchor="middle">P</text></g>`;
      } else {
        marks += `<g class="spot spot-follower ${m.cls || ""}" transform="translate(${x.toFixed(1)} ${y.toFixed(1)})"><circle r="9.5"/><path d="M-5 0 H5 M0 -5 V5"/></g>`;
      }
    }
    this.write("marks", marks);
  }

  /** A layer's markup, written only when it changed. */
  write(layer, markup) {
    if (this.written[layer] === markup) return;
    this.written[layer] = markup;
    this.layers[layer].innerHTML = markup;
  }

  /** The markup of a tile kind in a rotation (made the first time it is needed, then reused). */
  art(tile, rotation) {
    return this.catalogue.art(tile, rotation);
  }

  tileNode(t, cls) {
    const g = document.createElementNS(SVGNS, "g");
    g.setAttribute("class", `tile ${cls || ""}`.trim());
    g.dataset.x = t.x;
    g.dataset.y = t.y;
    g.setAttribute("transform", `translate(${t.x * T} ${t.y * T})`);
    g.innerHTML = `${this.art(t.tile, t.rotation)}<rect class="frame" width="${T}" height="${T}" fill="none"/>`;
    return g;
  }

  drawTiles(tiles, pending) {
    const seen = new Set();
    for (const t of tiles) {
      const k = `${t.x},${t.y}`;
      const sig = `${t.tile}:${t.rotation}`;
      seen.add(k);
      const had = this.tiles.get(k);
      if (had && had.sig === sig) {
        if (had.cls !== (t.cls || "")) { had.node.setAttribute("class", `tile ${t.cls || ""}`.trim()); had.cls = t.cls || ""; }
        continue;
      }
      const node = this.tileNode(t, t.cls);
      if (had) had.node.replaceWith(node);
      else this.layers.tiles.insertBefore(node, this.pendingNode?.parentNode ? this.pendingNode : null);
      this.tiles.set(k, { node, sig, cls: t.cls || "" });
    }
    for (const [k, had] of this.tiles) if (!seen.has(k)) { had.node.remove(); this.tiles.delete(k); }
    const sig = pending ? `${pending.tile}:${pending.rotation}:${pending.x},${pending.y}` : "";
    if (sig !== this.pendingSig) {
      this.pendingNode?.remove();
      this.pendingNode = pending ? this.tileNode(pending, "pending") : null;
      if (this.pendingNode) this.layers.tiles.appendChild(this.pendingNode);
      this.pendingSig = sig;
    }
  }

  /** The semi-transparent tile that follows the pointer (null: none). */
  drawGhost(ghost) {
    const markup = ghost ? `<g class="ghost ${ghost.ok ? "ghost-ok" : "ghost-bad"}" transform="translate(${ghost.x * T} ${ghost.y * T})">${this.art(ghost.tile, ghost.rotation)}<rect class="ghost-frame" x="1" y="1" width="${T - 2}" height="${T - 2}"/></g>` : "";
    this.write("ghost", markup);
  }

  /** The keyboard cursor cell (null: hidden). */
  drawCursor(cell) {
    this.cursor = cell;
    this.write("cursor", cell
      ? `<rect class="cursor" x="${cell.x * T + 1}" y="${cell.y * T + 1}" width="${T - 2}" height="${T - 2}" rx="4"/>` : "");
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

  /**
   * Show the cells of `bounds` {minX, maxX, minY, maxY} (board cells) as large as they fit, in the part of the
   * board `area` {top, bottom} (pixels from the board's top; by default all of it). Tiles are never drawn
   * smaller than `minScale` by this (a tile stays readable, ~56 px): what does not fit is panned to, centred on
   * `focus` [x, y] if given. The player's own zoom goes further.
   */
  fit(bounds, { minScale = MIN_SCALE, focus = null, area = null } = {}) {
    const { w, h } = this.size();
    const top = area ? Math.max(0, area.top) : 0, bottom = area ? Math.min(h, area.bottom) : h;
    const ah = Math.max(60, bottom - top);
    const cw = (bounds.maxX - bounds.minX + 1) * T, ch = (bounds.maxY - bounds.minY + 1) * T;
    const fitted = Math.min(w / cw, ah / ch) * 0.94;
    const s = Math.max(MIN_SCALE, minScale, Math.min(1.2, fitted));
    this.view.s = s;
    let cx = ((bounds.minX + bounds.maxX + 1) * T) / 2, cy = ((bounds.minY + bounds.maxY + 1) * T) / 2;
    if (focus && s > fitted) [cx, cy] = [(focus[0] + 0.5) * T, (focus[1] + 0.5) * T];
    this.view.tx = w / 2 - cx * s;
    this.view.ty = top + ah / 2 - cy * s;
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
