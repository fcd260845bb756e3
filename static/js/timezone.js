// The sign-up form sends the browser's time zone, so deadlines read in local time from the first email.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
for (const input of document.querySelectorAll("input[data-time-zone]")) input.value = zone;
