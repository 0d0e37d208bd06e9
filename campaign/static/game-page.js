// A game's page around its board: the flip button (turns the live board and the replay half
// round), a sound on the opponent's move (a setting of this page, kept in localStorage; a tone
// made by WebAudio, nothing fetched), and the live board turning into the replay at the game's
// end without a reload (the replay's board, steps and moves, fetched in place).
(function () {
  var area = document.querySelector("[data-game-area]");
  if (!area) return;
  // The live board whole in the window, unscrolled (a desktop): its width from the height left below
  // where it starts, at its own proportions (a phone's board is the page's width).
  function fit() {
    var svg = area.querySelector("#live-board svg");
    if (!svg || window.innerWidth <= 640) return;
    var box = svg.getBoundingClientRect(), top = box.top + window.scrollY;
    if (!box.width || !box.height) return;
    var room = window.innerHeight - top - 8;
    document.documentElement.style.setProperty("--board-fit", Math.floor(room * box.width / box.height) + "px");
  }
  fit();
  window.addEventListener("resize", fit);
  document.addEventListener("htmx:afterSwap", fit);
  area.addEventListener("live-state", fit);  // the live board is drawn from the socket's state
  var flip = area.querySelector("[data-flip]");
  if (flip) flip.addEventListener("click", function () {
    var on = area.classList.toggle("turned");
    flip.setAttribute("aria-pressed", String(on));
  });

  var KEY = "chess-siege.sound", audio = null;
  var sound = area.querySelector("[data-sound]");
  function stored() { try { return window.localStorage.getItem(KEY); } catch (e) { return null; } }
  if (sound) {
    sound.checked = stored() !== "off";
    sound.addEventListener("change", function () {
      try { window.localStorage.setItem(KEY, sound.checked ? "on" : "off"); } catch (e) { /* private mode */ }
    });
  }
  // Browsers let a page sound only after a touch or a key: the context is made then.
  function unlock() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!audio && Context) audio = new Context();
    if (audio && audio.state === "suspended") audio.resume();
  }
  document.addEventListener("pointerdown", unlock);
  document.addEventListener("keydown", unlock);
  function tone() {
    area.dataset.sounds = String(Number(area.dataset.sounds || 0) + 1);
    if (!audio) return;
    var now = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
    osc.type = "triangle";
    osc.frequency.setValueAtTime(880, now);
    osc.frequency.exponentialRampToValueAtTime(440, now + 0.12);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.25, now + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
    osc.connect(gain);
    gain.connect(audio.destination);
    osc.start(now);
    osc.stop(now + 0.2);
  }

  var last = null, ended = false;
  area.addEventListener("live-state", function (e) {
    var s = e.detail;
    // A new move made while someone other than the reader was to move: the opponent's (a
    // spectator hears every move).
    if (last && s.ply > last.ply && last.to_move && last.to_move !== s.you && sound && sound.checked) tone();
    last = s;
    if (s.status !== "pending" && !ended && window.htmx) {
      // Over: the live board gives way to the replay at the end (the result and how it ended,
      // the steps, the moves); the status line and the clocks stay as they ended.
      ended = true;
      e.target.classList.add("over");
      window.htmx.ajax("GET", window.location.pathname + "?ply=" + s.ply, {target: "#live-board", swap: "outerHTML"});
      // and the engine's analysis card comes below (pending at first: it asks again by itself)
      var later = document.getElementById("analysis-later");
      if (later) window.htmx.ajax("GET", later.dataset.url, {target: "#analysis-later", swap: "outerHTML"});
    }
  });
})();
