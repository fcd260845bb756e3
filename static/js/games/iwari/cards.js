// Biome cards as the page shows them: the player's hand (buttons to choose a payment), the display (buttons
// while drawing, else pictures), and small chips for the discard pile. Each card shows its biome's tint,
// pattern colour and icon, and its name: never colour alone.

import { button, el, icon } from "./dom.js";
import { biomeName } from "./words.js";
import { _, fill, n_ } from "../../shell/words.js";

function face(card) {
  return [icon(`iw-i-${card}`, "iw-card-icon"), el("span", "iw-card-name", biomeName(card))];
}

/** A card that cannot be pressed (another player's turn, a replay, the discard pile). */
export function cardPicture(card, extra = "") {
  const c = el("span", `iw-card iw-b-${card} ${extra}`.trim());
  c.append(...face(card));
  return c;
}

/**
 * A card of the hand as a toggle button. state: { chosen, hint ("pair": completes the pair chosen; "pays":
 * pays for the place pointed at), disabled }.
 */
export function handCard(card, index, state, onClick) {
  const cls = ["iw-card", `iw-b-${card}`];
  if (state.chosen) cls.push("iw-on");
  if (state.hint === "pair") cls.push("iw-pair-hint");
  if (state.hint === "pays") cls.push("iw-pays-hint");
  const parts = face(card);
  let label = fill(_("%(biome)s card"), { biome: biomeName(card) });
  if (state.hint === "pair") { parts.push(el("span", "iw-card-tag", _("pair"))); label = fill(_("%(card)s: completes the pair"), { card: label }); }
  if (state.hint === "pays") { parts.push(el("span", "iw-card-tag", _("pays"))); label = fill(_("%(card)s: pays for the place you pointed at"), { card: label }); }
  return button(parts, cls.join(" "), onClick, {
    pressed: !!state.chosen, disabled: !!state.disabled, key: `card-${index}`, label,
    data: { card, index: String(index) },
  });
}

/** A display card to take (the draw phase). */
export function takeCard(card, onClick, disabled) {
  return button([...face(card), el("span", "iw-card-tag", _("take"))], `iw-card iw-take iw-b-${card}`, onClick, {
    disabled, key: `take-${card}`, label: fill(_("Take the %(biome)s card from the display"), { biome: biomeName(card) }), data: { card },
  });
}

/** The deck, as a button to draw from (the draw phase). */
export function deckButton(size, onClick, disabled) {
  const parts = [el("span", "iw-deck-back"), el("span", "iw-card-name", fill(_("Deck (%(n)s)"), { n: size })), el("span", "iw-card-tag", _("draw"))];
  return button(parts, "iw-card iw-deck", onClick, {
    disabled, key: "deck", label: fill(_("Draw the top card of the deck (%(n)s left)"), { n: size }),
  });
}

/** A small chip (the discard pile's last cards, the cards known in another hand). */
export function chip(card) {
  const c = el("span", `iw-chip iw-b-${card}`);
  c.append(icon(`iw-i-${card}`, "iw-chip-icon"), el("span", "", biomeName(card)));
  return c;
}
