// The turn panel's words (HTML): whose turn it is and what happens now. The board adds its own controls below
// (setControls), the shell its Undo buttons. Nothing here knows a game.

import { clockHTML, isComputer, seatDot } from "./panels.js";
import { _, escapeHtml, fill, joinWords, n_ } from "./words.js";

/** Three dots that pulse one after another (static with reduced motion): the computer is at work. */
export const THINKING = `<span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>`;

/**
 * ``at``: ``game`` (the payload), ``name(seat)`` (HTML), ``myTurn``, ``replaying``, ``arriving`` (what the
 * arrival shows now: {move, index, count}, or null). The headings carry id turn-h and tabindex -1: the focus
 * rests there between actions (never on the page's body).
 */
export function turnInfoHTML({ game: g, name, myTurn, replaying, arriving }) {
  const heading = (text) => `<h2 id="turn-h" tabindex="-1">${text}</h2>`;
  if (g.status === "open") {
    const open = g.players - g.seats.length;
    let info = `${heading(_("Waiting for players"))}<p>${fill(n_("%(taken)s of %(n)s seat taken: %(names)s. The game starts when every seat is taken.", "%(taken)s of %(n)s seats taken: %(names)s. The game starts when every seat is taken.", g.players), { taken: g.seats.length, n: g.players, names: joinWords(g.seats.map((s) => name(s.seat))) })}</p>`;
    if (g.invite_url && open > 0) {  // only while seats are open, and only to a player of the game
      info += `<p class="invite-note">${open > 1 ? _("Share this invitation link with friends, or wait for players to join from the lobby.") : _("Share this invitation link with a friend, or wait for a player to join from the lobby.")}</p>
        <p><label for="invite-link">${_("Invitation link")}</label></p><div class="copy-row"><input id="invite-link" readonly value="${escapeHtml(g.invite_url)}"><button type="button" class="btn" data-act="copy-invite">${_("Copy")}</button></div>`;
    }
    return info;
  }
  if (g.status === "aborted") return `${heading(_("Game aborted"))}<p>${_("A moderator stopped this game; it will not go on.")}</p>`;
  if (replaying) {
    return g.status === "active" ? `${heading(_("Replay"))}<p>${_("The board shows an earlier position.")} <button type="button" class="btn small" data-act="end-replay">${_("Back to the game")}</button></p>` : "";
  }
  if (arriving) {
    const { move, index, count } = arriving;
    const who = move.seat;
    const step = count > 1 ? fill(_("Step %(index)s of %(count)s: %(words)s."), { index, count, words: escapeHtml(move.steps[index - 1].words) }) : `${escapeHtml(move.words)}.`;
    return `<div class="arriving-head">${heading(who !== null && who !== undefined ? `${seatDot(who)} ${fill(_("%(name)s played"), { name: name(who) })}` : _("The server played"))}
      <button type="button" class="btn small" data-act="skip-arrival">${_("Skip to now")}</button></div>
      <p class="arriving-step" aria-live="polite">${step}</p>`;
  }
  if (g.status !== "active") return "";
  if (myTurn) {
    const steps = g.turn?.steps || [];
    // always there (empty before the first step), on one line on a phone: the board under it stays put
    return heading(_("Your turn")) + `<p class="small turn-so-far">${steps.length ? fill(_("This turn so far: %(steps)s."), { steps: steps.map((s) => escapeHtml(s.words)).join("; ") }) : ""}</p>`;
  }
  const who = g.current_seat;
  const watching = g.your_seat === null || g.your_seat === undefined;
  if (isComputer(g, who)) {  // it answers by itself: an indicator, and no deadline
    return `${heading(watching ? _("Watching") : _("Not your turn"))}<p class="waiting-for thinking">${seatDot(who)} ${name(who)} <span>${_("is thinking")}${THINKING}</span></p>
      <p class="muted small">${_("Its turn appears here step by step when it has played.")}</p>`;
  }
  return `${heading(watching ? _("Watching") : _("Not your turn"))}<p class="waiting-for">${seatDot(who)} ${fill(_("Waiting for %(name)s to play."), { name: name(who) })} ${clockHTML(g)}</p>`
    + (watching ? "" : `<p class="muted small">${_("The board updates by itself when they play: their turn step by step.")}</p>`);
}

/** The line under the game's title (a live region: it changes when the turn does, not at every step). */
export function turnLineText({ game: g, plainName, myTurn, replaying, arriving }) {
  if (g.status === "open") return _("Waiting for players to join.");
  if (g.status === "aborted") return _("This game was aborted.");
  if (replaying && g.status === "active") return _("Replay: the board shows an earlier position.");
  if (arriving) return fill(_("%(name)s's turn, as it was played."), { name: plainName(arriving.move.seat ?? g.current_seat) });
  if (g.status === "finished") {
    const winners = g.seats.filter((s) => s.result === "won").map((s) => plainName(s.seat));
    if (!winners.length) return _("Game over.");
    return winners.length === 1 ? fill(_("Game over. %(name)s wins."), { name: winners[0] })
      : fill(_("Game over. %(names)s share the win."), { names: joinWords(winners) });
  }
  if (myTurn) return _("Your turn.");
  if (g.current_seat === null || g.current_seat === undefined) return "";
  return fill(isComputer(g, g.current_seat) ? _("%(name)s is thinking…") : _("%(name)s is to play."), { name: plainName(g.current_seat) });
}

/** Resigning, under the players (out of the turn's way): asked twice. */
export function seatActionsHTML(game, confirming) {
  const mine = game.seats.find((s) => s.seat === game.your_seat);
  if (game.status !== "active" || mine?.status !== "playing") return "";
  return confirming
    ? `<p class="resign-ask small">${_("Resign this game? You rank last, and the others play on.")}</p>
       <button type="button" class="btn danger" data-act="resign-yes">${_("Yes, resign")}</button>
       <button type="button" class="btn" data-act="resign-no">${_("No, play on")}</button>`
    : `<button type="button" class="btn quiet" data-act="resign">${_("Resign…")}</button>`;
}
