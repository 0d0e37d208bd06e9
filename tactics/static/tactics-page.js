// A hero tactics game's page (tactics/views/games.py): drawn from the view its socket sends
// (tactics/consumers.py: each reader's own, secrets kept), played by sending the legal actions
// with the game's version (compare-and-set); the socket comes back after a drop and reads the
// game again. After the game: the seed, the dice rechecked here (SHA-256 and HMAC-SHA256 of
// T18.1 by the browser's own crypto), and the replay step by step.
(function () {
  "use strict";
  var root = document.getElementById("tactics");
  if (!root || !window.WebSocket) return;
  function data(id) { return JSON.parse(document.getElementById(id).textContent); }
  var MAP = data("t-map"), HEROES = data("t-heroes"), W = data("t-words");
  var you = root.dataset.you || null;
  var el = function (id) { return document.getElementById(id); };
  var board = el("t-board"), cards = el("t-cards"), actions = el("t-actions"), preview = el("t-preview");
  var setup = el("t-setup"), prompt = el("t-prompt"), refusal = el("t-refusal"), status = el("t-status");
  var hint = el("t-hint");
  var socket = null, retry = 500, view = null, legal = null, received = 0, rollSteps = [];
  var mode = null;  // null, or {skill: slot}: the skill whose targets the board shows
  var proposed = null;  // the attack or skill whose preview is shown, awaiting Confirm
  var positions = null, step = 0;
  var TERRAIN = {".": "plain", M: "mountain", W: "water", F: "forest", B: "base"};
  var FILES = "abcdefghijklmnopqrstuvwxyz";

  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }
  function make(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function heroName(zh) { var h = HEROES[zh]; return h ? zh + " " + h.en : zh; }
  function skillOf(zh, slot) { var h = HEROES[zh]; return h ? h.skills[slot - 1] : null; }
  function skillName(zh, slot) { var s = skillOf(zh, slot); return s ? s.zh + " " + s.en : String(slot); }
  function turnWords() {  // whose turn it is, said to this reader
    if (!you) return [fill(W.to_act, {side: W[view.to_act]}), W.watching];
    return [view.to_act === you ? W.your_turn : W.their_turn];
  }
  function say(text) { hint.textContent = text || ""; hint.hidden = !text; }

  // An action in words: its side, the hero, the act and its target (a hero by name where `state`
  // has one on that cell, a base, else the cell), for the replay's step line and the dice.
  function targetName(cell, state) {
    var h = state && state.heroes.filter(function (x) { return x.cell === cell; })[0];
    if (h) return heroName(h.hero) + " (" + cell + ")";
    var side = MAP.bases.first === cell ? "first" : MAP.bases.second === cell ? "second" : null;
    return side ? fill(W.base_of, {side: W[side]}) + " (" + cell + ")" : cell;
  }
  function describe(a, state) {
    if (!a || !a.act) return "";
    var target = a.target ? targetName(a.target, state) : a.cell || (a.weather ? W.weather[a.weather] : "");
    var words = W.steps[a.act === "skill" && target ? "skill_on" : a.act];
    if (!words) return a.act;
    var line = fill(words, {
      hero: a.hero ? heroName(a.hero) : "", side: a.side ? W[a.side] : "", target: target,
      cell: a.act === "move" ? a.path[a.path.length - 1] : a.cell || "",
      skill: a.skill && a.hero ? skillName(a.hero, a.skill) : ""
    });
    return a.hero && a.side ? W[a.side] + " · " + line : line;
  }

  var queued = null;  // a frame sent while the socket was down goes when it is back (its version guards it)
  function send(frame) {
    refusal.hidden = true;
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
    else queued = frame;
  }
  function act(action) {
    proposed = null; mode = null; preview.hidden = true;
    send({action: "act", act: action, version: legal.version});
  }

  // --- the board -----------------------------------------------------------------------------
  function cellsInOrder() {
    var rows = MAP.rows, cells = [];
    for (var r = 0; r < rows.length; r++) {
      for (var f = 0; f < rows[r].length; f++) {
        cells.push({name: FILES[f] + (rows.length - r), terrain: TERRAIN[rows[r][f]]});
      }
    }
    return you === "second" ? cells.reverse() : cells;  // each player's own base at the bottom
  }
  function drawBoard(state, marks) {
    board.textContent = "";
    board.style.gridTemplateColumns = "repeat(" + MAP.rows[0].length + ", 1fr)";
    var at = {};
    (state ? state.heroes : []).forEach(function (h) { if (h.cell) at[h.cell] = h; });
    cellsInOrder().forEach(function (cell) {
      var b = make("button", "t-cell t-" + cell.terrain);
      b.type = "button"; b.dataset.cell = cell.name; b.title = cell.name;
      var mark = marks && marks[cell.name];
      if (mark) { b.classList.add("t-" + mark.kind); if (mark.label) b.appendChild(make("small", "t-mark", mark.label)); }
      if (mark && mark.kind === "spawn") b.title += " · " + W.spawn;
      if (cell.terrain === "base" && state) {
        var side = MAP.bases.first === cell.name ? "first" : "second";
        b.appendChild(make("span", "t-basehp t-" + side, String(state.bases[side])));
      }
      var h = at[cell.name];
      if (h) {
        var token = make("span", "t-token t-" + h.side, h.hero.slice(0, 2));
        token.appendChild(make("small", "", String(h.hp)));
        if (state.turn && state.turn.hero === h.hero && state.turn.side === h.side) token.classList.add("t-current");
        b.appendChild(token);
      }
      board.appendChild(b);
    });
  }
  function drawCards(state) {
    cards.textContent = "";
    if (!state) return;
    state.heroes.forEach(function (h) {
      var card = make("div", "t-card t-" + h.side);
      card.dataset.hero = h.hero; card.dataset.side = h.side;
      card.appendChild(make("strong", "", heroName(h.hero)));
      card.appendChild(make("span", "muted", " " + W[h.side]));
      var commander = view.commanders && view.commanders[h.side] ? view.commanders[h.side][h.hero] : null;
      if (commander) { card.dataset.player = commander; card.appendChild(make("span", "t-commander", " · " + commander)); }
      var line = W.hp + " " + h.hp + "/" + h.hp_max + " · " + W.en + " " + h.en + "/" + h.en_max + " · " + W.mov + " " + h.mov;
      card.appendChild(make("div", "", h.cell ? line + " · " + h.cell : W.dead));
      var st = h.statuses.map(function (s) { return W.statuses[s] || s; }).concat(h.pending);
      if (st.length) card.appendChild(make("div", "t-statuses", st.join(" · ")));
      var list = make("ul", "t-skills");
      h.skills.forEach(function (slot) {
        var s = skillOf(h.hero, slot);
        var li = make("li", "", skillName(h.hero, slot) + (s && s.cost_en !== null ? " (" + s.cost_en + ")" : ""));
        if (s) li.title = document.documentElement.lang.indexOf("zh") === 0 ? s.effect_zh : s.effect_en;
        list.appendChild(li);
      });
      card.appendChild(list);
      cards.appendChild(card);
    });
  }

  // --- what the reader may do now ------------------------------------------------------------
  function spawnMarks() {  // before the play: the spawn points (T3.10), each with the hero placed there
    var marks = {}, chosen = {};
    setup.querySelectorAll("#t-deploy select").forEach(function (s) { chosen[s.value] = s.dataset.hero; });
    (you ? [you] : ["first", "second"]).forEach(function (side) {
      MAP.spawns[side].forEach(function (c) { marks[c] = {kind: "spawn", label: (chosen[c] || "").slice(0, 2)}; });
    });
    return marks;
  }
  function marksNow() {
    if (view && (view.status === "picking" || view.status === "deploying")) return spawnMarks();
    var marks = {};
    if (!legal || !legal.actions.length) return marks;
    legal.actions.forEach(function (a, i) {
      if (mode) {
        if (a.act === "skill" && a.skill === mode.skill) {
          var c = a.target || a.cell; if (c) marks[c] = {kind: "skill"};
        }
        return;
      }
      if (a.act === "move") marks[a.path[a.path.length - 1]] = {kind: "move", label: fill(W.cost, {n: legal.costs[i]})};
      else if (a.act === "attack") marks[a.target] = {kind: "target"};
      else if (a.act === "respawn") marks[a.cell] = {kind: "move"};
    });
    if (proposed && proposed.preview) proposed.preview.cells.forEach(function (c) { marks[c] = {kind: "covered"}; });
    return marks;
  }
  function button(label, onClick, attrs) {
    var b = make("button", "", label); b.type = "button";
    Object.keys(attrs || {}).forEach(function (k) { b.dataset[k] = attrs[k]; });
    b.addEventListener("click", onClick);
    return b;
  }
  function drawActions() {
    actions.textContent = ""; prompt.hidden = true;
    if (!legal || !legal.actions.length) return;
    if (view.pending) { prompt.hidden = false; prompt.textContent = W.cover_prompt; }
    var skills = {};
    legal.actions.forEach(function (a) {
      var words = W.acts[a.act];
      if (words) {
        var label = fill(words, {hero: heroName(a.hero || ""), skill: a.skill ? skillName(a.hero, a.skill) : "", target: a.target || ""});
        actions.appendChild(button(label, function () { act(a); }, {act: a.act, hero: a.hero || ""}));
      } else if (a.act === "skill") {
        skills[a.skill] = a.hero;
      }
    });
    Object.keys(skills).forEach(function (slot) {
      var label = fill(W.use_skill, {skill: skillName(skills[slot], +slot)});
      actions.appendChild(button(label, function () { chooseSkill(+slot); }, {act: "skill", skill: slot}));
    });
  }
  function chooseSkill(slot) {
    mode = {skill: slot}; proposed = null; preview.hidden = true;
    var options = legal.actions.filter(function (a) { return a.act === "skill" && a.skill === slot; });
    var placed = options.filter(function (a) { return a.target || a.cell; });
    if (options.length === 1) { ask(options[0]); return; }
    drawBoard(view.state, marksNow());
    preview.hidden = false; preview.textContent = "";
    preview.appendChild(make("p", "", fill(W.choose_skill, {skill: skillName(options[0].hero, slot)})));
    options.filter(function (a) { return placed.indexOf(a) < 0 || a.cell; }).slice(0, 40).forEach(function (a) {
      var label = [a.target, a.cell, a.weather ? W.weather[a.weather] : "", a.amount].filter(Boolean).join(" → ");
      preview.appendChild(button(label || skillName(a.hero, slot), function () { ask(a); }, {choice: "1"}));
    });
    preview.appendChild(button(W.cancel, cancel, {cancel: "1"}));
  }
  function cancel() { mode = null; proposed = null; preview.hidden = true; draw(); }
  function ask(action) {  // the preview first: the action is sent only on Confirm
    proposed = {action: action, preview: null};
    send({action: "preview", act: action});
  }
  function showPreview(message) {
    if (!proposed) return;
    proposed.preview = message;
    preview.hidden = false; preview.textContent = "";
    preview.appendChild(make("h3", "", W.preview_title));
    if (message.cells.length) preview.appendChild(make("p", "", W.covers + ": " + message.cells.join(", ")));
    var list = make("ul", "");
    message.heroes.forEach(function (h) {
      var line = heroName(h.hero) + ": " + W.hp + " " + h.hp[0] + " → " + h.hp[1] + ", " + W.en + " " + h.en[0] + " → " + h.en[1];
      if (h.to !== h.cell) line += ", " + (h.cell || "—") + " → " + (h.to || W.dead);
      if (h.statuses.length) line += " · " + h.statuses.map(function (s) { return W.statuses[s] || s; }).join(", ");
      list.appendChild(make("li", "", line));
    });
    Object.keys(message.bases).forEach(function (side) {
      list.appendChild(make("li", "t-base-loss", W.base + " " + W[side] + ": " + message.bases[side][0] + " → " + message.bases[side][1]));
    });
    preview.appendChild(list);
    if (message.dice) preview.appendChild(make("p", "muted", fill(W.dice, {n: message.dice})));
    var go = proposed.action;
    preview.appendChild(button(W.confirm, function () { act(go); }, {confirm: "1"}));
    preview.appendChild(button(W.cancel, cancel, {cancel: "1"}));
    drawBoard(view.state, marksNow());
  }
  board.addEventListener("click", function (e) {
    var cell = e.target.closest("[data-cell]");
    if (!cell || !legal || positions || !view) return;
    var name = cell.dataset.cell;
    say("");
    var here = legal.actions.filter(function (a) {
      if (mode) return a.act === "skill" && a.skill === mode.skill && (a.target === name || (!a.target && a.cell === name));
      return (a.act === "move" && a.path[a.path.length - 1] === name) || (a.act === "attack" && a.target === name) ||
        (a.act === "respawn" && a.cell === name);
    });
    if (!here.length) {  // say why nothing happens
      if (!you) say(W.watcher_click);
      else if (view.status === "picking" || view.status === "deploying") say(W.setup_click);
      else if (view.status !== "playing") say("");
      else if (!legal.actions.length) say(W.not_your_turn);
      else say(W.no_act_here);
      return;
    }
    if (here[0].act === "move" || here[0].act === "respawn") act(here[0]);
    else if (here.length === 1) ask(here[0]);
    else {  // several uses aim at this cell (遼來's landing cells): choose one
      preview.hidden = false; preview.textContent = "";
      here.forEach(function (a) { preview.appendChild(button(name + " → " + a.cell, function () { ask(a); }, {choice: "1"})); });
      preview.appendChild(button(W.cancel, cancel, {cancel: "1"}));
    }
  });

  // --- picks and deployment (secret, simultaneous) --------------------------------------------
  function drawSetup() {
    // The form the reader is filling in stays as it is when the view is drawn again (the
    // opponent's picks or deployment arriving): their unsent choices are not reset.
    var kept = setup.querySelector("#t-picks, #t-deploy");
    setup.textContent = "";
    setup.hidden = !(view.status === "picking" || view.status === "deploying");
    if (setup.hidden || !you) return;
    if (view.seats > 1 && !view.captain) { setup.appendChild(make("p", "muted", fill(W.captain_sets, {captain: view.team[you][0]}))); return; }
    var mine = view.status === "picking" ? view.picks[you] : view.deployments[you];
    var theirs = view.status === "picking" ? view.picks[you === "first" ? "second" : "first"] : view.deployments[you === "first" ? "second" : "first"];
    if (mine && !("submitted" in mine)) {
      setup.appendChild(make("p", "t-waiting", W.waiting));
      return;
    }
    if (theirs && theirs.submitted) setup.appendChild(make("p", "muted", W.opponent_in));
    if (kept && kept.id === (view.status === "picking" ? "t-picks" : "t-deploy")) setup.appendChild(kept);
    else if (view.status === "picking") drawPicks();
    else drawDeploy();
  }
  function drawPicks() {
    var form = make("form", "t-picks"); form.id = "t-picks";
    if (view.clash && view.clash.length) form.appendChild(make("p", "refusal", fill(W.clash, {heroes: view.clash.join(", ")})));
    var n = view.settings.heroes_per_side;
    for (var i = 0; i < n; i++) {
      var box = make("fieldset", "t-pick"); box.dataset.slot = i;
      var select = make("select"); select.name = "hero-" + i;
      Object.keys(HEROES).forEach(function (zh) { var o = make("option", "", heroName(zh)); o.value = zh; select.appendChild(o); });
      select.selectedIndex = i;
      box.appendChild(select);
      var skills = make("span", "t-pick-skills");
      box.appendChild(skills);
      var who = make("select"); who.name = "designate-" + i;
      var extra = make("select"); extra.name = "extra-" + i;
      [["", W.none], ["1", "1"], ["2", "2"], ["3", "3"]].forEach(function (p) { var o = make("option", "", p[1]); o.value = p[0]; extra.appendChild(o); });
      var label = make("label", "", W.designate + " "); label.appendChild(who);
      var label2 = make("label", "", W.extra + " "); label2.appendChild(extra);
      box.appendChild(label); box.appendChild(label2);
      select.addEventListener("change", function () { refreshPicks(form); });
      form.appendChild(box);
    }
    form.appendChild(button(W.pick_heroes, function () { sendPicks(form); }, {send: "picks"}));
    setup.appendChild(form);
    refreshPicks(form);
  }
  function refreshPicks(form) {
    var chosen = Array.prototype.map.call(form.querySelectorAll("select[name^=hero-]"), function (s) { return s.value; });
    form.querySelectorAll("fieldset").forEach(function (box, i) {
      var skills = box.querySelector(".t-pick-skills"), zh = chosen[i];
      skills.textContent = "";
      HEROES[zh].skills.forEach(function (s) {
        var label = make("label", "t-skill-choice"), input = make("input");
        input.type = "checkbox"; input.name = "skills-" + i; input.value = s.slot; input.checked = s.slot < 3;
        label.appendChild(input); label.appendChild(document.createTextNode(" " + s.zh + " " + s.en));
        label.title = s.effect_en + " / " + s.effect_zh;
        skills.appendChild(label);
      });
      var who = box.querySelector("select[name^=designate-]");
      who.textContent = "";
      [""].concat(chosen).forEach(function (name) { var o = make("option", "", name ? heroName(name) : W.none); o.value = name; who.appendChild(o); });
    });
  }
  function sendPicks(form) {
    var heroes = [];
    form.querySelectorAll("fieldset").forEach(function (box, i) {
      var entry = {hero: box.querySelector("select[name^=hero-]").value, skills: []};
      box.querySelectorAll("input[type=checkbox]:checked").forEach(function (c) { entry.skills.push(+c.value); });
      var who = box.querySelector("select[name^=designate-]").value, extra = box.querySelector("select[name^=extra-]").value;
      if (who) { entry.designate = {hero: who}; if (extra) entry.designate.extra = +extra; }
      heroes.push(entry);
    });
    send({action: "picks", heroes: heroes, version: view.version});
  }
  function drawDeploy() {
    var form = make("form", "t-deploy"); form.id = "t-deploy";
    var spawns = MAP.spawns[you];
    view.picks[you].heroes.forEach(function (entry, i) {
      var label = make("label", "", heroName(entry.hero) + " "), select = make("select");
      select.name = "cell-" + entry.hero; select.dataset.hero = entry.hero;
      spawns.forEach(function (c) { var o = make("option", "", c); o.value = c; select.appendChild(o); });
      select.selectedIndex = Math.min(i, spawns.length - 1);
      select.addEventListener("change", function () { drawBoard(null, spawnMarks()); });
      label.appendChild(select); form.appendChild(label);
    });
    form.appendChild(button(W.deploy, function () {
      var cells = {};
      form.querySelectorAll("select").forEach(function (s) { cells[s.dataset.hero] = s.value; });
      send({action: "deploy", cells: cells, version: view.version});
    }, {send: "deploy"}));
    setup.appendChild(form);
  }

  // --- clocks, dice, status --------------------------------------------------------------------
  function clockText(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    if (!view) return;
    ["first", "second"].forEach(function (side) {
      var ms = view.clocks[side], span = root.querySelector(".t-clock[data-side=" + side + "]");
      var running = view.status === "playing" && view.to_act === side;
      if (running) ms -= Date.now() - received;
      // Before the play begins the banks are not yet filled (W7): a dash, not a clock run out.
      var started = view.status === "playing" || view.status === "decided";
      span.querySelector("time").textContent = started ? clockText(ms) : "—";
      span.classList.toggle("t-running", running);
      span.querySelector("[data-player]").textContent = view.players[side] + " (" + W[side] + ")";
    });
  }
  function drawDice() {
    var list = el("t-dice");
    for (var i = list.children.length; i < view.rolls.length; i++) {
      var r = view.rolls[i], made = rollSteps[i] || {}, served = view.actions[made.act];
      var what = made.weather ? fill(W.weather_of, {round: made.weather}) : served ? describe(served) : "";
      var li = make("li", "t-roll t-new", what ? fill(W.roll_for, {k: r.k, face: r.face, act: what}) : fill(W.roll, {k: r.k, face: r.face}));
      if (served) li.dataset.step = made.act;
      if (made.weather) li.dataset.weather = made.weather;
      li.dataset.k = r.k; li.dataset.face = r.face;
      list.appendChild(li);
    }
    setTimeout(function () { list.querySelectorAll(".t-new").forEach(function (li) { li.classList.remove("t-new"); }); }, 1500);
  }
  function drawStatus() {
    var parts = [W.status[view.status] || view.status];
    if (view.state) {
      parts.push(fill(W.round, {round: view.state.round}), W.weather[view.state.weather]);
    }
    if (view.status === "playing" && view.to_act) parts = parts.concat(turnWords());
    else if (!you) parts.push(W.watching);
    var turn = view.state && view.state.turn, who = turn && view.seats > 1 ? (view.commanders[turn.side] || {})[turn.hero] : null;
    if (who && view.status === "playing") parts.push(fill(W.plays, {player: who, hero: heroName(turn.hero)}));
    if (view.result) parts.push(W.won[view.result.outcome] + " (" + (W.reasons[view.result.reason] || view.result.reason) + ")");
    status.textContent = parts.join(" · ");
    root.dataset.status = view.status; root.dataset.version = view.version;
    root.dataset.toAct = view.to_act || ""; root.dataset.rolls = view.rolls.length;
  }
  function draw() {
    if (!view) return;
    drawStatus(); drawSetup(); tick();
    if (!positions) { drawBoard(view.state, marksNow()); drawCards(view.state); }
    drawActions(); drawDice();
    var answer = el("tactics-answer");  // drawn with the page: gone once the challenge is answered
    if (answer) answer.hidden = view.status !== "challenged";
    var over = view.status === "decided";
    el("t-after").hidden = !over; el("t-replay").hidden = !over;
    var resign = el("t-resign-box");
    if (resign) resign.hidden = view.status !== "playing" || (view.seats > 1 && !view.captain);
    var seats = el("t-seats");
    if (seats) seats.hidden = view.status !== "challenged" && view.status !== "seating";
    if (over) { el("t-seed").textContent = view.seed; if (!positions) loadReplay(); }
  }

  // --- after the game: the dice rechecked, the replay -------------------------------------------
  function hex(bytes) { return Array.prototype.map.call(new Uint8Array(bytes), function (b) { return b.toString(16).padStart(2, "0"); }).join(""); }
  function fromHex(text) { var out = new Uint8Array(text.length / 2); for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(i * 2, 2), 16); return out; }
  async function rollOf(key, k) {  // T18.1: HMAC-SHA256 of "k" (then "k:1", …) keyed by the seed's bytes
    for (var extra = 0; ; extra++) {
      var message = new TextEncoder().encode(extra ? k + ":" + extra : String(k));
      var digest = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
      for (var i = 0; i < digest.length; i++) if (digest[i] < 252) return 1 + (digest[i] % 6);
    }
  }
  async function recheck() {
    var out = el("t-recheck-result");
    if (!window.crypto || !crypto.subtle) { out.textContent = W.recheck_none; return; }
    var seed = view.seed, commitment = view.commitment;
    var digest = hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(seed)));
    if (digest !== commitment) { out.textContent = W.recheck_commit; out.dataset.ok = "0"; return; }
    var key = await crypto.subtle.importKey("raw", fromHex(seed), {name: "HMAC", hash: "SHA-256"}, false, ["sign"]);
    for (var i = 0; i < view.rolls.length; i++) {
      if (await rollOf(key, view.rolls[i].k) !== view.rolls[i].face) {
        out.textContent = fill(W.recheck_bad, {k: view.rolls[i].k}); out.dataset.ok = "0"; return;
      }
    }
    out.textContent = fill(W.recheck_ok, {n: view.rolls.length}); out.dataset.ok = "1";
  }
  el("t-recheck").addEventListener("click", recheck);
  function loadReplay() {
    positions = [];
    fetch(root.dataset.replay, {credentials: "same-origin"}).then(function (r) { return r.json(); }).then(function (body) {
      positions = body.positions; step = positions.length - 1; showStep();
    });
  }
  function showStep() {
    if (!positions || !positions.length) return;
    var p = positions[step];
    drawBoard(p.state, {}); drawCards(p.state);
    el("t-step").textContent = fill(W.step, {i: step, n: positions.length - 1});
    el("t-step-action").textContent = describe(p.action, step > 0 ? positions[step - 1].state : null);
    el("t-replay").dataset.step = step;
  }
  el("t-replay").addEventListener("click", function (e) {
    var b = e.target.closest("[data-step]");
    if (!b || !positions || !positions.length) return;
    var last = positions.length - 1;
    step = {first: 0, back: Math.max(0, step - 1), next: Math.min(last, step + 1), last: last}[b.dataset.step];
    showStep();
  });
  var resignButton = el("t-resign");
  if (resignButton) resignButton.addEventListener("click", function () { send({action: "resign"}); });

  // --- the socket ----------------------------------------------------------------------------------
  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + root.dataset.socket);
    socket.onopen = function () {
      retry = 500; root.dataset.connected = "1";
      if (queued) { socket.send(JSON.stringify(queued)); queued = null; }
    };
    socket.onmessage = function (e) {
      var message = JSON.parse(e.data);
      if (message.type === "view") {
        var moved = !view || view.version !== message.view.version;
        view = message.view; legal = message.legal; received = Date.now(); rollSteps = message.roll_steps || [];
        if (moved) { mode = null; proposed = null; preview.hidden = true; say(""); }
        draw();
      } else if (message.type === "preview") showPreview(message);
      else if (message.type === "refused") {
        refusal.textContent = message.message; refusal.hidden = false; proposed = null;
      }
    };
    socket.onclose = function () {  // a dropped connection comes back and reads the game again
      root.dataset.connected = "";
      setTimeout(connect, retry); retry = Math.min(retry * 2, 8000);
    };
  }
  setInterval(tick, 250);
  connect();
})();
