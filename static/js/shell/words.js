// Small helpers for words on the page. The words of moves and actions come from the server.

/** Seat colours (Okabe-Ito, safe for colour-blind players); pieces also carry the seat number. */
export const SEAT_COLOURS = [
  { name: "Blue", hex: "#0072B2" },
  { name: "Orange", hex: "#E69F00" },
  { name: "Green", hex: "#009E73" },
  { name: "Pink", hex: "#CC79A7" },
  { name: "Red", hex: "#D55E00" },
];

export function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** A DOM element from a little HTML (one root element). */
export function html(markup) {
  const t = document.createElement("template");
  t.innerHTML = markup.trim();
  return t.content.firstElementChild;
}
