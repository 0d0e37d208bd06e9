// Live countdowns to arrival, and one submission per form (a double click sends one request).
(function () {
  function pad(n) { return String(n).padStart(2, "0"); }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      if (isNaN(left)) return;
      if (left <= 0) { el.textContent = "0:00"; el.classList.add("due"); return; }
      var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
      el.textContent = (h ? h + ":" + pad(m) : m) + ":" + pad(s);
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
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (form.dataset.sent) { e.preventDefault(); return; }
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
