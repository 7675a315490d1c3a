// The calculator page: builds a win case from clicks or notation, asks the
// server (/api/evaluate, /api/compare) and shows the answer. Typed notation is read by the server
// (/api/hand, the library's reader): the page has no reader of its own.
// The page state lives in the URL query, so a link reopens the same hand.
"use strict";

const MELD_SIZE = { chi: 3, pon: 3, minkan: 4, shouminkan: 4, ankan: 4 };

// The hand and its situation as a fresh page has them (Clear goes back to these).
const FRESH = () => ({
  tiles: [],          // concealed tiles, in the order they were added
  win: null,          // the winning tile (one of state.tiles)
  melds: [],          // {type, tiles, rel}; rel = "left" | "across" | "right" | null
  dora: [], ura: [],
  tsumo: false, discarder: "left",
  seat: "E", round: "E",
  riichi: 0, ippatsu: false, open_riichi: false,
  last: false, rinshan: false, chankan: false, first: false,
  honba: 0, sticks: 0,
  scores: "",         // the scores at the table by seat wind from East, as written ("" : not given)
  roundNumber: 1,     // the hand's number in its round (East 1..4)
  kita: 0,            // three players: the Norths set aside
});
const FORM_NAMES = { standard: N_("four sets and a pair"), chiitoitsu: N_("seven pairs"), kokushi: N_("thirteen orphans") };
const state = { ...FRESH(), preset: "tenhou", overrides: {}, view: "score" };
let mode = "hand";
let rulesListing = null;
let requestSerial = 0;
let readingSerial = 0;  // the notation's last reading asked for: older answers are dropped
let typing = Promise.resolve();  // that reading, settled once its answer is applied (or dropped)
let timer = null;

const $ = (id) => document.getElementById(id);

// -- players ----------------------------------------------------------------------------
// A three-player rule set (its preset's "players" in /api/rules) plays without North's seat, without chi and
// without the tiles 2m to 8m.

const SANMA_OUT = ["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"];

function players() {
  const preset = rulesListing && rulesListing.presets.find((p) => p.name === state.preset);
  if (preset && preset.players) return preset.players;
  return state.preset.endsWith("-sanma") ? 3 : 4;  // before the listing has come
}
function seatsInPlay() { return SEATS.slice(0, players()); }
function inPlay(t) { return players() === 4 || !SANMA_OUT.includes(t); }

// The same rule set for the other number of players: tenhou <-> tenhou-sanma, else the first preset of that many.
function counterpart(n) {
  const list = rulesListing ? rulesListing.presets.filter((p) => p.players === n).map((p) => p.name) : [];
  const twin = n === 3 ? state.preset + "-sanma" : state.preset.replace(/-sanma$/, "");
  return list.includes(twin) ? twin : list[0] || (n === 3 ? "tenhou-sanma" : "tenhou");
}

// Switch between four and three players: what a three-player game cannot hold is taken out, and said so.
function setPlayers(n) {
  if (n === players()) return;
  state.preset = counterpart(n);
  state.overrides = {};
  const dropped = [];
  if (n === 3) {
    const keep = (t) => inPlay(t) || (dropped.push(t), false);
    state.tiles = state.tiles.filter(keep);
    state.dora = state.dora.filter(keep);
    state.ura = state.ura.filter(keep);
    state.melds = state.melds.filter((m) => (m.type !== "chi" && m.tiles.every(inPlay)) || (dropped.push(meldText(m)), false));
    for (const m of state.melds) if (m.rel === "across") m.rel = "left";
    if (state.discarder === "across") state.discarder = "left";
    if (state.seat === "N") { state.seat = "E"; dropped.push(t("seat North")); }
    if (state.round === "N") { state.round = "E"; dropped.push(t("round wind North")); }
    if (!state.tiles.includes(state.win)) state.win = state.tiles[state.tiles.length - 1] || null;
    if (mode === "chi") setMode("hand");
  } else if (state.kita) {
    dropped.push(`${state.kita} ${t("kita")}`);
    state.kita = 0;
  }
  $("players-note").hidden = !dropped.length;
  $("players-note").textContent = dropped.length ? t("Taken out for {n} players: {list}.", { n, list: dropped.join(", ") }) : "";
  changed(true);
}

// -- tiles (the notation and pictures are in tiles.js) ---------------------------------

// Seats relative to the winner: with three players, left and right are the two others (no one across).
function relToSeat(rel, seat) {
  const n = players();
  const i = SEATS.indexOf(seat);
  return SEATS[(i + { left: n - 1, across: 2, right: 1 }[rel]) % n];
}
function seatToRel(from, seat) {
  const n = players();
  const d = (SEATS.indexOf(from) - SEATS.indexOf(seat) + n) % n;
  return (n === 4 ? { 1: "right", 2: "across", 3: "left" } : { 1: "right", 2: "left" })[d] || null;
}

function meldText(m) {
  const from = m.type === "ankan" || !m.rel ? "" : "@" + relToSeat(m.rel, state.seat);
  return `${m.type}:${formatTiles(m.tiles)}${from}`;
}

function handText() {
  return [formatTiles(state.tiles), ...state.melds.map(meldText)].filter(Boolean).join(" ");
}

// The hand written in notation, as the server reads it with the library's reader (/api/hand): the concealed
// tiles as written, the melds ({type, tiles, rel}: rel the seat called from, seen from state.seat) and the
// winning tile (marked win:TILE, else the last concealed tile; marked says which). A text it refuses throws
// the server's error ({message, word}: the word at fault), as does a server that cannot be reached.
async function readHand(text) {
  if (!text.trim()) return { tiles: [], melds: [], win: null, marked: false };
  let data;
  try {
    ({ data } = await post("/api/hand", { hand: text, seat_wind: state.seat, players: players() }));
  } catch (e) {
    throw { message: t("cannot reach the server: {reason}", { reason: e.message }), word: null };
  }
  const reading = data.ok ? data.reading : data;  // a request the server refused (422) is its own error
  if (!reading.ok) {
    throw { code: reading.error.code, message: reading.error.message, word: reading.error.word || null,
      span: reading.error.span || null, text };
  }
  return {
    tiles: reading.tiles,
    melds: reading.melds.map((m) => ({ type: m.type, tiles: m.tiles, rel: m.relative })),
    win: reading.win,
    marked: reading.win_marked,
  };
}

