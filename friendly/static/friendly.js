// A friendly game's page: the clocks tick down (the server's milliseconds left, as drawn), and
// on a xiangqi or chess board two clicks fill the move field (from-square then to-square, as
// h2e2 or e2e4). The server decides everything; the socket listener that fetches the board
// again after each change is site.js's (the dark-chess one, #banqi-live).
(function () {
  var drawn = Date.now();
  function clockText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    document.querySelectorAll("#friendly-game .clock[data-left-ms]").forEach(function (el) {
      var ms = Number(el.dataset.leftMs) - (el.dataset.running ? Date.now() - drawn : 0);
      el.querySelector("time").textContent = clockText(ms);
    });
  }
  document.addEventListener("htmx:afterSwap", function () { drawn = Date.now(); tick(); });
  setInterval(tick, 250);
  function squareAt(root, e) {
    var svg = root.querySelector("#friendly-board svg");
    if (!svg) return null;
    var box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    var x = (e.clientX - box.left) / box.width * view.width, y = (e.clientY - box.top) / box.height * view.height;
    if (root.dataset.kind === "chess") {
      var file = Math.floor((x - 15) / 45), rank = 7 - Math.floor((y - 15) / 45);
      return file < 0 || file > 7 || rank < 0 || rank > 7 ? null : "abcdefgh"[file] + (rank + 1);
    }
    var col = Math.round((x - 30) / 40), row = Math.round((y - 30) / 40);
    return col < 0 || col > 8 || row < 0 || row > 9 ? null : "abcdefghi"[col] + (9 - row);
  }
  document.addEventListener("click", function (e) {
    var root = e.target.closest && e.target.closest("#friendly-game");
    var input = root && root.querySelector('[data-move-form] input[name="move"]');
    if (!input || !e.target.closest("#friendly-board")) return;
    var square = squareAt(root, e);
    if (!square) return;
    if (input.value.length === 2 && input.value !== square) {
      input.value += square;
      input.form.requestSubmit();
    } else {
      input.value = square;
    }
  });
})();
