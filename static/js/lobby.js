// The lobby: games waiting for me stay first; /ws/lobby/ says when that changes, and the lists are reloaded.

import { LiveSocket } from "./live.js";

const root = document.getElementById("lobby");
const baseTitle = document.title.replace(/^\(\d+\)\s*/, "");

/** Both game forms show only what the chosen game allows: its own options, and the player counts its engine
 * allows (the seat list's data-counts, from the registry); a count it does not allow cannot be chosen. */
function fitToGame(form) {
  const game = form.querySelector("select[name=game]")?.value;
  for (const input of form.querySelectorAll("[data-for-game]")) {
    const row = input.closest("div") || input;
    row.hidden = input.dataset.forGame !== game;
  }
  const seats = form.querySelector("select[name=seats][data-counts]");
  if (seats) {
    const allowed = (JSON.parse(seats.dataset.counts)[game] || []).map(String);
    for (const option of seats.options) option.hidden = option.disabled = !allowed.includes(option.value);
    if (!allowed.includes(seats.value) && allowed.length) seats.value = allowed[0];
  }
  const computers = form.querySelector("select[name=computer_seats]");
  if (computers && seats) {  // at most every seat but the creator's
    for (const option of computers.options) option.hidden = option.disabled = Number(option.value) >= Number(seats.value);
    if (Number(computers.value) >= Number(seats.value)) computers.value = "0";
  }
}
for (const form of document.querySelectorAll("form.new-game, form.play-computer")) {
  form.querySelector("select[name=game]")?.addEventListener("change", () => fitToGame(form));
  form.querySelector("select[name=seats]")?.addEventListener("change", () => fitToGame(form));
  fitToGame(form);
}

function waitingIds() {
  return [...document.querySelectorAll("#waiting-list li[data-game]")].map((li) => Number(li.dataset.game)).sort((a, b) => a - b);
}

/** When each game last arrived in "waiting for you" (its glow lasts GLOW_MS: the two rounds of 1.6 s of
 * `.just-arrived` in static/css/site.css): the lists can come again before the glow is over (the socket's first
 * list and the turn's own message both bring a game), and keep its mark. */
const arrivedAt = new Map();
const GLOW_MS = 3200;

async function reloadLists() {
  try {
    const res = await fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!res.ok) return;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const before = new Set(waitingIds());
    for (const id of ["lobby-games", "open-games"]) {
      const fresh = doc.getElementById(id), here = document.getElementById(id);
      if (fresh && here && !here.contains(document.activeElement)) here.innerHTML = fresh.innerHTML;
    }
    const added = waitingIds().filter((id) => !before.has(id));
    const now = Date.now();
    for (const [id, at] of arrivedAt) if (now - at >= GLOW_MS) arrivedAt.delete(id);  // a page open all day
    for (const id of added) arrivedAt.set(id, now);
    for (const li of document.querySelectorAll("#waiting-list li[data-game]")) {
      if (arrivedAt.has(Number(li.dataset.game))) li.classList.add("just-arrived");
    }
    if (added.length) {
      document.getElementById("lobby-status").textContent =
        added.length === 1
          ? interpolate(gettext("Game #%(id)s is waiting for you."), {id: added[0]}, true)
          : interpolate(ngettext("%(n)s more game is waiting for you.", "%(n)s more games are waiting for you.", added.length),
            {n: added.length}, true);
    }
    const n = waitingIds().length;
    document.title = n ? `(${n}) ${baseTitle}` : baseTitle;
  } catch { /* offline: the next message tries again */ }
}

if (root?.dataset.wsPath) {
  new LiveSocket(root.dataset.wsPath, {
    onMessage: (msg) => {
      if (msg.type !== "lobby") return;
      const now = [...msg.waiting].sort((a, b) => a - b);
      if (now.join() !== waitingIds().join() || msg.changed !== null) reloadLists();
    },
    onOpen: (reconnected) => { if (reconnected) reloadLists(); },
  });
}