// An edit that adds to the hand (the palette) or changes how it is seen (the seat, the number of players)
// waits for the reading of what was typed before it, so that it applies to the hand typed.
function afterTyping(edit) {
  return (...args) => { typing.then(() => edit(...args)); };
}

function tileButton(t, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "tile-btn " + cls;
  b.dataset.tile = t;
  b.title = t;
  b.appendChild(useTile(t));
  b.addEventListener("click", onClick);
  return b;
}

// -- counting -----------------------------------------------------------------

function allTiles() {
  const kita = players() === 3 ? Array(state.kita).fill("4z") : [];  // set-aside Norths are Norths too
  return [...state.tiles, ...state.melds.flatMap((m) => m.tiles), ...state.dora, ...state.ura, ...kita];
}
function copiesLeft(t) {
  const used = allTiles();
  const kind = kindOf(t);
  let left = 4 - used.filter((u) => kindOf(u) === kind).length;
  if (t[0] === "0") left = Math.min(left, 1 - used.filter((u) => u === t).length);
  return left;
}
function handSize() { return state.tiles.length + 3 * state.melds.length; }

function meldTiles(type, t) {
  if (type === "chi") {
    const n = Number(kindOf(t)[0]);
    if (t[1] === "z" || n > 7) return null;
    return [t, `${n + 1}${t[1]}`, `${n + 2}${t[1]}`];
  }
  const plain = kindOf(t);
  const tiles = Array(MELD_SIZE[type]).fill(plain);
  tiles[0] = t;
  return tiles;
}

// -- editing ------------------------------------------------------------------

function addFromPalette(t) {
  if (mode === "hand") {
    if (handSize() >= 14 || copiesLeft(t) < 1) return flash(t);
    state.tiles.push(t);
    state.win = t;
  } else if (mode === "dora" || mode === "ura") {
    if (state[mode].length >= 5 || copiesLeft(t) < 1) return flash(t);
    state[mode].push(t);
  } else {
    const tiles = meldTiles(mode, t);
    if (!tiles || state.melds.length >= 4 || handSize() + 3 > 14) return flash(t);
    const need = {};
    for (const u of tiles) need[u] = (need[u] || 0) + 1;
    for (const u of Object.keys(need)) {
      const kindNeed = tiles.filter((v) => kindOf(v) === kindOf(u)).length;
      if (copiesLeft(u) < need[u] || copiesLeft(kindOf(u)) < kindNeed) return flash(t);
    }
    const rel = mode === "ankan" ? null : mode === "chi" ? "left" : $("from").value;
    state.melds.push({ type: mode, tiles, rel });
  }
  changed(true);
}

function flash(t) {
  const b = document.querySelector(`#palette [data-tile="${t}"]`);
  if (b) { b.classList.remove("refused"); void b.offsetWidth; b.classList.add("refused"); }
}

function removeTile(index) {
  const [t] = state.tiles.splice(index, 1);
  if (state.win === t && !state.tiles.includes(t)) state.win = state.tiles[state.tiles.length - 1] || null;
  changed(true);
}

function setMode(m) {
  mode = m;
  for (const b of document.querySelectorAll("#modes button")) b.classList.toggle("active", b.dataset.mode === m);
  const calls = ["pon", "minkan", "shouminkan"].includes(m);
  $("from-row").hidden = !(calls || m === "chi" || m === "ankan");
  $("from").disabled = !calls;
  $("mode-hint").textContent = {
    chi: t("click the lowest tile of the run; a chi is always called from the left"),
    ankan: t("a concealed kan keeps the hand closed"),
  }[m] || "";
}

// -- the case -----------------------------------------------------------------

function rulesSpec() {
  const keys = Object.keys(state.overrides);
  return keys.length ? { preset: state.preset, ...state.overrides } : state.preset;
}

function buildCase() {
  const c = {
    hand: formatTiles(state.tiles),
    melds: state.melds.map((m) => {
      const out = { type: m.type, tiles: formatTiles(m.tiles) };
      if (m.type !== "ankan" && m.rel) out.from = relToSeat(m.rel, state.seat);
      return out;
    }),
    win: state.win,
    tsumo: state.tsumo,
    seat_wind: state.seat,
    round_wind: state.round,
    dora: formatTiles(state.dora, false),
    ura: formatTiles(state.ura, false),
    honba: state.honba,
    riichi_sticks: state.sticks,
    rules: rulesSpec(),
    ...(players() === 3 && state.kita ? { kita: state.kita } : {}),
    red_fives_as_plain: true,  // under rules without red fives a red five is their plain five (the result says so)
  };
  if (!state.tsumo) c.discarder = relToSeat(state.discarder, state.seat);
  if (state.riichi) c.riichi = true;
  if (state.riichi === 2) c.double_riichi = true;
  if (state.riichi && state.ippatsu) c.ippatsu = true;
  if (state.riichi && state.open_riichi) c.open_riichi = true;
  if (state.last) c[state.tsumo ? "haitei" : "houtei"] = true;
  if (state.rinshan) c.rinshan = true;
  if (state.chankan) c.chankan = true;
  if (state.first) c[state.tsumo ? (state.seat === "E" ? "tenhou" : "chiihou") : "renhou"] = true;
  return c;
}

