// The points of a xiangqi or chess board as the server draws it (games/xiangqi_svg.py: points 40
// apart from 30, of 380 × 420; games/chess_svg.py: squares of 45 from 15, of 390 × 390), turned
// half round or not (black's own view: `.board.flipped`, site.css): the square under the pointer
// (ICCS: files a–i or a–h, ranks from red's or white's side), and a square's point. Shared by the
// war's live board (live.js) and a friendly game's page (friendly.js).
window.boardPoints = (function () {
  // The square under the pointer event `e` on `svg`, null off the board; `turned`: the board is
  // seen half round, its bottom right corner at the top left.
  function squareAt(svg, kind, e, turned) {
    var box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    var fx = (e.clientX - box.left) / box.width, fy = (e.clientY - box.top) / box.height;
    if (turned) { fx = 1 - fx; fy = 1 - fy; }
    var x = fx * view.width, y = fy * view.height;
    if (kind === "chess") {
      var file = Math.floor((x - 15) / 45), rank = 7 - Math.floor((y - 15) / 45);
      return file < 0 || file > 7 || rank < 0 || rank > 7 ? null : "abcdefgh"[file] + (rank + 1);
    }
    var col = Math.round((x - 30) / 40), row = Math.round((y - 30) / 40);
    return col < 0 || col > 8 || row < 0 || row > 9 ? null : "abcdefghi"[col] + (9 - row);
  }
  // A square's centre in the drawing's own coordinates (a turned board is turned by its style).
  function point(kind, square) {
    if (kind === "chess") {
      return {x: 37.5 + 45 * "abcdefgh".indexOf(square[0]), y: 37.5 + 45 * (8 - Number(square[1]))};
    }
    return {x: 30 + 40 * "abcdefghi".indexOf(square[0]), y: 30 + 40 * (9 - Number(square[1]))};
  }
  return {squareAt: squareAt, point: point};
})();
