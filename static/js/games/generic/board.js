// The generic board, for a game without a board of its own: the legal actions as buttons in words.
//
// It reads payload.turn.actions (the engine's legal actions, as the server lists them) with their words
// (payload.turn.action_words, from the engine's describe_action); else it names an action by its fields.
// A click sends that action as one step. Nothing here knows a rule.

import { _, escapeHtml } from "../../shell/words.js";

/** Words for an action: the server's where it gave some, else its type and fields. */
export function actionWords(action) {
  if (action.words) return String(action.words);
  const { type, ...rest } = action;
  const parts = Object.entries(rest).filter(([k]) => k !== "words")
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${Array.isArray(v) || typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${String(type || "action").replace(/[_-]/g, " ")}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

function positionHTML(view) {
  const text = view?.words || view?.summary || view?.description;
  if (text) return `<p>${escapeHtml(text)}</p>`;
  return `<details class="raw-view"><summary>${_("The position as the server describes it")}</summary><pre>${escapeHtml(JSON.stringify(view, null, 1))}</pre></details>`;
}

export function createBoard(root, boardData, api) {
  root.classList.add("generic-board");
  root.innerHTML = `<div class="generic-position" aria-live="polite"></div>`;
  const box = root.firstElementChild;

  function show(payload) {
    box.innerHTML = positionHTML(payload.view);
    const actions = payload.turn?.actions || [];
    const words = payload.turn?.action_words || [];  // the engine's words for each, in the same order
    const nodes = actions.map((action, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn action-choice";
      b.dataset.act = "step";
      const said = words[i] || actionWords(action);
      b.textContent = said.charAt(0).toUpperCase() + said.slice(1);
      b.addEventListener("click", () => api.step(action).catch(() => {}));
      return b;
    });
    if (nodes.length) {
      const h = document.createElement("p");
      h.className = "small";
      h.textContent = _("Choose your next action:");
      nodes.unshift(h);
    }
    api.setControls(nodes);
  }

  function showPosition(position) {
    box.innerHTML = positionHTML(position.view);
    api.setControls([]);
  }

  return { show, showPosition, destroy() { root.innerHTML = ""; root.classList.remove("generic-board"); } };
}