async function post(url, body) {
  const r = await fetch(url, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  let data = null;
  try { data = await r.json(); } catch (e) { data = { ok: false, error: { code: "http_" + r.status, message: r.statusText } }; }
  return { status: r.status, data };
}

// -- state <-> URL ---------------------------------------------------------------

function toQuery() {
  const q = new URLSearchParams();
  const h = handText();
  if (h) q.set("hand", h);
  if (state.win) q.set("win", state.win);
  if (state.tsumo) q.set("tsumo", "1");
  else q.set("from", relToSeat(state.discarder, state.seat));
  if (state.seat !== "E") q.set("seat", state.seat);
  if (state.round !== "E") q.set("round", state.round);
  if (state.riichi) q.set("riichi", String(state.riichi));
  for (const f of ["ippatsu", "open_riichi", "last", "rinshan", "chankan", "first"]) if (state[f]) q.set(f, "1");
  if (state.dora.length) q.set("dora", formatTiles(state.dora, false));
  if (state.ura.length) q.set("ura", formatTiles(state.ura, false));
  if (state.honba) q.set("honba", String(state.honba));
  if (state.sticks) q.set("sticks", String(state.sticks));
  if (state.kita) q.set("kita", String(state.kita));
  if (state.scores) q.set("scores", state.scores);
  if (state.roundNumber !== 1) q.set("kyoku", String(state.roundNumber));
  if (state.preset !== "tenhou") q.set("rules", state.preset);
  if (Object.keys(state.overrides).length) q.set("switches", JSON.stringify(state.overrides));
  if (state.view !== "score") q.set("view", state.view);
  return q.toString();
}

async function fromQuery(search) {
  const q = new URLSearchParams(search);
  const int = (k) => Math.max(0, Math.min(99, parseInt(q.get(k) || "0", 10) || 0));
  if (SEATS.includes(q.get("seat"))) state.seat = q.get("seat");
  if (SEATS.includes(q.get("round"))) state.round = q.get("round");
  state.preset = q.get("rules") || "tenhou";  // before the hand is read: it says how many players
  // The hand, the dora and the ura indicators of the link, each read by the server.
  const before = readingSerial;
  const [hand, dora, ura] = await Promise.allSettled(["hand", "dora", "ura"].map((k) => readHand(q.get(k) || "")));
  if (readingSerial !== before) {
    // the hand was typed or clicked while the link's was read: what the user did stands
  } else if (hand.status === "fulfilled") {
    state.tiles = hand.value.tiles;
    state.melds = hand.value.melds;
    const win = q.get("win");  // the link's winning tile, else the reading's (marked, or the last tile)
    state.win = win && state.tiles.includes(win) ? win : hand.value.win;
  } else {
    $("notation").value = q.get("hand") || "";
    showNotationError(hand.reason);
  }
  state.tsumo = q.get("tsumo") === "1";
  const from = q.get("from");
  if (SEATS.includes(from) && seatToRel(from, state.seat)) state.discarder = seatToRel(from, state.seat);
  state.riichi = [0, 1, 2].includes(int("riichi")) ? int("riichi") : 0;
  for (const f of ["ippatsu", "open_riichi", "last", "rinshan", "chankan", "first"]) state[f] = q.get(f) === "1";
  for (const [f, read] of [["dora", dora], ["ura", ura]]) {
    // indicators are tiles only: anything else the link holds there is dropped, as bad tiles are
    const ok = read.status === "fulfilled" && !read.value.melds.length && !read.value.marked;
    state[f] = ok ? read.value.tiles.slice(0, 5) : [];
  }
  state.honba = int("honba");
  state.sticks = int("sticks");
  state.kita = Math.min(4, int("kita"));
  state.scores = (q.get("scores") || "").slice(0, 60);
  state.roundNumber = Math.max(1, Math.min(4, int("kyoku") || 1));
  try {
    const o = JSON.parse(q.get("switches") || "{}");
    state.overrides = o && typeof o === "object" && !Array.isArray(o) ? o : {};
  } catch (e) { state.overrides = {}; }
  state.view = q.get("view") === "compare" ? "compare" : "score";
}

// -- drawing the editor ------------------------------------------------------------

function renderPalette() {
  const pal = $("palette");
  pal.textContent = "";
  const rows = [["1m", "2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m", "9m"],
    ["1p", "2p", "3p", "4p", "5p", "0p", "6p", "7p", "8p", "9p"],
    ["1s", "2s", "3s", "4s", "5s", "0s", "6s", "7s", "8s", "9s"],
    ["1z", "2z", "3z", "4z", "5z", "6z", "7z"]];
  for (const row of rows) {
    const div = document.createElement("div");
    div.className = "palette-row";
    for (const t of row) div.appendChild(tileButton(t, afterTyping(() => addFromPalette(t))));
    pal.appendChild(div);
  }
}

// Red fives in the rule set being scored (its preset's, or the override); 3 before the rules are known.
function redFives() {
  if (state.overrides.aka !== undefined) return Number(state.overrides.aka);
  const preset = rulesListing && rulesListing.presets.find((p) => p.name === state.preset);
  return preset ? Number(preset.switches.aka) : 3;
}

function renderEditor() {
  const reds = redFives() > 0;
  for (const b of document.querySelectorAll("#palette .tile-btn")) {
    b.disabled = copiesLeft(b.dataset.tile) < 1;
    // the palette offers red fives only where the rules have them, and only the tiles in play (108 for three)
    b.hidden = (b.dataset.tile[0] === "0" && !reds) || !inPlay(b.dataset.tile);
  }
  const three = players() === 3;
  document.querySelector('#modes [data-mode="chi"]').hidden = three;  // no chi with three players
  const view = $("hand-view");
  view.textContent = "";
  const concealed = document.createElement("div");
  concealed.className = "concealed";
  // Sorted, with the winning tile set apart at the end.
  const order = state.tiles.map((t, i) => [t, i]).sort((a, b) => sortKey(a[0]) - sortKey(b[0]));
  const winAt = state.win ? order.map((p) => p[0]).lastIndexOf(state.win) : -1;
  const winPair = winAt >= 0 ? order.splice(winAt, 1)[0] : null;
  for (const [t, i] of order) concealed.appendChild(tileButton(t, () => removeTile(i), "in-hand"));
  if (winPair) {
    const b = tileButton(winPair[0], () => removeTile(winPair[1]), "in-hand win-tile");
    b.title = t("winning tile (click to remove)");
    concealed.appendChild(b);
  }
  if (!state.tiles.length) {
    const p = document.createElement("span");
    p.className = "hint";
    p.textContent = t("empty: click the tiles below");
    concealed.appendChild(p);
  }
  view.appendChild(concealed);
  state.melds.forEach((m, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "meld-btn";
    b.dataset.meld = meldText(m);
    b.title = t("{meld} (click to remove)", { meld: meldText(m) });
    b.appendChild(meldImage(meldText(m), state.seat, players()));
    b.addEventListener("click", () => { state.melds.splice(i, 1); changed(true); });
    view.appendChild(b);
  });
  $("tile-count").textContent = `${handSize()} / 14`;
  const win = $("win");
  win.textContent = "";
  for (const t of sortTiles([...new Set(state.tiles)])) {
    const o = document.createElement("option");
    o.value = o.textContent = t;
    win.appendChild(o);
  }
  win.value = state.win || "";
  for (const f of ["dora", "ura"]) {
    const box = $(f + "-view");
    box.textContent = "";
    state[f].forEach((t, i) => box.appendChild(tileButton(t, () => { state[f].splice(i, 1); changed(true); }, "indicator")));
    if (!state[f].length) {
      const s = document.createElement("span");
      s.className = "hint";
      s.textContent = f === "dora" ? t("none (choose \"Dora\" above the palette)") : t("none (choose \"Ura\" above the palette)");
      box.appendChild(s);
    }
  }
}

function renderSituation() {
  for (const b of document.querySelectorAll("[data-win-by]")) b.classList.toggle("active", (b.dataset.winBy === "tsumo") === state.tsumo);
  $("discarder-label").hidden = state.tsumo;
  $("discarder").value = state.discarder;
  for (const id of ["discarder", "from"]) {
    for (const opt of $(id).options) {
      opt.textContent = t("{seat} ({relation})", { seat: tWords(opt.value, "seat:"), relation: t(SEAT_NAMES[relToSeat(opt.value, state.seat)]) });
    }
  }
  const three = players() === 3;
  for (const b of document.querySelectorAll("[data-players]")) b.classList.toggle("active", Number(b.dataset.players) === players());
  for (const id of ["seat", "round"]) for (const o of $(id).options) o.hidden = o.disabled = three && o.value === "N";
  for (const id of ["discarder", "from"]) for (const o of $(id).options) o.hidden = o.disabled = three && o.value === "across";
  $("kita-label").hidden = !three;
  $("kita").value = state.kita;
  $("kita-minus").disabled = state.kita <= 0;
  $("kita-plus").disabled = state.kita >= 4 || copiesLeft("4z") < 1;
  $("seat").value = state.seat;
  $("round").value = state.round;
  $("riichi").value = String(state.riichi);
  for (const f of ["ippatsu", "open_riichi"]) { $(f).checked = state[f]; $(f).disabled = !state.riichi; }
  for (const f of ["last", "rinshan", "chankan", "first"]) $(f).checked = state[f];
  $("last-label").textContent = state.tsumo ? t("haitei (last draw)") : t("houtei (last discard)");
  $("first-label").textContent = state.tsumo ? (state.seat === "E" ? t("tenhou (dealer's first draw)") : t("chiihou (first draw)")) : t("renhou (first go-around ron)");
  $("honba").value = state.honba;
  $("sticks").value = state.sticks;
  $("scores").value = state.scores;
  $("round-number").value = String(state.roundNumber);
}

function renderRules() {
  if (!rulesListing) return;
  $("preset").value = state.preset;
  const preset = rulesListing.presets.find((p) => p.name === state.preset);
  for (const o of $("preset").options) o.hidden = o.disabled = Number(o.dataset.players) !== players();
  // The rule books' descriptions (the library's data, with their sources) through the catalogue; one it lacks
  // is shown in English and marked so.
  const translated = Boolean(preset && i18n.messages[preset.description]);
  $("preset-description").textContent = preset ? t(preset.description) : "";
  $("preset-description").lang = translated ? i18n.lang : "en";
  $("preset-description-note").hidden = i18n.lang === "en" || !preset || translated;
  const box = $("switches");
  box.textContent = "";
  if (!preset) return;
  for (const sw of rulesListing.switches) {
    const value = sw.name in state.overrides ? state.overrides[sw.name] : preset.switches[sw.name];
    const label = document.createElement("label");
    label.className = "switch" + (sw.name in state.overrides ? " overridden" : "");
    const name = document.createElement("span");
    name.textContent = t(sw.name.replaceAll("_", " "));
    label.appendChild(name);
    let input;
    if (sw.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = Boolean(value);
      input.addEventListener("change", () => setOverride(sw.name, input.checked, preset));
      label.prepend(input);
    } else if (sw.kind === "choice") {
      input = document.createElement("select");
      for (const v of sw.values) {  // the value as words (whole_hand: "whole hand"), sent as it is
        const o = document.createElement("option");
        o.value = v;
        o.textContent = t(v.replaceAll("_", " "));
        input.appendChild(o);
      }
      input.value = value;
      input.addEventListener("change", () => setOverride(sw.name, input.value, preset));
      label.appendChild(input);
    } else if (sw.kind === "int" || sw.kind === "int_or_null") {
      input = document.createElement("input");
      input.type = "number";
      input.min = sw.kind === "int_or_null" ? 1 : 0;
      input.value = value === null ? "" : value;
      input.placeholder = t("no cap");
      input.addEventListener("change", () => {
        const v = input.value === "" ? null : Number(input.value);
        setOverride(sw.name, v, preset);
      });
      label.appendChild(input);
    } else {
      input = document.createElement("span");
      input.className = "set-value";
      input.textContent = (value || []).map((v) => yakuShown(String(v))).join(", ") || t("none");
      label.appendChild(input);
    }
    input.dataset.switch = sw.name;
    box.appendChild(label);
  }
  const n = Object.keys(state.overrides).length;
  $("override-count").textContent = n ? t("({n} changed)", { n }) : "";
}

function setOverride(name, value, preset) {
  if (JSON.stringify(value) === JSON.stringify(preset.switches[name])) delete state.overrides[name];
  else state.overrides[name] = value;
  changed(false);
}

// -- drawing the result --------------------------------------------------------------

function seatLabel(s) {
  if (s === state.seat) return t("{seat} (you)", { seat: t(SEAT_NAMES[s]) });
  return t("{seat} ({relation})", { seat: t(SEAT_NAMES[s]), relation: tWords(seatToRel(s, state.seat), "seat:") });
}
function renderResult(r) {
  $("result").replaceChildren(scoreView(r, { tsumo: state.tsumo, seatLabel, ids: true }));
}

function renderError(err, analysis) {
  const box = $("result");
  box.textContent = "";
  if (analysis && analysis.ok) {
    if (analysis.shanten < 0 || err.code === "no_yaku") {
      box.append(el("p", { class: "error", id: "error", "data-code": err.code }, el("pre", {}, errorMessage(err))));
    }
    renderAnalysis(box, analysis);
    return;
  }
  box.append(el("p", { class: "error", id: "error", "data-code": err.code }, el("pre", {}, errorMessage(err))));
}

function valueText(w) {
  const part = (how, v, noYaku) => (v === null || v === undefined ? (noYaku ? t("{how}: no yaku", { how }) : null) : `${how} ${points(v)}`);
  return [part(t("ron"), w.ron, w.no_yaku), part(t("tsumo"), w.tsumo, w.tsumo_no_yaku)].filter(Boolean).join(" · ");
}

function renderAnalysis(box, a) {
  const sh = a.shanten;
  const after = a.tiles === 14 && sh >= 0;
  const title = sh < 0 ? t("Complete hand") : sh === 0 ? (after ? t("Tenpai after the right discard") : t("Tenpai"))
    : after ? t("{n}-shanten after the right discard", { n: sh }) : t("{n}-shanten", { n: sh });
  box.append(el("div", { class: "summary" }, el("div", { class: "headline", id: "shanten", "data-shanten": String(sh) }, title)));
  if (sh > 0 && a.forms) {
    // how far each winning form is: the shanten is the least of them
    const forms = el("ul", { class: "forms", id: "forms" });
    for (const [form, n] of Object.entries(a.forms)) {
      forms.append(el("li", { "data-form": form, class: n === sh ? "best" : "" }, el("span", {}, t(FORM_NAMES[form] || form)),
        el("b", {}, n < 0 ? t("complete") : n === 0 ? t("tenpai") : t("{n}-shanten", { n }))));
    }
    box.append(forms);
  }
  if (a.tiles === 13) box.append(el("p", { class: "hint", id: "scoring-needs" }, t("13 tiles: add the winning tile to score the hand (14).")));
  const waits = a.waits || [];
  if (waits.length) {
    const ul = el("ul", { class: "waits", id: "waits" });
    for (const w of waits) {
      ul.append(el("li", { "data-wait": w.tile }, tileRow([w.tile], "small"),
        el("span", { class: "wait-shape" }, (w.shapes || []).map((x) => t(x)).join(", ")),
        el("span", { class: "wait-value" }, valueText(w)),
        el("small", {}, w.karaten ? t("karaten") : t("{n} left", { n: w.left }))));
    }
    box.append(el("h3", {}, t("Waits")), ul);
    if (a.furiten && a.furiten.can_ron === false) {
      box.append(el("p", { class: "error" }, t("furiten: no ron ({reasons})", { reasons: a.furiten.reasons.map((x) => t(x.replaceAll("_", " "))).join(", ") })));
    }
  } else if (a.tiles === 13 && a.ukeire_tiles && a.ukeire_tiles.length) {
    box.append(el("h3", {}, t("Tiles that help: {n}", { n: a.ukeire })), tileRow(a.ukeire_tiles, "tiny"));
  }
  const discards = a.discards || [];
  if (discards.length) {
    const tb = el("table", { class: "discards", id: "discards" });
    tb.append(el("tr", {}, el("th", {}, t("discard")), el("th", {}, t("shanten")), el("th", {}, t("tiles that help"))));
    for (const d of discards.slice(0, 8)) {
      // a kita row (three players): the North set aside, not discarded; a click sets it aside
      const attrs = d.kita ? { "data-kita": "1", title: t("set the North aside (kita)") } : { title: t("discard {tile}", { tile: d.tile }) };
      const tr = el("tr", { "data-discard": d.tile, ...attrs, class: "pick" },
        el("td", {}, tileRow([d.tile], "small"), d.kita ? el("small", { class: "kita" }, " " + t("kita")) : null),
        el("td", {}, String(d.shanten)), el("td", {}, tileRow(d.ukeire_tiles || [], "tiny"), ` ${d.ukeire}`));
      tr.addEventListener("click", () => {
        const i = state.tiles.lastIndexOf(d.tile);
        if (i < 0) return;
        if (d.kita) state.kita = Math.min(4, state.kita + 1);
        removeTile(i);
      });
      tb.append(tr);
    }
    box.append(el("h3", {}, t("Discards (click one to discard it)")), tb);
    if (a.tiles === 14 && sh >= 0 && sh <= 3 && state.lastCase) loadEv(box, tb, state.lastCase);
  }
}

// -- expected values: each discard's chance of winning and expected score, turn by turn (/api/analyze) -----

let evSerial = 0;

// The scores as written, one number a seat at this table (spaces or commas between), or null when they are
// not that. Whether they make up the game's points is the server's to say (the analysis's error).
function scoresWritten(text) {
  const words = String(text || "").split(/[\s,]+/).filter(Boolean);
  if (words.length !== players() || !words.every((w) => /^-?\d{1,7}$/.test(w))) return null;
  return words.map(Number);
}

// Final points as a signed number with one decimal ("+41.3", "-12.0").
function signed(points) {
  return (points >= 0 ? "+" : "") + points.toFixed(1);
}
async function loadEv(box, table, c) {
  const serial = ++evSerial;
  let holder = document.getElementById("ev");
  if (!holder) {
    holder = el("div", { class: "ev", id: "ev" });
    box.append(holder);
  }
  holder.replaceChildren(el("p", { class: "hint" }, t("Expected values: working…")));
  const turn = state.evTurn || 1;
  const request = { ...c, visible: c.dora || "", ev: { model: "table", first_turn: turn } };
  // The scores, when written (numbers split by spaces or commas; "25k" is not read): the placement value too.
  // A count or sum the server refuses comes back as the analysis's error, named.
  const scores = scoresWritten(state.scores);
  $("scores-hint").hidden = scores !== null || !state.scores;
  $("scores-hint").textContent = t("Scores are {n} numbers, one a seat, East first.", { n: players() });
  if (scores) Object.assign(request, { scores, round_number: state.roundNumber });
  let res;
  try { res = await post("/api/analyze", request); } catch (e) { res = null; }
  if (serial !== evSerial) return;
  const d = res && res.data;
  if (!d || !d.ev) {
    const why = d && d.error ? errorMessage(d.error).split("\n")[0] : t("the server did not answer");
    holder.replaceChildren(el("p", { class: "hint", id: "ev-error" }, t("Expected values: {why}", { why })));
    return;
  }
  const byTile = new Map(d.ev.discards.map((x) => [x.tile + (x.kita ? "k" : ""), x]));
  const head = table.querySelector("tr");
  for (const old of table.querySelectorAll(".ev-cell")) old.remove();
  const placed = d.ev.discards.some((x) => x.placement && x.placement.length);
  head.append(el("th", { class: "ev-cell", title: t("chance of winning the hand") }, t("win %")),
    el("th", { class: "ev-cell", title: t("expected points from the hand's win") }, t("expected score")),
    ...(placed ? [el("th", { class: "ev-cell", title: t("expected final points after uma and oka, from the scores at the table") }, t("placement"))] : []));
  for (const tr of table.querySelectorAll("tr[data-discard]")) {
    const x = byTile.get(tr.dataset.discard + (tr.dataset.kita ? "k" : ""));
    const cell = (text, cls, title) => el("td", { class: `num ev-cell ${cls}`, ...(title ? { title } : {}) }, text);
    tr.append(cell(x ? (100 * x.win[0]).toFixed(1) : "–", "ev-win", x ? t("tenpai {p} %", { p: (100 * x.tenpai[0]).toFixed(1) }) : ""),
      cell(x ? Math.round(x.value[0]).toLocaleString("en") : "–", "ev-value"));
    if (placed) tr.append(cell(x && x.placement && x.placement.length ? signed(x.placement[0]) : "–", "ev-placement"));
  }
  const pick = el("select", { id: "ev-turn", title: t("the turn now: the tiles drawn so far") });
  for (let n = 1; n <= 17; n++) pick.append(el("option", { value: String(n) }, t("turn {n}", { n })));
  pick.value = String(turn);
  pick.addEventListener("change", () => { state.evTurn = Number(pick.value); loadEv(box, table, c); });
  holder.replaceChildren(el("h3", {}, t("Chance of winning by turn"), " ", pick),
    winPlot(d.ev.discards.slice(0, 3), d.ev.first_turn),
    el("p", { class: "hint" }, t("Table model: the other seats' discards (ron), their wins, riichi or dama, the wall; the expected score is the expected gain of the hand's win. See the documentation's page on hand analysis.")));
}

function winPlot(rows, first) {
  const NS = "http://www.w3.org/2000/svg";
  const w = 360, h = 150, pad = 28;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "ev-plot");
  svg.setAttribute("id", "ev-plot");
  const n = rows.length ? rows[0].win.length : 0;
  const top = Math.max(0.05, ...rows.flatMap((r) => r.win));
  const x = (i) => pad + (n > 1 ? (i * (w - 2 * pad)) / (n - 1) : 0);
  const y = (v) => h - pad + 10 - (v / top) * (h - pad - 10);
  const line = (x1, y1, x2, y2, cls) => {
    const l = document.createElementNS(NS, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2, y2, class: cls })) l.setAttribute(k, String(v));
    svg.append(l);
  };
  const text = (tx, ty, s, anchor) => {
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", String(tx)); t.setAttribute("y", String(ty)); t.setAttribute("text-anchor", anchor || "middle");
    t.setAttribute("class", "ev-label");
    t.textContent = s;
    svg.append(t);
  };
  line(pad, y(0), w - pad, y(0), "ev-axis");
  line(pad, y(0), pad, y(top), "ev-axis");
  text(pad - 4, y(top) + 4, `${Math.round(100 * top)}%`, "end");
  text(pad - 4, y(0) + 4, "0", "end");
  for (let i = 0; i < n; i += Math.max(1, Math.ceil(n / 6))) text(x(i), h - 4, `t${first + i}`);
  rows.forEach((r, k) => {
    const p = document.createElementNS(NS, "polyline");
    p.setAttribute("points", r.win.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
    p.setAttribute("class", `ev-line ev-line-${k}`);
    p.setAttribute("data-tile", r.tile || "");
    svg.append(p);
    const swatch = document.createElementNS(NS, "line");
    for (const [a, v] of Object.entries({ x1: w - 70, y1: 12 + 12 * k, x2: w - 56, y2: 12 + 12 * k, class: `ev-line ev-line-${k}` })) swatch.setAttribute(a, String(v));
    svg.append(swatch);
    text(w - 52, 15 + 12 * k, t("discard {tile}", { tile: r.tile || "-" }), "start");
  });
  return svg;
}

