// The score sheet page: draws the sheet JSON the server put in the page, then each one
// the server pushes (server-sent events), until the page is closed. Read-only: it only
// fetches.
"use strict";

(function () {
  const boot = JSON.parse(document.getElementById("sheet-data").textContent);
  const texts = boot.texts;
  const BANK_SCALE = 3; // a bank this many times the largest balance gets its own scale
  const RESAY_MS = 60000; // how often "in play" is looked at again (a game may fall idle)
  // The box's clock less the phone's: an idle game is told by the box's own times.
  const CLOCK_OFFSET_MS = Date.parse(boot.server_now) - Date.now() || 0;
  // Times in the reader's own form: the phone's time zone, and its locale where it is
  // of the page's language (en-GB or en-US on an English page), else the page's own.
  const PAGE_LANGUAGE = document.documentElement.lang;
  const LOCALE =
    [Intl.DateTimeFormat().resolvedOptions().locale, ...(navigator.languages || [])].find(
      (tag) => tag.split("-")[0] === PAGE_LANGUAGE
    ) || PAGE_LANGUAGE;
  const TIME_FORMAT = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
  let lastDrawn = null;
  let shown = null;

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

  // "2026-11-29T20:04:00+00:00" in the reader's own form.
  function when(iso) {
    const moment = Date.parse(iso);
    return Number.isNaN(moment) ? iso : TIME_FORMAT.format(new Date(moment));
  }

  // The row's first column, the others beneath it in small type (a phone has no room
  // for them beside the seats).
  function leadingCell(tag, cells) {
    const first = cell(tag, cells[0], "lead");
    const rest = cells.slice(1).filter((text) => text !== "");
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
    const lines = document.getElementById("chart");
    lines.hidden = chart.x.length === 0; // no row yet: no chart to draw
    if (lines.hidden) {
      document.getElementById("rates").hidden = true;
      return;
    }
    // The bank comes after the seats. Where it is far larger than any balance (a pool
    // the players pay into), it gets its own scale on the right so that the balances
    // stay readable; otherwise one scale shows them side by side.
    const bank = sheet.seat_columns.length;
    const largest = (values) => Math.max(0, ...values.map(Math.abs));
    const balances = Math.max(0, ...chart.lines.slice(0, bank).map((l) => largest(l.values)));
    const ownScale =
      chart.lines.length > bank && largest(chart.lines[bank].values) > BANK_SCALE * balances;
    const traces = chart.lines.map((line, index) => ({
      x: chart.x,
      y: line.values,
      name: line.name,
      type: "scatter",
      mode: "lines+markers",
      yaxis: index === bank && ownScale ? "y2" : "y",
      line: index === bank ? { dash: "dot", width: 3 } : { width: 2 },
    }));
    // the rows' name under the axis, the seats' legend below it
    const named = {
      xaxis: Object.assign(layout("").xaxis, { title: { text: chart.x_title, standoff: 4 } }),
      legend: { orientation: "h", y: -0.32 },
      margin: { l: 40, r: 40, t: 36, b: 64 },
    };
    const extra = ownScale
      ? {
          ...named,
          yaxis2: {
            overlaying: "y",
            side: "right",
            showgrid: false,
            fixedrange: true,
            tickformat: "d",
            title: { text: chart.lines[bank].name },
          },
        }
      : named;
    Plotly.react("chart", traces, layout(chart.title, extra), CONFIG);
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

  // Where the game stands: finished, in play, idle (no move for a while) or left
  // unfinished (a later game began), as the server's model says it of the same facts.
  function progress(sheet) {
    if (sheet.abandoned) return "abandoned";
    if (sheet.finished) return "finished";
    if (!sheet.latest) return "left";
    const idle = Date.now() + CLOCK_OFFSET_MS - Date.parse(sheet.last_move);
    return idle > boot.idle_after_s * 1000 ? "idle" : "unfinished";
  }

  function drawMeta(sheet) {
    const state = progress(sheet);
    const parts = [
      texts.started.replace("{time}", when(sheet.started)),
      texts[state].replace("{time}", when(sheet.finished)),
    ];
    if (sheet.last_move && state !== "finished") {
      parts.push(texts["last-move"].replace("{time}", when(sheet.last_move)));
    }
    parts.push(texts.events.replace("{count}", sheet.events));
    const meta = document.getElementById("meta");
    meta.textContent = parts.join(" · ");
    meta.dataset.progress = state;
  }

  function draw(sheet) {
    const now = document.getElementById("now");
    now.replaceChildren();
    const legend = document.getElementById("legend");
    legend.replaceChildren();
    shown = sheet;
    if (!sheet) {
      document.getElementById("name").textContent = texts["no-game"];
      return;
    }
    document.getElementById("name").textContent = sheet.name + " #" + sheet.id;
    for (const line of sheet.now) now.appendChild(cell("p", line));
    drawTable(sheet);
    for (const line of sheet.legend) legend.appendChild(cell("p", line));
    drawCharts(sheet);
    document.getElementById("options").textContent = sheet.options.join(" · ");
    drawMeta(sheet);
    document.body.dataset.events = String(sheet.events);
    document.body.dataset.game = String(sheet.id);
    lastDrawn = Date.now();
    document.body.dataset.drawnAt = String(lastDrawn);
  }

  draw(boot.sheet);
  window.followLive(boot.live, texts, {
    sheet: (data) => draw(JSON.parse(data)),
    nogame: () => draw(null),
  });
  setInterval(() => shown && drawMeta(shown), RESAY_MS);
})();
