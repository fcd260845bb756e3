// Tournaments: the new-tournament form shows only the chosen game's options and table sizes (the registry's
// counts, as the lobby does); a tournament's page keeps its standings and tables live by reading itself again
// when its API answer changes (every 30 s while the page is visible). The server computes everything shown.

function fitToGame(form) {
  const game = form.querySelector("select[name=game]")?.value;
  for (const input of form.querySelectorAll("[data-for-game]")) {
    const box = input.closest("div") || input;
    box.hidden = input.dataset.forGame !== game;
  }
  const seats = form.querySelector("select[name=seats][data-counts]");
  if (!seats || !game) return;
  const allowed = JSON.parse(seats.dataset.counts)[game] || [];
  for (const option of seats.options) option.disabled = !allowed.includes(Number(option.value));
  if (seats.selectedOptions[0]?.disabled) seats.value = String(allowed[0]);
}

for (const form of document.querySelectorAll("form.new-tournament")) {
  form.querySelector("select[name=game]")?.addEventListener("change", () => fitToGame(form));
  fitToGame(form);
}

const page = document.getElementById("tournament");
if (page) {
  let seen = null;
  const refresh = async () => {
    if (document.hidden) return;
    try {
      const answer = await fetch(page.dataset.api, { headers: { Accept: "application/json" } });
      if (!answer.ok) return;
      const text = await answer.text();
      if (seen !== null && text !== seen) {
        const html = await (await fetch(location.href)).text();
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("tournament-live");
        const live = document.getElementById("tournament-live");
        if (fresh && live) live.replaceWith(fresh);
      }
      seen = text;
    } catch (err) {
      // offline for a moment: the next round of the timer tries again
    }
  };
  refresh();
  setInterval(refresh, 30000);
  document.addEventListener("visibilitychange", refresh);
}