function renderCompare(data) {
  const box = $("compare");
  box.textContent = "";
  if (!data.ok) { box.append(el("p", { class: "error" }, el("pre", {}, errorMessage(data.error)))); return; }
  const messages = new Set(data.results.map((row) => (row.result.ok ? "" : row.result.error.message)));
  if (messages.size === 1 && !data.results[0].result.ok) {
    box.append(el("p", { class: "error", id: "compare-error" }, t("Under every preset: {message}", { message: errorMessage(data.results[0].result.error).split("\n")[0] })));
    return;
  }
  const tb = el("table", { class: "compare", id: "compare-table" });
  tb.append(el("tr", {}, el("th", {}, t("preset")), el("th", {}, t("value")), el("th", {}, t("points")), el("th", {}, t("yaku"))));
  for (const row of data.results) {
    const r = row.result;
    const tr = el("tr", { "data-preset": row.preset, title: t(row.description), class: row.preset === state.preset ? "current" : "" });
    tr.append(el("th", { class: "no-translate" }, row.preset));
    if (r.ok) {
      tr.append(el("td", {}, headline(r)), el("td", { class: "num" }, points(r.points)),
        el("td", { class: "names" }, [...(r.yakuman || []).map((y) => yakuShown(y.name)), ...(r.yaku || []).map((y) => `${yakuShown(y.name)} ${y.han}`)].join(", ")));
    } else {
      tr.append(el("td", { colSpan: 3, class: "error" }, i18n.lang === "en" ? `${r.error.code.replaceAll("_", " ")}: ${r.error.message.split("\n")[0]}` : errorMessage(r.error).split("\n")[0]));
    }
    tr.addEventListener("click", () => { state.preset = row.preset; state.overrides = {}; changed(false); });
    tb.append(tr);
  }
  box.append(tb);
  const plain = data.results.filter((row) => row.result.ok && (row.result.notes || []).length).map((row) => row.preset);
  if (plain.length) box.append(el("p", { class: "note", id: "compare-notes" }, t("red fives counted as plain fives under {rules}: those rules have none", { rules: plain.join(", ") })));
}

