// The action bar under the map (a sheet held at the bottom of the screen on a phone): what to do now, the
// hand, the step's buttons, where the chosen cards can go, one Undo (the whole turn as a second choice), and
// a note (why a place cannot be chosen, what the chosen card needs). Everything offered is a legal action.
// It is not drawn while a step is on its way: board.js leaves it as the player used it (marked busy, its
// controls doing nothing) until the answer, so that the control pressed keeps the focus.

import { button, capital, el, joinWords } from "./dom.js";
import { cardPicture, deckButton, handCard, takeCard } from "./cards.js";
import { cardHints, chosenCards, featActions, hand, isMyTurn, legalNow, pairNote, placements } from "./choice.js";
import { FEAT_NAMES, biomeName, payWords } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

/** The bar's parts, made once (the prompt and the note stay the same nodes: they are live regions). */
export function makeBar() {
  const bar = el("div", "iw-bar");
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-label", _("Your move"));
  const prompt = el("p", "iw-prompt");
  prompt.setAttribute("role", "status");
  prompt.tabIndex = -1;
  const main = el("div", "iw-bar-main");
  const handBox = el("div", "iw-hand");
  handBox.setAttribute("role", "group");
  handBox.setAttribute("aria-label", _("Your cards"));
  const steps = el("div", "iw-steps");
  main.append(handBox, steps);
  const where = el("div", "iw-where");
  const note = el("p", "iw-note");
  note.id = `iw-note-${Math.random().toString(36).slice(2, 8)}`;
  note.setAttribute("aria-live", "polite");
  bar.append(prompt, main, where, note);
  return { bar, prompt, handBox, steps, where, note };
}

export function promptText(ui, names) {
  const v = ui.view;
  if (!v) return "";
  if (ui.replay) return ui.replayCaption || _("Replay.");
  if (v.finished) {
    const w = v.winners || [];
    if (!w.length) return _("The journey is over.");
    return w.length > 1 ? fill(_("The journey is over: %(names)s share the victory."), { names: joinWords(w.map(names.seat)) })
      : fill(_("The journey is over: %(name)s wins."), { name: names.seat(w[0]) });
  }
  const who = names.seat(v.current_seat);
  if (!isMyTurn(ui)) {
    if (v.your_seat === null || v.your_seat === undefined) return fill(_("%(name)s is to play."), { name: who });
    return fill(["card", "refill"].includes(v.phase) ? _("A card is being turned up for %(name)s…") : _("Waiting for %(name)s to play."), { name: who });
  }
  const ts = v.turn_state || {};
  switch (v.phase) {
    case "settle": {
      if (legalNow(ui).some((a) => a.type === "pass")) return _("No card in hand: pass.");
      const cards = chosenCards(ui);
      if (!cards.length) return _("Your turn: choose the card(s) to pay, then a lit place.");
      if (!placements(ui).length) return fill(_("%(pay)s pays for nothing now."), { pay: capital(payWords(cards)) });
      return fill(_("Paying %(pay)s: tap a lit tent space or totem circle."), { pay: payWords(cards) });
    }
    case "place": {
      const t = names.territory(ts.territory);
      return fill(_("A second piece in %(territory)s? Choose its card(s), then a lit place; or finish with one piece."), { territory: t });
    }
    case "third": {
      const best = ts.third?.best || {};
      return fill(_("The third tribe moves with the cards left in your hand: %(pieces)s for %(cards)s. Tap a lit place."), {
        pieces: fill(n_("%(n)s piece", "%(n)s pieces", best.pieces || 0), { n: best.pieces || 0 }),
        cards: fill(n_("%(n)s card", "%(n)s cards", best.cards || 0), { n: best.cards || 0 }) });
    }
    case "draw": return fill(n_("Draw %(n)s card: from the deck or the display.", "Draw %(n)s cards: from the deck or the display.", ts.draws_left || 0), { n: ts.draws_left || 0 });
    case "feat": {
      const feat = (ts.feats || [])[0];
      return fill(_("You earned the %(feat)s feat: tap where it goes (lit)."), { feat: FEAT_NAMES[feat] || feat });
    }
    default: return "";
  }
}

function drawHand(parts, ctx) {
  const { ui } = ctx;
  const v = ui.view;
  parts.handBox.replaceChildren();
  parts.handBox.hidden = !(v && v.hand && !v.finished && !ui.replay);
  if (parts.handBox.hidden) return;
  const h = hand(ui);
  const mine = isMyTurn(ui);
  const pay = mine && legalNow(ui).some((a) => ["place", "exchange"].includes(a.type));
  const hints = cardHints(ui);
  parts.handBox.appendChild(el("span", "iw-label", mine ? _("Your cards") : _("Your hand")));
  h.forEach((c, i) => {
    if (!pay) { parts.handBox.appendChild(cardPicture(c)); return; }
    parts.handBox.appendChild(handCard(c, i, { chosen: ui.selected.includes(i), hint: hints.get(i) },
      () => ctx.toggleCard(i)));
  });
  if (!h.length) parts.handBox.appendChild(el("span", "iw-muted", _("no cards")));
}

function undoWhy(ui) {
  const steps = ui.payload?.turn?.steps || [];
  if (!steps.length) return _("Nothing to undo yet.");
  return _("What you drew stays drawn: the steps before it cannot be undone.");
}

