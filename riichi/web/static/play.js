// The play page: a game against the built-in players held by the server (/api/play/*). The page draws what
// the server sends for the person's seat (its hand, every river, the melds, dora indicators, scores) and
// offers exactly the actions the server lists as legal; it never holds another seat's hidden tiles.
"use strict";

const play = { options: null, state: null, busy: false, help: null };
const $ = (id) => document.getElementById(id);
const DRAW_NAMES = {
  exhaustive: N_("Exhaustive draw"), yao9: N_("Nine terminals (kyuushu kyuuhai)"), reach4: N_("Four riichi"),
  ron3: N_("Triple ron"), kan4: N_("Four kans"), kaze4: N_("Four winds discarded"), nm: N_("Nagashi mangan"),
};
const FURITEN = {
  own_discard: N_("furiten: a winning tile is among your discards"),
  passed_in_riichi: N_("furiten: a winning tile went by after your riichi"),
  passed: N_("furiten: a winning tile went by since your last draw"),
};
const WIND_WORDS = SEAT_NAMES;

function windName(w) { return t(WIND_WORDS[w]); }
function playerName(seat) {
  const s = play.state;
  if (seat === s.seat) return t("You");
  return t(s.names[seat]);
}
function roundTitle(wind, number, honba) {
  return t("{wind} {number}", { wind: windName(wind), number }) + (honba ? " · " + t("{n} honba", { n: honba }) : "");
}

// -- talking to the server -------------------------------------------------------------------

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  return r.json();
}

async function send(path, body) {
  if (play.busy) return;
  play.busy = true;
  document.body.classList.add("busy");
  try {
    const answer = await api(path, body);
    if (!answer.ok) { showActionError(answer.error); return; }
    $("action-error").hidden = true;
    show(answer);
  } catch (e) {
    showActionError({ code: "network", message: e.message });
  } finally {
    play.busy = false;
    document.body.classList.remove("busy");
  }
}

// The play API's refusals by their code, in the page's language (the server's message says it in English).
const PLAY_ERRORS = {
  illegal_action: N_("That action is not legal now."),
  stale_position: N_("The game has moved on since this position: reload the page."),
  game_over: N_("The game has ended."),
  no_game: N_("This browser has no game in play: start one."),
  too_many_games: N_("The server holds as many games as it can: try again later."),
};

function showActionError(error) {
  const box = $("action-error");
  box.hidden = false;
  const known = PLAY_ERRORS[error.code];
  box.textContent = t("Refused: {message}", { message: known && i18n.lang !== "en" ? t(known) : error.message });
}

function act(action) {
  send("/api/play/act", { action: action.id, moves: play.state.moves });
}

// -- the new-game form -----------------------------------------------------------------------------

function fillSetup() {
  const o = play.options;
  const rules = $("setup-rules");
  rules.textContent = "";
  for (const p of o.presets) {
    rules.append(el("option", { value: p.name }, p.players === 3 ? t("{name} (three players)", { name: p.name }) : p.name));
  }
  rules.value = "tenhou";
  rules.addEventListener("change", fillOpponents);
  fillOpponents();
}

function fillOpponents() {
  const preset = play.options.presets.find((p) => p.name === $("setup-rules").value);
  const box = $("setup-opponents");
  box.textContent = "";
  for (let i = 0; i < preset.players - 1; i++) {
    const select = el("select", { class: "opponent", "data-opponent": String(i) });
    for (const name of play.options.players) select.append(el("option", { value: name }, t(name)));
    select.value = play.options.default_opponent;
    box.append(el("label", {}, t("Opponent {n}", { n: i + 1 }), select));
  }
  const seat = $("setup-seat");
  seat.querySelector('option[value="3"]').hidden = preset.players === 3;
  if (preset.players === 3 && seat.value === "3") seat.value = "";
}

async function startGame() {
  const seat = $("setup-seat").value;
  const body = {
    rules: $("setup-rules").value,
    opponents: [...document.querySelectorAll("#setup-opponents select")].map((s) => s.value),
    seat: seat === "" ? null : Number(seat),
  };
  const answer = await api("/api/play/new", body);
  if (!answer.ok) {
    $("setup-error").hidden = false;
    $("setup-error").textContent = errorMessage(answer.error);
    return;
  }
  $("setup-error").hidden = true;
  show(answer);
}

