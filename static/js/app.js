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
