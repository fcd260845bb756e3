// The page's one connection to the game's socket, shared by every part of the game page (game.js, chat.js,
// rematch.js): ES modules load once, so every importer gets the same one. Subscribers get every message and
// pick their types; each frame arrives once.
import { LiveSocket } from "./live.js";

const listeners = { message: new Set(), reopen: new Set(), state: new Set(), retry: new Set() };
let socket = null;

/**
 * The shared socket on ``path`` (the first caller's path: every part of a page watches the same game).
 * Handlers: ``onMessage(message)``, ``onReopen()`` (after a reconnection), ``onState(state)`` ("open",
 * "lost", "closed"), ``onRetry(wait)`` (a reconnection is planned: poll meanwhile).
 */
export function tableSocket(path, { onMessage, onReopen, onState, onRetry } = {}) {
  if (onMessage) listeners.message.add(onMessage);
  if (onReopen) listeners.reopen.add(onReopen);
  if (onState) listeners.state.add(onState);
  if (onRetry) listeners.retry.add(onRetry);
  if (!socket) {
    socket = new LiveSocket(path, {
      onMessage: (m) => listeners.message.forEach((listener) => listener(m)),
      onOpen: (reconnected) => { if (reconnected) listeners.reopen.forEach((listener) => listener()); },
      onState: (state) => listeners.state.forEach((listener) => listener(state)),
      onRetry: (wait) => listeners.retry.forEach((listener) => listener(wait)),
    });
  } else if (onState) {
    onState(socket.state);
  }
  return socket;
}
