// The turn's controls (put in the shell's turn panel; on a phone a bar at the bottom that leaves the board in
// view): the hex in hand with Rotate and Place, then the action points, one Undo (the whole turn as a second
// choice) and End turn, what can be done on the selected space, and bringing explorers in.
//
// Every button is one action the view lists (or an undo); each carries ``data-act`` so that the board can give
// focus back to it, or to its nearest neighbour, when the controls are drawn again.

import { button, el, plural } from "./dom.js";
import { key } from "./geometry.js";
import { hexPreview } from "./hexes.js";

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
    el("p", "tk-hand-words", `${v.hex.kind === "volcano" ? "The volcano" : "Your hex"}: ${words.hex(v.hex)}`));
  box.appendChild(hand);
  if (!ui.placeAt) {
    box.appendChild(el("p", "tk-hint", `Tap a lit space on the board to lay it there (${plural(ch.placeKeys().size, "place")} it may go).`));
    return;
  }
  const where = words.name(ui.placeAt);
  const row = el("div", "tk-row");
  if (fits.length > 1) {
    const idx = fits.indexOf(ui.rotation);
    row.appendChild(button("⟳ Rotate", "tk-rotate", () => on.rotate(), {
      act: "tk-rotate", label: `Rotate the hex: way ${idx + 1} of the ${fits.length} that fit on ${where}`,
      title: "Turn it to the next way it fits here (R)" }));
  }
  row.appendChild(button(`Place on ${where}`, "tk-primary tk-place", () => on.place(), { act: "tk-place" }));
  box.appendChild(row);
  box.appendChild(el("p", "tk-hint", fits.length > 1
    ? `${fits.length} ways fit on ${where}: Rotate shows the next one (or tap the space again).`
    : `It fits on ${where} only the way it is shown.`));
}

/** The action points, one Undo (with the reason when it cannot), the whole turn as a second choice, End turn. */
function turnBar(box, ctx) {
  const { ch, ui, on, payload } = ctx;
  const v = ch.view;
  const bar = el("div", "tk-turnbar");
  const ap = el("p", "tk-ap-line");
  ap.dataset.ap = String(v.action_points);
  ap.append(el("strong", "tk-ap-n", v.action_points), el("span", "tk-ap-words", ` of 10 action points left${v.bonus ? " · bonus turn" : ""}`),
    el("span", "tk-ap-short", ` AP left${v.bonus ? " · bonus" : ""}`));
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
    const b = button("↶ Undo", "tk-undo", () => on.undo(false), { act: "tk-undo", disabled: !undo,
      label: undo ? `Undo: ${steps[steps.length - 1].words}` : "Undo (not possible now)",
      describedBy: why ? "tk-undo-why" : undefined });
    row.appendChild(b);
  }
  const end = ch.end();
  if (end) {
    const left = v.action_points;
    row.appendChild(button("End turn", `tk-end${left ? "" : " tk-primary"}`, () => on.act(end), { act: "tk-end",
      label: left ? `End turn, leaving ${plural(left, "action point")} unused` : "End turn" }));
  }
  bar.appendChild(row);
  if (steps.length && !undo) {
    const p = el("p", "tk-undo-why", undoReason(steps));
    p.id = "tk-undo-why";
    bar.appendChild(p);
  } else if (undo > 1) {
    bar.appendChild(button(`Undo the whole turn (${plural(undo, "step")})`, "tk-link tk-undo-turn", () => on.undo(true),
      { act: "tk-undo-turn" }));
  }
  box.appendChild(bar);
  if (ui.message) box.appendChild(el("p", "tk-message", ui.message));
}

/** Why nothing can be taken back: a treasure dug was shown, so the steps before it stand. */
function undoReason(steps) {
  const last = [...steps].reverse().find((s) => s.action?.type === "treasure");
  if (last) return `What you dug stays dug (${last.words}): the steps before it cannot be taken back.`;
  return "What you drew stays drawn: the steps before it cannot be taken back.";
}

