// The club pages: events and standings for everyone, the phone page of a table, the organiser's page.
// Every text comes from strings.js; every value is put in the page as text (never as HTML).
"use strict";
(() => {
  const main = document.getElementById("main");
  const msg = document.getElementById("message");
  const langSelect = document.getElementById("lang");
  let lang = localStorage.getItem("riichi-club-lang") || "";
  let messages = {};
  let me = { kind: "anonymous" };
  // A text by its key: its English (strings.js), translated through the language's catalogue.
  const t = (key) => { const en = window.CLUB_STRINGS[key] || key; return messages[en] || en; };

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "onclick" || k === "onsubmit" || k === "onchange" || k === "oninput") el.addEventListener(k.slice(2), v);
      else if (v !== false && v !== null && v !== undefined) el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }
  const say = (text) => { msg.textContent = text || ""; };

  async function api(method, path, body) {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET" && me.csrf) headers["X-CSRF-Token"] = me.csrf;
    const r = await fetch("/club/api" + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
                                                 credentials: "same-origin" });
    const text = await r.text();
    let data = null;
    try { data = JSON.parse(text); } catch (e) { data = text; }
    if (!r.ok) {
      const err = new Error(data && data.error ? data.error.message : r.statusText);
      err.status = r.status; err.data = data;
      throw err;
    }
    return data;
  }

  async function refreshMe() {
    me = await api("GET", "/me");
    const who = document.getElementById("who");
    who.replaceChildren();
    if (me.kind !== "anonymous") {
      who.append(`${t("signedInAs")} ${me.kind === "table" ? t("tableOf") : me.name} `,
                 h("button", { onclick: async () => { await api("POST", "/logout"); location.href = "/club"; } }, t("signOut")));
    }
  }

  // The tables' codes this page was told (game id -> code): the server keeps only their hashes and tells each code
  // once, in the answer that seats its round or makes it anew; a reload forgets them.
  const toldCodes = {};
  const remember = (answer) => { for (const c of answer.codes || []) toldCodes[c.game] = c.code; return answer; };
  const grouped = (code) => code.replace(/(.{4})(?=.)/g, "$1 ");

  const seatWind = (seat, dealer, players) => ["E", "S", "W", "N"][(seat - dealer + players) % players];

  // -- home -----------------------------------------------------------------------------------------------------
  async function home() {
    const events = await api("GET", "/events");
    const codeInput = h("input", { id: "code", autocomplete: "off", autocapitalize: "characters", "aria-label": t("tableCode") });
    const name = h("input", { id: "org-name", autocomplete: "username", "aria-label": t("name") });
    const pass = h("input", { id: "org-password", type: "password", autocomplete: "current-password", "aria-label": t("password") });
    main.replaceChildren(
      h("h1", {}, t("events")),
      h("ul", {}, events.map((e) => h("li", {}, h("a", { href: `/club/events/${e.id}` }, e.name), ` (${t(e.kind)})`))),
      h("h2", {}, t("tableCode")),
      h("form", { class: "stack", id: "table-form", onsubmit: async (ev) => {
        ev.preventDefault();
        try { await api("POST", "/table-login", { code: codeInput.value }); location.href = "/club/table"; }
        catch (e) { say(e.message); }
      } }, codeInput, h("button", { class: "primary", type: "submit" }, t("enterTable"))),
      h("h2", {}, t("organiser")),
      h("form", { class: "stack", id: "login-form", onsubmit: async (ev) => {
        ev.preventDefault();
        try { await api("POST", "/login", { name: name.value, password: pass.value }); location.href = "/club/organiser"; }
        catch (e) { say(e.message); }
      } }, h("label", {}, t("name"), " ", name), h("label", {}, t("password"), " ", pass),
        h("button", { class: "primary", type: "submit" }, t("signIn"))),
    );
  }

  // -- standings ------------------------------------------------------------------------------------------------
  const pct = (x) => (x === null || x === undefined ? "" : (100 * x).toFixed(1) + "%");

  async function eventPage(id) {
    const [event, rows] = await Promise.all([api("GET", `/events/${id}`), api("GET", `/events/${id}/standings`)]);
    const byName = Object.fromEntries(event.players.map((p) => [p.name, p.id]));
    const names = Object.fromEntries(event.players.map((p) => [p.id, p.name]));
    main.replaceChildren(
      h("h1", {}, event.name),
      h("h2", {}, t("standings")),
      h("table", { id: "standings" },
        h("tr", {}, [t("place"), t("player"), t("total"), t("games"), t("places"), t("avgPlace"), t("winRate"),
                     t("dealInRate"), t("riichiRate")].map((x, i) => h("th", { class: i === 1 ? "" : "num" }, x))),
        rows.map((r) => h("tr", {},
          h("td", { class: "num" }, r.place),
          h("td", {}, h("a", { href: `/club/events/${id}/players/${byName[r.player]}` }, r.player)),
          h("td", { class: "num total" }, r.total.toFixed(1)), h("td", { class: "num" }, r.games),
          h("td", { class: "num" }, r.placements.join("/")),
          h("td", { class: "num" }, r.average_placement === null ? "" : r.average_placement.toFixed(2)),
          h("td", { class: "num" }, pct(r.win_rate)), h("td", { class: "num" }, pct(r.deal_in_rate)),
          h("td", { class: "num" }, pct(r.riichi_rate))))),
      ...event.rounds.map((rnd) => h("section", {}, h("h2", {}, `${t("round")} ${rnd.round}`),
        h("table", {}, rnd.tables.map((tb) => h("tr", {}, h("td", {}, `${t("table")} ${tb.table}`),
          tb.seats.map((p, i) => h("td", {}, names[p], " ", h("span", { class: "num" }, tb.scores ? tb.scores[i] : ""))),
          h("td", {}, tb.over ? t("final") : t("notOver"))))))),
    );
  }

  async function playerPage(eventId, playerId) {
    const p = await api("GET", `/events/${eventId}/players/${playerId}`);
    const s = p.standing;
    main.replaceChildren(
      h("h1", {}, p.player.name),
      h("p", {}, h("a", { href: `/club/events/${eventId}` }, t("standings"))),
      s ? h("p", { id: "summary" }, `${t("place")} ${s.place} · ${t("total")} ${s.total.toFixed(1)} · ${t("games")} ${s.games} · ` +
            `${t("winRate")} ${pct(s.win_rate)} · ${t("dealInRate")} ${pct(s.deal_in_rate)} · ${t("riichiRate")} ${pct(s.riichi_rate)}`) : null,
      h("p", { id: "ratings" }, `${t("rating")}: ${p.rating.toFixed(0)}`,
        p.skill ? ` · ${t("skill")}: ${p.skill.ordinal.toFixed(1)} (μ ${p.skill.mu.toFixed(1)}, σ ${p.skill.sigma.toFixed(1)})` : ""),
      h("h2", {}, t("history")),
      h("table", { id: "history" }, h("tr", {}, [t("round"), t("table"), t("score"), t("points"), t("place")].map((x) => h("th", {}, x))),
        p.history.map((g) => h("tr", {}, h("td", {}, g.round), h("td", {}, g.table), h("td", { class: "num" }, g.score),
                                     h("td", { class: "num" }, g.points.toFixed(1)), h("td", { class: "num" }, g.place)))),
    );
  }

  // -- a table's phone ------------------------------------------------------------------------------------------
  // A win as the phone holds it: counted (han and fu, or yakuman with its liable seat) or the hand itself
  // (MPSZ text, scored by the sheet).
  const newWin = () => ({ winner: null, han: null, fu: null, yakuman: 0, pao: null, byHand: false,
                          hand: "", dora: "", ura: "", flags: [] });
  const FLAGS = ["ippatsu", "rinshan", "chankan", "haitei", "houtei"];
  function newForm() {
    return { result: "ron", from: null, wins: [newWin()], riichi: [],
             tenpai: [], nagashi: [], kind: "kyuushu_kyuuhai", seat: null, editing: null };
  }
  let form = newForm();
  let game = null;

  function handObject() {
    const hand = { result: form.result, riichi: form.riichi.slice().sort() };
    const win = (w) => {
      if (w.byHand) {
        const c = { hand: w.hand.trim() };
        if (w.dora.trim()) c.dora = w.dora.trim();
        if (w.ura.trim()) c.ura = w.ura.trim();
        for (const f of w.flags) c[f] = true;
        return { winner: w.winner, case: c };
      }
      if (w.yakuman) return w.pao === null ? { winner: w.winner, yakuman: w.yakuman } : { winner: w.winner, yakuman: w.yakuman, pao: w.pao };
      return w.fu === null ? { winner: w.winner, han: w.han } : { winner: w.winner, han: w.han, fu: w.fu };
    };
    if (form.result === "ron") { hand.from = form.from; hand.wins = form.wins.map(win); }
    if (form.result === "tsumo") hand.wins = [win(form.wins[0])];
    if (form.result === "draw") {
      hand.tenpai = form.tenpai.slice().sort();
      if (form.nagashi.length) hand.nagashi = form.nagashi.slice().sort();
    }
    if (form.result === "abortive") hand.kind = form.kind;
    if (form.result === "chombo") hand.seat = form.seat;
    return hand;
  }

  function toggle(list, x) { const i = list.indexOf(x); if (i >= 0) list.splice(i, 1); else list.push(x); }

  async function tablePage(gameId) {
    if (gameId) game = await api("GET", `/games/${gameId}`);
    drawTable();
  }

  function drawTable() {
    const res = game.result;
    const players = game.names.length;
    const next = res.next;
    const dealer = next ? next.dealer : -1;
    const seatButtons = (key, current, onpick, idp) => game.names.map((n, s) => h("button", {
      id: `${idp}-${s}`, class: (Array.isArray(current) ? current.includes(s) : current === s) ? "on" : "",
      onclick: () => { onpick(s); drawTable(); } }, n));
    const win = form.wins[form.wins.length - 1];
    const hanButtons = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((n) => h("button", {
      id: `han-${n}`, class: win.han === n && !win.yakuman ? "on" : "",
      onclick: () => { win.han = n; win.yakuman = 0; if (n >= 5) win.fu = null; drawTable(); } }, n));
    const fuButtons = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110].map((n) => h("button", {
      id: `fu-${n}`, class: win.fu === n ? "on" : "", onclick: () => { win.fu = n; drawTable(); } }, n));
    const kinds = ["ron", "tsumo", "draw", "abortive", "chombo"].map((k) => h("button", {
      id: `result-${k}`, class: form.result === k ? "on" : "", onclick: () => { form.result = k; drawTable(); } }, t(k)));
    const entry = [];
    if (form.result === "ron" || form.result === "tsumo") {
      entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("winner")),
        seatButtons("winner", win.winner, (s) => { win.winner = s; }, "winner")));
      if (form.result === "ron") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("from")),
        seatButtons("from", form.from, (s) => { form.from = s; }, "from")));
      entry.push(h("div", { class: "row" }, h("button", { id: "by-hand", class: win.byHand ? "on" : "",
        onclick: () => { win.byHand = !win.byHand; drawTable(); } }, t("byHand"))));
      if (win.byHand) {
        const text = (key, id, label, placeholder) => h("label", {}, t(label), " ", h("input", { id, value: win[key],
          autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder, oninput: (ev) => { win[key] = ev.target.value; } }));
        entry.push(h("div", { class: "stack" }, text("hand", "case-hand", "handText", "123m456p789s11z222z win:2z"),
          text("dora", "case-dora", "dora", "3m"), text("ura", "case-ura", "ura", "")));
        entry.push(h("div", { class: "row" }, FLAGS.map((f) => h("button", { id: `flag-${f}`, class: win.flags.includes(f) ? "on" : "",
          onclick: () => { toggle(win.flags, f); drawTable(); } }, t(f)))));
      } else {
        entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("han")), hanButtons,
          h("button", { id: "yakuman", class: win.yakuman ? "on" : "", onclick: () => { win.yakuman = (win.yakuman % 2) + 1; win.han = null; win.fu = null; drawTable(); } },
            win.yakuman > 1 ? `${t("yakuman")}×${win.yakuman}` : t("yakuman"))));
        if (!win.yakuman && (win.han === null || win.han < 5)) entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("fu")), fuButtons));
        if (win.yakuman) entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("pao")),
          seatButtons("pao", win.pao, (s) => { win.pao = win.pao === s ? null : s; }, "pao")));
      }
      if (form.result === "ron") entry.push(h("button", { id: "add-winner", onclick: () => { form.wins.push(newWin()); drawTable(); } }, t("addWinner")));
      if (form.wins.length > 1) entry.push(h("p", {}, form.wins.slice(0, -1).map((w) => `${game.names[w.winner]} ${w.byHand ? w.hand : w.yakuman ? t("yakuman") : `${w.han}${t("han")} ${w.fu || ""}${w.fu ? t("fu") : ""}`}`).join(" · ")));
    }
    if (form.result === "draw") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("tenpai")),
      seatButtons("tenpai", form.tenpai, (s) => toggle(form.tenpai, s), "tenpai")));
    if (form.result === "draw") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("nagashi")),
      seatButtons("nagashi", form.nagashi, (s) => toggle(form.nagashi, s), "nagashi")));
    if (form.result === "abortive") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("kind")),
      h("select", { id: "abortive-kind", onchange: (ev) => { form.kind = ev.target.value; } },
        ["kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"].map((k) => h("option", { value: k, selected: form.kind === k }, k)))));
    if (form.result === "chombo") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("offender")),
      seatButtons("seat", form.seat, (s) => { form.seat = s; }, "chombo")));
    if (form.result !== "chombo") entry.push(h("div", { class: "row" }, h("span", { class: "label" }, t("riichi")),
      seatButtons("riichi", form.riichi, (s) => toggle(form.riichi, s), "riichi")));

    const scores = res.scores || game.names.map(() => 0);
    main.replaceChildren(
      h("h1", {}, `${game.event_name} · ${t("round")} ${game.round} · ${t("table")} ${game.table}`),
      next ? h("p", { class: "state", id: "state" }, `${t(next.round_wind)} ${next.round_number} · ${next.honba} ${t("honba")} · ${t("sticks")} ${next.riichi_sticks}`)
           : h("p", { class: "state", id: "state" }, t("gameOver")),
      h("div", { class: "seats", id: "seats" }, game.names.map((n, s) => h("div", { class: "seat" + (s === dealer ? " dealer" : ""), id: `seat-${s}` },
        h("div", {}, n, " ", dealer >= 0 ? `(${t(seatWind(s, dealer, players))}${s === dealer ? " · " + t("dealer") : ""})` : ""),
        h("div", { class: "score" }, scores[s]),
        res.over && res.final_points ? h("div", {}, `${res.final_points[s]} · ${res.placements[s]}`) : null))),
      res.over && form.editing === null ? null : h("section", { id: "entry" },
        form.editing !== null ? h("p", {}, `${t("editing")} ${form.editing + 1}`) : null,
        h("div", { class: "row" }, kinds), entry,
        h("div", { class: "row" },
          h("button", { class: "primary", id: "submit", onclick: submit }, form.editing === null ? t("enter") : t("correct")),
          form.editing !== null ? h("button", { onclick: () => { form = newForm(); drawTable(); } }, t("cancel")) : null)),
      h("h2", {}, t("hands")),
      h("ol", { class: "hands", id: "hands" }, res.hands.map((hd, i) => h("li", {},
        h("button", { id: `edit-${i}`, onclick: () => { editHand(i); } }, `${t(hd.round_wind)}${hd.round_number}-${hd.honba}`), " ",
        t(hd.result), " ", hd.deltas.map((d) => (d > 0 ? "+" : "") + d).join(" / ")))),
      game.hands.length ? h("button", { id: "undo", onclick: undo }, t("undo")) : null,
    );
  }

  function editHand(i) {
    const hd = game.hands[i];
    form = newForm();
    form.editing = i;
    form.result = hd.result;
    form.riichi = (hd.riichi || []).slice();
    if (hd.from !== undefined) form.from = hd.from;
    if (hd.wins) form.wins = hd.wins.map((w) => {
      const c = w.case || {};
      return { ...newWin(), winner: w.winner, han: w.han ?? null, fu: w.fu ?? null, yakuman: w.yakuman || 0, pao: w.pao ?? null,
               byHand: !!w.case, hand: c.hand || "", dora: c.dora || "", ura: c.ura || "", flags: FLAGS.filter((f) => c[f]) };
    });
    if (hd.tenpai) form.tenpai = hd.tenpai.slice();
    if (hd.nagashi) form.nagashi = hd.nagashi.slice();
    if (hd.kind) form.kind = hd.kind;
    if (hd.seat !== undefined) form.seat = hd.seat;
    drawTable();
  }

  async function write(method, path, body) {
    try {
      game = await api(method, path, body);
      form = newForm();
      say(t("saved"));
    } catch (e) {
      if (e.status === 409 && e.data && e.data.state) { game = e.data.state; say(t("conflict")); }
      else say(e.message);
    }
    drawTable();
  }
  function submit() {
    if (form.editing !== null) return write("PUT", `/games/${game.game}/hands/${form.editing}`, { version: game.version, hand: handObject() });
    return write("POST", `/games/${game.game}/hands`, { version: game.version, hand: handObject() });
  }
  function undo() { return write("POST", `/games/${game.game}/undo`, { version: game.version }); }

  // -- the organiser ----------------------------------------------------------------------------------------------
  async function organiserPage() {
    if (me.kind !== "organiser") { location.href = "/club"; return; }
    const events = await api("GET", "/events");
    const mine = [];
    for (const e of events) { const full = await api("GET", `/events/${e.id}`); if (full.mine) mine.push(full); }
    const nameIn = h("input", { id: "event-name", "aria-label": t("name") });
    const rulesIn = h("input", { id: "event-rules", value: "tenhou", "aria-label": t("rules") });
    const kindIn = h("select", { id: "event-kind" }, h("option", { value: "tournament" }, t("tournament")), h("option", { value: "league" }, t("league")));
    main.replaceChildren(
      h("h1", {}, t("organiser")),
      h("h2", {}, t("newEvent")),
      h("form", { class: "stack", id: "new-event", onsubmit: async (ev) => {
        ev.preventDefault();
        let rules = rulesIn.value.trim();
        if (rules.startsWith("{")) { try { rules = JSON.parse(rules); } catch (e) { say(e.message); return; } }
        try { await api("POST", "/events", { name: nameIn.value, kind: kindIn.value, rules }); organiserPage(); } catch (e) { say(e.message); }
      } }, h("label", {}, t("name"), " ", nameIn), h("label", {}, t("rules"), " ", rulesIn), kindIn,
        h("button", { class: "primary", type: "submit" }, t("create"))),
      ...mine.map(eventAdmin),
    );
  }

  function eventAdmin(ev) {
    const id = ev.id;
    const names = Object.fromEntries(ev.players.map((p) => [p.id, p.name]));
    const playersIn = h("textarea", { id: `players-${id}`, rows: 4, cols: 40 });
    const roundsIn = h("input", { id: `rounds-${id}`, type: "number", min: 1, value: 4, "aria-label": t("rounds") });
    const seedIn = h("input", { id: `seed-${id}`, type: "number", value: 0, "aria-label": t("seed") });
    const penPlayer = h("select", { id: `penalty-player-${id}` }, ev.players.map((p) => h("option", { value: p.id }, p.name)));
    const penPoints = h("input", { id: `penalty-points-${id}`, type: "number", step: "0.1", "aria-label": t("points") });
    const penReason = h("input", { id: `penalty-reason-${id}`, "aria-label": t("reason") });
    const swissSeed = h("input", { id: `swiss-seed-${id}`, type: "number", value: 0, "aria-label": t("seed") });
    const byHandIn = h("textarea", { id: `round-tables-${id}`, rows: 3, cols: 40 });
    const newRules = h("input", { id: `rules-${id}`, value: typeof ev.rules === "string" ? ev.rules : JSON.stringify(ev.rules), "aria-label": t("rules") });
    const ids = Object.fromEntries(ev.players.map((p) => [p.name, p.id]));
    // A table a line, its players' names East first, separated by commas.
    const tablesByHand = () => byHandIn.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l, k) =>
      l.split(",").map((n) => n.trim()).map((n) => { if (!(n in ids)) throw new Error(`${t("table")} ${k + 1}: ${n}?`); return ids[n]; }));
    const act = (fn) => async (e) => { e.preventDefault(); try { await fn(); say(t("saved")); organiserPage(); } catch (err) { say(err.message); } };
    return h("section", { class: "event", id: `event-${id}` },
      h("h2", {}, ev.name, " ", h("a", { href: `/club/events/${id}` }, t("standings"))),
      h("p", {}, `${t("rules")}: ${JSON.stringify(ev.rules)} · ${t("players")}: ${ev.players.length}`),
      h("form", { class: "stack", id: `add-players-${id}`, onsubmit: act(() => api("POST", `/events/${id}/players`, {
        players: playersIn.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
          const [name, ema, country] = l.split(",").map((x) => x.trim());
          return { name, ema_number: ema || "", country: country || "" };
        }) })) }, h("label", {}, t("addPlayers")), playersIn, h("button", { type: "submit" }, t("add"))),
      h("form", { class: "row", id: `seat-${id}`, onsubmit: act(async () => remember(await api("POST", `/events/${id}/seating`, { rounds: Number(roundsIn.value), seed: Number(seedIn.value) }))) },
        h("label", {}, t("rounds"), " ", roundsIn), h("label", {}, t("seed"), " ", seedIn), h("button", { type: "submit" }, t("seatRounds"))),
      h("form", { class: "row", id: `swiss-${id}`, onsubmit: act(async () => remember(await api("POST", `/events/${id}/swiss`, { seed: Number(swissSeed.value) }))) },
        h("label", {}, t("seed"), " ", swissSeed), h("button", { type: "submit" }, t("seatSwiss"))),
      h("form", { class: "stack", id: `seat-by-hand-${id}`, onsubmit: act(async () => remember(await api("POST", `/events/${id}/rounds`, { tables: tablesByHand() }))) },
        h("label", {}, t("seatByHand")), byHandIn, h("button", { type: "submit" }, t("seatOneRound"))),
      h("form", { class: "row", id: `set-rules-${id}`, onsubmit: act(() => {
        let rules = newRules.value.trim();
        if (rules.startsWith("{")) rules = JSON.parse(rules);
        return api("PUT", `/events/${id}/rules`, { rules });
      }) }, h("label", {}, t("rules"), " ", newRules), h("button", { type: "submit" }, t("changeRules"))),
      h("h3", {}, t("codes")),
      h("p", {}, t("codesOnce")),
      ev.rounds.map((rnd) => h("table", { class: "codes", "data-round": rnd.round },
        rnd.tables.map((tb) => {
          const finals = tb.seats.map((p, i) => h("input", { class: "final", size: 6, "aria-label": `${t("finalScores")} ${names[p]}`, id: `final-${tb.game}-${i}` }));
          return h("tr", { "data-table": tb.table, "data-game": tb.game },
            h("td", {}, `${t("round")} ${rnd.round} ${t("table")} ${tb.table}`), h("td", {}, h("span", { class: "code" }, tb.game in toldCodes ? grouped(toldCodes[tb.game]) : "—"),
              " ", h("button", { id: `new-code-${tb.game}`, onclick: act(async () => { const c = await api("POST", `/games/${tb.game}/code`); toldCodes[c.game] = c.code; }) }, t("newCode"))),
            h("td", {}, tb.seats.map((p) => names[p]).join(", ")), h("td", {}, tb.over ? t("final") : t("notOver")),
            h("td", {}, finals, h("button", { id: `final-${tb.game}`, onclick: act(() => api("POST", `/games/${tb.game}/final`, {
              version: tb.version, final_scores: finals.map((x) => Number(x.value)) })) }, t("finalScores"))),
            h("td", {}, h("label", {}, t("importRecord"), " ", h("input", { type: "file", id: `record-${tb.game}`, onchange: act(async () => {
              const file = document.getElementById(`record-${tb.game}`).files[0];
              const r = await fetch(`/club/api/games/${tb.game}/record?version=${tb.version}&name=${encodeURIComponent(file.name)}`,
                                    { method: "POST", body: await file.arrayBuffer(), headers: { "X-CSRF-Token": me.csrf }, credentials: "same-origin" });
              if (!r.ok) throw new Error((await r.json()).error.message);
            }) }))));
        }))),
      h("h3", {}, t("penalty")),
      h("form", { class: "row", id: `penalty-${id}`, onsubmit: act(() => api("POST", `/events/${id}/penalties`, {
        player: Number(penPlayer.value), points: Number(penPoints.value), reason: penReason.value })) },
        penPlayer, penPoints, penReason, h("button", { type: "submit" }, t("add"))),
      h("h3", {}, t("exports")),
      h("p", {}, h("a", { href: `/club/api/events/${id}/ema.csv`, id: `ema-${id}` }, t("emaCsv")), " · ",
        h("a", { href: `/club/api/events/${id}/games.jsonl` }, t("gamesJsonl")), " · ",
        h("a", { href: "#", onclick: async (e) => { e.preventDefault(); const log = await api("GET", `/events/${id}/audit`);
          e.target.after(h("pre", {}, log.map((a) => `${new Date(a.at * 1000).toISOString()} ${a.actor} ${a.action} ${a.target}`).join("\n"))); } }, t("audit"))),
    );
  }

  // -- routes ---------------------------------------------------------------------------------------------------------
  // The language switch is disabled (in the page, until its listener below is attached, and while a page is
  // drawn): a language chosen before the listener was lost, and one chosen while a page loaded in the other
  // language was overwritten by it.
  async function route() {
    langSelect.disabled = true;
    try {
      const cat = await api("GET", "/i18n" + (lang ? `?lang=${encodeURIComponent(lang)}` : ""));
      lang = cat.lang;
      messages = cat.messages;
      document.documentElement.lang = lang;
      langSelect.value = lang;
      await refreshMe();
      const path = location.pathname.replace(/\/$/, "");
      let m;
      if ((m = path.match(/^\/club\/events\/(\d+)\/players\/(\d+)$/))) await playerPage(m[1], m[2]);
      else if ((m = path.match(/^\/club\/events\/(\d+)$/))) await eventPage(m[1]);
      else if (path === "/club/table") { if (me.kind !== "table") { location.href = "/club"; return; } await tablePage(me.game); }
      else if (path === "/club/organiser") await organiserPage();
      else await home();
    } catch (e) { say(e.message); } finally { langSelect.disabled = false; }
  }
  langSelect.addEventListener("change", () => { lang = langSelect.value; localStorage.setItem("riichi-club-lang", lang); route(); });
  route();
})();
