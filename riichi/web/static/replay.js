// The replay page: a game record sent to /api/replay, then its hands stepped through event by event,
// tiles drawn as the calculator draws them (tiles.js), each win with the calculator's view of its score
// and the record's own values beside the engine's.
// The address holds the position and the record itself: #hand=3&turn=27&name=...&record=<gzip, base64url>.
"use strict";

const WIND_OF = { E: 0, S: 1, W: 2, N: 3 };
const DRAW_NAMES = {
  exhaustive: N_("Exhaustive draw"), yao9: N_("Nine terminals (kyuushu kyuuhai)"), reach4: N_("Four riichi"),
  ron3: N_("Triple ron"), kan4: N_("Four kans"), kaze4: N_("Four winds discarded"), nm: N_("Nagashi mangan"),
};
const game = { data: null, hand: 0, step: 0, record: "", name: "" };

const $ = (id) => document.getElementById(id);

// -- the record in the address -------------------------------------------------------

function toBase64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const plain = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) bytes[i] = plain.charCodeAt(i);
  return bytes;
}

// The record as gzip (a record that is gzip already stays as it is): what the address and the request carry.
async function packed(bytes) {
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) return bytes;
  if (typeof CompressionStream === "undefined") return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function readAddress() {
  const q = new URLSearchParams(location.hash.slice(1));
  const int = (k, min) => Math.max(min, parseInt(q.get(k) || String(min), 10) || min);
  return { hand: int("hand", 1) - 1, step: int("turn", 0), record: q.get("record") || "", name: q.get("name") || "",
    format: q.get("format") || "auto", rules: q.get("rules") || "", review: q.get("review") };
}

function writeAddress() {
  const q = new URLSearchParams();
  q.set("hand", String(game.hand + 1));
  q.set("turn", String(game.step));
  if ($("format").value !== "auto") q.set("format", $("format").value);
  if ($("rules").value) q.set("rules", $("rules").value);
  if (game.name) q.set("name", game.name);
  q.set("record", game.record);
  history.replaceState(null, "", "#" + q.toString());
}

// -- loading ----------------------------------------------------------------------------

async function replay(bytes, name, position) {
  $("load-error").hidden = true;
  $("load-status").textContent = t("replaying…");
  const body = await packed(bytes);
  let answer;
  try {
    const params = new URLSearchParams({ format: $("format").value });
    if (name) params.set("name", name);
    if ($("rules").value) params.set("rules", $("rules").value);
    const r = await fetch("/api/replay?" + params.toString(), {
      method: "POST", headers: { "Content-Type": "application/octet-stream" }, body,
    });
    answer = await r.json();
  } catch (e) {
    answer = { ok: false, error: { code: "network", message: t("cannot reach the server: {reason}", { reason: e.message }) } };
  }
  $("load-status").textContent = "";
  if (!answer.ok) { showLoadError(answer); return; }
  game.data = answer;
  game.record = toBase64Url(body);
  game.name = name || "";
  $("game").hidden = false;
  $("load-card").classList.add("loaded");
  fillHandSelect();
  renderGameInfo();
  renderErrors();
  renderRulesChoice();
  resetReview();
  go(position ? position.hand : 0, position ? position.step : 0);
}

function showLoadError(answer) {
  const box = $("load-error");
  box.hidden = false;
  box.textContent = "";
  const first = (answer.errors || [])[0];
  box.append(el("p", { id: "load-error-message", "data-code": answer.error.code },
    refusalText(answer.error, first && first.error.message === answer.error.message ? first.kyoku : undefined)));
  const detail = errorDetail(answer.error, "p");
  if (detail) box.append(Object.assign(detail, { id: "load-error-detail" }));
  const more = (answer.errors || []).slice(1);
  if (more.length) {
    const ul = el("ul", {});
    for (const e of more) ul.append(el("li", {}, errorText(e), errorDetail(e.error)));
    box.append(ul);
  }
}

// Beside an error said in the page's language by its code's sentence (which names the kind of fault and where,
// not what), the reader's own message as written (what is wrong, and where): in English, marked so, as the
// library's messages are not translated. Null in English, where the message itself is shown.
function errorDetail(error, tag = "span") {
  // not the pages' own "network": its message is the browser's reason, which the sentence says in full
  if (!error || i18n.lang === "en" || error.code === "network" || !i18n.messages["error:" + error.code]) return null;
  return el(tag, { class: "hint error-detail", lang: "en" }, error.message);
}

