// The replay page's review: one seat of the game reviewed by a built-in player (POST /api/review, as
// `riichi review` does), and at each of that seat's decisions the record's choice beside the player's,
// agreement marked, with the agreement rate. Loaded before replay.js, whose page state (game, go, render)
// it reads when called.
"use strict";

const review = { data: null };

// An action as the engine writes it, without the seat ("discard 3 1s" is "discard 1s").
function actionShown(text) { return tWords(actionText(text), "action:"); }
function actionText(text) {
  return text.replace(/^(\S+) \d\b ?/, "$1 ").trim();
}

function reviewSeats() {
  const seats = game.data.hands[0].steps[0].seats.length;
  const sel = document.getElementById("review-seat");
  const chosen = sel.value;
  sel.textContent = "";
  for (let seat = 0; seat < seats; seat++) sel.append(el("option", { value: String(seat) }, `${seat} · ${playerName(seat)}`));
  if (chosen && Number(chosen) < seats) sel.value = chosen;
}

// A new record, or the same one under other rules: the review shown is of the game before.
function resetReview() {
  review.data = null;
  reviewSeats();
  document.getElementById("review-error").hidden = true;
  renderReview();
}

async function runReview() {
  const status = document.getElementById("review-summary");
  const error = document.getElementById("review-error");
  error.hidden = true;
  status.textContent = t("reviewing…");
  const params = new URLSearchParams({
    seat: document.getElementById("review-seat").value, player: document.getElementById("review-player").value,
    format: document.getElementById("format").value,
  });
  if (game.name) params.set("name", game.name);
  if (document.getElementById("rules").value) params.set("rules", document.getElementById("rules").value);
  let answer;
  try {
    const r = await fetch("/api/review?" + params.toString(), {
      method: "POST", headers: { "Content-Type": "application/octet-stream" }, body: fromBase64Url(game.record),
    });
    answer = await r.json();
  } catch (e) {
    answer = { ok: false, error: { code: "network", message: t("cannot reach the server: {reason}", { reason: e.message }) } };
  }
  if (!answer.ok) {
    review.data = null;
    status.textContent = "";
    error.hidden = false;
    error.textContent = refusalText(answer.error);
    const detail = errorDetail(answer.error);  // the reader's own message, in another language than English
    if (detail) error.append(detail);
    return;
  }
  review.data = answer;
  renderReview();
}

function choiceRow(c, here) {
  const mark = c.agrees ? "✓" : "✗";
  const row = el("li", { class: "review-choice" + (c.agrees ? "" : " differs") + (here ? " here" : ""),
    "data-event": String(c.event), title: t("hand {tiles}", { tiles: c.hand_tiles }) },
  el("span", { class: "review-mark", "aria-label": c.agrees ? t("agrees") : t("differs") }, mark),
  el("span", { class: "review-turn" }, t("turn {n}", { n: Math.max(0, c.event - 1) })),
  el("span", { class: "review-recorded" }, actionShown(c.recorded)),
  el("span", { class: "review-chosen" }, actionShown(c.chosen)));
  // The seat faced the decision at the step before its recorded action (or before the event after it passed).
  row.addEventListener("click", () => go(game.hand, Math.max(0, c.event - 1)));
  return row;
}

// The expert's judgement of both discards: the chance of winning times the value, the chance of dealing in and
// its cost, and the points the recorded discard gives up.
function judgedText(c) {
  const one = (j) => t("{tile}: win {win}% × {value} = {expected}, deal-in {deal_in}% (−{loss})", {
    tile: j.tile, win: (100 * j.win).toFixed(1), value: j.value, expected: Math.round(j.expected),
    deal_in: (100 * j.deal_in).toFixed(1), loss: Math.round(j.loss) });
  return " — " + t("record {recorded}; expert {chosen}; value lost {lost}", {
    recorded: one(c.recorded_judged), chosen: one(c.chosen_judged), lost: Math.round(c.value_lost) });
}

// The review beside the table: the rate, the decision faced at this step, and the hand's decisions.
function renderReview() {
  const summary = document.getElementById("review-summary");
  const list = document.getElementById("review-list");
  const here = document.getElementById("review-here");
  list.textContent = "";
  here.textContent = "";
  const r = review.data;
  if (!r) { summary.textContent = ""; list.hidden = true; return; }
  summary.textContent = t("{player} agrees with seat {seat} ({name}) at {agreements} of {decisions} decisions: {rate}%", {
    player: t(r.player), seat: r.seat, name: playerName(r.seat), agreements: r.agreements, decisions: r.decisions,
    rate: (100 * r.agreement_rate).toFixed(1),
  }) + (r.unknown ? "; " + t("{n} not shown by the record", { n: r.unknown }) : "")
    + ((r.errors || []).length ? "; " + t("hands not replayed (the review went on from the next): {errors}", { errors: r.errors.join("; ") }) : "");
  const index = current().index;
  const mine = r.choices.filter((c) => c.hand === index);
  const now = mine.find((c) => c.event - 1 === game.step);
  if (now) {
    here.append(el("span", { class: "review-mark" + (now.agrees ? "" : " differs") }, now.agrees ? "✓ " + t("agrees") : "✗ " + t("differs")),
      " " + t("here: the record {recorded}, {player} {chosen}", { recorded: actionShown(now.recorded), player: t(r.player), chosen: actionShown(now.chosen) }));
    here.className = "review-here" + (now.agrees ? "" : " differs");
    if (now.recorded_judged && now.chosen_judged) here.append(el("span", { class: "review-judged" }, judgedText(now)));
  } else {
    here.className = "review-here";
    here.append(mine.length ? t("No decision of seat {seat} at this step.", { seat: r.seat }) : t("Seat {seat} has no decision in this hand.", { seat: r.seat }));
  }
  list.hidden = mine.length === 0;
  if (mine.length) {
    list.append(el("li", { class: "review-head" }, el("span", {}, ""), el("span", {}, t("turn")), el("span", {}, t("record")),
      el("span", {}, t(r.player))));
    for (const c of mine) list.append(choiceRow(c, c === now));
  }
}

function wireReview() {
  document.getElementById("review-run").addEventListener("click", runReview);
}
