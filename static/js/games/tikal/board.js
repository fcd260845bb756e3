// Tikal's board: the jungle as SVG hexes with their pieces, the turn's controls, the replay.
//
// The server computes every rule. This module draws the static geometry (board_data) and everything else from
// the seat's view (games/rules/tikal/VIEW.md): where the hex in hand may go and turned how comes only from
// view.legal, where explorers reach and at what cost from view.reach (with the path there: each hop is one
// listed move), who leads a temple from each temple's owner, what scored from view.last_scoring. It only groups
// the listed actions by space to light them up and posts the one the player picks. A turn is sent step by step
// and ends only when the player presses End turn (the engine never ends it by itself), so every step can be
// undone until then, except past a treasure dug.
//
// The module's one entry point, createBoard(root, boardData, api), gives { show, showPosition, destroy,
// ownsUndo }: ownsUndo tells the shell that this board draws its own Undo (one button, the whole turn as a
// second choice), so the shell leaves its undo buttons out.
//
// Modules: geometry (where things go), hexes (spaces and their art), pieces (explorers and seats' shapes),
// model (the view's choices grouped), panel (the turn's controls), info (round, scoring, players, the end),
// words (places and actions in words), dom (small helpers).

import { el, svgEl } from "./dom.js";
import { R, BOTTOM, boxAround, centre, hexPoints, key } from "./geometry.js";
import { drawCell, drawHexArt, drawTopMark } from "./hexes.js";
import { drawExplorers } from "./pieces.js";
import { Choices, plain } from "./model.js";
import { controls } from "./panel.js";
import { drawFinal, drawRound, drawScoring, drawSeats } from "./info.js";
import { Words } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";
import { joinWords } from "./dom.js";

const PHONE = 640; // below this width (CSS pixels) the map shows the explored part and its edge only, bigger
const MIN_SCALE = 1; // on a phone, CSS pixels per SVG unit at least (the map scrolls sideways beyond)
const SHEET = 0.42; // on a phone, the most of the screen's height the bar of controls takes (tikal.css)

