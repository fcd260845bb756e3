// The turn's controls (put in the shell's turn panel; on a phone a bar at the bottom that leaves the board in
// view): the hex in hand with Rotate and Place, then the action points, one Undo (the whole turn as a second
// choice) and End turn, what can be done on the selected space, and bringing explorers in.
//
// Every button is one action the view lists (or an undo); each carries ``data-act`` so that the board can give
// focus back to it, or to its nearest neighbour, when the controls are drawn again.

import { button, el } from "./dom.js";
import { key } from "./geometry.js";
import { hexPreview } from "./hexes.js";
import { _, fill, n_ } from "../../shell/words.js";

/** The controls for the seat to move (an empty list for anyone else). */
export function controls(ctx) {
  const { ch } = ctx;
  if (!ch.myTurn) return [];
  const box = el("div", "tk-controls");
  box.dataset.phase = ch.phase;
  if (ch.phase === "place") placeControls(box, ctx);
  if (ch.phase === "actions") actionControls(box, ctx);
  return [box];
}

function placeControls(box, ctx) {
  const { ch, ui, words, on } = ctx;
  const v = ch.view;
  const hand = el("div", "tk-hand");
  const fits = ui.placeAt ? ch.rotations(ui.placeAt) : [];
  const rotation = ui.placeAt ? ui.rotation : 0;
  hand.append(hexPreview(v.hex, rotation, words),
    el("p", "tk-hand-words", fill(v.hex.kind === "volcano" ? _("The volcano: %(hex)s") : _("Your hex: %(hex)s"), { hex: words.hex(v.hex) })));
  box.appendChild(hand);
  if (!ui.placeAt) {
    box.appendChild(el("p", "tk-hint", fill(n_("Tap a lit space on the board to lay it there (%(n)s place it may go).", "Tap a lit space on the board to lay it there (%(n)s places it may go).", ch.placeKeys().size), { n: ch.placeKeys().size })));
    return;
  }
  const where = words.name(ui.placeAt);
  const row = el("div", "tk-row");
  if (fits.length > 1) {
    const idx = fits.indexOf(ui.rotation);
    row.appendChild(button(`⟳ ${_("Rotate")}`, "tk-rotate", () => on.rotate(), {
      act: "tk-rotate", label: fill(_("Rotate the hex: way %(i)s of the %(n)s that fit on %(where)s"), { i: idx + 1, n: fits.length, where }),
      title: _("Turn it to the next way it fits here (R)") }));
  }
  row.appendChild(button(fill(_("Place on %(where)s"), { where }), "tk-primary tk-place", () => on.place(), { act: "tk-place" }));
  box.appendChild(row);
  box.appendChild(el("p", "tk-hint", fits.length > 1
    ? fill(_("%(n)s ways fit on %(where)s: Rotate shows the next one (or tap the space again)."), { n: fits.length, where })
    : fill(_("It fits on %(where)s only the way it is shown."), { where })));
}

/** The action points, one Undo (with the reason when it cannot), the whole turn as a second choice, End turn. */
function turnBar(box, ctx) {
  const { ch, ui, on, payload } = ctx;
  const v = ch.view;
  const bar = el("div", "tk-turnbar");
  const ap = el("p", "tk-ap-line");
  ap.dataset.ap = String(v.action_points);
  ap.append(el("strong", "tk-ap-n", v.action_points), el("span", "tk-ap-words", ` ${_("of 10 action points left")}${v.bonus ? ` · ${_("bonus turn")}` : ""}`),
    el("span", "tk-ap-short", ` ${_("AP left")}${v.bonus ? ` · ${_("bonus")}` : ""}`));
  const pips = el("span", "tk-pips");
  pips.setAttribute("aria-hidden", "true");
  for (let i = 0; i < 10; i += 1) pips.appendChild(el("span", i < v.action_points ? "tk-pip tk-on" : "tk-pip"));
  ap.appendChild(pips);
  const undo = payload?.turn?.undo || 0;
  const steps = payload?.turn?.steps || [];
  const row = el("div", "tk-row tk-turn");
  row.appendChild(ap);
  if (steps.length) {
    const why = undo ? "" : undoReason(steps);
    const b = button(`↶ ${_("Undo")}`, "tk-undo", () => on.undo(false), { act: "tk-undo", disabled: !undo,
      label: undo ? fill(_("Undo: %(step)s"), { step: steps[steps.length - 1].words }) : _("Undo (not possible now)"),
      describedBy: why ? "tk-undo-why" : undefined });
    row.appendChild(b);
  }
  const end = ch.end();
  if (end) {
    const left = v.action_points;
    row.appendChild(button(_("End turn"), `tk-end${left ? "" : " tk-primary"}`, () => on.act(end), { act: "tk-end",
      label: left ? fill(n_("End turn, leaving %(n)s action point unused", "End turn, leaving %(n)s action points unused", left), { n: left }) : _("End turn") }));
  }
  bar.appendChild(row);
  if (steps.length && !undo) {
    const p = el("p", "tk-undo-why", undoReason(steps));
    p.id = "tk-undo-why";
    bar.appendChild(p);
  } else if (undo > 1) {
    bar.appendChild(button(fill(n_("Undo the whole turn (%(n)s step)", "Undo the whole turn (%(n)s steps)", undo), { n: undo }), "tk-link tk-undo-turn", () => on.undo(true),
      { act: "tk-undo-turn" }));
  }
  box.appendChild(bar);
  if (ui.message) box.appendChild(el("p", "tk-message", ui.message));
}

