// The installable app: every page registers the site's service worker (/sw.js, games/push/web.py), which keeps
// the shell for offline use and shows pushes, and keeps the browser's offer to install the site as an app.
"use strict";

/** The service worker's registration once it is registered (null where the browser has none). */
export const registration = "serviceWorker" in navigator
  ? navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch((error) => {
    console.warn("the service worker could not be registered:", error);
    return null;
  })
  : Promise.resolve(null);

let installPrompt = null;

// Chromium offers to install (its own bar on a phone stays); the settings page offers a button as well.
window.addEventListener("beforeinstallprompt", (event) => {
  installPrompt = event;
  document.dispatchEvent(new CustomEvent("app:installable"));
});
window.addEventListener("appinstalled", () => {
  installPrompt = null;
  document.dispatchEvent(new CustomEvent("app:installed"));
});

/** True when the browser has offered to install the site. */
export function canInstall() {
  return installPrompt !== null;
}

/** Ask the browser to install the site; true if the player accepted. */
export async function install() {
  if (installPrompt === null) return false;
  const prompt = installPrompt;
  installPrompt = null;
  await prompt.prompt();
  const choice = await prompt.userChoice;
  return choice.outcome === "accepted";
}

// Logging out also turns this device's notifications off: a shared phone or computer must not go on showing one
// player's turns to the next person. At most a few seconds: logging out never waits on it for long.
const LOGOUT = "/accounts/logout/";
const DEVICES = "/api/accounts/me/push/devices/";

async function forgetThisDevice(form) {
  const reg = await registration;
  const subscription = reg && reg.pushManager ? await reg.pushManager.getSubscription() : null;
  if (!subscription) return;
  const csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
  await fetch(DEVICES, {
    method: "DELETE", credentials: "same-origin", body: JSON.stringify({endpoint: subscription.endpoint}),
    headers: {"Content-Type": "application/json", "X-CSRFToken": csrf ? csrf.value : ""},
  });
  await subscription.unsubscribe();
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || new URL(form.action, location.href).pathname !== LOGOUT) return;
  event.preventDefault();
  const waitAtMost = new Promise((done) => setTimeout(done, 3000));
  Promise.race([forgetThisDevice(form), waitAtMost]).catch(() => null).finally(() => form.submit());
});

// The language switcher (templates/i18n/language_form.html) changes the page as soon as a language is picked.
document.addEventListener("change", (event) => {
  const select = event.target;
  if (select instanceof HTMLSelectElement && select.matches("[data-autosubmit]") && select.form) select.form.submit();
});
