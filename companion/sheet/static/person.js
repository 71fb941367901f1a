// A person's page: the money they took home evening by evening, as bars (the figures
// and the table are the page's own HTML). Read-only.
"use strict";

(function () {
  const boot = JSON.parse(document.getElementById("record-data").textContent);
  const evenings = boot.record.evenings.filter((line) => line.money !== null);
  const place = document.getElementById("record-chart");
  if (!evenings.length) {
    place.hidden = true;
    return;
  }
  const style = getComputedStyle(document.body);
  const text = style.getPropertyValue("--text").trim();
  const grid = style.getPropertyValue("--grid").trim();
  const format = new Intl.DateTimeFormat(boot.lang, { dateStyle: "medium" });
  Plotly.react(
    place,
    [
      {
        x: evenings.map((line) => format.format(new Date(Date.parse(line.started)))),
        y: evenings.map((line) => line.money),
        type: "bar",
      },
    ],
    {
      title: { text: boot.title, font: { size: 14 } },
      paper_bgcolor: "rgba(0,0,0,0)",
      plot_bgcolor: "rgba(0,0,0,0)",
      font: { color: text },
      margin: { l: 40, r: 16, t: 36, b: 48 },
      xaxis: { gridcolor: grid, fixedrange: true, type: "category" },
      yaxis: { gridcolor: grid, fixedrange: true, zerolinecolor: grid },
      height: 280,
    },
    { displayModeBar: false, responsive: true }
  );
})();