// -- updating ------------------------------------------------------------------------

// The notation's error (null: none), the word at fault first: "pon:55z: pon 55z: needs 3 tiles, not 2". In
// another language the message is its code's sentence, and the text typed is shown with a caret under the fault.
function showNotationError(error) {
  const box = $("notation-error");
  box.hidden = !error;
  box.textContent = "";
  if (error) box.append(...(error.word ? [el("code", { class: "word" }, error.word), ": "] : []), errorMessage(error));
  if (error && error.span && error.text && i18n.lang !== "en") {
    const [start, end] = error.span;
    box.append(el("pre", { class: "caret", id: "notation-caret" },
      el("code", {}, `${error.text}\n${" ".repeat(start)}${"^".repeat(Math.max(1, end - start))}`)));
  }
  $("notation").classList.toggle("invalid", Boolean(error));
}

function changed(fromTiles) {
  if (fromTiles !== "typed") {
    readingSerial++;  // the notation is written from the hand now: a reading still on its way is stale
    $("notation").value = handText();
    showNotationError(null);
  }
  render();
  history.replaceState(null, "", "?" + toQuery());
  clearTimeout(timer);
  timer = setTimeout(update, 120);
}

function render() {
  renderEditor();
  renderSituation();
  renderRules();
  for (const b of document.querySelectorAll("nav .tab[id]")) {
    const on = b.id === "tab-" + state.view;
    b.classList.toggle("active", on);
    b.setAttribute("aria-pressed", String(on));
  }
  $("compare-card").hidden = state.view !== "compare";
}

