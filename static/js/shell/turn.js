// The turn panel's words (HTML): whose turn it is and what happens now. The board adds its own controls below
// (setControls), the shell its Undo buttons. Nothing here knows a game.

import { clockHTML, isComputer, seatDot } from "./panels.js";
import { escapeHtml, joinWords } from "./words.js";

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
    let info = `${heading("Waiting for players")}<p>${g.seats.length} of ${g.players} seats taken: ${joinWords(g.seats.map((s) => name(s.seat)))}. The game starts when every seat is taken.</p>`;
    if (g.invite_url && open > 0) {  // only while seats are open, and only to a player of the game
      info += `<p class="invite-note">Share this invitation link with ${open > 1 ? "friends" : "a friend"}, or wait for a player to join from the lobby.</p>
        <p><label for="invite-link">Invitation link</label></p><div class="copy-row"><input id="invite-link" readonly value="${escapeHtml(g.invite_url)}"><button type="button" class="btn" data-act="copy-invite">Copy</button></div>`;
    }
    return info;
  }
  if (g.status === "aborted") return `${heading("Game aborted")}<p>A moderator stopped this game; it will not go on.</p>`;
  if (replaying) {
    return g.status === "active" ? `${heading("Replay")}<p>The board shows an earlier position. <button type="button" class="btn small" data-act="end-replay">Back to the game</button></p>` : "";
  }
  if (arriving) {
    const { move, index, count } = arriving;
    const who = move.seat;
    const step = count > 1 ? `Step ${index} of ${count}: ${escapeHtml(move.steps[index - 1].words)}.` : `${escapeHtml(move.words)}.`;
    return `<div class="arriving-head">${heading(who !== null && who !== undefined ? `${seatDot(who)} ${name(who)} played` : "The server played")}
      <button type="button" class="btn small" data-act="skip-arrival">Skip to now</button></div>
      <p class="arriving-step" aria-live="polite">${step}</p>`;
  }
  if (g.status !== "active") return "";
  if (myTurn) {
    const steps = g.turn?.steps || [];
    return heading("Your turn") + (steps.length ? `<p class="small">This turn so far: ${steps.map((s) => escapeHtml(s.words)).join("; ")}.</p>` : "");
  }
  const who = g.current_seat;
  const watching = g.your_seat === null || g.your_seat === undefined;
  if (isComputer(g, who)) {  // it answers by itself: an indicator, and no deadline
    return `${heading(watching ? "Watching" : "Not your turn")}<p class="waiting-for thinking">${seatDot(who)} ${name(who)} <span>is thinking${THINKING}</span></p>
      <p class="muted small">Its turn appears here step by step when it has played.</p>`;
  }
  return `${heading(watching ? "Watching" : "Not your turn")}<p class="waiting-for">${seatDot(who)} Waiting for ${name(who)} to play. ${clockHTML(g)}</p>`
    + (watching ? "" : `<p class="muted small">The board updates by itself when they play: their turn step by step.</p>`);
}

/** The line under the game's title (a live region: it changes when the turn does, not at every step). */
export function turnLineText({ game: g, plainName, myTurn, replaying, arriving }) {
  if (g.status === "open") return "Waiting for players to join.";
  if (g.status === "aborted") return "This game was aborted.";
  if (replaying && g.status === "active") return "Replay: the board shows an earlier position.";
  if (arriving) return `${plainName(arriving.move.seat ?? g.current_seat)}'s turn, as it was played.`;
  if (g.status === "finished") {
    const winners = g.seats.filter((s) => s.result === "won").map((s) => plainName(s.seat));
    return `Game over.${!winners.length ? "" : winners.length === 1 ? ` ${winners[0]} wins.` : ` ${joinWords(winners)} share the win.`}`;
  }
  if (myTurn) return "Your turn.";
  if (g.current_seat === null || g.current_seat === undefined) return "";
  return isComputer(g, g.current_seat) ? `${plainName(g.current_seat)} is thinking…` : `${plainName(g.current_seat)} is to play.`;
}

/** Resigning, under the players (out of the turn's way): asked twice. */
export function seatActionsHTML(game, confirming) {
  const mine = game.seats.find((s) => s.seat === game.your_seat);
  if (game.status !== "active" || mine?.status !== "playing") return "";
  return confirming
    ? `<p class="resign-ask small">Resign this game? You rank last, and the others play on.</p>
       <button type="button" class="btn danger" data-act="resign-yes">Yes, resign</button>
       <button type="button" class="btn" data-act="resign-no">No, play on</button>`
    : `<button type="button" class="btn quiet" data-act="resign">Resign…</button>`;
}
