// The action bar under the map (a sheet held at the bottom of the screen on a phone): what to do now, the
// hand, the step's buttons, where the chosen cards can go, one Undo (the whole turn as a second choice), and
// a note (why a place cannot be chosen, what the chosen card needs). Everything offered is a legal action.

import { button, el, plural } from "./dom.js";
import { cardPicture, deckButton, handCard, takeCard } from "./cards.js";
import { cardHints, chosenCards, featActions, hand, isMyTurn, legalNow, pairNote, placements } from "./choice.js";
import { FEAT_NAMES, biomeName, payWords } from "./words.js";

/** The bar's parts, made once (the prompt and the note stay the same nodes: they are live regions). */
export function makeBar() {
  const bar = el("div", "iw-bar");
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-label", "Your move");
  const prompt = el("p", "iw-prompt");
  prompt.setAttribute("role", "status");
  prompt.tabIndex = -1;
  const main = el("div", "iw-bar-main");
  const handBox = el("div", "iw-hand");
  handBox.setAttribute("role", "group");
  handBox.setAttribute("aria-label", "Your cards");
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
  if (ui.replay) return ui.replayCaption || "Replay.";
  if (v.finished) {
    const w = v.winners || [];
    return w.length ? `The journey is over: ${w.map(names.seat).join(" and ")} ${w.length > 1 ? "share the victory" : "wins"}.`
      : "The journey is over.";
  }
  const who = names.seat(v.current_seat);
  if (!isMyTurn(ui)) {
    if (v.your_seat === null || v.your_seat === undefined) return `${who} is to play.`;
    return ["card", "refill"].includes(v.phase) ? `A card is being turned up for ${who}…` : `Waiting for ${who} to play.`;
  }
  const ts = v.turn_state || {};
  switch (v.phase) {
    case "settle": {
      if (legalNow(ui).some((a) => a.type === "pass")) return "No card in hand: pass.";
      const cards = chosenCards(ui);
      if (!cards.length) return "Your turn: choose the card(s) to pay, then a lit place.";
      if (!placements(ui).length) return `${payWords(cards)[0].toUpperCase()}${payWords(cards).slice(1)} pays for nothing now.`;
      return `Paying ${payWords(cards)}: tap a lit tent space or totem circle.`;
    }
    case "place": {
      const t = names.territory(ts.territory);
      return `A second piece in ${t}? Choose its card(s), then a lit place; or finish with one piece.`;
    }
    case "third": {
      const best = ts.third?.best || {};
      return `The third tribe moves with the cards left in your hand: ${plural(best.pieces || 0, "piece")} for ${plural(best.cards || 0, "card")}. Tap a lit place.`;
    }
    case "draw": return `Draw ${plural(ts.draws_left || 0, "card")}: from the deck or the display.`;
    case "feat": {
      const feat = (ts.feats || [])[0];
      return `You earned the ${FEAT_NAMES[feat] || feat} feat: tap where it goes (lit).`;
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
  parts.handBox.appendChild(el("span", "iw-label", mine ? "Your cards" : "Your hand"));
  h.forEach((c, i) => {
    if (!pay) { parts.handBox.appendChild(cardPicture(c)); return; }
    parts.handBox.appendChild(handCard(c, i, { chosen: ui.selected.includes(i), hint: hints.get(i), disabled: ui.busy },
      () => ctx.toggleCard(i)));
  });
  if (!h.length) parts.handBox.appendChild(el("span", "iw-muted", "no cards"));
}

function undoWhy(ui) {
  const steps = ui.payload?.turn?.steps || [];
  if (!steps.length) return "Nothing to undo yet.";
  return "What you drew stays drawn: the steps before it cannot be undone.";
}

function drawSteps(parts, ctx) {
  const { ui, act } = ctx;
  const v = ui.view;
  parts.steps.replaceChildren();
  if (!isMyTurn(ui)) return;
  const acts = legalNow(ui);
  const cards = chosenCards(ui);
  const busy = ui.busy;
  if (v.phase === "settle") {
    const exch = acts.filter((a) => a.type === "exchange");
    if (exch.length) {
      const one = cards.length === 1 ? exch.find((a) => a.card === cards[0]) : null;
      parts.steps.appendChild(button(one ? `Exchange the ${biomeName(one.card)} card` : "Exchange a card", "iw-exchange",
        () => one && act(one), { disabled: !one || busy, key: "exchange",
          title: one ? "Discard it and draw one card; place nothing" : "Choose exactly one card to exchange" }));
    }
    const pass = acts.find((a) => a.type === "pass");
    if (pass) parts.steps.appendChild(button("Pass", "iw-pass iw-primary", () => act(pass), { disabled: busy, key: "pass" }));
  }
  if (v.phase === "place") {
    const done = acts.find((a) => a.type === "done");
    if (done) parts.steps.appendChild(button("Finish with one piece", "iw-done", () => act(done), { disabled: busy, key: "done" }));
  }
  if (v.phase === "draw") {
    const deck = acts.find((a) => a.type === "draw-deck");
    if (deck) parts.steps.appendChild(deckButton(v.deck_size, () => act(deck), busy));
    for (const a of acts.filter((x) => x.type === "take-display")) {
      parts.steps.appendChild(takeCard(a.card, () => act(a), busy));
    }
  }
  // one Undo: the last step; the whole turn only as a second, smaller choice; a reason when there is none
  const undo = ui.payload?.turn?.undo || 0;
  const box = el("div", "iw-undo-box");
  box.appendChild(button("Undo", "iw-undo", () => ctx.undo(false), {
    disabled: !undo || busy, key: "undo",
    describedBy: !undo && (ui.payload?.turn?.steps || []).length ? `${parts.note.id}-undo` : null,
    title: undo ? "Take back your last step" : undoWhy(ui) }));
  if (undo > 1) {
    box.appendChild(button(`Undo all ${undo} steps`, "iw-undo-all iw-quiet", () => ctx.undo(true), { disabled: busy, key: "undo-all" }));
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
        disabled: ui.busy, key: `choice-${a.piece || a.type}-${a.at || a.territory}-${(a.pay || []).join("+")}`,
        data: { at: a.at || "", territory: a.territory || "" } }));
    }
    parts.where.appendChild(button("Back", "iw-cancel iw-quiet", () => ctx.cancelChooser(), { key: "cancel" }));
  } else if (v.phase === "feat") {
    parts.where.appendChild(el("span", "iw-label", "Where"));
    for (const a of featActions(ui)) {
      const label = `${FEAT_NAMES[a.feat] || a.feat} on ${names.place(a.at)}`;
      parts.where.appendChild(button(label, "iw-feat-btn", () => ctx.act(a), { disabled: ui.busy, key: `feat-${a.at}`, data: { at: a.at } }));
    }
  } else {
    const show = ui.selected.length > 0 || v.phase === "third";
    const where = show ? [...new Set(placements(ui).map((a) => a.territory))] : [];
    if (where.length) {
      parts.where.appendChild(el("span", "iw-label", "Where"));
      for (const tid of where) {
        parts.where.appendChild(button(names.territory(tid), "iw-where-btn", () => ctx.where(tid), {
          disabled: ui.busy, key: `where-${tid}`, data: { territory: tid } }));
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