// An error of the replay. Messages count hands and events from 1, as the page does (the kyoku field counts from
// 0): in English the hand is named first unless the message starts by naming it; in another language
// refusalText names it.
function errorText(e) {
  if (i18n.lang !== "en" && i18n.messages["error:" + e.error.code]) return refusalText(e.error, e.kyoku);
  const hand = e.kyoku === undefined ? "" : `hand ${e.kyoku + 1}`;
  const where = hand && !new RegExp(`^${hand}\\b`).test(e.error.message) ? `${t("hand {n}", { n: e.kyoku + 1 })}: ` : "";
  return `${where}${refusalText(e.error)}`;
}

const FORMAT_NAMES = { mjlog: N_("Tenhou mjlog"), tenhou6: "tenhou.net/6", mjai: "mjai", soul: N_("Mahjong Soul"), riichicity: N_("Riichi City") };

// The game's source, room and rules, and its players, as the record gives them.
function renderGameInfo() {
  const d = game.data;
  const parts = [t(FORMAT_NAMES[d.format] || d.format)];
  if (d.rules.room) parts.push(d.rules.room);
  parts.push(t("rules: {name}", { name: d.rules.name }));
  const named = d.names.filter((n) => n).length;
  if (named) parts.push(d.names.map((n, seat) => n || t("seat {n}", { n: seat })).join(" · "));
  $("game-info").textContent = parts.join(" — ");
}

function renderErrors() {
  const box = $("record-errors");
  const errors = game.data.errors;
  box.hidden = !errors.length;
  box.textContent = "";
  if (!errors.length) return;
  box.append(el("h2", {}, t("Errors: the hands named were not replayed")));
  const ul = el("ul", {});
  for (const e of errors) ul.append(el("li", {}, errorText(e), errorDetail(e.error)));
  box.append(ul);
}

// The rules picker: the record's own (named after them) or a preset instead.
async function loadPresets() {
  const r = await fetch("/api/rules");
  const listing = await r.json();
  const sel = $("rules");
  for (const p of listing.presets || []) sel.append(el("option", { value: p.name, "data-players": String(p.players || 4), class: "no-translate" }, p.name));
}

// The record's own rules named, and only the presets of as many players as the record's game.
function renderRulesChoice() {
  const rules = game.data.rules;
  $("rules").options[0].textContent = t("the record's own ({name})", { name: rules.record });
  for (const o of $("rules").options) if (o.value) o.hidden = o.dataset.players !== String(rules.players || 4);
}

// What a lenient reading forgave: the hand's notes (the first hand's include the record's own).
function renderNotes(h) {
  const box = $("notes");
  // a hand the engine refused part-way has no result: what was forgiven in it is on its error
  const notes = h.kyoku ? h.kyoku.notes || []
    : game.data.errors.filter((e) => e.kyoku === h.index).flatMap((e) => e.notes || []);
  box.hidden = !notes.length;
  box.textContent = "";
  if (!notes.length) return;
  box.append(el("h2", {}, t("Read leniently")));
  const ul = el("ul", {});
  for (const n of notes) ul.append(el("li", {}, n));
  box.append(ul);
}

// -- names ---------------------------------------------------------------------------------

function hands() { return game.data.hands; }
function current() { return hands()[game.hand]; }
function playerName(seat) { return game.data.names[seat] || t("seat {n}", { n: seat }); }
// The seat wind of a seat in the current hand.
function windOf(seat) { return current().steps[0].seats[seat].wind; }
function seatAt(wind) { return current().steps[0].seats.findIndex((s) => s.wind === wind); }
function who(seat) { return `${t(SEAT_NAMES[windOf(seat)])} (${playerName(seat)})`; }

function roundTitle(h) {
  const k = h.kyoku;
  if (k) return t("{wind} {number}", { wind: t(SEAT_NAMES[k.round_wind]), number: k.round_number }) + (k.honba ? ", " + t("{n} honba", { n: k.honba }) : "");
  // A hand the engine refused has no result: its round is in its deal ("deal E2 dealer=1 honba=0 ...").
  const deal = /^deal ([ESWN])(\d) .*honba=(\d+)/.exec(h.steps[0].event);
  if (!deal) return t("hand {n}", { n: h.index + 1 });
  return t("{wind} {number}", { wind: t(SEAT_NAMES[deal[1]]), number: deal[2] }) + (deal[3] !== "0" ? ", " + t("{n} honba", { n: deal[3] }) : "");
}