async function update() {
  const serial = ++requestSerial;
  const c = buildCase();
  state.lastCase = c;
  document.body.classList.add("busy");
  try {
    if (!state.tiles.length && !state.melds.length) {
      $("result").textContent = "";
      const typedBadly = !$("notation-error").hidden;
      $("result").append(el("p", { class: "hint", id: "empty-hint" },
        typedBadly ? t("Correct the notation, or click tiles in the palette.") : t("Click tiles in the palette, or type a hand.")));
      if (state.view === "compare") $("compare").textContent = "";
      return;
    }
    if (handSize() < 13) {
      $("result").textContent = "";
      $("result").append(el("p", { class: "hint", id: "short-hand" },
        t("{n} tiles: analysis needs 13 (shanten, waits) and scoring needs 14, the winning tile included; each meld counts 3.", { n: handSize() })));
      if (state.view === "compare") $("compare").textContent = "";
      return;
    }
    if (!c.win) {
      // Only melds so far: nothing to score or analyse until there is a concealed tile.
      $("result").textContent = "";
      $("result").append(el("p", { class: "hint" }, t("Add the concealed tiles, the winning tile last.")));
      if (state.view === "compare") $("compare").textContent = "";
      return;
    }
    // One question for every hand: /api/evaluate answers 200 with the score of a winning hand, or the
    // analysis of one that does not win yet, so that no 4xx is part of the page's normal flow.
    const tasks = [post("/api/evaluate", c)];
    if (state.view === "compare") tasks.push(post("/api/compare", c));
    const [evaluated, compared] = await Promise.all(tasks);
    if (serial !== requestSerial) return;
    const scored = evaluated.data.score || evaluated.data;
    if (scored.ok) renderResult(scored);
    else renderError(scored.error || { code: "error", message: t("the server did not answer") }, evaluated.data.analysis || null);
    if (compared) renderCompare(compared.data);
  } catch (e) {
    if (serial === requestSerial) renderError({ code: "network", message: t("cannot reach the server: {reason}", { reason: e.message }) }, null);
  } finally {
    if (serial === requestSerial) document.body.classList.remove("busy");
  }
}