function showSetup(cancellable) {
  $("setup").hidden = false;
  $("setup-cancel").hidden = !cancellable;
  $("game").hidden = cancellable ? $("game").hidden : true;
}

// -- drawing the table ----------------------------------------------------------------------------

function show(state) {
  play.state = state;
  play.help = null;
  if (!state.playing) { showSetup(false); return; }
  $("setup").hidden = true;
  $("game").hidden = false;
  render();
}

function seatOrder() {
  const s = play.state;
  const order = [];
  for (let i = 1; i < s.players; i++) order.push((s.seat + i) % s.players);
  return order;  // right, across, left
}

function riverView(seat) {
  const p = play.state.table.seats[seat];
  const last = play.state.table.last;
  const river = el("div", { class: "river", "aria-label": t("{wind}'s discards", { wind: windName(p.wind) }) });
  p.river.forEach((d, i) => {
    const cls = [d.tsumogiri ? "tsumogiri" : "", d.riichi ? "riichi-tile" : "", d.called ? "called" : "",
      last && last.seat === seat && i === p.river.length - 1 ? "last" : ""].filter(Boolean).join(" ");
    const tile = useTile(d.tile, cls);
    tile.dataset.tile = d.tile;
    river.append(tile);
  });
  return river;
}

function seatHead(seat) {
  const s = play.state;
  const p = s.table.seats[seat];
  const dealer = p.wind === "E";
  const head = el("div", { class: "seat-head" },
    el("b", { class: "wind" + (dealer ? " dealer" : ""), title: dealer ? t("dealer") : windName(p.wind) }, i18n.lang === "en" ? p.wind : windName(p.wind)),
    el("span", { class: "name" }, playerName(seat)), el("span", { class: "score", "data-score": String(seat) }, points(p.score)));
  if (p.riichi) head.append(el("span", { class: "riichi-flag" }, t("riichi")));
  if (s.to_move === seat) head.append(el("span", { class: "turn-flag" }, seat === s.seat ? t("your move") : t("thinking")));
  return head;
}

function meldsView(seat, box) {
  const p = play.state.table.seats[seat];
  for (const m of p.melds) box.append(el("span", { class: "meld" }, meldImage(m, p.wind, play.state.players)));
  if (p.kita) {
    const norths = el("span", { class: "tiles kita", title: t("Norths set aside (kita): {n}", { n: p.kita }) });
    for (let i = 0; i < p.kita; i++) norths.append(useTile("4z"));
    box.append(norths);
  }
}

function opponentView(seat) {
  const s = play.state;
  const p = s.table.seats[seat];
  const div = el("div", { class: "seat opponent" + (s.to_move === seat ? " turn" : "") + (p.riichi ? " in-riichi" : ""),
    "data-seat": String(seat) });
  div.append(seatHead(seat));
  const hand = el("div", { class: "seat-hand" });
  const tiles = el("span", { class: "tiles hand-tiles concealed-count", title: t("{n} concealed tiles", { n: p.concealed }) });
  if (p.open_hand) for (const tile of parseTiles(p.open_hand)) tiles.append(useTile(tile));
  else for (let i = 0; i < p.concealed; i++) tiles.append(useTile("back"));
  hand.append(tiles);
  meldsView(seat, hand);
  div.append(hand, riverView(seat));
  return div;
}

function render() {
  const s = play.state;
  const tb = s.table;
  const info = $("table-info");
  info.textContent = "";
  if (tb) {
    info.append(el("span", { class: "round", id: "round-title" }, roundTitle(tb.round_wind, tb.round_number, tb.honba)),
      el("span", { id: "sticks" }, t("riichi sticks: {n}", { n: tb.sticks })),
      el("span", { class: "wall", id: "tiles-left" }, t("{n} tiles left", { n: tb.tiles_left })),
      el("span", { class: "dora-box" }, t("dora indicators"), " ", tileRow(tb.dora, "small dora")));
    const opponents = $("opponents");
    opponents.textContent = "";
    opponents.classList.toggle("three", s.players === 3);
    for (const seat of seatOrder()) opponents.append(opponentView(seat));
    renderMine();
  }
  renderEnding();
  if ($("help-toggle").checked) loadHelp(); else $("help").hidden = true;
}

