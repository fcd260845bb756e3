// One connection to the game's socket for the page's table parts (chat.js, rematch.js), apart from the board's
// own: ES modules load once, so every importer shares it. Subscribers get every message and pick their types.
import { LiveSocket } from "./live.js";

const listeners = new Set();
const reopenListeners = new Set();
let socket = null;

/** The shared socket on ``path`` (the first caller's path: every table part of a page watches the same game). */
export function tableSocket(path, { onMessage, onReopen } = {}) {
  if (onMessage) listeners.add(onMessage);
  if (onReopen) reopenListeners.add(onReopen);
  if (!socket) {
    socket = new LiveSocket(path, {
      onMessage: (m) => listeners.forEach((listener) => listener(m)),
      onOpen: (reconnected) => { if (reconnected) reopenListeners.forEach((listener) => listener()); },
    });
  }
  return socket;
}
