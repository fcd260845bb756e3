// Replays and marks: a replay position (`{seq, step, view, move}`, docs/frontend.md) is drawn like a live one,
// with the pieces its move placed marked and a caption; steps hidden from the reader (another player's deck
// draw: {"type": "hidden"}, "drew a card") mark nothing and change nothing on the map. Live, the pieces of the
// turn in progress are marked the same way.
import { _, fill, n_ } from "../../shell/words.js";

const PIECES = new Set(["place", "third"]);

function emptyMarks() {
  return { spaces: new Set(), totems: new Set() };
}

function markAction(marks, a) {
  if (!a || !PIECES.has(a.type)) return; // hidden steps, draws, exchanges: nothing on the map
  if (a.piece === "tent" && a.at) marks.spaces.add(a.at);
  else if (a.piece === "totem" && a.territory) marks.totems.add(a.territory);
}

/** What a replay position shows: its view, the marks of its move (up to `step` steps), and a caption. */
export function replayScene(position) {
  const view = position?.view && typeof position.view === "object" ? position.view : null;
  const marks = emptyMarks();
  const move = position?.move || null;
  const steps = (move?.steps || []).map((s) => s?.action || s);
  const upTo = position?.step === null || position?.step === undefined ? steps.length : Math.min(position.step, steps.length);
  steps.slice(0, upTo).forEach((a) => markAction(marks, a));
  let caption;
  const ringed = marks.spaces.size + marks.totems.size;
  if (position?.arriving) caption = fill(ringed ? _("Move %(n)s, as it was played: its pieces are ringed.") : _("Move %(n)s, as it was played."), { n: position.seq });
  else if (!move) caption = _("Replay: the start of the journey.");
  else {
    const part = upTo < steps.length ? fill(_(", after %(k)s of its %(n)s steps"), { k: upTo, n: steps.length }) : "";
    const hidden = steps.slice(0, upTo).some((a) => a?.type === "hidden") ? ` ${_("Cards drawn from the deck stay hidden.")}` : "";
    caption = `${fill(_("Replay: the map after move %(n)s"), { n: position.seq })}${part}${ringed ? `; ${_("its pieces are ringed")}` : ""}.${hidden}`;
  }
  return { view, marks, caption };
}

/** Marks of the turn in progress, from the view's turn_state (what the viewer may see of it). */
export function turnMarks(view) {
  const marks = emptyMarks();
  const ts = view?.turn_state;
  if (!ts || view.finished) return marks;
  for (const p of ts.placed || []) markAction(marks, { type: "place", piece: p.piece, at: p.at, territory: ts.territory });
  for (const p of ts.third?.placed || []) markAction(marks, { type: "third", piece: p.piece, at: p.at, territory: ts.third.territory });
  return marks;
}

/** Marks of the log's last turn (the shell's entry of moves/: its steps as the reader may see them). */
export function lastTurnMarks(entry) {
  const marks = emptyMarks();
  for (const s of entry?.steps || []) markAction(marks, s?.action || s);
  return marks;
}