// The hand typed in the notation box, read by the server. Its answer is dropped when a later keystroke, or an
// edit by clicks, came after it: a slow answer never overwrites a newer hand.
async function readTyped() {
  const serial = ++readingSerial;
  let reading = null, error = null;
  try {
    reading = await readHand($("notation").value);
  } catch (e) {
    error = e;
  }
  if (serial !== readingSerial) return;
  // as on the command line: the tile marked win:TILE, else the last concealed tile written (the server's
  // reading says which); after an error no stale hand or result is left beside it: the hand is empty
  state.tiles = reading ? reading.tiles : [];
  state.melds = reading ? reading.melds : [];
  state.win = reading ? reading.win : null;
  showNotationError(error);
  changed("typed");
}

// -- wiring ------------------------------------------------------------------------------

function wire() {
  for (const id of ["seat", "round"]) {
    for (const s of SEATS) { const o = document.createElement("option"); o.value = s; o.textContent = t(SEAT_NAMES[s]); $(id).appendChild(o); }
  }
  renderPalette();
  for (const b of document.querySelectorAll("#modes button")) b.addEventListener("click", () => setMode(b.dataset.mode));
  for (const b of document.querySelectorAll("[data-win-by]")) b.addEventListener("click", () => { state.tsumo = b.dataset.winBy === "tsumo"; changed(false); });
  $("notation").addEventListener("input", () => { typing = readTyped(); });
  $("notation").readOnly = false;  // read-only as the page loads: what was typed before this listener was lost
  $("win").addEventListener("change", () => { state.win = $("win").value; changed(false); });
  // Clear starts over: the hand and the whole situation; the rule set and the view stay.
  $("clear").addEventListener("click", () => { Object.assign(state, FRESH()); changed(true); });
  $("discarder").addEventListener("change", () => { state.discarder = $("discarder").value; changed(false); });
  $("seat").addEventListener("change", afterTyping(() => { state.seat = $("seat").value; changed(true); }));
  $("round").addEventListener("change", () => { state.round = $("round").value; changed(false); });
  $("riichi").addEventListener("change", () => { state.riichi = Number($("riichi").value); changed(false); });
  for (const f of ["ippatsu", "open_riichi", "last", "rinshan", "chankan", "first"]) {
    $(f).addEventListener("change", () => { state[f] = $(f).checked; changed(false); });
  }
  for (const [id, f] of [["honba", "honba"], ["sticks", "sticks"]]) {
    $(id).addEventListener("input", () => { state[f] = Math.max(0, Math.min(99, parseInt($(id).value, 10) || 0)); changed(false); });
  }
  $("scores").addEventListener("change", () => { state.scores = $("scores").value.trim(); changed(false); });
  $("round-number").addEventListener("change", () => { state.roundNumber = Number($("round-number").value); changed(false); });
  $("preset").addEventListener("change", () => { state.preset = $("preset").value; state.overrides = {}; changed(false); });
  for (const b of document.querySelectorAll("[data-players]")) b.addEventListener("click", afterTyping(() => setPlayers(Number(b.dataset.players))));
  const setKita = (n) => { state.kita = Math.max(0, Math.min(4, n)); changed(false); };
  $("kita").addEventListener("input", () => setKita(parseInt($("kita").value, 10) || 0));
  $("kita-minus").addEventListener("click", () => setKita(state.kita - 1));
  $("kita-plus").addEventListener("click", () => { if (copiesLeft("4z") > 0) setKita(state.kita + 1); });
  $("reset-rules").addEventListener("click", () => { state.overrides = {}; changed(false); });
  $("tab-score").addEventListener("click", () => { state.view = "score"; changed(false); });
  $("tab-compare").addEventListener("click", () => { state.view = "compare"; changed(false); });
}

async function start() {
  const listing = fetch("/api/rules");  // asked for while the page's language loads
  await loadLanguage();
  wire();
  const untouched = readingSerial;  // the notation as the page opened: a link's hand, or nothing
  await fromQuery(location.search);
  setMode("hand");
  try {
    await loadGlosses();
  } catch (e) { /* names stay in romaji */ }
  try {
    const r = await listing;
    rulesListing = await r.json();
    for (const p of rulesListing.presets) {
      const o = document.createElement("option");
      o.value = o.textContent = p.name;
      o.className = "no-translate";  // a rule book's name
      o.dataset.players = String(p.players);
      $("preset").appendChild(o);
    }
    if (!rulesListing.presets.some((p) => p.name === state.preset)) state.preset = rulesListing.default;
  } catch (e) { /* the result panel reports the server as unreachable */ }
  // The notation is written from the hand read, unless it is an error to correct, or the user has typed
  // (or clicked) since the page opened: then the box keeps what is in it, and a reading on its way stands.
  const typed = !$("notation-error").hidden || readingSerial !== untouched;
  changed(typed ? "typed" : true);
}

start();
