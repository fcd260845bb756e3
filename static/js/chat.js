// The table chat beside the log (templates/games/_chat.html; the API in games/chat/api.py).
// Standalone: it listens to the game's socket through table-socket.js (for "chat" and "chat.hidden" only), so
// it works whatever the board's script does. Every text goes in through textContent: never parsed as HTML.
//
// Replays: the board's script may announce the move it shows with
//   document.dispatchEvent(new CustomEvent("game:replay", {detail: {seq: N}}))   (seq: null = back to live)
// and the chat then shows only the messages written by that move.
import { tableSocket } from "./table-socket.js";
const _ = (s) => (window.gettext ? window.gettext(s) : s);  // the page's words in the reader's language (/jsi18n/)

const root = document.getElementById("chat");

function csrfToken() {
  const field = root.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) return field.value;
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

async function api(url, method, body) {
  const res = await fetch(url, {
    method, credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* empty answer */ }
  return { ok: res.ok, status: res.status, data };
}

class Chat {
  constructor(el) {
    this.el = el;
    this.api = el.dataset.api;
    this.me = el.dataset.user;
    this.muted = el.dataset.muted === "true";
    this.canWrite = el.dataset.canWrite === "true";
    this.list = el.querySelector("#chat-list");
    this.form = el.querySelector("#chat-form");
    this.error = el.querySelector("#chat-error");
    this.replaySeq = null;
    this.ids = new Set([...this.list.querySelectorAll(".chat-msg")].map((li) => Number(li.dataset.id)));
    this.form?.addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
    this.form?.querySelector("textarea")?.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); this.send(); }
    });
    el.querySelector("#chat-mute")?.addEventListener("click", () => this.toggleMute());
    this.list.addEventListener("click", (e) => {
      const button = e.target.closest(".chat-report");
      if (button) this.report(button);
    });
    document.addEventListener("game:replay", (e) => this.showUpTo(e.detail?.seq ?? null));
    this.socket = tableSocket(el.dataset.wsPath, { onMessage: (m) => this.onMessage(m), onReopen: () => this.catchUp() });
    this.scrollDown();
  }

  onMessage(m) {
    if (m.type === "chat" && m.message && !this.muted) this.add(m.message);
    else if (m.type === "chat.hidden") this.list.querySelector(`.chat-msg[data-id="${Number(m.id)}"]`)?.remove();
  }

  add(message) {
    const id = Number(message.id);
    if (this.ids.has(id)) return;
    this.ids.add(id);
    const li = document.createElement("li");
    li.className = "chat-msg";
    li.dataset.id = String(id);
    li.dataset.seq = String(Number(message.seq) || 0);
    const author = document.createElement("span");
    author.className = "chat-author";
    author.textContent = message.author?.name ?? "";
    const text = document.createElement("bdi");
    text.className = "chat-text";
    text.dir = "auto";
    text.textContent = message.text ?? "";
    li.append(author, ": ", text);
    if (this.canWrite && message.author?.username !== this.me) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "chat-report btn small";
      button.dataset.id = String(id);
      button.textContent = _("Report");
      li.append(" ", button);
    }
    li.hidden = this.replaySeq !== null && Number(li.dataset.seq) > this.replaySeq;
    this.list.append(li);
    this.scrollDown();
  }

  scrollDown() { this.list.scrollTop = this.list.scrollHeight; }

  async catchUp() {
    if (this.muted) return;
    const last = Math.max(0, ...this.ids);
    const { ok, data } = await api(`${this.api}?after=${last}`, "GET");
    if (ok) data.messages.forEach((m) => this.add(m));
  }

  say(text) {
    if (!this.error) return;
    this.error.textContent = text;
    this.error.hidden = !text;
  }

  async send() {
    const box = this.form.querySelector("textarea");
    const text = box.value.trim();
    if (!text) return;
    this.say("");
    const { ok, data } = await api(this.api, "POST", { text });
    if (!ok) {
      this.say(data?.detail || data?.text?.[0] || _("The message could not be sent."));
      return;
    }
    box.value = "";
    if (!this.muted) this.add(data);
  }

  async report(button) {
    const reason = window.prompt(_("Why report this message to the moderators?"), "") ?? null;
    if (reason === null) return;
    const { ok } = await api(`/api/chat/${Number(button.dataset.id)}/report/`, "POST", { reason });
    button.disabled = true;
    button.textContent = ok ? _("Reported") : _("Not reported");
  }

  async toggleMute() {
    const { ok, data } = await api("/api/chat/settings/", "PUT", { muted: !this.muted });
    if (!ok) return;
    this.muted = data.muted;
    const button = this.el.querySelector("#chat-mute");
    button.textContent = this.muted ? _("Unmute") : _("Mute");
    button.setAttribute("aria-pressed", String(this.muted));
    this.el.querySelector("#chat-muted-note").hidden = !this.muted;
    this.list.hidden = this.muted;
    if (this.muted) { this.list.replaceChildren(); this.ids.clear(); } else this.catchUp();
  }

  showUpTo(seq) {
    this.replaySeq = seq === null || seq === undefined ? null : Number(seq);
    for (const li of this.list.querySelectorAll(".chat-msg")) {
      li.hidden = this.replaySeq !== null && Number(li.dataset.seq) > this.replaySeq;
    }
  }
}

if (root) window.arkChat = new Chat(root);
