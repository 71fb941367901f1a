// The score sheet page: draws the sheet JSON the server put in the page, then each one
// the server pushes (server-sent events), until the page is closed. Read-only: it only
// fetches.
"use strict";

(function () {
  const boot = JSON.parse(document.getElementById("sheet-data").textContent);
  const texts = boot.texts;
  const RETRY_MS = 2000; // a closed stream (the box restarted, the Wi-Fi dropped) reopens
  let source = null;
  let lastDrawn = null;

  function cell(tag, text, className) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  function seatCell(tag, value, note) {
    const element = cell(tag, value, "num");
    if (note) element.appendChild(cell("small", note));
    return element;
  }

  function drawTable(sheet) {
    const table = document.getElementById("sheet");
    table.replaceChildren();
    const head = table.createTHead().insertRow();
    for (const name of sheet.leading_columns) head.appendChild(cell("th", name));
    for (const name of sheet.seat_columns) head.appendChild(cell("th", name, "num"));
    if (sheet.bank_column) head.appendChild(cell("th", sheet.bank_column, "num"));
    const body = table.createTBody();
    for (const row of sheet.rows) {
      const line = body.insertRow();
      row.leading.forEach((text, index) => {
        line.appendChild(cell("td", text, index === 1 && sheet.game !== "oh-hell" ? "event" : ""));
      });
      row.seats.forEach((value, seat) => line.appendChild(seatCell("td", value, row.notes[seat])));
      if (sheet.bank_column) line.appendChild(cell("td", row.bank, "num"));
    }
    if (sheet.totals.length) {
      const foot = table.createTFoot().insertRow();
      foot.id = "totals";
      const label = cell("th", texts.total);
      label.colSpan = sheet.leading_columns.length;
      foot.appendChild(label);
      sheet.totals.forEach((value) => foot.appendChild(cell("td", value, "num total")));
    }
  }

  function colours() {
    const style = getComputedStyle(document.body);
    return {
      text: style.getPropertyValue("--text").trim(),
      grid: style.getPropertyValue("--grid").trim(),
    };
  }

  function layout(title, extra) {
    const colour = colours();
    return Object.assign(
      {
        title: { text: title, font: { size: 14 } },
        paper_bgcolor: "rgba(0,0,0,0)",
        plot_bgcolor: "rgba(0,0,0,0)",
        font: { color: colour.text },
        margin: { l: 40, r: 10, t: 36, b: 36 },
        legend: { orientation: "h", y: -0.2 },
        xaxis: { gridcolor: colour.grid, fixedrange: true },
        yaxis: { gridcolor: colour.grid, fixedrange: true, zerolinecolor: colour.grid },
        height: 300,
      },
      extra || {}
    );
  }

  const CONFIG = { displayModeBar: false, responsive: true, staticPlot: false };

  function drawCharts(sheet) {
    const chart = sheet.chart;
    const lines = chart.lines.map((line, index) => ({
      x: chart.x,
      y: line.values,
      name: line.name,
      type: "scatter",
      mode: "lines+markers",
      line: index === sheet.seat_columns.length ? { dash: "dot", width: 3 } : { width: 2 },
    }));
    Plotly.react("chart", lines, layout(chart.title), CONFIG);
    const rates = document.getElementById("rates");
    if (chart.rates.length) {
      rates.hidden = false;
      const bars = [
        {
          x: chart.rates.map((rate) => rate.name),
          y: chart.rates.map((rate) => rate.values[0]),
          type: "bar",
          text: chart.rates.map((rate) => Math.round(rate.values[0] * 100) + "%"),
          textposition: "auto",
        },
      ];
      Plotly.react(
        "rates",
        bars,
        layout(chart.rates_title, { yaxis: { range: [0, 1], tickformat: ".0%", fixedrange: true } }),
        CONFIG
      );
    } else {
      rates.hidden = true;
    }
  }

  function draw(sheet) {
    const now = document.getElementById("now");
    now.replaceChildren();
    if (!sheet) {
      document.getElementById("name").textContent = texts["no-game"];
      return;
    }
    document.getElementById("name").textContent = sheet.name + " #" + sheet.id;
    for (const line of sheet.now) now.appendChild(cell("p", line));
    drawTable(sheet);
    drawCharts(sheet);
    const state = sheet.finished ? sheet.finished : texts.unfinished;
    document.getElementById("meta").textContent =
      sheet.header + " · " + sheet.started + " · " + state + " · " +
      texts.events.replace("{count}", sheet.events);
    document.body.dataset.events = String(sheet.events);
    document.body.dataset.game = String(sheet.id);
    lastDrawn = Date.now();
    document.body.dataset.drawnAt = String(lastDrawn);
  }

  function status(online) {
    const element = document.getElementById("status");
    element.dataset.state = online ? "live" : "offline";
    element.textContent = online ? texts.live : texts.offline;
  }

  function connect() {
    source = new EventSource(boot.live);
    source.addEventListener("open", () => status(true));
    source.addEventListener("sheet", (message) => {
      status(true);
      draw(JSON.parse(message.data));
    });
    source.addEventListener("nogame", () => {
      status(true);
      draw(null);
    });
    source.addEventListener("error", () => {
      status(false);
      // EventSource retries by itself unless the server refused the stream outright.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, RETRY_MS);
      }
    });
  }

  draw(boot.sheet);
  connect();
})();