function outcomeText(h) {
  const k = h.kyoku;
  if (!k) return t("refused by the engine");
  if (k.outcome === "draw") return t(DRAW_NAMES[k.draw.type] || k.draw.type);
  return k.wins.map((w) => `${w.tsumo ? t("tsumo") : t("ron")} ${playerName(w.winner)} ${points(w.points)}`).join(", ");
}

function verdictMark(k) {
  if (!k) return "✗";
  if (k.matches_log === null) return "–";
  return k.matches_log ? "✓" : "✗";
}

function fillHandSelect() {
  const sel = $("hand-select");
  sel.textContent = "";
  hands().forEach((h, i) => {
    sel.append(el("option", { value: String(i) }, `${i + 1}. ${roundTitle(h)} · ${outcomeText(h)} ${verdictMark(h.kyoku)}`));
  });
}

// -- stepping --------------------------------------------------------------------------------

function go(hand, step) {
  const n = hands().length;
  game.hand = Math.max(0, Math.min(n - 1, hand));
  const steps = current().steps.length;
  game.step = Math.max(0, Math.min(steps - 1, step));
  render();
  writeAddress();
}

function stepBy(d) {
  const last = current().steps.length - 1;
  if (d > 0 && game.step >= last) { if (game.hand < hands().length - 1) go(game.hand + 1, 0); return; }
  if (d < 0 && game.step <= 0) { if (game.hand > 0) go(game.hand - 1, hands()[game.hand - 1].steps.length - 1); return; }
  go(game.hand, game.step + d);
}

// The first step at which the hand has ended (its first win, or the draw).
function endStep(h) {
  const i = h.steps.findIndex((s) => s.kind === "win" || s.kind === "ryuukyoku");
  return i < 0 ? h.steps.length : i;
}

// -- drawing the table -------------------------------------------------------------------------

function eventText(s) {
  const w = s.event.split(" ");
  const actor = s.seat === null || s.seat === undefined ? "" : who(s.seat);
  switch (s.kind) {
    case "deal": return t("The deal: 13 tiles each");
    case "draw": return w[3] === "rinshan" ? t("{actor} draws {tile} from the dead wall", { actor, tile: w[2] }) : t("{actor} draws {tile}", { actor, tile: w[2] });
    case "discard": return w[3] === "tsumogiri" ? t("{actor} discards {tile} (the tile just drawn)", { actor, tile: w[2] }) : t("{actor} discards {tile}", { actor, tile: w[2] });
    case "riichi": return t("{actor} declares riichi", { actor });
    case "riichi_accepted": return t("{actor}'s riichi is accepted: a 1,000-point stick on the table", { actor });
    case "chi": case "pon": case "minkan": {
      const [tile, from] = w[2].split("<");
      const call = { chi: N_("chi"), pon: N_("pon"), minkan: N_("kan") }[s.kind];
      return t("{actor} calls {call} on {tile} from {from}", { actor, call: t(call), tile, from: who(Number(from)) });
    }
    case "shouminkan": return t("{actor} adds {tile} to a pon (added kan)", { actor, tile: w[2] });
    case "ankan": return t("{actor} declares a closed kan of {tile}", { actor, tile: w[2] });
    case "kita": return t("{actor} sets a North aside (kita): a dora, and a tile from the dead wall", { actor });
    case "dora": return t("A new dora indicator: {tile}", { tile: w[1] });
    case "win": {
      const ron = (w[3] || "").startsWith("ron<");
      return ron ? t("{actor} wins by ron on {tile} from {from}", { actor, tile: w[2], from: who(Number(w[3].slice(4))) })
        : t("{actor} wins by tsumo on {tile}", { actor, tile: w[2] });
    }
    case "ryuukyoku": return t("The hand is drawn: {kind}", { kind: t(DRAW_NAMES[w[1]] || w[1]) });
    default: return s.event;
  }
}

function riverTile(text, last) {
  const t = text.slice(0, 2);
  const flags = text.slice(2);
  const cls = [flags.includes("*") ? "tsumogiri" : "", flags.includes("r") ? "riichi-tile" : "",
    flags.includes("^") ? "called" : "", last ? "last" : ""].filter(Boolean).join(" ");
  const svg = useTile(t, cls);
  svg.dataset.tile = t;
  return svg;
}

