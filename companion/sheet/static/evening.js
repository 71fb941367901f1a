// The evening's page: each person's total over the evening's games, who pays whom, the
// games in order and the running totals, drawn from the JSON the server put in the page,
// then from each one it pushes (server-sent events). Read-only: it only fetches.
"use strict";

(function () {
  const boot = JSON.parse(document.getElementById("evening-data").textContent);
  const PAGE_LANGUAGE = document.documentElement.lang;
  const LOCALE =
    [Intl.DateTimeFormat().resolvedOptions().locale, ...(navigator.languages || [])].find(
      (tag) => tag.split("-")[0] === PAGE_LANGUAGE
    ) || PAGE_LANGUAGE;
  const TIME_FORMAT = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short" });
  const CONFIG = { displayModeBar: false, responsive: true, staticPlot: false };

  function when(iso) {
    const moment = Date.parse(iso);
    return Number.isNaN(moment) ? iso : TIME_FORMAT.format(new Date(moment));
  }

  function element(tag, text, className) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = text;
    if (className) made.className = className;
    return made;
  }

  function linked(text, href) {
    if (!href) return element("span", text);
    const link = element("a", text);
    link.href = href;
    return link;
  }

  function drawTotals(evening, texts) {
    const table = document.getElementById("totals");
    table.replaceChildren();
    const head = table.createTHead().insertRow();
    head.appendChild(element("th", texts.person));
    head.appendChild(element("th", texts.games, "num"));
    head.appendChild(element("th", texts.wins, "num"));
    if (evening.has_points) head.appendChild(element("th", texts.points, "num"));
    if (evening.has_money) head.appendChild(element("th", texts.money, "num"));
    const body = table.createTBody();
    for (const person of evening.people) {
      const row = body.insertRow();
      const name = element("td", null, "lead");
      name.appendChild(linked(person.name, person.link));
      row.appendChild(name);
      row.appendChild(element("td", String(person.games), "num"));
      row.appendChild(element("td", String(person.wins), "num"));
      if (evening.has_points) row.appendChild(element("td", person.points_text, "num total"));
      if (evening.has_money) row.appendChild(element("td", person.money_text, "num total"));
    }
  }

  function drawSettle(evening, texts) {
    const section = document.getElementById("settle");
    section.replaceChildren();
    if (!evening.has_money) return;
    section.appendChild(element("h2", texts.settle));
    if (!evening.transfers.length) {
      section.appendChild(element("p", texts.settled));
      return;
    }
    const list = element("ul", null, "transfers");
    for (const transfer of evening.transfers) {
      list.appendChild(element("li", transfer.payer + " → " + transfer.payee + ": " + transfer.amount));
    }
    section.appendChild(list);
  }

  function drawGames(evening, texts) {
    document.getElementById("played-title").textContent = texts.played;
    const list = document.getElementById("played");
    list.replaceChildren();
    for (const game of evening.games) {
      const item = element("li");
      item.value = game.number;
      item.appendChild(linked(game.name + " #" + game.number, game.link));
      const said = [when(game.started), game.people.join(", ")];
      if (game.ending === "abandoned") said.push(texts.abandoned);
      else if (game.ending === "unfinished") said.push(texts.unfinished);
      else if (game.won_by) said.push(texts["won-by"].replace("{names}", game.won_by));
      item.appendChild(element("span", said.join(" · ")));
      list.appendChild(item);
    }
  }

  function colours() {
    const style = getComputedStyle(document.body);
    return {
      text: style.getPropertyValue("--text").trim(),
      grid: style.getPropertyValue("--grid").trim(),
    };
  }

  function drawCharts(evening, texts) {
    const box = document.getElementById("charts");
    box.replaceChildren();
    const colour = colours();
    evening.charts.forEach((chart, index) => {
      const place = element("div", null, "chart");
      place.id = "evening-chart-" + index;
      box.appendChild(place);
      const traces = chart.lines.map((line) => ({
        x: chart.x,
        y: line.values,
        name: line.name,
        text: chart.games,
        hovertemplate: "%{text}: %{y}",
        type: "scatter",
        mode: "lines+markers",
        line: { width: 2 },
      }));
      Plotly.react(
        place,
        traces,
        {
          title: { text: chart.title, font: { size: 14 } },
          paper_bgcolor: "rgba(0,0,0,0)",
          plot_bgcolor: "rgba(0,0,0,0)",
          font: { color: colour.text },
          margin: { l: 40, r: 16, t: 36, b: 64 },
          legend: { orientation: "h", y: -0.32 },
          xaxis: {
            gridcolor: colour.grid,
            fixedrange: true,
            type: "category",
            title: { text: texts.game, standoff: 4 },
          },
          yaxis: { gridcolor: colour.grid, fixedrange: true, zerolinecolor: colour.grid },
          height: 300,
        },
        CONFIG
      );
    });
  }

  function drawAround(evening, texts) {
    const nav = document.getElementById("around");
    nav.replaceChildren();
    const lang = "?lang=" + boot.lang;
    if (evening.earlier) nav.appendChild(linked(texts.earlier, "/evening/" + evening.earlier + lang));
    if (evening.earlier && evening.later) nav.appendChild(document.createTextNode(" · "));
    if (evening.later) nav.appendChild(linked(texts.later, "/evening/" + evening.later + lang));
  }

  function draw(evening) {
    const texts = evening.texts;
    document.getElementById("title").textContent =
      evening.number === null ? texts.title : texts.title + " · " + when(evening.started);
    const empty = evening.number === null;
    document.getElementById("when").textContent = empty ? texts.none : "";
    for (const id of ["totals", "settle", "played", "charts"]) {
      document.getElementById(id).hidden = empty;
    }
    document.getElementById("played-title").hidden = empty;
    if (!empty) {
      drawTotals(evening, texts);
      drawSettle(evening, texts);
      drawGames(evening, texts);
      drawCharts(evening, texts);
    }
    drawAround(evening, texts);
    document.body.dataset.evening = String(evening.number);
    document.body.dataset.games = String(empty ? 0 : evening.games.length);
  }

  draw(boot.evening);
  window.followLive(boot.live, boot.texts, {
    evening: (data) => draw(JSON.parse(data)),
  });
})();