function actionControls(box, ctx) {
  const { ch, ui, words, on } = ctx;
  turnBar(box, ctx);
  const k = ui.selected;
  if (k) box.appendChild(selectedCard(ctx, k));
  else if (ch.view.action_points) box.appendChild(el("p", "tk-hint tk-wide-only", "Tap your explorers on the board to move them, or a space to see what can be done there."));
  // bringing explorers in (those of the selected space are in its card)
  const enters = ch.enters().filter((a) => key(a.at) !== k);
  if (enters.length) {
    const sec = el("div", "tk-enter");
    sec.appendChild(el("p", "tk-sub", "Bring in an explorer · 1 AP"));
    const row = el("div", "tk-row");
    for (const a of enters) {
      const where = key(a.at);
      const place = where === words.base ? "base camp" : words.name(where);
      row.appendChild(button(`+ ${words.action(a)} (${place})`, "tk-act", () => on.act(a), {
        act: `tk-enter-${where}-${a.piece}`, label: `Bring ${words.piece(a.piece)} in at ${words.name(where)}, 1 action point`,
        data: { type: "enter", piece: a.piece } }));
    }
    sec.appendChild(row);
    box.appendChild(sec);
  }
  const trades = ch.exchanges();
  if (trades.length) {
    const det = el("details", "tk-trades");
    det.appendChild(el("summary", "", `Exchange treasures · 3 AP (${trades.length})`));
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
    row.setAttribute("aria-label", "The piece that moves");
    row.appendChild(el("span", "tk-move-label", "Move:"));
    const mine = ch.mine(k);
    for (const p of pieces) {
      const label = p === "leader" ? "Leader" : `Worker${mine.workers > 1 ? ` (${mine.workers} here)` : ""}`;
      row.appendChild(button(label, "tk-piece", () => on.choosePiece(p), {
        act: `tk-piece-${p}`, pressed: ui.piece === p, data: { piece: p } }));
    }
    top.appendChild(row);
    const n = reach ? reach.to.length : 0;
    if (ui.piece && !n) card.appendChild(el("p", "tk-hint", "No other space is in reach with the points left."));
  }
  // onto this space from the space chosen before (tapping a space of one's own selects it, it never moves there)
  for (const arr of ch.arrivals(k).filter((x) => x.from === ui.from)) {
    card.appendChild(button(`Move ${words.piece(arr.piece)} here from ${words.name(arr.from)} · ${arr.cost} AP`, "tk-act tk-arrive",
      () => on.walk(arr), { act: `tk-arrive-${arr.from}-${arr.piece}`, data: { type: "move", piece: arr.piece } }));
  }
  for (const a of ch.actionsAt(k)) {
    card.appendChild(button(`${words.action(a)} · ${a.cost} AP`, "tk-act", () => on.act(a), {
      act: `tk-do-${a.type}${a.piece ? `-${a.piece}` : ""}`, data: { type: a.type } }));
  }
  for (const a of ch.entersAt(k)) {
    card.appendChild(button(`Bring ${words.piece(a.piece)} in here · 1 AP`, "tk-act", () => on.act(a), {
      act: `tk-enter-${k}-${a.piece}`, data: { type: "enter", piece: a.piece } }));
  }
  return card;
}

function heading(sp, k, words) {
  if (!sp) return words.place(k, null);
  const bits = [words.place(k, sp)];
  if (sp.kind === "temple") bits.push(`value ${sp.value}`);
  if (sp.kind === "ruin") bits.push(sp.treasures ? plural(sp.treasures, "treasure") + " left" : "no treasure left");
  if (sp.kind === "temple") {
    const lead = sp.guard ?? sp.owner;
    if (sp.guard !== null && sp.guard !== undefined) bits.push(`guarded by ${words.seatName(sp.guard)}`);
    else if (lead !== null && lead !== undefined) bits.push(`${words.seatName(lead)} leads`);
    else if ((sp.tied || []).length > 1) bits.push("tied");
  }
  return bits.join(" · ");
}
