// Iwari's names on the page: biomes, feats, tribes' colours, players and places. The words of moves come from
// the server.
import { _, fill } from "../../shell/words.js";

export const BIOMES = ["tundra", "forest", "glacier", "coast", "desert"];
export const BIOME_NAMES = { tundra: _("Tundra"), forest: _("Forest"), glacier: _("Glacier"), coast: _("Coast"), desert: _("Desert") };
export const FEAT_NAMES = { union: _("Union"), discovery: _("Discovery"), honour: _("Honour"), respect: _("Respect") };

/** Seat colours, as on the rest of the site (Okabe-Ito); pieces carry the seat number too. */
export const SEAT_COLOURS = [
  { name: _("Blue"), hex: "#0072B2" },
  { name: _("Orange"), hex: "#E69F00" },
  { name: _("Green"), hex: "#009E73" },
  { name: _("Pink"), hex: "#CC79A7" },
  { name: _("Red"), hex: "#D55E00" },
];
export const THIRD_COLOUR = "#3b3b3b";

export function biomeName(card) {
  return BIOME_NAMES[card] || card;
}

/** "one Forest card", "a pair of Coast cards". */
export function payWords(pay) {
  if (pay.length === 2) return fill(_("a pair of %(biome)s cards"), { biome: biomeName(pay[0]) });
  return fill(_("one %(biome)s card"), { biome: biomeName(pay[0]) });
}

/** The same cards, in any order. */
export function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort(), y = [...b].sort();
  return x.every((c, i) => c === y[i]);
}

/**
 * Names for the board: seats (the players' names), tribes (the third tribe is "Third tribe"), territories and
 * connections. `from`: getters of what they are read from ({seats, tribes, seatName, territories, connections}).
 */
export function makeNames(from) {
  const names = {
    seat(n) {
      if (n === null || n === undefined) return _("no one");
      const u = from.seats()?.find((x) => x.seat === n)?.user;
      return (u && (u.display_name || u.username)) || from.seatName(n) || fill(_("Player %(n)s"), { n: n + 1 });
    },
    tribeInfo(tribe) {
      const t = from.tribes()?.[tribe];
      if (t && t.third) return { name: _("the third tribe"), colour: THIRD_COLOUR, third: true, label: "" };
      const c = SEAT_COLOURS[tribe % SEAT_COLOURS.length];
      return { name: names.seat(tribe), colour: c.hex, third: false, label: String(tribe + 1) };
    },
    tribe(tribe) {
      const info = names.tribeInfo(tribe);
      return info.third ? _("Third tribe") : info.name;
    },
    territory(tid) { return from.territories().get(tid)?.name || tid || ""; },
    place(id) {
      if (from.territories().has(id)) return from.territories().get(id).name;
      const c = from.connections().find((x) => x.id === id);
      return c ? fill(_("connection %(n)s"), { n: c.number }) : id;
    },
  };
  return names;
}
