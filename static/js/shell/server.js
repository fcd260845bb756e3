// The shell's requests to the API: JSON in and out, Django's CSRF token, and an answer's error in words.

function csrfToken() {
  const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

/** POST ``body`` as JSON; ``{res, data}`` (data: the JSON answer, or null). Rejects only when offline. */
export async function postJSON(url, body) {
  const res = await fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken() },
    body: JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  return { res, data };
}

/** GET a JSON answer; null unless it is a 2xx. */
export async function getJSON(url) {
  const res = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
  return res.ok ? res.json() : null;
}

/** What a refused request's answer says (the server's readable ``detail``, or its field errors). */
export function errorDetail(res, data) {
  return data?.detail || (data && typeof data === "object" ? Object.values(data).flat().join(" ") : "")
    || `the server answered ${res.status}`;
}