function seatView(step, seat, deltas) {
  const p = step.seats[seat];
  const isDealer = p.wind === "E";
  const div = el("div", {
    class: ["seat", step.turn === seat && !p.won ? "turn" : "", p.won ? "won" : "", p.riichi ? "in-riichi" : ""].filter(Boolean).join(" "),
    "data-seat": String(seat), "data-wind": p.wind,
  });
  const score = el("span", { class: "score" }, points(step.scores[seat]));
  const head = el("div", { class: "seat-head" },
    el("b", { class: "wind" + (isDealer ? " dealer" : ""), title: isDealer ? t("dealer") : t(SEAT_NAMES[p.wind]) }, i18n.lang === "en" ? p.wind : t(SEAT_NAMES[p.wind])),
    el("span", { class: "name" }, playerName(seat)), score);
  if (deltas && deltas[seat]) head.append(el("span", { class: "delta " + (deltas[seat] > 0 ? "plus" : "minus") }, signed(deltas[seat])));
  if (p.riichi) head.append(el("span", { class: "riichi-flag" }, t("riichi")));
  if (p.won) head.append(el("span", { class: "won-flag" }, t("won")));
  div.append(head);
  const hand = el("div", { class: "seat-hand" });
  const tiles = el("span", { class: "tiles hand-tiles" });
  for (const t of parseTiles(p.hand)) tiles.append(useTile(t));
  hand.append(tiles);
  if (p.drawn) {
    const apart = el("span", { class: "tiles hand-tiles apart" + (p.won ? " win-tile" : "") });
    apart.append(useTile(p.drawn));
    hand.append(apart);
  }
  for (const m of p.melds) hand.append(el("span", { class: "meld" }, meldImage(m, p.wind)));
  if (p.kita) {  // Norths set aside (three-player games), beside the melds
    const norths = el("span", { class: "tiles kita", title: t("Norths set aside (kita): {n}", { n: p.kita }) });
    for (let i = 0; i < p.kita; i++) norths.append(useTile("4z"));
    hand.append(norths);
  }
  div.append(hand);
  const river = el("div", { class: "river", "aria-label": t("{wind}'s discards", { wind: t(SEAT_NAMES[p.wind]) }) });
  const lastDiscard = step.kind === "discard" && step.seat === seat;
  p.river.forEach((d, i) => river.append(riverTile(d, lastDiscard && i === p.river.length - 1)));
  div.append(river);
  return div;
}

function renderTable(h, step) {
  const k = h.kyoku;
  const info = $("table-info");
  info.textContent = "";
  const sticks = step.sticks ? " · " + t("riichi sticks: {n}", { n: step.sticks }) : "";
  info.append(el("span", { class: "round", id: "round-title" }, roundTitle(h) + sticks),
    el("span", { class: "wall" }, t("{n} tiles left", { n: step.wall })),
    el("span", { class: "dora-box" }, t("dora indicators"), " ", tileRow(step.dora, "small dora")));
  const ended = game.step >= endStep(h) && k;
  const deltas = ended && game.step === h.steps.length - 1 ? k.deltas : null;
  const seats = $("seats");
  seats.textContent = "";
  // The seats in turn order from East.
  seats.classList.toggle("three", step.seats.length === 3);
  const order = step.seats.map((_, i) => i).sort((a, b) => WIND_OF[step.seats[a].wind] - WIND_OF[step.seats[b].wind]);
  for (const seat of order) seats.append(seatView(step, seat, deltas));
  const wall = $("wall-view");
  wall.textContent = "";
  wall.hidden = !h.wall;
  if (h.wall) wall.append(...wallView(h.wall, step));
}

// The wall, when the record carries it: the dead wall (replacement tiles not yet drawn, the dora indicators,
// those not yet turned over dimmed, and the ura indicator under each) and the live wall still to come.
function wallView(wall, step) {
  const [liveDrawn, rinshanDrawn] = step.wall_drawn;
  const live = wall.live.slice(liveDrawn, liveDrawn + step.wall);
  const indicators = el("span", { class: "tiles small indicator-pairs" });
  wall.dora.forEach((t, k) => {
    const pair = el("span", { class: "pair" + (k < step.dora.length ? " revealed" : "") });
    pair.append(useTile(t), useTile(wall.ura[k], "ura"));
    indicators.append(pair);
  });
  return [
    el("div", { class: "dead-wall" }, el("b", {}, t("Dead wall")), " ", t("replacement tiles"), " ",
      tileRow(wall.rinshan.slice(rinshanDrawn), "small rinshan"), " ", t("dora indicators (ura below)"), " ", indicators),
    el("div", { class: "live-wall" }, el("b", {}, t("Still to come ({n})", { n: live.length })), " ", tileRow(live, "small")),
  ];
}

