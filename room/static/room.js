// An open game room page: its socket (/ws/room/) says when a seek was opened, accepted or
// withdrawn, and the list of seeks is fetched again (/room/seeks/) and put in place. The page
// never sends on the socket; a dropped socket is opened again, and the list read on reopening.
// When one of the reader's own seeks leaves the list (accepted), the whole page is read again: it
// links the game that seek made.
(function () {
  var list = document.getElementById("room-seeks");
  if (!list || !window.WebSocket || !window.fetch) return;
  var retry = 500, opened = false;
  function refresh() {
    fetch(list.dataset.src, {credentials: "same-origin", headers: {"HX-Request": "true"}})
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var own = Array.prototype.map.call(list.querySelectorAll("[data-own]"), function (row) { return row.dataset.seek; });
        list.innerHTML = html;
        // One of the reader's own seeks was taken up: the page again, with the game it made.
        if (own.some(function (id) { return !list.querySelector('[data-seek="' + id + '"]'); })) location.reload();
        list.dispatchEvent(new CustomEvent("room-seeks", {bubbles: true}));
      })
      .catch(function () {});
  }
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/room/");
    socket.onopen = function () {
      if (opened) refresh();  // what was missed while it was closed
      opened = true;
      retry = 500;
      list.dataset.live = "on";
    };
    socket.onmessage = refresh;
    socket.onclose = function () {
      list.dataset.live = "off";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }
  connect();
})();