function discardFor(tile, drawn) {
  const discards = play.state.actions.filter((a) => a.kind === "discard" && a.tile === tile);
  if (!discards.length) return null;
  return discards.find((a) => a.tsumogiri === drawn) || discards[0];
}

function tileButton(tile, drawn) {
  const action = discardFor(tile, drawn);
  const b = el("button", { type: "button", class: "tile-btn" + (drawn ? " drawn" : ""), "data-tile": tile,
    title: action ? t("Discard {tile}", { tile }) : tile });
  b.append(useTile(tile));
  b.disabled = !action;
  if (action) b.addEventListener("click", () => act(action));
  return b;
}

function actionLabel(a) {
  switch (a.kind) {
    case "chi": return t("Chi");
    case "pon": return t("Pon");
    case "minkan": case "ankan": case "shouminkan": return t("Kan");
    case "riichi": return a.open ? t("Open riichi") : t("Riichi");
    case "tsumo": return t("Tsumo");
    case "ron": return t("Ron");
    case "kita": return t("Kita");
    case "kyuushu": return t("Nine terminals: draw");
    case "pass": return t("Skip");
    default: return a.kind;
  }
}

function actionTiles(a) {
  if (a.kind === "chi" || a.kind === "pon" || a.kind === "minkan") return [...a.own, a.tile];
  if (a.kind === "ankan") return a.tiles;
  if (a.kind === "shouminkan") return [a.tile];
  if (a.kind === "kita") return ["4z"];
  if (a.kind === "tsumo" || a.kind === "ron") return [a.tile];
  return [];
}

function renderMine() {
  const s = play.state;
  const me = s.seat;
  const head = $("my-head");
  head.replaceWith(Object.assign(seatHead(me), { id: "my-head" }));
  $("my-seat").classList.toggle("turn", s.to_move === me);
  $("my-river").replaceWith(Object.assign(riverView(me), { id: "my-river" }));
  const hand = $("my-hand");
  hand.textContent = "";
  const concealed = el("div", { class: "concealed", id: "my-tiles" });
  for (const tile of s.me.hand) concealed.append(tileButton(tile, false));
  hand.append(concealed);
  if (s.me.drawn) hand.append(el("div", { class: "concealed drawn-apart", id: "my-drawn" }, tileButton(s.me.drawn, true)));
  const melds = el("div", { class: "my-melds" });
  meldsView(me, melds);
  if (melds.childNodes.length) hand.append(melds);
  // Waits and furiten, when tenpai.
  const status = $("my-status");
  status.textContent = "";
  if (s.me.waits.length) {
    status.append(el("span", {}, t("Tenpai, waiting on"), " "), tileRow(s.me.waits, "small"));
    if (s.me.furiten) status.append(" ", el("b", { class: "furiten", id: "furiten" }, t(FURITEN[s.me.furiten])));
  } else if (s.to_move === me && s.actions.some((a) => a.kind === "discard")) {
    status.append(t("Your move: discard a tile"));
  }
  const actions = $("actions");
  actions.textContent = "";
  for (const a of s.actions) {
    if (a.kind === "discard") continue;
    const b = el("button", { type: "button", class: "action " + a.kind, "data-action": a.id, "data-kind": a.kind },
      el("span", {}, actionLabel(a)));
    const tiles = actionTiles(a);
    if (tiles.length) b.append(tileRow(tiles, "tiny"));
    b.addEventListener("click", () => act(a));
    actions.append(b);
  }
}

// -- the end of a hand and of the game ------------------------------------------------------------

function seatOfWind(ending, wind) { return ending.winds.indexOf(wind); }
// A seat at a hand's end by its wind and its player ("East · expert"): the opponents often share a name.
function seatAt(ending, seat) { return `${windName(ending.winds[seat])} · ${playerName(seat)}`; }

