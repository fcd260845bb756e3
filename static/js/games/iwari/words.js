// Iwari's names on the page: biomes, feats, tribes' colours, players and places. The words of moves come from
// the server.

export const BIOMES = ["tundra", "forest", "glacier", "coast", "desert"];
export const BIOME_NAMES = { tundra: "Tundra", forest: "Forest", glacier: "Glacier", coast: "Coast", desert: "Desert" };
export const FEAT_NAMES = { union: "Union", discovery: "Discovery", honour: "Honour", respect: "Respect" };

/** Seat colours, as on the rest of the site (Okabe-Ito); pieces carry the seat number too. */
export const SEAT_COLOURS = [
  { name: "Blue", hex: "#0072B2" },
  { name: "Orange", hex: "#E69F00" },
  { name: "Green", hex: "#009E73" },
  { name: "Pink", hex: "#CC79A7" },
  { name: "Red", hex: "#D55E00" },
];
export const THIRD_COLOUR = "#3b3b3b";

export function biomeName(card) {
  return BIOME_NAMES[card] || card;
}

/** "one Forest card", "a pair of Coast cards". */
export function payWords(pay) {
  if (pay.length === 2) return `a pair of ${biomeName(pay[0])} cards`;
  return `one ${biomeName(pay[0])} card`;
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
      if (n === null || n === undefined) return "no one";
      const u = from.seats()?.find((x) => x.seat === n)?.user;
      return (u && (u.display_name || u.username)) || from.seatName(n) || `Player ${n + 1}`;
    },
    tribeInfo(tribe) {
      const t = from.tribes()?.[tribe];
      if (t && t.third) return { name: "the third tribe", colour: THIRD_COLOUR, third: true, label: "" };
      const c = SEAT_COLOURS[tribe % SEAT_COLOURS.length];
      return { name: names.seat(tribe), colour: c.hex, third: false, label: String(tribe + 1) };
    },
    tribe(tribe) {
      const info = names.tribeInfo(tribe);
      return info.third ? "Third tribe" : info.name;
    },
    territory(tid) { return from.territories().get(tid)?.name || tid || ""; },
    place(id) {
      if (from.territories().has(id)) return from.territories().get(id).name;
      const c = from.connections().find((x) => x.id === id);
      return c ? `connection ${c.number}` : id;
    },
  };
  return names;
}