// -- the outcome: the engine's values beside the record's ------------------------------------------------------

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }
// A value of the comparison as text; score changes get their sign.
function valueText(v, sign) {
  if (v === undefined) return "—";
  if (v === null || (Array.isArray(v) && !v.length)) return t("none");
  if (Array.isArray(v)) {
    if (typeof v[0] === "object") return v.map((y) => `${yakuShown(y.name)}${y.han !== undefined ? " " + y.han : ""}`).join(", ");
    const text = v.map((x) => (typeof x !== "number" ? yakuShown(String(x)) : sign ? signed(x) : points(x)));
    // A number a seat (four, or three in a three-player game): each with its wind in this hand.
    const seats = current().steps[0].seats.length;
    if (v.length === seats && typeof v[0] === "number") {
      return v.map((_, i) => i).sort((a, b) => WIND_OF[windOf(a)] - WIND_OF[windOf(b)]).map((seat) => `${i18n.lang === "en" ? windOf(seat) : t(SEAT_NAMES[windOf(seat)])} ${text[seat]}`).join(" · ");
    }
    return text.join(" ");
  }
  return typeof v === "number" ? points(v) : t(String(v));
}
function yakuKey(list) {
  return (list || []).filter((y) => y.han > 0).map((y) => `${y.name}:${y.han}`).sort();
}

// Rows of (field, engine value, record value); a row is marked when the replay's comparison names it.
function compareTable(rows, mismatches) {
  const tb = el("table", { class: "versus" });
  tb.append(el("tr", {}, el("th", {}, ""), el("th", {}, t("engine")), el("th", {}, t("record"))));
  for (const [field, label, mine, theirs] of rows) {
    if (theirs === undefined) continue;  // the record does not state it
    const differs = mismatches.includes(field);
    const sign = field.endsWith("deltas");
    tb.append(el("tr", { class: differs ? "differs" : "", "data-field": field },
      el("th", {}, t(label)), el("td", { class: "engine" }, valueText(mine, sign)),
      el("td", { class: "record" }, valueText(theirs, sign) + (differs ? " ✗" : ""))));
  }
  return tb;
}

function winView(h, j) {
  const k = h.kyoku;
  const v = h.wins[j];
  const mine = k.wins[j];
  const log = (k.log.wins || [])[j] || {};
  const box = el("div", { class: "win", "data-win": String(j) });
  box.append(el("h2", {}, v.tsumo ? t("{name} wins by tsumo", { name: who(v.winner) })
    : t("{name} wins by ron from {other}", { name: who(v.winner), other: who(v.from) })));
  // The winning hand as the calculator draws it: concealed tiles, the winning tile apart, the melds.
  const parts = v.hand.split(" ");
  const concealed = parseTiles(parts[0]);
  concealed.splice(concealed.lastIndexOf(v.win), 1);
  const hand = el("div", { class: "win-hand" }, tileRow(sortTiles(concealed)), el("span", { class: "tiles win-tile" }, useTile(v.win)));
  for (const m of parts.slice(1)) hand.append(el("span", { class: "meld" }, meldImage(m, v.seat_wind)));
  box.append(hand);
  const indicators = el("p", { class: "indicators-line" }, t("dora indicators"), " ", tileRow(parseTiles(v.dora), "small"));
  if (v.ura) indicators.append(" ", t("ura"), " ", tileRow(parseTiles(v.ura), "small"));
  box.append(indicators);
  const label = (s) => `${t(SEAT_NAMES[s])} (${playerName(seatAt(s))})`;
  box.append(scoreView(v.result, { tsumo: v.tsumo, seatLabel: label, ids: false }));
  const m = (name) => `wins[${j}].${name}`;
  const rows = [
    [m("han"), N_("han"), mine.han, log.han], [m("fu"), N_("fu"), mine.fu, log.fu],
    [m("points"), N_("points"), mine.points, log.points], [m("limit"), N_("limit"), mine.limit, log.limit],
    [m("yaku"), N_("yaku"), mine.yaku, log.yaku !== undefined ? log.yaku : log.yaku_text], [m("yakuman"), N_("yakuman"), mine.yakuman.map((y) => y.name), log.yakuman],
    [m("pao"), N_("liable (pao)"), mine.pao === null ? null : playerName(mine.pao), log.pao === undefined ? undefined : playerName(log.pao)],
    [m("deltas"), N_("score changes"), mine.deltas, log.deltas],
  ];
  box.append(el("h3", {}, t("Engine and record")), compareTable(rows, k.mismatches));
  return box;
}