function winView(ending, w) {
  const box = el("div", { class: "win" });
  const how = w.tsumo ? t("{name} wins by tsumo", { name: seatAt(ending, w.winner) })
    : t("{name} wins by ron from {other}", { name: seatAt(ending, w.winner), other: seatAt(ending, w.from) });
  box.append(el("h3", { class: "win-title" }, how));
  const parts = w.hand.split(" ");
  const concealed = parseTiles(parts[0]);
  concealed.splice(concealed.lastIndexOf(w.win), 1);
  const hand = el("div", { class: "win-hand" }, tileRow(sortTiles(concealed)), el("span", { class: "tiles win-tile" }, useTile(w.win)));
  for (const m of parts.slice(1)) hand.append(el("span", { class: "meld" }, meldImage(m, w.seat_wind, play.state.players)));
  box.append(hand);
  const indicators = el("p", { class: "indicators-line" }, t("dora indicators"), " ", tileRow(parseTiles(w.dora), "small"));
  if (w.ura) indicators.append(" ", t("ura"), " ", tileRow(parseTiles(w.ura), "small"));
  box.append(indicators);
  const label = (wind) => `${windName(wind)} (${playerName(seatOfWind(ending, wind))})`;
  const view = scoreView(w.result, { tsumo: w.tsumo, seatLabel: label, ids: false });
  const changes = view.querySelector("table.deltas");  // the hand's changes follow, with the scores after
  if (changes) { changes.previousElementSibling.remove(); changes.remove(); }
  box.append(view);
  return box;
}

function changesTable(ending) {
  const table = el("table", { class: "versus changes" });
  table.append(el("tr", {}, el("th", {}, ""), el("th", {}, t("change")), el("th", {}, t("score"))));
  ending.deltas.forEach((d, seat) => {
    table.append(el("tr", { "data-seat": String(seat) }, el("th", {}, `${windName(ending.winds[seat])} · ${playerName(seat)}`),
      el("td", { class: d > 0 ? "plus" : d < 0 ? "minus" : "" }, signed(d)), el("td", {}, points(ending.scores[seat]))));
  });
  return table;
}

function endingView(ending, index) {
  const box = el("div", { class: "ending", "data-ending": String(index) });
  box.append(el("h2", { id: "ending-title" }, roundTitle(ending.round_wind, ending.round_number, ending.honba)));
  if (ending.outcome === "win") {
    for (const w of ending.wins) box.append(winView(ending, w));
  } else {
    box.append(el("h3", { class: "draw-title" }, t(DRAW_NAMES[ending.draw] || ending.draw)));
    if (ending.tenpai) {
      box.append(el("p", {}, t("Tenpai:"), " ", ending.tenpai.length ? ending.tenpai.map((seat) => seatAt(ending, seat)).join(", ") : t("nobody")));
      for (const seat of ending.tenpai) {
        const text = ending.tenpai_hands[String(seat)];
        if (!text) continue;
        const parts = text.split(" ");
        const hand = el("div", { class: "win-hand tenpai-hand", "data-seat": String(seat) }, tileRow(parseTiles(parts[0])));
        for (const m of parts.slice(1)) hand.append(el("span", { class: "meld" }, meldImage(m, ending.winds[seat], play.state.players)));
        box.append(el("p", { class: "tenpai-name" }, seatAt(ending, seat)), hand);
      }
    }
    if (ending.nagashi) box.append(el("p", {}, t("Nagashi mangan:"), " ", ending.nagashi.map((seat) => seatAt(ending, seat)).join(", ")));
  }
  box.append(el("h3", {}, t("Score changes")), changesTable(ending));
  const next = el("button", { type: "button", class: "primary", id: "next-hand" },
    ending.game_over ? t("See the final result") : t("Next hand"));
  next.addEventListener("click", () => send("/api/play/seen", { count: index + 1 }));
  box.append(el("div", { class: "row" }, next));
  return box;
}