function drawSteps(parts, ctx) {
  const { ui, act } = ctx;
  const v = ui.view;
  parts.steps.replaceChildren();
  if (!isMyTurn(ui)) return;
  const acts = legalNow(ui);
  const cards = chosenCards(ui);
  if (v.phase === "settle") {
    const exch = acts.filter((a) => a.type === "exchange");
    if (exch.length) {
      const one = cards.length === 1 ? exch.find((a) => a.card === cards[0]) : null;
      parts.steps.appendChild(button(one ? fill(_("Exchange the %(biome)s card"), { biome: biomeName(one.card) }) : _("Exchange a card"), "iw-exchange",
        () => one && act(one), { disabled: !one, key: "exchange",
          title: one ? _("Discard it and draw one card; place nothing") : _("Choose exactly one card to exchange") }));
    }
    const pass = acts.find((a) => a.type === "pass");
    if (pass) parts.steps.appendChild(button(_("Pass"), "iw-pass iw-primary", () => act(pass), { key: "pass" }));
  }
  if (v.phase === "place") {
    const done = acts.find((a) => a.type === "done");
    if (done) parts.steps.appendChild(button(_("Finish with one piece"), "iw-done", () => act(done), { key: "done" }));
  }
  if (v.phase === "draw") {
    const deck = acts.find((a) => a.type === "draw-deck");
    if (deck) parts.steps.appendChild(deckButton(v.deck_size, () => act(deck)));
    for (const a of acts.filter((x) => x.type === "take-display")) {
      parts.steps.appendChild(takeCard(a.card, () => act(a)));
    }
  }
  // one Undo: the last step; the whole turn only as a second, smaller choice; a reason when there is none
  const undo = ui.payload?.turn?.undo || 0;
  const box = el("div", "iw-undo-box");
  box.appendChild(button(_("Undo"), "iw-undo", () => ctx.undo(false), {
    disabled: !undo, key: "undo",
    describedBy: !undo && (ui.payload?.turn?.steps || []).length ? `${parts.note.id}-undo` : null,
    title: undo ? _("Take back your last step") : undoWhy(ui) }));
  if (undo > 1) {
    box.appendChild(button(fill(_("Undo all %(n)s steps"), { n: undo }), "iw-undo-all iw-quiet", () => ctx.undo(true), { key: "undo-all" }));
  }
  if (!undo && (ui.payload?.turn?.steps || []).length) {
    const why = el("span", "iw-undo-why", undoWhy(ui));
    why.id = `${parts.note.id}-undo`;
    box.appendChild(why);
  }
  parts.steps.appendChild(box);
}

function drawWhere(parts, ctx) {
  const { ui, names } = ctx;
  parts.where.replaceChildren();
  const v = ui.view;
  if (!isMyTurn(ui)) { parts.where.hidden = true; return; }
  if (ui.chooser) {
    parts.where.appendChild(el("span", "iw-label", ui.chooser.label));
    for (const a of ui.chooser.actions) {
      parts.where.appendChild(button(ctx.actionLabel(a, ui.chooser), "iw-choice iw-primary", () => ctx.act(a), {
        key: `choice-${a.piece || a.type}-${a.at || a.territory}-${(a.pay || []).join("+")}`,
        data: { at: a.at || "", territory: a.territory || "" } }));
    }
    parts.where.appendChild(button(_("Back"), "iw-cancel iw-quiet", () => ctx.cancelChooser(), { key: "cancel" }));
  } else if (v.phase === "feat") {
    parts.where.appendChild(el("span", "iw-label", _("Where")));
    for (const a of featActions(ui)) {
      const label = `${FEAT_NAMES[a.feat] || a.feat} on ${names.place(a.at)}`;
      parts.where.appendChild(button(label, "iw-feat-btn", () => ctx.act(a), { key: `feat-${a.at}`, data: { at: a.at } }));
    }
  } else {
    const show = ui.selected.length > 0 || v.phase === "third";
    const where = show ? [...new Set(placements(ui).map((a) => a.territory))] : [];
    if (where.length) {
      parts.where.appendChild(el("span", "iw-label", _("Where")));
      for (const tid of where) {
        parts.where.appendChild(button(names.territory(tid), "iw-where-btn", () => ctx.where(tid), {
          key: `where-${tid}`, data: { territory: tid } }));
      }
    }
  }
  parts.where.classList.toggle("iw-chooser", !!ui.chooser);
  parts.where.hidden = !parts.where.children.length;
}

/** Fill the bar for the position shown. ctx: {ui, names, act, toggleCard, where, cancelChooser, undo, actionLabel}. */
export function drawBar(parts, ctx) {
  const { ui } = ctx;
  const text = promptText(ui, ctx.names);
  if (parts.prompt.textContent !== text) parts.prompt.textContent = text;
  parts.prompt.classList.toggle("iw-third-step", !ui.replay && ui.view?.phase === "third" && isMyTurn(ui));
  drawHand(parts, ctx);
  drawSteps(parts, ctx);
  drawWhere(parts, ctx);
  const note = ui.note || pairNote(ui);
  if (parts.note.textContent !== note) parts.note.textContent = note;
  parts.note.hidden = !note;
  parts.bar.hidden = !ui.view;
}
