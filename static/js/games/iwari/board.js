// Iwari's board (the board module interface of docs/frontend.md): the map, the pieces, the action bar, the
// panels, the scorings and replays. The server computes every rule: this module draws the view
// (games/rules/iwari/VIEW.md) and posts the legal action the player picks. Its parts:
//   geometry.js (where things go), art.js (drawn pieces and biome patterns), map.js (the map), pieces.js
//   (what changes on it), viewport.js (the close-up on small screens), choice.js (what may be chosen now),
//   cards.js, bar.js (the action bar), panels.js (territory, tribes, cards), scoring.js, replay.js, layout.js
//   (the board's elements), words.js (names), dom.js.
//
// createBoard(root, boardData, api) -> { show(payload), showPosition(position), destroy(), ownsUndo }
// ownsUndo: the board draws its own Undo (one button, the whole turn as a second choice, a reason when there
// is none): the shell draws none.

import { drawBar } from "./bar.js";
import {
  chosenCards, featActions, hand, indexesFor, isMyTurn, litNow, paying, paymentsAt, paymentsWords, placements, whyNot,
} from "./choice.js";
import { buildGeometry } from "./geometry.js";
import { drawMap } from "./map.js";
import { connWords, drawPieces } from "./pieces.js";
import { drawCardsInPlay, drawInfo, drawTribes, infoLine } from "./panels.js";
import { lastTurnMarks, replayScene, turnMarks } from "./replay.js";
import { finalPanel, halfJourneyBanner, halfJourneyPanel } from "./scoring.js";
import { skeleton } from "./layout.js";
import { createViewport } from "./viewport.js";
import { makeNames, payWords, sameCards } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

/** Each map's geometry, worked out once (prepare, before the board is made, or at its first drawing). */
const geometries = new WeakMap();
function geometryOf(map) {
  if (!geometries.has(map)) geometries.set(map, buildGeometry(map));
  return geometries.get(map);
}

/** Called by the shell before createBoard: the game's map geometry in a task of its own (the page's long tasks
 * on a slow phone are split: geometry, then the map's drawing). */
export async function prepare(boardData, payload) {
  const maps = boardData?.maps || {};
  const map = maps[payload?.view?.map] || maps[boardData?.default] || Object.values(maps)[0];
  if (!map) return;
  await new Promise((resolve) => { setTimeout(resolve, 0); });
  geometryOf(map);
  await new Promise((resolve) => { setTimeout(resolve, 0); });
}