function gameEndView(over) {
  const s = play.state;
  const box = el("div", { class: "game-end", id: "game-end" });
  box.append(el("h2", { id: "ending-title" }, t("End of the game")));
  const table = el("table", { class: "versus final" });
  table.append(el("tr", {}, el("th", {}, t("place")), el("th", {}, ""), el("th", { class: "num" }, t("final score")),
    el("th", { class: "num" }, t("points"))));
  const seats = over.places.map((_, i) => i).sort((a, b) => over.places[a] - over.places[b] || a - b);
  for (const seat of seats) {
    table.append(el("tr", { "data-seat": String(seat), class: seat === s.seat ? "mine" : "" },
      el("td", { class: "place" }, String(over.places[seat])), el("th", { class: "player" }, `${windName("ESWN"[seat])} · ${playerName(seat)}`),
      el("td", { class: "num" }, points(over.scores[seat])), el("td", { class: "num points-cell" }, over.points[seat].toFixed(1))));
  }
  box.append(table);
  const uma = over.uma.map((u) => (u > 0 ? "+" : "") + u / 1000).join(" / ");
  const oka = over.oka ? t("to the top") : t("none");
  box.append(el("p", { class: "hint", id: "uma-oka" }, t("Uma {uma}; starting points {start}, return {target}; oka {oka}.", {
    uma, start: points(over.starting_points), target: points(over.target_points), oka,
  })));
  const downloads = el("div", { class: "row downloads" }, el("span", {}, t("The record:")));
  for (const [fmt, label] of [["mjai", "mjai"], ["tenhou6", "tenhou.net/6"], ["mjlog", "mjlog"]]) {
    downloads.append(el("a", { class: "small button-link", href: `/api/play/record?format=${fmt}`, download: `riichi-game-${fmt}`, "data-format": fmt }, label));
  }
  box.append(downloads);
  const open = el("button", { type: "button", class: "small", id: "open-replay" }, t("Open in the replay page and review your seat"));
  open.addEventListener("click", openReplay);
  const again = el("button", { type: "button", class: "primary", id: "play-again" }, t("New game"));
  again.addEventListener("click", () => { $("overlay").hidden = true; showSetup(false); });
  box.append(el("div", { class: "row" }, open, again));
  return box;
}