function handRows(k) {
  const log = k.log || {};
  const rows = [
    ["scores_start", N_("start scores"), k.scores_start, log.scores_start],
    ["honba", N_("honba"), k.honba, log.honba], ["riichi_sticks", N_("riichi sticks"), k.riichi_sticks, log.riichi_sticks],
    ["deltas", N_("hand's score changes"), k.deltas, log.deltas === null ? undefined : log.deltas],
  ];
  if (k.outcome === "draw" || log.draw) {
    const drawName = (type) => t(DRAW_NAMES[type] || type);  // the same name on both sides, so equal ones match
    rows.unshift(["draw.type", N_("draw"), k.draw ? drawName(k.draw.type) : k.outcome, log.draw ? drawName(log.draw.type) : undefined]);
  }
  return rows;
}

function verdictText(k) {
  if (!k) return t("The engine refused this hand part-way (see above)");
  if (k.matches_log === null) return t("The record states no results for this hand");
  if (k.matches_log) return "✓ " + t("Everything the record states matches the engine");
  return "✗ " + t("Differs from the record: {fields}", { fields: k.mismatches.join(", ") });
}

function renderOutcome(h) {
  const box = $("outcome");
  const k = h.kyoku;
  box.hidden = !k || game.step < endStep(h);
  box.textContent = "";
  if (box.hidden) return;
  box.append(el("p", { class: "verdict-line " + (k.matches_log === false ? "differs" : ""), id: "outcome-verdict" }, verdictText(k)));
  if (k.outcome === "win") {
    // A second ron on the same discard shows once its own event is reached.
    const shown = h.steps.slice(0, game.step + 1).filter((s) => s.kind === "win").length;
    for (let j = 0; j < Math.min(shown, h.wins.length); j++) box.append(winView(h, j));
  } else {
    box.append(el("h2", {}, t(DRAW_NAMES[k.draw.type] || k.draw.type)));
    if (k.draw.tenpai) box.append(el("p", {}, t("Tenpai:") + " " + (k.draw.tenpai.map(who).join(", ") || t("nobody"))));
    if (k.draw.nagashi) box.append(el("p", {}, t("Nagashi mangan:") + " " + k.draw.nagashi.map(who).join(", ")));
  }
  box.append(el("h3", {}, t("The hand")), compareTable(handRows(k), k.mismatches));
}

function renderGameEnd() {
  const box = $("game-end");
  const end = game.data.game_end;
  const lastHand = game.hand === hands().length - 1;
  box.hidden = !(end && lastHand && game.step === current().steps.length - 1);
  box.textContent = "";
  if (box.hidden) return;
  box.append(el("h2", {}, t("End of the game")));
  const log = end.log || {};
  const tb = el("table", { class: "versus final" });
  tb.append(el("tr", {}, el("th", {}, ""), el("th", {}, t("final score")), el("th", {}, t("points")), el("th", {}, t("record"))));
  for (let seat = 0; seat < end.final_scores.length; seat++) {
    const theirs = log.final_scores ? `${points(log.final_scores[seat])} / ${log.final_points[seat]}` : "—";
    // only the values that differ are marked: a lobby's own uma changes the points, not the scores
    const scoreDiffers = Boolean(log.final_scores) && log.final_scores[seat] !== end.final_scores[seat];
    const pointsDiffers = Boolean(log.final_points) && Math.abs(log.final_points[seat] - end.final_points[seat]) > 1e-6;
    const mark = (differs) => (differs ? "differs" : "");
    tb.append(el("tr", { "data-seat": String(seat) }, el("th", {}, playerName(seat)),
      el("td", { class: mark(scoreDiffers) }, points(end.final_scores[seat])),
      el("td", { class: mark(pointsDiffers) }, String(end.final_points[seat])),
      el("td", { class: mark(scoreDiffers || pointsDiffers) }, theirs)));
  }
  const verdict = end.matches_log === null ? t("The record states no final result")
    : end.matches_log ? "✓ " + t("The final scores and points match the record")
      : "✗ " + t("Differs from the record: {fields}", { fields: end.mismatches.join(", ") });
  box.append(tb, el("p", { class: end.matches_log === false ? "verdict-line differs" : "verdict-line" }, verdict));
  // The record's walls (a Tenhou seed's, a Riichi City hand's own) checked tile by tile, every hand replayed
  if (end.wall === "verified") {
    box.append(el("p", { class: "wall-line", id: "wall-verified" },
      "✓ " + t("Every tile dealt, drawn and shown as dora is the one the record's wall gives")));
  }
}