/** Why nothing can be taken back: a treasure dug was shown, so the steps before it stand. */
function undoReason(steps) {
  const last = [...steps].reverse().find((s) => s.action?.type === "treasure");
  if (last) return fill(_("What you dug stays dug (%(what)s): the steps before it cannot be taken back."), { what: last.words });
  return _("What you drew stays drawn: the steps before it cannot be taken back.");
}

function actionControls(box, ctx) {
  const { ch, ui, words, on } = ctx;
  turnBar(box, ctx);
  const k = ui.selected;
  if (k) box.appendChild(selectedCard(ctx, k));
  else if (ch.view.action_points) box.appendChild(el("p", "tk-hint tk-wide-only", _("Tap your explorers on the board to move them, or a space to see what can be done there.")));
  // bringing explorers in (those of the selected space are in its card)
  const enters = ch.enters().filter((a) => key(a.at) !== k);
  if (enters.length) {
    const sec = el("div", "tk-enter");
    sec.appendChild(el("p", "tk-sub", _("Bring in an explorer · 1 AP")));
    const row = el("div", "tk-row");
    for (const a of enters) {
      const where = key(a.at);
      const place = where === words.base ? _("base camp") : words.name(where);
      row.appendChild(button(`+ ${words.action(a)} (${place})`, "tk-act", () => on.act(a), {
        act: `tk-enter-${where}-${a.piece}`, label: fill(a.piece === "leader" ? _("Bring the leader in at %(where)s, 1 action point") : _("Bring a worker in at %(where)s, 1 action point"), { where: words.name(where) }),
        data: { type: "enter", piece: a.piece } }));
    }
    sec.appendChild(row);
    box.appendChild(sec);
  }
  const trades = ch.exchanges();
  if (trades.length) {
    const det = el("details", "tk-trades");
    det.appendChild(el("summary", "", fill(_("Exchange treasures · 3 AP (%(n)s)"), { n: trades.length })));
    trades.forEach((a, i) => det.appendChild(button(words.action(a), "tk-act", () => on.act(a), {
      act: `tk-trade-${i}`, data: { type: "exchange" } })));
    box.appendChild(det);
  }
}

/** The selected space: what it is, the player's pieces there (which one moves), moves onto it from the space
 * chosen before, and what can be done there. */
function selectedCard(ctx, k) {
  const { ch, ui, words, on } = ctx;
  const sp = ch.space(k);
  const card = el("div", "tk-card");
  const top = el("div", "tk-row tk-card-top");
  top.appendChild(el("h3", "tk-here", heading(sp, k, words)));
  card.appendChild(top);
  const pieces = ch.pieces(k);
  const reach = ch.reachFrom(k);
  if (pieces.length) {
    const row = el("div", "tk-row tk-pieces-choice");
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", _("The piece that moves"));
    row.appendChild(el("span", "tk-move-label", _("Move:")));
    const mine = ch.mine(k);
    for (const p of pieces) {
      const label = p === "leader" ? _("Leader") : mine.workers > 1 ? fill(_("Worker (%(n)s here)"), { n: mine.workers }) : _("Worker");
      row.appendChild(button(label, "tk-piece", () => on.choosePiece(p), {
        act: `tk-piece-${p}`, pressed: ui.piece === p, data: { piece: p } }));
    }
    top.appendChild(row);
    const n = reach ? reach.to.length : 0;
    if (ui.piece && !n) card.appendChild(el("p", "tk-hint", _("No other space is in reach with the points left.")));
  }
  // onto this space from the space chosen before (tapping a space of one's own selects it, it never moves there)
  for (const arr of ch.arrivals(k).filter((x) => x.from === ui.from)) {
    card.appendChild(button(fill(arr.piece === "leader" ? _("Move the leader here from %(from)s · %(cost)s AP") : _("Move a worker here from %(from)s · %(cost)s AP"), { from: words.name(arr.from), cost: arr.cost }), "tk-act tk-arrive",
      () => on.walk(arr), { act: `tk-arrive-${arr.from}-${arr.piece}`, data: { type: "move", piece: arr.piece } }));
  }
  for (const a of ch.actionsAt(k)) {
    card.appendChild(button(fill(_("%(action)s · %(cost)s AP"), { action: words.action(a), cost: a.cost }), "tk-act", () => on.act(a), {
      act: `tk-do-${a.type}${a.piece ? `-${a.piece}` : ""}`, data: { type: a.type } }));
  }
  for (const a of ch.entersAt(k)) {
    card.appendChild(button(a.piece === "leader" ? _("Bring the leader in here · 1 AP") : _("Bring a worker in here · 1 AP"), "tk-act", () => on.act(a), {
      act: `tk-enter-${k}-${a.piece}`, data: { type: "enter", piece: a.piece } }));
  }
  return card;
}

function heading(sp, k, words) {
  if (!sp) return words.place(k, null);
  const bits = [words.place(k, sp)];
  if (sp.kind === "temple") bits.push(fill(_("value %(value)s"), { value: sp.value }));
  if (sp.kind === "ruin") bits.push(sp.treasures ? fill(n_("%(n)s treasure left", "%(n)s treasures left", sp.treasures), { n: sp.treasures }) : _("no treasure left"));
  if (sp.kind === "temple") {
    const lead = sp.guard ?? sp.owner;
    if (sp.guard !== null && sp.guard !== undefined) bits.push(fill(_("guarded by %(name)s"), { name: words.seatName(sp.guard) }));
    else if (lead !== null && lead !== undefined) bits.push(fill(_("%(name)s leads"), { name: words.seatName(lead) }));
    else if ((sp.tied || []).length > 1) bits.push(_("tied"));
  }
  return bits.join(" · ");
}
