// The move log (moves/ of the API, in the server's words), newest first: the moves since my last turn marked,
// the last move marked, and the move being shown step by step while it arrives. Each entry opens the replay
// at that move.

import { _, escapeHtml, fill, n_ } from "./words.js";

/** The entries after my own last turn (what happened while I was away); none for someone watching. */
export function sinceMoves(moves, me) {
  if (me === null || me === undefined) return [];
  let i = moves.length - 1;
  while (i >= 0 && !(moves[i].seat === me && moves[i].kind === "turn")) i--;
  return i < 0 ? [] : moves.slice(i + 1);
}

/** A move's words and what it scored, as HTML. */
export function moveWordsHTML(m) {
  // each scoring's words without their own full stop: the list ends with one ("... Amelia 10.", never "10..")
  const extra = (m.event_words || []).filter(Boolean).map((w) => String(w).replace(/\.+$/, ""));
  return escapeHtml(m.words) + (extra.length ? ` <span class="events">${extra.map(escapeHtml).join("; ")}.</span>` : "");
}

/** The log's items. ``playing``: the sequence number of the move on the board when it is not the live game (a
 * replay, a move arriving step by step), if any. */
export function logHTML(moves, me, playing = null) {
  const since = new Set(sinceMoves(moves, me).map((m) => m.seq));
  const last = moves.length ? moves[moves.length - 1].seq : null;
  const items = moves.slice().reverse().map((m, i) => {
    const index = moves.length - i;
    const cls = [since.has(m.seq) ? "new" : "", m.seq === last ? "latest" : "", m.seq === playing ? "playing" : ""]
      .filter(Boolean).join(" ");
    const mark = m.seq === playing ? ` <span class="log-mark">${_("on the board")}</span>`
      : m.seq === last ? ` <span class="log-mark">${_("last move")}</span>` : "";
    return `<li class="${cls}" data-seq="${m.seq}"><button type="button" class="log-entry" data-act="replay-at" data-index="${index}" title="${_("Show the board after this move")}">`
      + `<span class="turn-no">${m.seq}</span> ${moveWordsHTML(m)}${mark}</button></li>`;
  });
  return items.join("") || `<li class="muted">${_("No moves yet.")}</li>`;
}

/** Above the log: how many moves since my last turn, Replay and the record. */
export function historyHTML(moves, me, recordUrl, fileName) {
  const since = sinceMoves(moves, me).length;
  return `${since ? `<p class="small">${fill(n_("%(n)s move since your last turn (marked below).", "%(n)s moves since your last turn (marked below).", since), { n: since })}</p>` : ""}
    <div class="buttons"><button type="button" class="btn small" data-act="replay">${_("Replay from the start")}</button>
    <a class="btn small" href="${recordUrl}" download="${fileName}">${_("Download the record")}</a></div>`;
}