function render() {
  const h = current();
  const step = h.steps[game.step];
  $("hand-select").value = String(game.hand);
  $("prev-hand").disabled = game.hand === 0;
  $("next-hand").disabled = game.hand === hands().length - 1;
  $("prev-step").disabled = game.hand === 0 && game.step === 0;
  $("next-step").disabled = game.hand === hands().length - 1 && game.step === h.steps.length - 1;
  const range = $("step-range");
  range.max = String(h.steps.length - 1);
  range.value = String(game.step);
  // The step and the verdict: beside the controls, or under them on a narrow screen.
  const mark = verdictMark(h.kyoku);
  for (const id of ["step-label", "step-label-short"]) $(id).textContent = t("turn {n} / {total}", { n: game.step, total: h.steps.length - 1 });
  for (const id of ["verdict", "verdict-short"]) {
    $(id).textContent = !h.kyoku ? "✗ " + t("refused by the engine") : mark === "–" ? t("no results stated")
      : mark === "✓" ? "✓ " + t("matches the record") : "✗ " + t("differs from the record");
    $(id).className = "verdict " + (mark === "✗" ? "differs" : "");
  }
  renderNotes(h);
  const event = $("event");
  event.textContent = "";
  event.append(el("span", {}, eventText(step)), el("code", {}, step.event.length > 60 ? step.kind : step.event));
  renderTable(h, step);
  renderOutcome(h);
  renderGameEnd();
  renderReview();
  renderEv(h, game.step);
}

// -- the value of each discard: the tile let go beside the best, by the table model (/api/analyze) ----------

