// The end of a game: the rematch offer (templates/games/_table_end.html; the API in games/rematch/api.py).
// Standalone like chat.js (the shared table-socket.js connection to the game's socket). When the game finishes
// ("game" with status finished) it fetches the page once more and takes the section's results (the server renders
// them) without reloading the page; when the offer changes ("rematch") it reads the offer again.
import { tableSocket } from "./table-socket.js";
const _ = (s) => (window.gettext ? window.gettext(s) : s);  // the page's words in the reader's language (/jsi18n/)
const fill = (text, values) => (window.interpolate ? window.interpolate(text, values, true) : text.replace(/%\(([a-z_]+)\)s/g, (m, name) => String(values[name] ?? m)));

const root = document.getElementById("table-end");

function csrfToken() {
  const field = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) return field.value;
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

class Rematch {
  constructor(el) {
    this.el = el;
    this.api = el.dataset.api;
    this.me = el.dataset.user;
    this.$ = (sel) => el.querySelector(sel);
    this.$("#rematch-offer").addEventListener("click", () => this.answer(true));
    this.$("#rematch-accept").addEventListener("click", () => this.answer(true));
    this.$("#rematch-decline").addEventListener("click", () => this.answer(false));
    this.socket = tableSocket(el.dataset.wsPath, { onMessage: (m) => this.onMessage(m) });
    if (!el.hidden) this.load();
  }

  onMessage(m) {
    if (m.type === "rematch") this.load();
    else if (m.type === "game" && m.game?.status === "finished" && this.el.hidden && !this.fetching) this.refresh();
  }

  /** The results of the finished game, as the server renders them, into this section (its buttons kept). */
  async refresh() {
    this.fetching = true;
    try {
      const res = await fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (!res.ok) return;
      const fresh = new DOMParser().parseFromString(await res.text(), "text/html").getElementById("table-end");
      if (!fresh || fresh.hidden) return;
      for (const node of [...this.el.children]) if (node.id !== "rematch") node.remove();
      const rematch = this.$("#rematch");
      for (const node of [...fresh.children]) if (node.id !== "rematch") this.el.insertBefore(document.importNode(node, true), rematch);
      this.el.hidden = false;
      await this.load();
    } finally {
      this.fetching = false;
    }
  }

  async load() {
    const res = await fetch(this.api, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (res.ok) this.show(await res.json());
  }

  async answer(accept) {
    const res = await fetch(this.api, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify({ accept }),
    });
    const data = await res.json().catch(() => ({}));
    if (res.ok) this.show(data);
    else this.$("#rematch-status").textContent = data.detail || _("That did not work.");
  }

  show(offer) {
    const player = this.me && offer.players.includes(this.me);
    const waitingOnMe = offer.status === "open" && offer.waiting_for.includes(this.me);
    this.$("#rematch-offer").hidden = !(player && (offer.status === "none"));
    this.$("#rematch-accept").hidden = !waitingOnMe;
    this.$("#rematch-decline").hidden = !waitingOnMe;
    const go = this.$("#rematch-go");
    go.hidden = !(offer.status === "started" && offer.new_game);
    if (offer.new_game) go.href = `/games/${Number(offer.new_game)}/`;
    const status = this.$("#rematch-status");
    if (offer.status === "open") {
      status.textContent = fill(_("%(who)s offers a rematch, seat order turned. Waiting for %(waiting)s."), { who: offer.offered_by, waiting: offer.waiting_for.join(", ") });
    } else if (offer.status === "started") status.textContent = _("The rematch has started.");
    else if (offer.status === "declined") status.textContent = _("The rematch was declined.");
    else status.textContent = player ? _("Play again, the same players, seat order turned?") : "";
  }
}

if (root) window.arkRematch = new Rematch(root);
