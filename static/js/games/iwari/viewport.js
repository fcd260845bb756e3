// The map's frame: the whole map where the window is big enough for its details (tent spaces of 44 px and
// more, names of 14 px), else a close-up to pan (a scroll box: a finger, the scroll wheel or the arrow keys
// move it) with a button for the whole map. Drawing only: the map's size never changes a rule.

import { button } from "./dom.js";
import { _ } from "../../shell/words.js";

/** Map units to CSS pixels in the close-up: a tent space's hit circle (52 units) is 47 px, names 14 px. */
export const CLOSE = 0.9;

export function createViewport(frame, svg, getGeo, onChange) {
  const box = frame.querySelector(".iw-viewport");
  const tools = frame.querySelector(".iw-tools");
  let zoomed = true; // the close-up, where the window is too small for the whole map to be readable
  let scale = 1;

  function fitScale() {
    const geo = getGeo();
    const width = box.clientWidth || frame.clientWidth || geo.W;
    const maxH = parseFloat(getComputedStyle(box).maxHeight);
    const byHeight = Number.isFinite(maxH) && maxH > 0 ? maxH / geo.H : Infinity;
    return Math.min(width / geo.W, byHeight);
  }

  /** A close-up only where the whole map would be too small to read and hit (phones, narrow windows). */
  function canZoom() {
    return fitScale() < 0.65;
  }

  function isClose() {
    return zoomed && canZoom();
  }

  /** Size the SVG for the current zoom, keeping the map point at the frame's centre where it was. */
  function layout(centre = null) {
    const geo = getGeo();
    const keep = centre || (isClose() ? centreNow() : null);
    const fit = fitScale();
    scale = isClose() ? CLOSE : fit;
    svg.setAttribute("width", String(Math.round(geo.W * scale)));
    svg.setAttribute("height", String(Math.round(geo.H * scale)));
    frame.classList.toggle("iw-zoomed", isClose());
    drawTools();
    if (keep) centreOn(keep.x, keep.y);
  }

  function centreNow() {
    if (!scale) return null;
    return { x: (box.scrollLeft + box.clientWidth / 2) / scale, y: (box.scrollTop + box.clientHeight / 2) / scale };
  }

  function centreOn(x, y) {
    box.scrollLeft = Math.max(0, x * scale - box.clientWidth / 2);
    box.scrollTop = Math.max(0, y * scale - box.clientHeight / 2);
  }

  function drawTools() {
    tools.replaceChildren();
    if (!canZoom()) return;
    if (isClose()) {
      tools.appendChild(button(_("Whole map"), "iw-tool iw-zoom-out", () => { zoomed = false; layout(); onChange(); },
        { key: "zoom-out", title: _("Show the whole map (tap a place on it to come back close)") }));
    } else {
      tools.appendChild(button(_("Zoom in"), "iw-tool iw-zoom-in", () => { zoomed = true; layout({ x: getGeo().W / 2, y: getGeo().H / 2 }); onChange(); },
        { key: "zoom-in", title: _("Show the map close up (big enough to tap a tent space)") }));
    }
  }

  const resize = typeof ResizeObserver === "function" ? new ResizeObserver(() => layout()) : null;
  resize?.observe(frame);

  return {
    layout,
    get scale() { return scale; },
    get close() { return isClose(); },
    /** Whether a tap on the map is precise enough to pick a tent space (else it zooms in first). */
    get precise() { return !canZoom() || isClose(); },
    /** Zoom in (if the window needs it) with the map point (x, y) at the centre. */
    zoomTo(x, y) {
      zoomed = true;
      layout({ x, y });
    },
    /** Bring a territory into view (in the close-up), with its places. */
    show(box2) {
      if (!isClose() || !box2) return;
      centreOn((box2.x0 + box2.x1) / 2, (box2.y0 + box2.y1) / 2);
    },
    /** In the close-up, bring the first of `boxes` into view unless one of them is in view already. */
    reveal(boxes) {
      if (!isClose() || !boxes.length) return;
      const x0 = box.scrollLeft / scale, y0 = box.scrollTop / scale;
      const x1 = x0 + box.clientWidth / scale, y1 = y0 + box.clientHeight / scale;
      if (boxes.some((b) => b.x1 > x0 && b.x0 < x1 && b.y1 > y0 && b.y0 < y1)) return;
      centreOn((boxes[0].x0 + boxes[0].x1) / 2, (boxes[0].y0 + boxes[0].y1) / 2);
    },
    /** The map point under a client (screen) point. */
    mapPoint(clientX, clientY) {
      const r = svg.getBoundingClientRect();
      return { x: (clientX - r.left) / scale, y: (clientY - r.top) / scale };
    },
    destroy() { resize?.disconnect(); },
  };
}