async function gzipBytes(bytes) {
  if (typeof CompressionStream === "undefined") return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function base64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function openReplay() {
  const r = await fetch("/api/play/record?format=mjai");
  const bytes = new Uint8Array(await r.arrayBuffer());
  const packed = await gzipBytes(bytes);
  const q = new URLSearchParams({ review: String(play.state.seat), name: "riichi-game.mjson", record: base64Url(packed) });
  location.href = "/replay#" + q.toString();
}

function renderEnding() {
  const s = play.state;
  const overlay = $("overlay");
  const card = $("ending");
  card.textContent = "";
  if (s.endings.length) {
    card.append(endingView(s.endings[0], s.acknowledged));
  } else if (s.over) {
    card.append(gameEndView(s.over));
  } else {
    overlay.hidden = true;
    return;
  }
  overlay.hidden = false;
  const button = card.querySelector("button.primary");
  if (button) button.focus({ preventScroll: true });
  overlay.scrollTop = 0;
}

// -- help -----------------------------------------------------------------------------------------

async function loadHelp() {
  const box = $("help");
  box.hidden = false;
  if (!play.state.table || play.state.over) { box.hidden = true; return; }
  const moves = play.state.moves;
  const answer = await api("/api/play/help");
  if (play.state.moves !== moves) return;  // a later position is shown already
  box.textContent = "";
  box.append(el("h2", {}, t("Help")));
  // A search past its budget still answers the rest of the analysis (too_complex): the table without values.
  const evMissing = !answer.ok && answer.error.code === "too_complex";
  if (!answer.ok && !evMissing) { box.append(el("p", { class: "hint" }, errorMessage(answer.error))); return; }
  box.append(el("p", {}, t("Shanten: {n}", { n: answer.shanten })));
  const ev = new Map(((answer.ev && answer.ev.discards) || []).filter((x) => !x.kita).map((x) => [x.tile, x]));
  const danger = new Map((answer.danger || []).map((x) => [x.tile, x]));
  const kindOf = (tile) => tile.replace(/^0/, "5");
  if (answer.discards) {
    const table = el("table", { class: "discards help-table" });
    table.append(el("tr", {}, el("th", {}, t("discard")), el("th", {}, t("shanten")), el("th", {}, t("tiles that help")),
      el("th", {}, t("tiles left")),
      el("th", { title: t("chance of winning the hand") }, t("win %")),
      el("th", { title: t("expected points from the hand's win") }, t("expected value")),
      el("th", { title: t("chance that the tile deals in now (any seat), from the rivers, riichi and calls in view") }, t("danger %"))));
    for (const d of answer.discards) {
      const helpful = el("span", { class: "tiles tiny" });
      for (const i of d.improving || []) helpful.append(useTile(i.tile));
      const x = ev.get(d.tile);
      const risk = danger.get(kindOf(d.tile));
      const byseat = risk ? risk.seats.map((v, s) => s === play.state.seat ? null : `${playerName(s)} ${(100 * v).toFixed(1)}`)
        .filter(Boolean).join(" · ") : "";
      table.append(el("tr", { "data-tile": d.tile },
        el("td", {}, tileRow([d.tile], "small")), el("td", { class: "num" }, String(d.shanten)),
        el("td", {}, helpful), el("td", { class: "num" }, String(d.ukeire)),
        el("td", { class: "num ev-win" }, x ? (100 * x.win[0]).toFixed(1) : "–"),
        el("td", { class: "num ev-value" }, x ? Math.round(x.value[0]).toLocaleString("en") : "–"),
        el("td", { class: "num danger" + (risk && risk.any >= 0.05 ? " risky" : ""), ...(byseat ? { title: byseat } : {}) },
          risk ? (100 * risk.any).toFixed(1) : "–")));
    }
    box.append(table);
    box.append(el("p", { class: "hint" }, evMissing ? t("Win % and value: too many draws ahead to work out in time; they come nearer tenpai.")
      : t("Win % and value: the chance of winning the hand and its expected points, from the tiles you have not seen (a dash: a discard that leaves the hand further from tenpai).")));
  }
  if (!answer.discards) box.append(el("p", { class: "hint", id: "help-no-discard" }, t("The discard table, with each discard's value and danger, comes on your turn to discard.")));
  if (answer.waits && answer.waits.length) {
    const list = el("ul", { class: "waits" });
    for (const w of answer.waits) {
      list.append(el("li", {}, tileRow([w.tile], "small"), el("small", {}, t("{n} left", { n: w.left }))));
    }
    box.append(el("h3", {}, t("Waits")), list);
  }
}

// -- keys -----------------------------------------------------------------------------------------

function onKey(e) {
  if (e.target.closest && e.target.closest("select, input, textarea")) return;
  if (!$("overlay").hidden) return;
  const buttons = [...document.querySelectorAll("#my-hand .tile-btn:not(:disabled)")];
  if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
    if (!buttons.length) return;
    const at = buttons.indexOf(document.activeElement);
    const next = at < 0 ? (e.key === "ArrowLeft" ? buttons.length - 1 : 0)
      : (at + (e.key === "ArrowLeft" ? -1 : 1) + buttons.length) % buttons.length;
    buttons[next].focus();
    e.preventDefault();
  } else if (e.key === " " && !(document.activeElement && document.activeElement.tagName === "BUTTON")) {
    const skip = document.querySelector('#actions [data-kind="pass"]');
    if (skip) { skip.click(); e.preventDefault(); }
  }
}

// -- start ----------------------------------------------------------------------------------------

async function main() {
  await loadLanguage();
  await loadGlosses();
  play.options = await api("/api/play/options");
  fillSetup();
  $("start").addEventListener("click", startGame);
  $("start").disabled = false;  // disabled as the page loads: a click before this listener did nothing
  $("new-game").addEventListener("click", () => showSetup(true));
  $("setup-cancel").addEventListener("click", () => { $("setup").hidden = true; });
  $("help-toggle").addEventListener("change", () => { if ($("help-toggle").checked) loadHelp(); else $("help").hidden = true; });
  document.addEventListener("keydown", onKey);
  show(await api("/api/play/state"));
}

main();