let evSerial = 0;
async function renderEv(h, at) {
  const serial = ++evSerial;
  let box = document.getElementById("ev-here");
  if (!box) {
    box = el("p", { id: "ev-here", class: "event ev-here", "aria-live": "polite" });
    $("event").after(box);
  }
  box.textContent = "";
  const step = h.steps[at];
  if (!step || step.kind !== "discard" || at === 0) return;
  const seat = step.seat;
  const before = h.steps[at - 1].seats[seat];
  const river = step.seats[seat].river;
  const let_go = river[river.length - 1].slice(0, 2);
  const deal = /^deal ([ESWN])/.exec(h.steps[0].event);
  const visible = [];
  step.seats.forEach((p, s) => {
    // the tile just let go is among the 14 held before it, not seen apart from them
    const seen = s === seat ? p.river.slice(0, -1) : p.river;
    for (const r of seen) if (!r.includes("^")) visible.push(r.slice(0, 2));
    if (s !== seat) for (const m of p.melds) visible.push(m.split(":")[1].split("@")[0]);
    for (let i = 0; i < p.kita; i++) visible.push("4z");
  });
  visible.push(...step.dora);
  const drawn = before.drawn && !before.won ? before.drawn : "";
  const tilesBefore = parseTiles(before.hand).length + (drawn ? 1 : 0);
  if (tilesBefore + 3 * before.melds.length !== 14) return;
  const request = {
    hand: [before.hand + drawn, ...before.melds].join(" "), seat_wind: before.wind, round_wind: deal ? deal[1] : "E",
    dora: step.dora.join(""), visible: visible.join(""), discards: river.slice(0, -1).map((r) => r.slice(0, 2)).join(""),
    riichi: Boolean(h.steps[at - 1].seats[seat].riichi), tiles_left: step.wall, red_fives_as_plain: true,
    ev: { model: "table", first_turn: Math.max(1, river.length), max_seconds: 2 },
  };
  box.append(el("span", { class: "hint" }, t("Value of the discard: working…")));
  let answer = null;
  try {
    const r = await fetch("/api/analyze", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
    answer = await r.json();
  } catch (e) { answer = null; }
  if (serial !== evSerial) return;
  box.textContent = "";
  if (!answer || !answer.ev) {
    box.append(el("span", { class: "hint", id: "ev-none" }, t("Value of the discard: {why}", { why: answer && answer.error ? answer.error.message.split("\n")[0] : t("the server did not answer") })));
    return;
  }
  const rows = answer.ev.discards;
  const best = rows[0];
  const mine = rows.find((d) => d.tile === let_go);
  const text = (d) => t("win {p} %, expected score {v}", { p: (100 * d.win[0]).toFixed(1), v: Math.round(d.value[0]).toLocaleString("en") });
  box.append(el("span", { id: "ev-discarded", "data-tile": let_go }, t("discarded"), " ", tileRow([let_go], "small"), " ",
    mine ? text(mine) : t("(raises the shanten: not among the model's choices)")));
  if (best && best.tile !== let_go && !(mine && mine.value[0] >= best.value[0] - 1e-9)) {
    box.append(el("span", { id: "ev-best", "data-tile": best.tile }, " · ", t("best"), " ", tileRow([best.tile], "small"), " ", text(best)));
  } else if (best) {  // the tile let go is the best (or as good as it)
    box.append(el("span", { id: "ev-best", "data-tile": let_go }, " · ", t("the best discard")));
  }
}

// -- wiring ------------------------------------------------------------------------------------

function typing(target) {
  return target && (target.tagName === "TEXTAREA" || (target.tagName === "INPUT" && target.type !== "range") || target.tagName === "SELECT");
}

function wire() {
  wireReview();
  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (!file) return;
    $("file-name").textContent = file.name;
    await replay(new Uint8Array(await file.arrayBuffer()), file.name, null);
  });
  $("load").addEventListener("click", async () => {
    const text = $("paste").value;
    if (!text.trim()) { showLoadError({ error: { code: "invalid_log", message: t("paste a record first") } }); return; }
    await replay(new TextEncoder().encode(text), "", null);
  });
  // disabled (read-only) as the page loads: a record given before these listeners would have been lost
  $("file").disabled = $("load").disabled = $("paste").readOnly = false;
  $("show-paste").addEventListener("click", () => { $("load-card").classList.remove("loaded"); $("paste").focus(); });
  $("hand-select").addEventListener("change", () => go(Number($("hand-select").value), 0));
  // Another rule set: the same record replayed again under it, at the same position.
  $("rules").addEventListener("change", async () => {
    if (game.data) await replay(fromBase64Url(game.record), game.name, { hand: game.hand, step: game.step });
  });
  $("prev-hand").addEventListener("click", () => go(game.hand - 1, 0));
  $("next-hand").addEventListener("click", () => go(game.hand + 1, 0));
  $("first-step").addEventListener("click", () => go(game.hand, 0));
  $("last-step").addEventListener("click", () => go(game.hand, current().steps.length - 1));
  $("prev-step").addEventListener("click", () => stepBy(-1));
  $("next-step").addEventListener("click", () => stepBy(1));
  $("step-range").addEventListener("input", () => go(game.hand, Number($("step-range").value)));
  document.addEventListener("keydown", (e) => {
    if (!game.data || typing(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: () => stepBy(1), ArrowLeft: () => stepBy(-1),
      ArrowDown: () => go(game.hand + 1, 0), ArrowUp: () => go(game.hand - 1, 0),
      PageDown: () => go(game.hand + 1, 0), PageUp: () => go(game.hand - 1, 0),
      Home: () => go(game.hand, 0), End: () => go(game.hand, current().steps.length - 1),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  window.addEventListener("hashchange", () => {
    const a = readAddress();
    if (a.record && a.record !== game.record) start();
    else if (game.data) go(a.hand, a.step);
  });
}

async function start() {
  const a = readAddress();
  $("format").value = ["auto", "mjlog", "tenhou6", "mjai", "soul", "riichicity"].includes(a.format) ? a.format : "auto";
  $("rules").value = [...$("rules").options].some((o) => o.value === a.rules) ? a.rules : "";
  if (!a.record) return;
  let bytes;
  try { bytes = fromBase64Url(a.record); } catch (e) {
    showLoadError({ error: { code: "invalid_log", message: t("the record in the address is damaged (not base64url)") } });
    return;
  }
  await replay(bytes, a.name, a);
  // review=SEAT (the play page's link after a game): that seat reviewed by the default player at once.
  if (a.review !== null && game.data && [...$("review-seat").options].some((o) => o.value === a.review)) {
    $("review-seat").value = a.review;
    await runReview();
  }
}

async function main() {
  await loadLanguage();
  wire();
  try { await loadGlosses(); } catch (e) { /* names stay in romaji */ }
  try { await loadPresets(); } catch (e) { /* the record's own rules only */ }
  await start();
}

main();
