// The score sheet page: draws the sheet JSON the server put in the page, then each one
// the server pushes (server-sent events), until the page is closed. Read-only: it only
// fetches.
"use strict";

(function () {
  const boot = JSON.parse(document.getElementById("sheet-data").textContent);
  const texts = boot.texts;
  const BANK_SCALE = 3; // a bank this many times the largest balance gets its own scale
  const RETRY_MS = 2000; // a closed stream (the box restarted, the Wi-Fi dropped) reopens
  let source = null;
  let lastDrawn = null;

  function cell(tag, text, className) {
    const element = document.createElement(tag);
    element.textContent = text;
    if (className) element.className = className;
    return element;
  }

  // A seat's value with its note beneath; a note of several parts ("stake 4 · +4") puts
  // each on a line of its own, so that a narrow column stays narrow.
  function seatCell(tag, value, note) {
    const element = cell(tag, value, "num");
    for (const part of (note || "").split(" · ")) {
      if (part) element.appendChild(cell("small", part));
    }
    return element;
  }

  const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  // "8D" as "8♦"; any other text as it is.
  function card(text) {
    const match = /^(10|[2-9JQKA])([SHDC])$/.exec(text);
    return match ? match[1] + SUITS[match[2]] : text;
  }

  // The row's first column, the others beneath it in small type (a phone has no room
  // for them beside the seats).
  function leadingCell(tag, cells) {
    const first = cell(tag, cells[0], "lead");
    const rest = cells.slice(1).filter((text) => text !== "").map(card);
    if (rest.length) first.appendChild(cell("small", rest.join(" · ")));
    return first;
  }

  function drawTable(sheet) {
    const table = document.getElementById("sheet");
    table.replaceChildren();
    const head = table.createTHead().insertRow();
    head.appendChild(leadingCell("th", sheet.leading_columns));
    for (const name of sheet.seat_columns) head.appendChild(cell("th", name, "num"));
    if (sheet.bank_column) head.appendChild(cell("th", sheet.bank_column, "num"));
    const body = table.createTBody();
    for (const row of sheet.rows) {
      const line = body.insertRow();
      line.appendChild(leadingCell("td", row.leading));
      row.seats.forEach((value, seat) => line.appendChild(seatCell("td", value, row.notes[seat])));
      if (sheet.bank_column) line.appendChild(cell("td", row.bank, "num"));
    }
    if (sheet.totals.length) {
      const foot = table.createTFoot().insertRow();
      foot.id = "totals";
      foot.appendChild(cell("th", texts.total));
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
        margin: { l: 40, r: 40, t: 36, b: 36 },
        legend: { orientation: "h", y: -0.2 },
        xaxis: { gridcolor: colour.grid, fixedrange: true, type: "category" },
        yaxis: { gridcolor: colour.grid, fixedrange: true, zerolinecolor: colour.grid },
        height: 300,
      },
      extra || {}
    );
  }

  const CONFIG = { displayModeBar: false, responsive: true, staticPlot: false };

  function drawCharts(sheet) {
    const chart = sheet.chart;
    // The bank comes after the seats. Where it is far larger than any balance (a pool
    // the players pay into), it gets its own scale on the right so that the balances
    // stay readable; otherwise one scale shows them side by side.
    const bank = sheet.seat_columns.length;
    const largest = (values) => Math.max(0, ...values.map(Math.abs));
    const balances = Math.max(0, ...chart.lines.slice(0, bank).map((l) => largest(l.values)));
    const ownScale =
      chart.lines.length > bank && largest(chart.lines[bank].values) > BANK_SCALE * balances;
    const lines = chart.lines.map((line, index) => ({
      x: chart.x,
      y: line.values,
      name: line.name,
      type: "scatter",
      mode: "lines+markers",
      yaxis: index === bank && ownScale ? "y2" : "y",
      line: index === bank ? { dash: "dot", width: 3 } : { width: 2 },
    }));
    const extra = ownScale
      ? {
          yaxis2: {
            overlaying: "y",
            side: "right",
            showgrid: false,
            fixedrange: true,
            tickformat: "d",
            title: { text: chart.lines[bank].name },
          },
        }
      : {};
    Plotly.react("chart", lines, layout(chart.title, extra), CONFIG);
    const rates = document.getElementById("rates");
    if (chart.rates.length) {
      rates.hidden = false;
      const bars = [
        {
          x: chart.rates.map((rate) => rate.name),
          y: chart.rates.map((rate) => rate.values[0]),
          type: "bar",
          text: chart.rates.map((rate) => Math.round(rate.values[0] * 100) + "%"),
          textposition: "outside",
          cliponaxis: false,
        },
      ];
      Plotly.react(
        "rates",
        bars,
        layout(chart.rates_title, {
          yaxis: { range: [0, 1.15], tickformat: ".0%", fixedrange: true, gridcolor: colours().grid },
        }),
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
    const state = sheet.abandoned
      ? texts.abandoned.replace("{time}", sheet.finished)
      : sheet.finished ? sheet.finished : texts.unfinished;
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
