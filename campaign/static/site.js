// Live countdowns ("in 19 min 31 s", in the page's language, from the words on <body>; the
// clock time the server wrote stays as the element's title), and one submission per form.
(function () {
  function words(name, values) {
    var text = document.body.dataset[name] || "";
    return text.replace(/\{(\w)\}/g, function (_m, key) { return values[key]; });
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      if (isNaN(left)) return;
      if (!el.title && el.textContent.trim() && el.textContent.trim() !== "…") { el.title = el.textContent.trim(); }
      if (left <= 0) { el.textContent = words("due", {}); el.classList.add("due"); return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      if (h) { el.textContent = words("inHours", {h: h, m: m}); }
      else if (m) { el.textContent = words("inMinutes", {m: m, s: s}); }
      else { el.textContent = words("inSeconds", {s: s}); }
    });
  }
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
  document.addEventListener("htmx:afterSwap", tick);
  // A select that submits its form when changed (no inline handlers: the CSP forbids them).
  document.addEventListener("change", function (e) {
    if (e.target.matches("select[data-autosubmit]")) { e.target.form.submit(); }
  });
  // Replay steps by the arrow keys on a game's page.
  document.addEventListener("keydown", function (e) {
    var link = document.querySelector('.steps a[data-key="' + e.key + '"]');
    if (link) { window.location = link.href; }
  });
  // The time-zone page: offer the zone this device is set to.
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.querySelector("[data-device-zone]");
    var select = document.getElementById("zone");
    var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!button || !select || !zone || !select.querySelector('option[value="' + zone + '"]')) return;
    button.hidden = false;
    button.textContent += " (" + zone + ")";
    button.addEventListener("click", function () { select.value = zone; });
  });
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.dataset.sent) { e.preventDefault(); return; }
    // A dismissal (choosing nobody) asks first.
    var select = form.querySelector("select");
    if (form.dataset.confirmEmpty && select && select.value === "" && !window.confirm(form.dataset.confirmEmpty)) {
      e.preventDefault(); return;
    }
    form.dataset.sent = "1";
  });
})();
// Dark chess: clicking squares fills the action ("b3", then "b3-b4" or "b3xb1" on a second click).
document.addEventListener("click", function (e) {
  var cell = e.target.closest("table.banqi td");
  if (!cell) return;
  var input = document.querySelector('#banqi-actions input[name="action"]');
  if (!input) return;
  var square = cell.dataset.square, current = input.value;
  if (current.length === 2 && current !== square) {
    input.value = current + (cell.classList.contains("empty") ? "-" : "x") + square;
  } else {
    input.value = square;
  }
});
// Dark chess: the page hears of each action over the game's websocket and fetches its board
// again at once (htmx, the "banqi-changed" trigger); it polls slowly as well, in case.
(function () {
  var live = document.getElementById("banqi-live");
  if (!live || !window.WebSocket) return;
  var retry = 500;
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + live.dataset.socket);
    socket.onopen = function () { retry = 500; live.dataset.connected = "1"; };
    socket.onmessage = function (e) {
      if (JSON.parse(e.data).type === "changed") document.body.dispatchEvent(new Event("banqi-changed"));
    };
    socket.onclose = function () { live.dataset.connected = ""; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
  }
  connect();
})();
