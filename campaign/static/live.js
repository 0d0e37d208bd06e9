// A battle game played live on the site: the server's state arrives on the game's websocket and
// is drawn as sent (board, moves, clocks, whose turn); a player's clicks, drags or typed moves go back
// as frames. The server decides everything: this only shows and sends. Each state is handled in
// show() and then announced to the page around the board (a "live-state" event: game-page.js).
(function () {
  var root = document.getElementById("live");
  if (!root || !window.WebSocket) return;
  var state = null, received = 0, picked = null, socket = null, retry = 500;
  var board = document.getElementById("live-board");
  var statusLine = document.getElementById("live-status");
  var refusal = document.getElementById("live-refusal");
  var form = document.querySelector("[data-live-form]");

  function clockText(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), m = Math.floor(s / 60);
    return m + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    if (!state || !state.clocks) return;
    ["attacker", "defender"].forEach(function (side) {
      var ms = state.clocks[side];
      if (state.to_move === side) ms -= Date.now() - received;
      var el = root.querySelector('.clock[data-side="' + side + '"]');
      el.querySelector("time").textContent = clockText(ms);
      el.classList.toggle("running", state.to_move === side);
      el.classList.toggle("low", ms < Number(root.dataset.lowMs || 0));  // the low-time warning
    });
  }
  // The moves sent so far, each [ply, move]: the whole list when the socket opens, then only
  // the moves after those (play/selectors/live.py, watcher_state). A gap (a change lost on
  // the way) asks the server for the whole state again.
  var played = [];
  function takeMoves(s) {
    if (s.moves) {
      played = [];
      s.moves.forEach(function (pair) { played = played.concat(pair.moves); });
      drawMoves(0);
      return true;
    }
    if (s.moves_from !== played.length) { send({action: "state"}); return false; }
    var from = played.length;
    played = played.concat(s.moves_new);
    drawMoves(from);
    return true;
  }
  // The move list by pairs (as players number it); from the pair of move `from` on.
  function drawMoves(from) {
    var list = document.getElementById("live-moves"), pair = Math.floor(from / 2);
    while (list.children.length > pair) list.removeChild(list.lastChild);
    for (var i = pair * 2; i < played.length; i += 2) {
      var li = document.createElement("li");
      li.textContent = played.slice(i, i + 2).map(function (m) { return m[1]; }).join(" ");
      list.appendChild(li);
    }
  }
  function show(s) {
    if (!takeMoves(s)) return;
    state = s; received = Date.now(); pick(null);
    board.innerHTML = s.svg;
    // The black side sees its own pieces at the bottom (the board turned, the pieces upright).
    board.classList.toggle("flipped", Boolean(s.you && s.colours && s.colours[s.you] === "black"));
    statusLine.textContent = s.status_text;
    var mine = s.you && s.status === "pending";
    root.querySelectorAll("[data-live=ready]").forEach(function (b) { b.hidden = !mine || s.live || s.ready[s.you]; });
    root.querySelectorAll("[data-live=draw], [data-live=resign]").forEach(function (b) { b.hidden = !mine || !s.live; });
    if (form) form.hidden = !(mine && s.live && s.to_move === s.you);
    var actions = root.querySelector("[data-player]");
    if (actions) actions.hidden = s.status !== "pending";  // resign's <details> too, once it is over
    heading(s);
    showClaim(s);
    root.classList.toggle("playing", Boolean(mine && s.live));  // the board takes touches, not scrolls
    root.dataset.status = s.status;
    root.dataset.ply = s.ply;
    tick();
    // The page around the board (the sound, the replay once it is over) hears of each state.
    root.dispatchEvent(new CustomEvent("live-state", {detail: s, bubbles: true}));
  }
  // A claim (R11.3: a repetition, in chess also fifty moves): the button shows only to the player
  // who may claim now, saying what the claim is (templates/battles/_live_claim.html).
  function showClaim(s) {
    var box = root.querySelector("[data-live-claim]");
    if (!box) return;
    var claim = s.you && s.status === "pending" && s.claimable ? s.claimable[s.you] : null;
    box.hidden = !claim;
    box.querySelectorAll("[data-claim-kind]").forEach(function (el) { el.hidden = !claim || el.dataset.claimKind !== claim.kind; });
  }
  // The page's heading line and the forms that only a game in play has (report the record,
  // agree to play off hours, enter a result) follow the state: a game that ends while the page
  // is open (mate, resignation, a draw, a flag, a retreat) reads as it does after a reload.
  function heading(s) {
    var line = document.querySelector("[data-game-heading]");
    if (line) {
      line.querySelector("[data-game-status]").textContent = s.status_label;
      var result = line.querySelector("[data-game-result]");
      result.textContent = "";
      if (s.result) {
        var strong = document.createElement("strong");
        strong.textContent = s.result;
        result.append(" · ", strong);
      }
      line.querySelector("[data-game-how]").textContent = s.how ? " · " + s.how : "";
    }
    document.querySelectorAll("[data-while-pending]").forEach(function (el) { el.hidden = s.status !== "pending"; });
    // Reporting a record, agreeing to play off hours: only for a game not played here.
    document.querySelectorAll("[data-before-live]").forEach(function (el) { el.hidden = el.hidden || s.live; });
  }
  function send(frame) {
    refusal.hidden = true;
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
  }
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.onopen = function () { retry = 500; root.dataset.connected = "1"; };
    socket.onmessage = function (e) {
      var message = JSON.parse(e.data);
      if (message.type === "state") show(message);
      else if (message.type === "refused") { refusal.textContent = message.message; refusal.hidden = false; }
    };
    socket.onclose = function () {  // a dropped connection comes back and gets the server's state
      root.dataset.connected = "";
      if (state && state.status !== "pending") return;
      setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
    };
  }
  root.addEventListener("click", function (e) {
    var action = e.target.closest("[data-live]");
    if (action) send({action: action.dataset.live});
  });
  if (form) form.addEventListener("submit", function (e) {
    e.preventDefault();
    var input = form.querySelector("input[name=move]");
    if (state && input.value.trim()) send({action: "move", move: input.value.trim(), ply: state.ply});
    input.value = "";
  });
  // Turned half round: black's own view (flipped), unless the reader turned it back (the
  // page's flip button turns the whole game area).
  function turned() {
    var area = root.closest("[data-game-area]");
    return board.classList.contains("flipped") !== Boolean(area && area.classList.contains("turned"));
  }
  // The point under the pointer as a square name (board-points.js, turned half round for black);
  // null off the board or when it is not this player's turn.
  function squareAt(e) {
    var svg = board.querySelector("svg");
    if (!svg || !state || !state.live || state.to_move !== state.you) return null;
    return window.boardPoints.squareAt(svg, root.dataset.kind, e, turned());
  }
  // A picked piece's legal destinations (sent with the state), as dots on the board.
  function hint(from) {
    board.querySelectorAll(".hint").forEach(function (dot) { dot.remove(); });
    var svg = board.querySelector("svg");
    if (!from || !svg || !state || !state.legal) return;
    (state.legal[from] || []).forEach(function (to) {
      var at = window.boardPoints.point(root.dataset.kind, to);
      var dot = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      dot.setAttribute("class", "hint");
      dot.setAttribute("cx", at.x); dot.setAttribute("cy", at.y); dot.setAttribute("r", 7);
      svg.appendChild(dot);
    });
  }
  function pick(square) { picked = square; board.dataset.picked = square || ""; hint(square); }
  // Drag: pressed on one point, let go on another.
  var pressed = null, dragged = false;
  board.addEventListener("pointerdown", function (e) {
    pressed = squareAt(e);
    if (pressed) {
      e.preventDefault();  // no text selection or image drag while moving a piece
      if (!picked) hint(pressed);
    }
  });
  board.addEventListener("pointerup", function (e) {
    var from = pressed, to = squareAt(e);
    pressed = null;
    if (!from || !to || from === to) return;  // a click: click-click below
    dragged = true; pick(null);
    send({action: "move", move: from + to, ply: state.ply});
  });
  // Click-click: a point, then another.
  board.addEventListener("click", function (e) {
    if (dragged) { dragged = false; return; }  // the click that ends a drag
    var square = squareAt(e);
    if (!square) return;
    if (!picked) { pick(square); return; }
    var move = picked + square;
    pick(null);
    if (move.slice(0, 2) !== move.slice(2)) send({action: "move", move: move, ply: state.ply});
  });
  setInterval(tick, 250);
  connect();
})();
