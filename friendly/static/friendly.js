// A friendly game's page: the clocks tick down (the server's milliseconds left, as drawn), and
// on a xiangqi or chess board two clicks fill the move field (from-square then to-square, as
// h2e2 or e2e4), on the board as the reader sees it (turned for black's player). The server
// decides everything; the socket listener that fetches the board again after each change is
// site.js's (the dark-chess one, #banqi-live).
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
  // The point clicked as a square name (board-points.js, the war's live board's too): on the
  // board as the reader sees it, turned half round for black's player (`.flipped`).
  function squareAt(root, e) {
    var board = root.querySelector("#friendly-board"), svg = board && board.querySelector("svg");
    if (!svg) return null;
    return window.boardPoints.squareAt(svg, root.dataset.kind, e, board.classList.contains("flipped"));
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
