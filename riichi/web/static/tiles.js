// Shared by the calculator (app.js) and the replay page (replay.js): tile notation, tile pictures from the
// page's inline sprite (riichi.svg), melds through /api/svg/meld, and the view of a scored hand.
"use strict";

// (i18n.js, loaded first, gives t and N_.)
const SEATS = ["E", "S", "W", "N"];
const SEAT_NAMES = { E: N_("East"), S: N_("South"), W: N_("West"), N: N_("North") };
const LIMIT_NAMES = {
  mangan: N_("Mangan"), haneman: N_("Haneman"), baiman: N_("Baiman"), sanbaiman: N_("Sanbaiman"),
  kazoe_yakuman: N_("Kazoe yakuman"), yakuman: N_("Yakuman"),
};
let glosses = {};       // yaku name -> English, from /api/yaku

async function loadGlosses() {
  const lang = typeof i18n === "undefined" ? "en" : i18n.lang;
  glosses = await (await fetch("/api/yaku" + (lang === "en" ? "" : "?lang=" + lang))).json();
}

// -- tiles ------------------------------------------------------------------

function kindOf(t) { return (t[0] === "0" ? "5" : t[0]) + t[1]; }
function sortKey(t) {
  const n = t[0] === "0" ? 4.5 : Number(t[0]);
  return "mpsz".indexOf(t[1]) * 10 + n;
}
function sortTiles(ts) { return [...ts].sort((a, b) => sortKey(a) - sortKey(b)); }

function formatTiles(ts, sort = true) {
  const seq = sort ? sortTiles(ts) : ts;
  let out = "", suit = "";
  for (const t of seq) {
    if (suit && t[1] !== suit) out += suit;
    suit = t[1];
    out += t[0];
  }
  return out + suit;
}

function parseTiles(text) {
  const out = [];
  let pending = [];
  for (const ch of text) {
    if (ch >= "0" && ch <= "9") pending.push(ch);
    else if ("mpsz".includes(ch)) {
      if (!pending.length) throw new Error(`suit letter '${ch}' has no digits before it`);
      for (const d of pending) {
        if (ch === "z" && (d === "0" || d === "8" || d === "9")) throw new Error(`there is no tile ${d}z`);
        out.push(d + ch);
      }
      pending = [];
    } else throw new Error(`unexpected character '${ch}'`);
  }
  if (pending.length) throw new Error("digits without a suit letter after them");
  return out;
}

function useTile(t, cls = "") {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 30 40");
  svg.setAttribute("class", "t " + cls);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t);
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", "#tile-" + t);
  svg.appendChild(use);
  return svg;
}

function tileRow(ts, cls = "") {
  const span = document.createElement("span");
  span.className = "tiles " + cls;
  for (const t of ts) span.appendChild(useTile(t));
  return span;
}

// A meld in hand notation ("pon:555z@W") drawn by the server, called tiles turned towards their seat.
function meldImage(text, seat, players = 4) {
  const img = document.createElement("img");
  img.alt = text;
  img.src = `/api/svg/meld?m=${encodeURIComponent(text)}&seat=${seat}` + (players === 3 ? "&players=3" : "");
  return img;
}

// -- text ---------------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("data-")) e.setAttribute(k, v); else e[k] = v;
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function yakuName(name) { return name.replaceAll("_", " "); }
// A yaku's name as the page's language shows it: romaji in English, the kanji in Japanese.
function yakuShown(name) { return typeof i18n !== "undefined" && i18n.lang !== "en" && glosses[name] ? glosses[name] : yakuName(name); }
function yakuLabel(name) {
  const gloss = glosses[name];
  if (typeof i18n !== "undefined" && i18n.lang !== "en" && gloss) return el("span", { class: "yaku-name" }, gloss);
  return el("span", {}, yakuName(name), gloss && gloss !== yakuName(name) ? el("small", { class: "gloss" }, gloss) : null);
}

function points(n) { return n.toLocaleString("en-US"); }

function headline(r) {
  if (r.yakuman_total > 1) return t("{n}× yakuman", { n: r.yakuman_total });
  if (r.limit) return t(LIMIT_NAMES[r.limit] || r.limit);
  return t("{han} han {fu} fu", { han: r.han, fu: r.fu });
}
function signed(n) { return (n > 0 ? "+" : "") + points(n); }

// -- a scored hand ---------------------------------------------------------------

function paymentText(r, tsumo, seatLabel) {
  const pays = Object.entries(r.payments || {});
  if (!tsumo) return pays.map(([s, n]) => t("{seat} pays {points}", { seat: seatLabel(s), points: points(n) })).join(", ");
  const amounts = [...new Set(pays.map(([, n]) => n))];
  const others = r.deltas ? Object.keys(r.deltas).length - 1 : 3;  // three players: two others
  if (amounts.length === 1 && pays.length === others && others > 1) return t("{points} all", { points: points(amounts[0]) });
  return pays.map(([s, n]) => `${t(SEAT_NAMES[s])} ${points(n)}`).join(", ");
}

// The result of a scored hand (an interchange result): points, limit, payments, yaku, fu, reading and score
// changes. opts: tsumo (how the payments read), seatLabel (a seat wind's name), ids (give the parts ids:
// the calculator's single result has them).
function scoreView(r, opts) {
  const { tsumo, seatLabel, ids } = opts;
  const a = (cls) => (ids ? { class: cls, id: cls } : { class: cls });
  const box = el("div", { class: "score-view" });
  const summary = el("div", { class: "summary" },
    el("div", a("points"), points(r.points)),
    el("div", a("headline"), headline(r)),
    el("div", a("payments"), paymentText(r, tsumo, seatLabel)));
  box.append(summary);
  for (const note of r.notes || []) box.append(el("p", ids ? { class: "note", id: "notes" } : { class: "note" }, note));
  if (r.limit && !r.yakuman_total) box.append(el("p", a("hanfu"), t("{han} han · {fu} fu", { han: r.han, fu: r.fu })));
  const list = el("ul", a("yaku"));
  for (const y of r.yakuman || []) list.append(el("li", { "data-yaku": y.name, class: "yakuman" }, yakuLabel(y.name), el("b", {}, y.multiplier > 1 ? t("{n}× yakuman", { n: y.multiplier }) : t("yakuman"))));
  for (const y of r.yaku || []) list.append(el("li", { "data-yaku": y.name }, yakuLabel(y.name), el("b", {}, t("{n} han", { n: y.han }))));
  box.append(el("h3", {}, t("Yaku")), list);
  if (r.fu_details && r.fu_details.length) {
    const fu = el("ul", a("fu"));
    for (const f of r.fu_details) fu.append(el("li", {}, el("span", {}, tWords(f.reason, "fu:")), el("b", {}, t("{n} fu", { n: f.fu }))));
    box.append(el("h3", {}, t("Fu: {n}", { n: r.fu })), fu);
  }
  if (r.decomposition && r.decomposition.length) {
    const d = el("div", a("decomposition"));
    for (const g of r.decomposition) { try { d.append(tileRow(parseTiles(g), "small")); } catch (e) { d.append(g); } }
    box.append(el("h3", {}, t("Reading")), d);
  }
  if (r.deltas) {
    const tb = el("table", a("deltas"));
    for (const s of SEATS) {
      if (!(s in r.deltas)) continue;  // no North in a three-player game
      const v = r.deltas[s];
      tb.append(el("tr", { "data-seat": s }, el("th", {}, seatLabel(s)), el("td", { class: v > 0 ? "plus" : v < 0 ? "minus" : "" }, signed(v))));
    }
    box.append(el("h3", {}, t("Score changes")), tb);
  }
  return box;
}