export function createBoard(root, boardData, api) {
  const words = new Words(boardData);
  const byKey = new Map(boardData.spaces.map((s) => [key([s.q, s.r]), s]));
  const startKeys = new Set((boardData.start_area || []).map((p) => key([p.q, p.r])));
  const ui = {
    payload: null, replay: false, busy: false, move: null, step: null, last: null,
    selected: null, piece: null, from: null, // the selected space, the piece that moves from it, the one before
    placeAt: null, rotation: 0, // the hex in hand: where and turned how (not sent until Place)
    message: "", focus: null, // focus: {act} or {space}, to give it back after the controls are drawn again
  };
  let ch = new Choices(null, false);
  let controlNodes = [];

  // ----- the frame -----
  root.replaceChildren();
  root.classList.add("tikal");
  const status = el("div", "tk-status");
  const prompt = el("p", "tk-prompt");
  prompt.setAttribute("aria-live", "polite");
  prompt.tabIndex = -1;
  const handChip = el("p", "tk-hand-chip");
  status.append(prompt, handChip);
  const roundBox = el("div", "tk-round");
  roundBox.setAttribute("aria-live", "polite");
  const mapBox = el("div", "tk-map");
  const scoringBox = el("section", "tk-scoring");
  scoringBox.setAttribute("aria-live", "polite");
  const finalBox = el("section", "tk-final");
  const seatsBox = el("section", "tk-info");
  root.append(status, roundBox, mapBox, scoringBox, finalBox, seatsBox);

  const full = boxAround(boardData.spaces);
  const fullBox = `${full.x} ${full.y} ${full.w} ${full.h}`;
  // a group, not an image: its hexes are buttons (axe: no focusable content inside role="img")
  const svg = svgEl("svg", { class: "tk-svg", viewBox: fullBox, role: "group", "aria-label": _("The Tikal board") });
  mapBox.appendChild(svg);
  const layer = (cls, hidden = true) => svgEl("g", { class: cls, ...(hidden ? { "aria-hidden": "true" } : {}) }, svg);
  const gGrid = layer("tk-grid"), gTiles = layer("tk-tiles"), gMarks = layer("tk-marks"), gPieces = layer("tk-pieces");
  const gCosts = layer("tk-costs"), gHits = layer("tk-hits", false);
  const cellLabels = new Map();
  const hits = new Map();
  for (const s of boardData.spaces) {
    const k = key([s.q, s.r]);
    cellLabels.set(k, drawCell(gGrid, s, s.name || k, startKeys.has(k)).label);
    const c = centre(s);
    const hit = svgEl("polygon", { points: hexPoints(c.x, c.y), "data-space": k, tabindex: "-1" }, gHits);
    hit.addEventListener("click", () => onSpace(k));
    hit.addEventListener("keydown", (e) => onHexKey(e, k));
    hit.addEventListener("focus", () => { ui.focus = { space: k }; });
    hits.set(k, hit);
  }

  // ----- drawing -----
  function drawTiles() {
    gTiles.replaceChildren();
    gPieces.replaceChildren();
    const explored = new Set();
    const chosen = ui.selected && ui.piece ? { space: ui.selected, seat: ch.view?.your_seat, piece: ui.piece } : null;
    for (const sp of ch.view?.spaces || []) {
      const k = key(sp.at);
      const s = byKey.get(k);
      if (!s) continue;
      explored.add(k);
      const c = centre(s);
      const g = svgEl("g", { class: `tk-tile tk-k-${sp.kind}${sp.hex ? "" : " tk-printed"}`, "data-space": k,
        "data-kind": sp.kind, "data-hex": sp.hex || "" }, gTiles);
      drawHexArt(g, c.x, c.y, sp);
      const topTaken = drawTopMark(g, c.x, c.y, sp, words);
      drawExplorers(gPieces, sp, c.x, c.y, !topTaken, words, chosen && chosen.space === k ? chosen : null);
    }
    for (const [k, label] of cellLabels) label.classList.toggle("tk-off", explored.has(k));
  }

  function ring(k, cls, inset = 3) {
    const c = centre(byKey.get(k));
    return svgEl("polygon", { points: hexPoints(c.x, c.y, R - inset), class: cls }, gMarks);
  }

  /** A log entry's turn on the map (its steps up to ``upTo``, all if null): the hex it laid ringed, and each
   * space its steps put something on (``to`` of a walk, ``at`` of the rest, as the server's actions say). */
  function markTurn(entry, upTo, live) {
    const steps = (entry.steps || []).map((s) => s?.action || s);
    const done = upTo === null || upTo === undefined ? steps : steps.slice(0, upTo);
    const laid = steps.length ? done.find((a) => a?.type === "place")?.at : entry.turn?.at;
    const tag = live ? " last-turn" : "";
    const laidKey = Array.isArray(laid) && byKey.has(key(laid)) ? key(laid) : null;
    if (laidKey) ring(laidKey, `tk-recent${tag}`, 2).dataset.recent = laidKey;
    const put = new Set();
    for (const a of done) {
      const at = a?.type === "place" ? null : a?.to || a?.at;
      if (Array.isArray(at) && byKey.has(key(at)) && key(at) !== laidKey) put.add(key(at));
    }
    for (const k of put) ring(k, `tk-moved${tag}`, 5).dataset.moved = k;
    if (live) root.dataset.lastTurn = String(entry.seq);
  }

  function drawMarks() {
    delete root.dataset.lastTurn;
    gMarks.replaceChildren();
    gCosts.replaceChildren();
    if (ui.replay ? ui.move : ui.last) markTurn(ui.replay ? ui.move : ui.last, ui.replay ? ui.step : null, !ui.replay);
    if (!ch.myTurn) return;
    const v = ch.view;
    if (v.phase === "place") {
      for (const k of ch.placeKeys()) ring(k, `tk-lit${k === ui.placeAt ? " tk-at" : ""}`, 1).dataset.lit = k;
      if (ui.placeAt && v.hex) {
        const c = centre(byKey.get(ui.placeAt));
        const g = svgEl("g", { class: `tk-ghost tk-tile tk-k-${v.hex.kind}`, "data-space": ui.placeAt, "data-rotation": ui.rotation }, gMarks);
        drawHexArt(g, c.x, c.y, { ...v.hex, stones: v.hex.turned ? v.hex.turned[ui.rotation] : v.hex.stones });
        drawTopMark(g, c.x, c.y, { kind: v.hex.kind, value: v.hex.value, treasures: v.hex.treasures, at: ui.placeAt.split(","), explorers: [] }, words);
        ring(ui.placeAt, "tk-at-ring", 1);
        cellLabels.get(ui.placeAt)?.classList.add("tk-off"); // under the hex shown there
      }
      return;
    }
    if (v.phase !== "actions") return;
    if (ui.selected && byKey.has(ui.selected)) ring(ui.selected, "tk-selected", 1.5).dataset.selected = ui.selected;
    const r = ui.selected && ui.piece ? ch.reachFrom(ui.selected) : null;
    for (const t of r ? r.to : []) {
      const k = key(t.at);
      ring(k, "tk-lit tk-reach", 1).dataset.lit = k;
      const c = centre(byKey.get(k));
      const cy = c.y + (BOTTOM.y0 + BOTTOM.y1) / 2;
      const badge = svgEl("g", { class: "tk-cost-badge tk-box", "data-space": k }, gCosts);
      svgEl("circle", { cx: c.x, cy, r: (BOTTOM.y1 - BOTTOM.y0) / 2, class: "tk-cost-bg" }, badge);
      const text = svgEl("text", { x: c.x, y: cy + 3.7, class: "tk-cost", "data-space": k }, badge);
      text.textContent = String(t.cost);
    }
  }

  /** Keyboard players reach what can be chosen now (the lit spaces, their explorers, spaces with actions);
   * every hex stays focusable by script, so focus is never lost when a space stops being a choice. */
  function drawHits() {
    const keys = ch.actionable(ui.selected, ui.piece);
    const r = ui.selected && ui.piece ? ch.reachFrom(ui.selected) : null;
    const cost = new Map((r ? r.to : []).map((t) => [key(t.at), t.cost]));
    for (const [k, hit] of hits) {
      if (keys.has(k)) {
        hit.setAttribute("tabindex", "0");
        hit.setAttribute("role", "button");
        hit.setAttribute("aria-label", hitLabel(k, cost.get(k)));
        if (ui.selected === k || ui.placeAt === k) hit.setAttribute("aria-pressed", "true");
        else hit.removeAttribute("aria-pressed");
      } else {
        hit.setAttribute("tabindex", "-1");
        hit.removeAttribute("role");
        hit.removeAttribute("aria-label");
        hit.removeAttribute("aria-pressed");
      }
    }
  }

  function hitLabel(k, cost) {
    const sp = ch.space(k);
    const bits = [words.place(k, sp)];
    if (sp?.kind === "temple") bits.push(fill(_("value %(value)s"), { value: sp.value }));
    const mine = ch.mine(k);
    if (mine) {
      const workers = mine.workers ? fill(n_("your %(n)s worker", "your %(n)s workers", mine.workers), { n: mine.workers }) : "";
      bits.push(workers && mine.leader ? fill(_("%(workers)s and your leader"), { workers }) : workers || _("your leader"));
    }
    if (cost !== undefined) {
      bits.push(fill(ui.piece === "leader" ? n_("move the leader here for %(n)s action point", "move the leader here for %(n)s action points", cost)
        : n_("move a worker here for %(n)s action point", "move a worker here for %(n)s action points", cost), { n: cost }));
    }
    if (ch.phase === "place") bits.push(k === ui.placeAt ? _("the hex is shown here") : _("lay the hex here"));
    return bits.join(", ");
  }

  function promptText() {
    const v = ch.view;
    if (!v) return "";
    if (v.finished) {
      const w = (v.winners || []).map((n) => words.seatName(n));
      return w.length > 1 ? fill(_("Game over. Winners: %(names)s."), { names: joinWords(w) })
        : fill(_("Game over. Winner: %(name)s."), { name: w[0] || "—" });
    }
    const who = v.current_seat;
    const doing = v.bonus ? ` ${_("(bonus turn)")}` : v.phase === "place" ? ` ${_("(laying a hex)")}` : "";
    if (ui.replay) return who === null || who === undefined ? _("Replay.") : `${fill(_("Replay: %(name)s to play"), { name: words.seatName(who) })}${doing}.`;
    if (!ch.myTurn) return who === null || who === undefined ? "" : `${fill(_("Waiting for %(name)s"), { name: words.seatName(who) })}${doing}.`;
    if (v.phase === "place") {
      if (ui.placeAt) return fill(_("Place the hex on %(where)s, or tap another lit space."), { where: words.name(ui.placeAt) });
      return v.hex?.kind === "volcano" ? _("Lay the volcano: tap a lit space.") : _("Your turn: lay your hex on a lit space.");
    }
    if (!v.action_points) return _("No action points left: end your turn, or undo a step.");
    if (ui.selected && ui.piece && ch.reachFrom(ui.selected)?.to.length) {
      return fill(ui.piece === "leader" ? _("Move the leader from %(where)s: tap a lit space (the cost shows on it).")
        : _("Move a worker from %(where)s: tap a lit space (the cost shows on it)."), { where: words.name(ui.selected) });
    }
    return fill(n_("%(n)s action point left: tap your explorers or a space.", "%(n)s action points left: tap your explorers or a space.", v.action_points), { n: v.action_points });
  }

  function drawStatus() {
    prompt.textContent = promptText();
    const v = ch.view;
    // the hex the player to move is laying (in a scoring round, the banner says it all)
    handChip.textContent = v && v.hex && !v.finished && !ch.myTurn && v.phase === "place"
      ? `${words.seatName(v.current_seat)}'s hex: ${words.hex(v.hex)}.` : "";
    handChip.hidden = !handChip.textContent;
  }

  function drawControls() {
    if (ui.replay) { setControls([]); return; }
    setControls(controls({ ch, ui, words, payload: ui.payload, on: handlers }));
  }

  function setControls(nodes) {
    const active = document.activeElement;
    const hadFocus = active && controlNodes.some((n) => n.contains(active));
    controlNodes = nodes;
    for (const n of nodes) {
      n.addEventListener("focusin", (e) => { if (e.target.dataset?.act) ui.focus = { act: e.target.dataset.act }; });
      n.addEventListener("keydown", onPanelKey);
    }
    api.setControls?.(nodes);
    if (hadFocus || lostFocus()) restoreFocus();
  }

  function redraw() {
    const v = ch.view;
    fitView();
    root.dataset.phase = v ? (v.finished ? "over" : v.phase) : "";
    root.classList.toggle("tk-my-turn", ch.myTurn);
    root.classList.toggle("tk-replay", ui.replay);
    drawTiles();
    drawMarks();
    drawHits();
    drawStatus();
    drawRound(roundBox, v, words, ui.replay);
    drawScoring(scoringBox, v, words);
    drawFinal(finalBox, v, words);
    drawSeats(seatsBox, v, words);
    drawControls();
  }

  // ----- focus: always somewhere visible, never dropped to the page's body -----
  function lostFocus() {
    const a = document.activeElement;
    return !a || a === document.body || !a.isConnected;
  }

  function restoreFocus() {
    if (!lostFocus() && !controlNodes.some((n) => n.contains(document.activeElement))) return;
    const f = ui.focus;
    const inControls = (sel) => controlNodes.map((n) => n.querySelector(sel)).find(Boolean);
    let target = null;
    if (f?.space) target = hits.get(f.space);
    else if (f?.act) target = inControls(`[data-act="${CSS.escape(f.act)}"]:not([disabled])`);
    if (!target && f) target = inControls(".tk-act:not([disabled]), .tk-place, .tk-end") || (ch.myTurn ? null : prompt);
    if (target && target !== document.activeElement) target.focus({ preventScroll: !!f?.space });
  }

  // ----- doing -----
  async function act(action, after) {
    if (ui.busy) return;
    ui.busy = true;
    ui.message = "";
    root.classList.add("tk-busy");
    try {
      await api.step(plain(action));
      if (after) after();
    } catch (err) {
      ui.message = fill(_("That did not work: %(detail)s"), { detail: err?.detail || err?.message || err });
    } finally {
      ui.busy = false;
      root.classList.remove("tk-busy");
      if (action.type === "end" && !ch.myTurn) ui.focus = null;
      redraw();
      if (action.type === "end" && lostFocus()) prompt.focus();
    }
  }

  async function undo(wholeTurn) {
    if (ui.busy) return;
    ui.busy = true;
    root.classList.add("tk-busy");
    try {
      await api.undo(wholeTurn);
    } catch (err) {
      ui.message = fill(_("Undo did not work: %(detail)s"), { detail: err?.detail || err?.message || err });
    } finally {
      ui.busy = false;
      root.classList.remove("tk-busy");
      redraw();
    }
  }

  function rotate() {
    const fits = ch.rotations(ui.placeAt);
    if (fits.length < 2) return;
    ui.rotation = fits[(fits.indexOf(ui.rotation) + 1) % fits.length];
    redraw();
  }

  function place() {
    const a = ch.place(ui.placeAt, ui.rotation);
    if (a) act(a);
  }

  /** Walk ``piece`` from ``from`` along ``path``: one listed move per hop, each looked up in the view after the
   * one before. The turn is not ended: every hop can be undone. */
  async function walk({ from, piece, path }) {
    if (ui.busy) return;
    let here = from;
    ui.busy = true;
    ui.message = "";
    root.classList.add("tk-busy");
    try {
      for (const hop of path) {
        const a = ch.hop(piece, here, key(hop));
        if (!a) { ui.message = _("That move is no longer listed."); break; }
        const seen = ch.view;
        await api.step(plain(a));
        here = key(hop);
        if (ch.view === seen) await nextShow();
      }
    } catch (err) {
      ui.message = fill(_("That did not work: %(detail)s"), { detail: err?.detail || err?.message || err });
    } finally {
      ui.busy = false;
      root.classList.remove("tk-busy");
      ui.selected = here;
      ui.from = null;
      ui.piece = ch.pieces(here).includes(piece) ? piece : ch.pieces(here)[0] || null;
      redraw();
      keepInView(here);
    }
  }

  function select(k) {
    if (ui.selected && ui.selected !== k && ui.piece) ui.from = ui.selected;
    else if (ui.selected !== k) ui.from = null;
    ui.selected = k;
    const pieces = ch.pieces(k);
    ui.piece = pieces.includes(ui.piece) ? ui.piece : pieces[0] || null;
  }

  function onSpace(k) {
    if (!ch.myTurn || ui.busy) return;
    ui.focus = { space: k };
    if (ch.phase === "place") {
      if (!ch.placeKeys().has(k)) return;
      if (ui.placeAt === k) { rotate(); return; }
      const fits = ch.rotations(k);
      ui.placeAt = k;
      ui.rotation = fits.includes(ui.rotation) ? ui.rotation : fits[0];
      redraw();
      return;
    }
    if (ch.phase !== "actions") return;
    const mine = ch.pieces(k).length > 0;
    // a lit space without explorers of one's own: the chosen piece walks there
    const target = ui.selected && ui.piece && !mine ? ch.target(ui.selected, k) : null;
    if (target) { walk({ from: ui.selected, piece: ui.piece, path: target.path }); return; }
    if (ui.selected === k) {
      // again on the selected space: the other piece if there are both, else nothing selected
      const pieces = ch.pieces(k);
      if (pieces.length > 1 && ui.piece === "worker") ui.piece = "leader";
      else { ui.selected = null; ui.piece = null; ui.from = null; }
    } else if (mine || ch.actionsAt(k).length || ch.entersAt(k).length) {
      select(k); // tapping another space of one's own selects it: it never moves the piece chosen before
    } else {
      ui.selected = null; ui.piece = null; ui.from = null;
    }
    redraw();
  }

  const handlers = {
    act: (a) => act(a),
    walk: (arr) => walk(arr),
    rotate: () => rotate(),
    place: () => place(),
    undo: (whole) => undo(whole),
    choosePiece: (p) => { ui.piece = p; ui.from = null; redraw(); },
  };

  // ----- the keyboard -----
  const DIRS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

  function onHexKey(e, k) {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onSpace(k); return; }
    if (e.key in DIRS) { e.preventDefault(); e.stopPropagation(); moveFocus(k, DIRS[e.key]); return; }
    if (e.key === "Escape" && ui.selected) { e.preventDefault(); ui.selected = null; ui.piece = null; ui.from = null; redraw(); return; }
    onPanelKey(e);
  }

  /** Focus the nearest space in the arrow's direction that can be chosen now (else any space that way). */
  function moveFocus(k, [dx, dy]) {
    const from = centre(byKey.get(k));
    const choosable = ch.actionable(ui.selected, ui.piece);
    let best = null, bestScore = Infinity;
    for (const [other, hit] of hits) {
      if (other === k) continue;
      const c = centre(byKey.get(other));
      const along = (c.x - from.x) * dx + (c.y - from.y) * dy;
      if (along <= 1) continue;
      const across = Math.abs((c.x - from.x) * dy - (c.y - from.y) * dx);
      const score = along + 2 * across + (choosable.has(other) ? 0 : 1000);
      if (score < bestScore) { best = hit; bestScore = score; }
    }
    if (best) best.focus();
  }

  function onPanelKey(e) {
    if ((e.key === "r" || e.key === "R") && !e.ctrlKey && !e.metaKey && !e.altKey && ch.myTurn && ch.phase === "place" && ui.placeAt) {
      e.preventDefault();
      rotate();
    }
  }

  // ----- the map's frame -----
  /** On a phone, the map shows the explored spaces and the ring around them (where hexes can go), as big as the
   * width allows; elsewhere the whole board. */
  function fitView() {
    const v = ch.view;
    const narrow = (root.clientWidth || window.innerWidth) < PHONE;
    svg.style.minWidth = "";
    if (!narrow || !v) { svg.setAttribute("viewBox", fullBox); return; }
    const around = new Set();
    for (const sp of v.spaces || []) {
      const s = byKey.get(key(sp.at));
      if (!s) continue;
      around.add(key(sp.at));
      for (const n of s.neighbours) if (n) around.add(key(n));
    }
    const box = boxAround([...around].map((k) => byKey.get(k)));
    const minW = 7 * R;
    if (box.w < minW) { box.x -= (minW - box.w) / 2; box.w = minW; }
    svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
    // a big explored area scrolls sideways in its box rather than shrinking past legibility
    if (box.w * MIN_SCALE > mapBox.clientWidth) svg.style.minWidth = `${Math.round(box.w * MIN_SCALE)}px`;
  }

  /** Scroll the map (a phone's, wider than the screen) so that space ``k`` is in view. */
  function keepInView(k) {
    if (!k || mapBox.scrollWidth <= mapBox.clientWidth + 1) return;
    const hit = hits.get(k);
    const r = hit.getBoundingClientRect(), box = mapBox.getBoundingClientRect();
    if (r.left < box.left || r.right > box.right) {
      mapBox.scrollLeft += (r.left + r.right) / 2 - (box.left + box.right) / 2;
    }
  }

  function keepChoicesInView() {
    if (mapBox.scrollWidth <= mapBox.clientWidth + 1 || !ch.myTurn) return;
    const keys = ch.phase === "place" ? [...ch.placeKeys()] : (ch.view.reach || []).map((r) => key(r.from));
    if (!keys.length) return;
    let x0 = Infinity, x1 = -Infinity;
    for (const k of keys) { const r = hits.get(k).getBoundingClientRect(); x0 = Math.min(x0, r.left); x1 = Math.max(x1, r.right); }
    const box = mapBox.getBoundingClientRect();
    if (x0 < box.left || x1 > box.right) mapBox.scrollLeft += x0 - box.left - 8;
  }

  /** On a phone, at the start of the player's turn: scroll the page so that the map sits between the top of the
   * screen and the bar of controls at the bottom, at its tallest (SHEET of the screen), so that it stays in view
   * whatever the bar shows during the turn (once: after that nothing moves it). */
  function frameBoard() {
    if (window.innerWidth >= 1000 || !ch.myTurn || !controlNodes.length) return;
    const bottom = window.innerHeight * (1 - SHEET);
    const top = status.getBoundingClientRect().top;
    const over = mapBox.getBoundingClientRect().bottom - bottom;
    if (over > 0 && top > 8) window.scrollBy(0, Math.min(top - 8, over));
  }

  // ----- the view in use -----
  function useView(view, replay) {
    const before = ch.view;
    ch = new Choices(view, replay);
    const turnChanged = !before || before.phase !== view.phase || before.current_seat !== view.current_seat
      || before.turn !== view.turn;
    if (turnChanged || replay) {
      ui.placeAt = null;
      ui.rotation = 0;
      ui.selected = null;
      ui.piece = null;
      ui.from = null;
    }
    if (ui.placeAt && !ch.placeKeys().has(ui.placeAt)) ui.placeAt = null;
    if (ui.selected && !ch.space(ui.selected)) ui.selected = null;
    if (ui.from && !ch.pieces(ui.from).length) ui.from = null;
    if (ui.selected && ui.piece && !ch.pieces(ui.selected).includes(ui.piece)) ui.piece = ch.pieces(ui.selected)[0] || null;
    return turnChanged;
  }

  /** Resolves at the next payload shown (or after ``ms``, whatever comes first). */
  const waiting = [];
  function nextShow(ms = 5000) {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiting.push(() => { clearTimeout(timer); resolve(); });
    });
  }

  const onResize = () => fitView();
  window.addEventListener("resize", onResize);

  return {
    ownsUndo: true,
    show(payload) {
      ui.replay = false;
      ui.move = null;
      ui.payload = payload;
      words.payload = payload;
      if (!ui.busy) ui.message = "";
      const changed = useView(payload.view, false);
      if (!ui.busy) {
        redraw();
        if (changed) { keepChoicesInView(); frameBoard(); }
      }
      for (const done of waiting.splice(0)) done();
    },
    /** A replay position: ``{seq, step, view, move}`` (the server's view then, and the log entry of the move). */
    /** The log's last turn (the shell's entry of moves/), marked on the live map. */
    markLastTurn(entry) {
      ui.last = entry || null;
      if (ui.payload && !ui.replay) drawMarks();
    },
    showPosition(position) {
      ui.replay = true;
      ui.move = position?.move || null;
      ui.step = position?.step ?? null;
      useView(position.view, true);
      redraw();
    },
    destroy() {
      window.removeEventListener("resize", onResize);
      api.setControls?.([]);
      root.replaceChildren();
      root.classList.remove("tikal", "tk-my-turn", "tk-replay", "tk-busy");
    },
  };
}
