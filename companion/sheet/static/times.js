// The list of games: each <time datetime="..."> written in the reader's own form instead
// of the box's ISO time: the phone's time zone, and its locale where it is of the page's
// language, else the page's own (as sheet.js does).
"use strict";

(function () {
  const page = document.documentElement.lang;
  const system = Intl.DateTimeFormat().resolvedOptions().locale;
  const locale =
    [system, ...(navigator.languages || [])].find((tag) => tag.split("-")[0] === page) || page;
  const FORMAT = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  for (const element of document.querySelectorAll("time[datetime]")) {
    const moment = Date.parse(element.getAttribute("datetime"));
    if (!Number.isNaN(moment)) element.textContent = FORMAT.format(new Date(moment));
  }
})();
