// Tikal's board in words: places by the names the board shows (C3), pieces, the listed actions' labels.

import { key } from "./geometry.js";
import { _, fill, n_ } from "../../shell/words.js";

export const KIND_NAMES = { base_camp: _("Base camp"), temple: _("Temple"), jungle: _("Jungle clearing"), ruin: _("Ruin"), volcano: _("Volcano") };

/** The treasures by the names the server gives them (board.json's kinds). */
const TREASURES = { "jade mask": _("jade mask"), "gold mask": _("gold mask"), "jaguar idol": _("jaguar idol"),
  "serpent pendant": _("serpent pendant"), "obsidian knife": _("obsidian knife"), "shell necklace": _("shell necklace"),
  "sun disc": _("sun disc"), "painted vase": _("painted vase") };

/** A treasure's name in the reader's language. */
export function treasureName(k) {
  return TREASURES[k] || k;
}

/** Seat colours (Okabe-Ito, as on the rest of the site); each seat's pieces also have a shape of their own. */
export const SEATS = [
  { colour: "#0072B2", name: _("Blue"), shape: "round", ink: "#fff" },
  { colour: "#E69F00", name: _("Orange"), shape: "square", ink: "#111" },
  { colour: "#009E73", name: _("Green"), shape: "pointed", ink: "#111" },
  { colour: "#CC79A7", name: _("Pink"), shape: "notched", ink: "#111" },
];

export function seat(n) {
  return SEATS[n % SEATS.length];
}

export class Words {
  constructor(boardData) {
    this.names = new Map(boardData.spaces.map((s) => [key([s.q, s.r]), s.name || `${s.q},${s.r}`]));
    this.base = key(boardData.base_camp);
    this.payload = null;
  }

  seatName(n) {
    const s = this.payload?.seats?.find((x) => x.seat === n);
    return s?.user?.display_name || s?.user?.username || fill(_("Player %(n)s"), { n: n + 1 });
  }

  /** "C3" (the base camp is "the base camp"). */
  name(k) {
    return k === this.base ? _("the base camp") : this.names.get(k) || k;
  }

  /** "Temple C3", "the base camp", "Jungle clearing B2" (what is there now, if explored). */
  place(k, space) {
    if (k === this.base) return _("the base camp");
    const kind = space ? KIND_NAMES[space.kind] || space.kind : _("Unexplored space");
    return fill(_("%(kind)s %(name)s"), { kind, name: this.names.get(k) || k });
  }

  hex(hx) {
    if (!hx) return "";
    if (hx.kind === "temple") return fill(_("Temple, value %(value)s"), { value: hx.value });
    if (hx.kind === "ruin") return fill(n_("Ruin with %(n)s treasure", "Ruin with %(n)s treasures", hx.treasures), { n: hx.treasures });
    if (hx.kind === "volcano") return _("Volcano");
    return _("Jungle clearing");
  }

  piece(p, many = false) {
    return p === "leader" ? _("the leader") : many ? _("workers") : _("a worker");
  }

  /** The label of a listed action done where the player is looking (its place is in the panel's heading). */
  action(a) {
    switch (a.type) {
      case "uncover": return _("Uncover a level");
      case "dig": return _("Dig for a treasure");
      case "camp": return _("Build a camp");
      case "guard": return a.piece === "leader" ? _("Guard it with the leader") : _("Guard it with a worker");
      case "enter": return a.piece === "leader" ? _("Leader") : _("Worker");
      case "exchange": return fill(_("Your %(give)s for %(name)s's %(take)s"), { give: treasureName(a.give), name: this.seatName(a.seat), take: treasureName(a.take) });
      case "end": return _("End turn");
      default: return a.type;
    }
  }

  /** What a score event says, with each temple by name: "Ann: 9 (temples 5 on C3, 1 on A2; treasures 3)". */
  temples(list) {
    return (list || []).map((t) => fill(t.guarded ? _("%(value)s on %(name)s (guarded)") : _("%(value)s on %(name)s"), { value: t.value, name: this.names.get(key(t.at)) || key(t.at) }));
  }
}
