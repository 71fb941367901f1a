// A page that follows the box live: its server-sent stream, the "live"/"offline" line in
// #status, and a stream the server closed (the box restarted, the Wi-Fi dropped) opened
// again after a pause. Shared by the game's sheet and the evening's page.
"use strict";

window.followLive = function (url, texts, handlers) {
  const RETRY_MS = 2000;

  function status(online) {
    const element = document.getElementById("status");
    element.dataset.state = online ? "live" : "offline";
    element.textContent = online ? texts.live : texts.offline;
  }

  function connect() {
    const source = new EventSource(url);
    source.addEventListener("open", () => status(true));
    for (const [name, handle] of Object.entries(handlers)) {
      source.addEventListener(name, (message) => {
        status(true);
        handle(message.data);
      });
    }
    source.addEventListener("error", () => {
      status(false);
      // EventSource retries by itself unless the server refused the stream outright.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(connect, RETRY_MS);
      }
    });
  }

  connect();
};