export function createBoard(root, boardData, api) {
  const maps = boardData?.maps || {};
  const first = api?.game?.view; // the game's own map (and feats) drawn at once, not the default's first
  let mapId = maps[first?.map] ? first.map : boardData?.default || Object.keys(maps)[0];
  let map = maps[mapId];
  let geo = map ? geometryOf(map) : null;
  let drawn = null; // {layers, slots, badges} of the map drawn
  let territories = new Map((map?.territories || []).map((t) => [t.id, t]));
  let spaceTerritory = new Map((map?.tent_spaces || []).map((s) => [s.id, s.territory]));

  const ui = {
    payload: null, view: null, replay: false, replayCaption: "", marks: turnMarks(null), territories,
    selected: [], // indexes into view.hand: the payment being made up
    pointed: null, // a territory tapped with no card chosen: the cards that pay there are hinted
    focus: null, hover: null, // the territory whose details show
    chooser: null, // {label, actions, tid}: several places or payments for one pick
    busy: false, note: "",
    scoringOpen: new Map(), // a scoring event's turn -> the player opened or folded its panel
    restore: null, // {key, inside}: the control to focus again after the next drawing
  };
  const parts = skeleton(root);

  const names = makeNames({
    seats: () => ui.payload?.seats, tribes: () => ui.view?.tribes, seatName: (n) => api.name?.(n),
    territories: () => territories, connections: () => map?.connections || [],
  });

  const viewport = createViewport(parts.frame, parts.svg, () => geo, () => redraw());

  function drawStatic(badges = false) {
    if (!map) return;
    drawn = { ...drawMap(parts.svg, map, geo, badges), badges };
    viewport.layout({ x: geo.W / 2, y: geo.H / 2 });
  }

  function useMap(view) {
    const want = view?.map;
    const badges = !!view?.options?.feats;
    if (drawn && badges !== drawn.badges && (!want || want === mapId)) drawStatic(badges); // names keep room for feats
    if (want && want !== mapId && maps[want]) {
      mapId = want;
      map = maps[want];
      geo = geometryOf(map);
      territories = new Map(map.territories.map((t) => [t.id, t]));
      spaceTerritory = new Map(map.tent_spaces.map((s) => [s.id, s.territory]));
      ui.territories = territories;
      drawStatic(badges);
    }
  }

  // ---------- drawing ----------

  function pieceScene() {
    const lit = litNow(ui);
    const numbers = new Map();
    if (ui.chooser) {
      const t = territories.get(ui.chooser.tid);
      for (const a of ui.chooser.actions) if (a.at && t) numbers.set(a.at, t.tent_spaces.indexOf(a.at) + 1);
    }
    const v = ui.view;
    const mover = v && (v.your_seat === v.current_seat);
    return {
      view: v, map, geo, layers: drawn.layers, slots: drawn.slots, lit, dim: lit.dim, focus: ui.focus, numbers,
      marks: ui.replay ? ui.marks : { ...ui.marks, last: lastTurnMarks(ui.last) }, tribe: names.tribeInfo, seatName: names.seat, territoryName: names.territory,
      turnTerritory: !ui.replay && mover ? v.turn_state?.territory : null,
    };
  }

  function scoringScene(pieces) {
    return { view: ui.view, map, names, pieces, territoryName: names.territory };
  }

  function drawScorings(scene) {
    // open from the moment it happens until the next turn is over (then folded), unless the player chose
    const fresh = (e) => ui.view.turn <= e.turn;
    const half = halfJourneyPanel(scene,
      (e) => (ui.scoringOpen.has(e.turn) ? ui.scoringOpen.get(e.turn) : fresh(e)),
      (e, open) => { if (open === fresh(e)) ui.scoringOpen.delete(e.turn); else ui.scoringOpen.set(e.turn, open); });
    const banner = halfJourneyBanner(scene, fresh, (e) => {
      ui.scoringOpen.set(e.turn, true);
      const panel = parts.details.querySelector(".iw-half");
      if (panel) { panel.open = true; panel.scrollIntoView({ block: "start" }); panel.querySelector("summary")?.focus(); }
    });
    // the final scoring goes over the map (nothing is left to play); the half journey's breakdown under it
    parts.scorings.replaceChildren(...[finalPanel(scene), banner].filter(Boolean));
    parts.details.replaceChildren(...[half].filter(Boolean));
  }

  function redraw() {
    if (!map) {
      parts.bar.prompt.textContent = _("This map is not known to the page.");
      return;
    }
    const key = ui.restore?.key || (root.contains(document.activeElement) ? document.activeElement.dataset?.key : null);
    const inside = ui.restore?.inside || root.contains(document.activeElement);
    root.classList.toggle("iw-my-turn", isMyTurn(ui));
    root.classList.toggle("iw-replay", ui.replay);
    root.dataset.phase = ui.view?.phase || "";
    const pieces = pieceScene();
    drawPieces(pieces);
    const last = pieces.marks.last;
    if (last && last.spaces.size + last.totems.size) root.dataset.lastTurn = String(ui.last.seq);
    else delete root.dataset.lastTurn;
    const scene = scoringScene(pieces);
    drawInfo(parts.info, { ...scene, tid: ui.hover || ui.focus });
    drawTribes(parts.tribes, scene);
    drawCardsInPlay(parts.cards, scene);
    drawScorings(scene);
    // while a step is on its way the bar stays as the player used it (the control pressed keeps the focus, no
    // control blinks out and back): it is marked busy, its controls do nothing, and it is drawn anew, once,
    // with the answer
    root.classList.toggle("iw-busy", ui.busy);
    parts.bar.bar.setAttribute("aria-busy", ui.busy ? "true" : "false");
    if (ui.busy) return;
    drawBar(parts.bar, { ui, names, act, toggleCard, where, cancelChooser, undo: doUndo, actionLabel });
    ui.restore = null;
    restoreFocus(key, inside);
  }

  /** Focus the control that had it (by its key), or the first useful one: never the page's body. */
  function restoreFocus(key, inside) {
    const active = document.activeElement;
    if (active && active !== document.body && root.contains(active) && !active.disabled) return;
    if (!inside && active && active !== document.body) return;
    if (!inside && !key) return;
    const bar = parts.bar.bar;
    const again = key && bar.querySelector(`[data-key="${CSS.escape(key)}"]:not([disabled])`);
    const next = again || bar.querySelector(".iw-where button:not([disabled]), .iw-steps button:not([disabled]), .iw-hand button:not([disabled])");
    (next || parts.bar.prompt).focus();
  }

  // ---------- choosing ----------

  function remember(key) {
    const active = document.activeElement;
    ui.restore = { key, inside: !!active && (root.contains(active) || active === document.body) };
  }

  function toggleCard(i) {
    if (ui.busy) return;
    remember(`card-${i}`);
    const h = hand(ui);
    const at = ui.selected.indexOf(i);
    if (at >= 0) ui.selected.splice(at, 1);
    else if (ui.selected.length === 1 && h[ui.selected[0]] === h[i]) ui.selected.push(i); // the pair
    else ui.selected = [i];
    ui.chooser = null;
    ui.pointed = null;
    ui.note = "";
    redraw();
    revealLit();
  }

  /** In the close-up, bring a lit place into view if none is (the third tribe's places, a feat's). */
  function revealLit() {
    const lit = litNow(ui);
    const boxes = [...lit.territories].map((tid) => geo.bbox.get(tid)).filter(Boolean);
    for (const cid of lit.conns) {
      const m = geo.markers.get(cid);
      if (m) boxes.push({ x0: m.x - 20, y0: m.y - 20, x1: m.x + 20, y1: m.y + 20 });
    }
    viewport.reveal(boxes);
  }

  function actionLabel(a, chooser) {
    const t = territories.get(a.territory);
    const mixed = chooser.actions.some((b) => !sameCards(b.pay, a.pay));
    let text = a.piece === "tent" ? fill(_("Tent %(n)s"), { n: t ? t.tent_spaces.indexOf(a.at) + 1 : a.at }) : _("Totem");
    if (a.type === "third") text = fill(_("Third tribe: %(piece)s"), { piece: text });
    if (mixed || chooser.showPay) text = fill(_("%(piece)s, pay %(pay)s"), { piece: text, pay: payWords(a.pay) });
    return text;
  }

  /** Several payments or places for one pick: ask in the bar; exactly one: take it. */
  function choose(actions, label, tid) {
    if (!actions.length) return false;
    if (actions.length === 1) { act(actions[0]); return true; }
    ui.chooser = { label, actions, tid };
    ui.note = "";
    redraw();
    return true;
  }

  function where(tid) {
    if (ui.busy) return;
    remember(`where-${tid}`);
    ui.focus = tid;
    const here = placements(ui).filter((a) => a.territory === tid);
    if (here.length) ui.chooser = { label: `${names.territory(tid)}:`, actions: here, tid };
    ui.note = "";
    redraw();
    viewport.show(geo.bbox.get(tid));
    if (ui.chooser) parts.bar.where.querySelector("button:not([disabled])")?.focus();
  }

  function cancelChooser() {
    if (ui.busy) return;
    remember("cancel");
    ui.chooser = null;
    redraw();
  }

  /** A territory tapped with no card chosen: the cards that pay there light up (chosen at once if only one way). */
  function pointAt(tid) {
    const pays = paymentsAt(ui, tid);
    ui.focus = tid;
    if (pays.length === 1 && indexesFor(ui, pays[0])) {
      ui.selected = indexesFor(ui, pays[0]);
      ui.pointed = null;
      where(tid);
      return;
    }
    ui.pointed = tid;
    ui.note = `${names.territory(tid)} takes ${paymentsWords(pays)}: choose the cards (marked "pays").`;
    redraw();
  }

  function say(target) {
    ui.focus = target.territory || ui.focus;
    ui.note = whyNot(ui, target, names);
    redraw();
  }

  async function act(action) {
    if (ui.busy) return;
    const active = document.activeElement;
    ui.restore = { key: active?.dataset?.key || null, inside: !!active && root.contains(active) };
    ui.busy = true;
    redraw();
    try {
      await api.step(action);
      ui.selected = [];
      ui.chooser = null;
      ui.pointed = null;
      ui.note = "";
    } catch (err) {
      ui.note = fill(_("Not played: %(detail)s."), { detail: (err && (err.detail || err.message)) || _("that step was refused") });
    } finally {
      ui.busy = false;
      redraw();
    }
  }

  async function doUndo(wholeTurn) {
    if (ui.busy) return;
    remember(wholeTurn ? "undo-all" : "undo");
    ui.busy = true;
    redraw();
    try {
      await api.undo(!!wholeTurn);
      ui.selected = [];
      ui.chooser = null;
      ui.note = "";
    } catch (err) {
      ui.note = (err && (err.detail || err.message)) || _("Nothing to take back.");
    } finally {
      ui.busy = false;
      redraw();
    }
  }

  // ---------- taps on the map ----------

  function tapPiece(kind, id, tid) {
    const mine = isMyTurn(ui) && !ui.busy;
    const here = placements(ui).filter((a) => (kind === "space" ? a.piece === "tent" && a.at === id : a.piece === "totem" && a.territory === tid));
    const show = ui.view.phase === "third" || (paying(ui) && ui.selected.length > 0);
    if (mine && show && here.length) {
      const label = kind === "space" ? fill(_("%(territory)s, tent %(n)s: pay with"), { territory: names.territory(tid), n: territories.get(tid).tent_spaces.indexOf(id) + 1 })
        : fill(_("Totem in %(territory)s: pay with"), { territory: names.territory(tid) });
      ui.focus = tid;
      choose(here, label, tid);
      return;
    }
    const free = kind === "totem" || ui.view.spaces?.[id] === null || ui.view.spaces?.[id] === undefined;
    if (mine && paying(ui) && !ui.selected.length && free && paymentsAt(ui, tid).length) { pointAt(tid); return; }
    if (!mine && !ui.replay) { showInfo(tid); return; }
    say({ kind, id, territory: tid });
  }

  function tapTerritory(tid) {
    const mine = isMyTurn(ui) && !ui.busy;
    if (mine) {
      const feats = featActions(ui).filter((a) => a.at === tid);
      if (feats.length) { choose(feats, _("Place the feat"), tid); return; }
      if (litNow(ui).territories.has(tid)) { where(tid); return; }
      if (paying(ui) && !ui.selected.length && paymentsAt(ui, tid).length) { pointAt(tid); return; }
      if (litNow(ui).dim || ["draw", "feat"].includes(ui.view.phase) || chosenCards(ui).length) {
        say({ kind: "territory", id: tid, territory: tid });
        return;
      }
    }
    showInfo(tid);
  }

  function showInfo(tid) {
    ui.focus = tid;
    ui.note = infoLine({ view: ui.view, tid, names, map });
    redraw();
  }

  function tapConn(cid) {
    const mine = isMyTurn(ui) && !ui.busy;
    const here = mine ? featActions(ui).filter((a) => a.at === cid) : [];
    if (here.length) { choose(here, _("Place the feat"), null); return; }
    const c = map.connections.find((x) => x.id === cid);
    if (mine && ui.view.phase === "feat") { say({ kind: "conn", id: cid, territory: c?.a }); return; }
    const cv = (ui.view.connections || []).find((x) => x.id === cid) || {};
    ui.note = c ? `${connWords(pieceScene(), c, cv, (ui.view.mountains || []).includes(cid))}.` : "";
    redraw();
  }

  function onMapClick(e) {
    const target = e.target.closest?.("[data-space],[data-totem],[data-conn],[data-territory]");
    if (!target || !ui.view) return;
    const { space, totem, conn } = target.dataset;
    const tid = target.dataset.territory || totem || (space ? spaceTerritory.get(space) : null);
    if (!viewport.precise) {
      // the whole map on a small screen: its places are too small to hit surely; a tap brings them close
      const p = viewport.mapPoint(e.clientX, e.clientY);
      viewport.zoomTo(p.x, p.y);
      if (tid) tapTerritory(tid); else redraw();
      return;
    }
    if (conn) tapConn(conn);
    else if (space) tapPiece("space", space, tid);
    else if (totem) tapPiece("totem", totem, tid);
    else if (tid) tapTerritory(tid);
  }

  function onPointerOver(e) {
    if (e.pointerType && e.pointerType !== "mouse") return;
    const target = e.target.closest?.("[data-territory],[data-space],[data-totem]");
    const tid = target?.dataset.territory || target?.dataset.totem || spaceTerritory.get(target?.dataset.space);
    if (tid && tid !== ui.hover) {
      ui.hover = tid;
      drawInfo(parts.info, { ...scoringScene(pieceScene()), tid });
    }
  }

  function onPointerLeave() {
    if (!ui.hover) return;
    ui.hover = null;
    drawInfo(parts.info, { ...scoringScene(pieceScene()), tid: ui.focus });
  }

  parts.svg.addEventListener("click", onMapClick);
  parts.svg.addEventListener("pointerover", onPointerOver);
  parts.svg.addEventListener("pointerleave", onPointerLeave);
  drawStatic(!!first?.options?.feats);

  return {
    ownsUndo: true,
    show(payload) {
      const prev = ui.view;
      ui.payload = payload;
      ui.replay = false;
      ui.view = payload?.view || null;
      useMap(ui.view);
      ui.marks = turnMarks(ui.view);
      delete root.dataset.seq;
      delete root.dataset.step;
      // a new position: the choice in progress goes unless the same hand is still being paid from
      const same = prev && ui.view && prev.phase === ui.view.phase && prev.turn === ui.view.turn
        && JSON.stringify(prev.hand) === JSON.stringify(ui.view.hand)
        && JSON.stringify(prev.legal) === JSON.stringify(ui.view.legal);
      if (!same) { ui.selected = []; ui.chooser = null; ui.pointed = null; ui.note = ""; }
      redraw();
      if (!same) revealLit();
    },
    /** The log's last turn (the shell's entry of moves/), its pieces marked on the live map. */
    markLastTurn(entry) {
      ui.last = entry || null;
      if (ui.view && !ui.replay) redraw();
    },
    showPosition(position) {
      const scene = replayScene(position);
      ui.replay = true;
      ui.view = scene.view;
      ui.marks = scene.marks;
      ui.replayCaption = scene.caption;
      useMap(ui.view);
      root.dataset.seq = String(position?.seq ?? "");
      root.dataset.step = position?.step === null || position?.step === undefined ? "" : String(position.step);
      ui.selected = [];
      ui.chooser = null;
      ui.pointed = null;
      ui.note = "";
      redraw();
    },
    destroy() {
      parts.svg.removeEventListener("click", onMapClick);
      parts.svg.removeEventListener("pointerover", onPointerOver);
      parts.svg.removeEventListener("pointerleave", onPointerLeave);
      viewport.destroy();
      api.setControls?.([]);
      root.replaceChildren();
      root.classList.remove("iwari", "iw-my-turn", "iw-replay");
    },
  };
}
