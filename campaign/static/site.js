// Live countdowns ("in 19 min 31 s", in the page's language, from the words on <body>; the
// clock time the server wrote stays as the element's title), and one submission per form.
(function () {
  function words(name, values) {
    var text = document.body.dataset[name] || "";
    return text.replace(/\{(\w)\}/g, function (_m, key) { return values[key]; });
  }
  // While the war is paused (R1.1: nothing falls due, every deadline moves by the pause), a
  // countdown stands still at what was left when the pause began.
  function held(left) {
    var h = Math.floor(left / 3600), m = Math.floor((left % 3600) / 60), s = left % 60;
    var span = h ? words("forHours", {h: h, m: m}) : m ? words("forMinutes", {m: m, s: s}) : words("forSeconds", {s: s});
    return words("paused", {}).replace("{left}", span);
  }
  function tick() {
    var pausedAt = document.body.dataset.pausedAt ? Date.parse(document.body.dataset.pausedAt) : NaN;
    var now = isNaN(pausedAt) ? Date.now() : pausedAt;
    document.querySelectorAll("time.countdown").forEach(function (el) {
      var left = Math.round((Date.parse(el.getAttribute("datetime")) - now) / 1000);
      if (isNaN(left)) return;
      if (!el.title && el.textContent.trim() && el.textContent.trim() !== "…") { el.title = el.textContent.trim(); }
      if (left > 0 && !isNaN(pausedAt)) { el.textContent = held(left); el.classList.add("paused"); return; }
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
  // A step link drawn for htmx swaps the replay in place; keys typed into a field are the field's.
  document.addEventListener("keydown", function (e) {
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var link = document.querySelector('.steps a[data-key="' + e.key + '"]');
    if (link) { e.preventDefault(); link.click(); }
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
// again at once (htmx, the "banqi-changed" trigger); it polls slowly as well, in case. Once its
// socket opens again, or first opens on a challenge (the computer accepts within a moment, maybe
// before), it fetches the board too: what it missed meanwhile.
(function () {
  var live = document.getElementById("banqi-live");
  if (!live || !window.WebSocket) return;
  var retry = 500, opened = false;
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + live.dataset.socket);
    socket.onopen = function () {
      retry = 500; live.dataset.connected = "1";
      if (opened || document.querySelector("#friendly-game[data-status='challenged']")) {
        document.body.dispatchEvent(new Event("banqi-changed"));
      }
      opened = true;
    };
    socket.onmessage = function (e) {
      if (JSON.parse(e.data).type === "changed") document.body.dispatchEvent(new Event("banqi-changed"));
    };
    socket.onclose = function () { live.dataset.connected = ""; setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); };
  }
  connect();
})();
// Notices of duties: every page of an officer listens on its websocket; a new duty shows as a
// notice (and as a browser notification when the tab is in the background and the reader
// allowed them), and the count in the bar follows. On the duties page the list follows too.
// A letter's arrival is a notice too, and its messages bring the count of unread letters.
(function () {
  var path = document.body.dataset.notices;
  if (!path || !window.WebSocket) return;
  var region = document.getElementById("notices");
  var count = document.getElementById("duty-count");
  var letters = document.getElementById("letter-count");
  var list = document.getElementById("duties");
  var shown = {};
  var retry = 500, connected = false, failures = 0;
  function setCount(n) {
    if (!count) return;
    count.textContent = n;
    count.classList.toggle("none", !n);
  }
  function countdown(deadline) {
    var time = document.createElement("time");
    time.className = "countdown";
    time.setAttribute("datetime", deadline);
    time.textContent = "…";
    return time;
  }
  function keep(keys) {
    if (!list) return;
    list.querySelectorAll("li[data-duty-key]").forEach(function (li) {
      if (keys.indexOf(li.dataset.dutyKey) < 0) li.remove();
    });
  }
  function addToList(m) {
    if (m.key.indexOf("letter:") === 0) return;  // a letter is told like a duty, but is none
    if (!list || list.querySelector('li[data-duty-key="' + CSS.escape(m.key) + '"]')) return;
    var empty = list.querySelector("li[data-empty]");
    if (empty) empty.remove();
    var li = document.createElement("li");
    li.dataset.dutyKey = m.key;
    var a = document.createElement("a");
    a.href = m.path; a.textContent = m.text;
    li.appendChild(a);
    if (m.deadline) { li.appendChild(document.createTextNode(" · ")); li.appendChild(countdown(m.deadline)); }
    list.insertBefore(li, list.firstChild);
  }
  function show(m) {
    if (shown[m.key]) return;  // a delivery repeated after a crash shows once
    shown[m.key] = true;
    var note = document.createElement("div");
    note.className = "notice";
    note.dataset.key = m.key;
    var a = document.createElement("a");
    a.href = m.path; a.textContent = m.text;
    note.appendChild(a);
    if (m.deadline) { note.appendChild(document.createTextNode(" · ")); note.appendChild(countdown(m.deadline)); }
    var close = document.createElement("button");
    close.type = "button"; close.className = "secondary"; close.textContent = region.dataset.close;
    close.addEventListener("click", function () { note.remove(); });
    note.appendChild(close);
    region.appendChild(note);
    addToList(m);
    if (document.hidden && window.Notification && Notification.permission === "granted") {
      var n = new Notification(region.dataset.title, {body: m.text, tag: m.key});
      n.onclick = function () { window.focus(); location.href = m.path; };
    }
    document.dispatchEvent(new Event("htmx:afterSwap"));  // the countdowns start at once
  }
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + path);
    socket.onopen = function () { retry = 500; failures = 0; connected = true; region.dataset.connected = "1"; };
    socket.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.type !== "notice" && m.type !== "duties") return;
      setCount(m.count);
      if (typeof m.letters === "number" && letters) {
        letters.textContent = m.letters;
        letters.classList.toggle("none", !m.letters);
      }
      if (m.type === "notice") show(m);
      keep(m.keys);
      if (m.gone) region.querySelectorAll('.notice[data-key="' + CSS.escape(m.gone) + '"]').forEach(function (n) { n.remove(); });
    };
    socket.onclose = function (e) {
      region.dataset.connected = "";
      failures += 1;
      // Not an officer here (4404), or a server that never took the socket (no websockets
      // behind this address): stop asking. A socket that worked comes back when it can.
      if (e.code === 4404 || (!connected && failures >= 5)) return;
      setTimeout(connect, retry); retry = Math.min(retry * 2, connected ? 30000 : 8000);
    };
  }
  connect();
  var ask = document.querySelector("[data-notify-permission]");
  if (ask && window.Notification && Notification.permission === "default") {
    ask.hidden = false;
    ask.addEventListener("click", function () { Notification.requestPermission().then(function () { ask.hidden = true; }); });
  }
})();
// The dashboard: its websocket brings the rows that changed (or the whole section when
// the page's cities changed); while it is open the page does not poll. When it closes, the
// 5-second refresh (answered 304 when nothing changed) takes over until it is back.
(function () {
  var first = document.getElementById("dashboard");
  if (!first || !first.dataset.socket || !window.WebSocket) return;
  var open = false, retry = 500, failures = 0, worked = false;
  document.body.addEventListener("htmx:beforeRequest", function (e) {
    if (open && e.detail.elt && e.detail.elt.id === "dashboard") e.preventDefault();
  });
  function apply(m) {
    var template = document.createElement("template");
    template.innerHTML = m.html;
    Array.prototype.slice.call(template.content.children).forEach(function (el) {
      var old = el.id && document.getElementById(el.id);
      if (!old) return;
      old.replaceWith(el);
      if (window.htmx) htmx.process(el);
    });
    document.dispatchEvent(new Event("htmx:afterSwap"));  // the countdowns of new rows start at once
  }
  function connect() {
    var section = document.getElementById("dashboard");
    if (!section) return;
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + section.dataset.socket);
    socket.onopen = function () { open = true; worked = true; failures = 0; retry = 500; document.body.dataset.dashboardLive = "1"; };
    socket.onmessage = function (e) {
      var m = JSON.parse(e.data);
      if (m.type === "parts" || m.type === "section") apply(m);
    };
    socket.onclose = function (e) {
      open = false;
      document.body.dataset.dashboardLive = "";
      failures += 1;
      if (e.code === 4404 || (!worked && failures >= 5)) return;  // no such campaign, or no websockets here
      setTimeout(connect, retry); retry = Math.min(retry * 2, worked ? 30000 : 8000);
    };
  }
  connect();
})();
