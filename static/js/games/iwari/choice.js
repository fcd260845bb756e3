// What the player may choose now, read from the view's legal actions (no rule is computed here): the cards
// chosen to pay, the places they light up, the cards that complete a pair or pay for a place pointed at, the
// payments a territory takes, and why a place that is not lit cannot be chosen (the view's `blocked` words).

import { joinWords } from "./dom.js";
import { biomeName, payWords, sameCards } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

const PIECES = new Set(["place", "third"]);

export function legalNow(ui) {
  return ui.replay || !ui.view ? [] : (ui.view.legal || []);
}

export function isMyTurn(ui) {
  const v = ui.view;
  return !!v && !ui.replay && v.your_seat !== null && v.your_seat !== undefined && v.current_seat === v.your_seat
    && legalNow(ui).length > 0;
}

export function hand(ui) {
  return ui.view?.hand || [];
}

export function chosenCards(ui) {
  const h = hand(ui);
  return ui.selected.filter((i) => i < h.length).map((i) => h[i]);
}

/** Whether the step being chosen is paid with cards of the hand (the player's own pieces). */
export function paying(ui) {
  return ["settle", "place"].includes(ui.view?.phase);
}

/** Placements (own or third tribe) the chosen cards pay for exactly; every one with no card chosen. */
export function placements(ui) {
  const list = legalNow(ui).filter((a) => PIECES.has(a.type));
  const cards = chosenCards(ui);
  if (!cards.length || !paying(ui)) return list;
  return list.filter((a) => sameCards(a.pay, cards));
}

export function featActions(ui) {
  return legalNow(ui).filter((a) => a.type === "feat");
}

/** The distinct payments the legal placements take in territory `tid` (all of them, whatever is chosen). */
export function paymentsAt(ui, tid) {
  const out = [];
  for (const a of legalNow(ui)) {
    if (!PIECES.has(a.type) || a.territory !== tid) continue;
    if (!out.some((p) => sameCards(p, a.pay))) out.push(a.pay);
  }
  return out;
}

/** What lights up on the map now: {territories, spaces, totems, conns} (Sets) and whether the rest dims. */
export function litNow(ui) {
  const lit = { territories: new Set(), spaces: new Set(), totems: new Set(), conns: new Set() };
  if (!isMyTurn(ui)) return { ...lit, dim: false };
  const phase = ui.view.phase;
  const show = phase === "third" || (paying(ui) && ui.selected.length > 0);
  if (show) {
    for (const a of placements(ui)) {
      lit.territories.add(a.territory);
      if (a.piece === "tent") lit.spaces.add(a.at);
      else lit.totems.add(a.territory);
    }
  }
  if (phase === "feat") {
    for (const a of featActions(ui)) {
      if (ui.territories.has(a.at)) lit.territories.add(a.at);
      else lit.conns.add(a.at);
    }
  }
  return { ...lit, dim: lit.territories.size + lit.conns.size > 0 };
}

/**
 * Hints on the hand's cards (index -> "pair" | "pays"): with one card chosen, the cards of the same biome when
 * a pair of them pays for something; with a territory pointed at and no card chosen, the cards that pay there.
 */
export function cardHints(ui) {
  const hints = new Map();
  if (!isMyTurn(ui) || !paying(ui)) return hints;
  const h = hand(ui);
  const cards = chosenCards(ui);
  const pieces = legalNow(ui).filter((a) => PIECES.has(a.type));
  if (cards.length === 1) {
    const pair = [cards[0], cards[0]];
    if (pieces.some((a) => sameCards(a.pay, pair))) {
      h.forEach((c, i) => { if (c === cards[0] && !ui.selected.includes(i)) hints.set(i, "pair"); });
    }
  } else if (!cards.length && ui.pointed) {
    const pays = paymentsAt(ui, ui.pointed);
    h.forEach((c, i) => { if (pays.some((p) => p.includes(c))) hints.set(i, "pays"); });
  }
  return hints;
}

/** The hand indexes of one payment (the first cards of its biome), or null if the hand cannot make it. */
export function indexesFor(ui, pay) {
  const out = [];
  hand(ui).forEach((c, i) => { if (out.length < pay.length && c === pay[0]) out.push(i); });
  return out.length === pay.length ? out : null;
}

/** "one Coast card or a pair of Forest cards". */
export function paymentsWords(pays) {
  const words = pays.map(payWords);
  return words.length <= 1 ? words.join("") : fill(_("%(first)s or %(last)s"), { first: words.slice(0, -1).join(", "), last: words[words.length - 1] });
}

/** The sentence under the hand for a chosen single card that pays for nothing alone (a pair would). */
export function pairNote(ui) {
  const cards = chosenCards(ui);
  if (cards.length !== 1 || !isMyTurn(ui) || !paying(ui)) return "";
  const alone = placements(ui).length > 0;
  const pairs = cardHints(ui).size > 0;
  const biome = biomeName(cards[0]);
  if (!alone && pairs) return fill(_("One %(biome)s card pays for nothing here alone: choose a second %(biome)s card (lit) to pay with a pair."), { biome });
  if (alone && pairs) return fill(_("Or choose the second %(biome)s card (lit) to pay with a pair: a pair pays for a piece in any territory."), { biome });
  if (!alone) return fill(_("One %(biome)s card pays for nothing now."), { biome });
  return "";
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/**
 * Why a place that is not lit cannot be chosen now. target: {kind: "space" | "totem" | "territory" | "conn",
 * id, territory}. Reads the view: who holds a space, `blocked` (the server's reasons), the legal payments.
 */
export function whyNot(ui, target, names) {
  const v = ui.view;
  const tid = target.territory;
  const place = names.territory(tid);
  if (ui.replay) return _("This is a replay: nothing can be played on it.");
  if (v.finished) return _("The journey is over.");
  if (!isMyTurn(ui)) {
    return fill(v.your_seat === null || v.your_seat === undefined ? _("%(name)s is to play.")
      : _("It is %(name)s's turn: you can look, and play when your turn comes."), { name: names.seat(v.current_seat) });
  }
  const blocked = v.blocked || { territories: {}, totems: {}, now: null };
  if (target.kind === "space") {
    const holder = (v.spaces || {})[target.id];
    if (holder !== null && holder !== undefined) return fill(_("%(place)s: this tent space already holds %(name)s's tent."), { place, name: names.tribe(holder) });
  }
  if (blocked.now) return `${capital(blocked.now)}.`;
  if (target.kind === "conn") return _("Connections take no piece: totems score along them.");
  if (target.kind === "totem" && blocked.totems[tid] && !blocked.territories[tid]) return `${capital(blocked.totems[tid])}.`;
  if (blocked.territories[tid]) return `${place}: ${blocked.territories[tid]}.`;
  const cards = chosenCards(ui);
  const pays = paymentsAt(ui, tid);
  if (paying(ui) && cards.length && pays.length && !pays.some((p) => sameCards(p, cards))) {
    const chosen = cards.length === 2 && cards[0] === cards[1] ? fill(_("a pair of %(biome)s cards"), { biome: biomeName(cards[0]) })
      : joinWords(cards.map(biomeName));
    return fill(_("%(place)s takes %(pays)s: %(chosen)s does not pay there."), { place, pays: paymentsWords(pays), chosen });
  }
  return `${place}: nothing to choose there now.`;
}
