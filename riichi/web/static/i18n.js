// The pages' language: English as written in the pages, or a catalogue the server sends for another language
// (GET /api/i18n?lang=..., from the gettext catalogues of riichi/web/locale). t("text", {name: value}) is the
// text in the page's language with {name} filled in; translatePage() turns the page's own static text.
// The language is the one the address names (?lang=ja), else the one chosen with the switch (kept in this
// browser), else the browser's first language the server has.
"use strict";

const i18n = { lang: "en", messages: {}, languages: { en: "English" } };

function t(text, values) {
  let out = i18n.messages[text] || text;
  if (values) for (const [k, v] of Object.entries(values)) out = out.replaceAll(`{${k}}`, String(v));
  return out;
}

// A message named where it is defined and translated (with t) where it is shown: the catalogue lists it.
function N_(text) { return text; }

// A phrase made of words (a fu item: "closed triplet 5z"): the whole phrase from the catalogue, else each word
// (its entry under prefix first, as "fu:closed"), notation left as it is; Japanese joins the words without spaces.
function tWords(text, prefix = "") {
  if (i18n.messages[text]) return i18n.messages[text];
  if (i18n.lang === "en") return text.replaceAll("_", " ");
  const words = text.replaceAll("_", " ").split(" ").map((w) => [i18n.messages[prefix + w] || i18n.messages[w], w]);
  // two translated words join without a space; notation keeps its spaces ("ポン 5m<3 55m")
  return words.map(([done, w], i) => (i && !(done && words[i - 1][0]) ? " " : "") + (done || w)).join("");
}

// An error the server or the library wrote (its code and its English message) in the page's language: in English
// the message as written; else the catalogue's sentence for its code ("error:invalid_notation"), with the text at
// fault and the caret under it (the message's last two lines, notation) kept, and the English message otherwise.
// The pages' own error code, the server not reached, has its sentence in the catalogue as the library's codes do.
N_("error:network");

function errorMessage(error) {
  if (!error) return "";
  const known = i18n.messages["error:" + error.code];
  if (i18n.lang === "en" || !known) return error.message;
  const lines = String(error.message).split("\n");
  const caret = lines.length >= 3 && /^\s*\^+\s*$/.test(lines[lines.length - 1]) ? lines.slice(-2) : [];
  return [known, ...caret].join("\n");
}

// A record the server refused, or one of its errors (the replay page and its review): in English the code and the
// reader's message as written ("invalid log: event 146: the record ends inside hand 1 ..."); else the hand
// (kyoku, counted from 0) and the record's event the message names, then the code's sentence (errorMessage).
function refusalText(error, kyoku) {
  if (i18n.lang === "en" || !i18n.messages["error:" + error.code]) {
    return `${t(error.code.replaceAll("_", " "))}: ${error.message}`;
  }
  const where = [];
  if (kyoku !== undefined && kyoku !== null) where.push(t("hand {n}", { n: kyoku + 1 }));
  const event = /^(?:hand \d+, )?event (\d+)(?: \([^)]*\))?: /.exec(error.message);  // "(discard 3 1z)": the event
  if (event) where.push(t("event {n} of the record", { n: event[1] }));
  return (where.length ? where.join("・") + ": " : "") + errorMessage(error);
}

function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked) return asked;
  try { const kept = localStorage.getItem("riichi-lang"); if (kept) return kept; } catch (e) { /* no storage */ }
  return "";
}

// Load the catalogue of the page's language (the server picks from the browser's languages when none is chosen).
async function loadLanguage() {
  const chosen = chosenLanguage();
  try {
    const r = await fetch("/api/i18n" + (chosen ? "?lang=" + encodeURIComponent(chosen) : ""));
    const data = await r.json();
    i18n.lang = data.lang;
    i18n.messages = data.messages;
    i18n.languages = data.languages;
  } catch (e) { /* English, as written */ }
  document.documentElement.lang = i18n.lang;
  translatePage(document.body);
  document.title = t(document.title);
  addLanguageSwitch();
}

// Every text node and the titles, placeholders and labels of the elements under root, as the catalogue gives
// them (text the catalogue lacks stays as it is).
function translatePage(root) {
  if (i18n.lang === "en") return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  while (walker.nextNode()) nodes.push(walker.currentNode);
  for (const node of nodes) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, svg, textarea, .no-translate")) continue;
    const text = node.nodeValue.replace(/\s+/g, " ").trim();
    if (text && i18n.messages[text]) node.nodeValue = node.nodeValue.replace(node.nodeValue.trim(), i18n.messages[text]);
  }
  for (const e of root.querySelectorAll("[title], [placeholder], [aria-label]")) {
    for (const a of ["title", "placeholder", "aria-label"]) {
      const v = e.getAttribute(a);
      if (v && i18n.messages[v.replace(/\s+/g, " ").trim()]) e.setAttribute(a, i18n.messages[v.replace(/\s+/g, " ").trim()]);
    }
  }
}

function addLanguageSwitch() {
  const nav = document.querySelector("header nav");
  if (!nav || document.getElementById("lang-switch")) return;
  const select = document.createElement("select");
  select.id = "lang-switch";
  select.className = "lang-switch no-translate";  // each language named in itself
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(i18n.languages)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    select.append(o);
  }
  select.value = i18n.lang;
  select.addEventListener("change", () => {
    try { localStorage.setItem("riichi-lang", select.value); } catch (e) { /* no storage */ }
    const q = new URLSearchParams(location.search);
    q.delete("lang");
    const search = q.toString();
    location.replace(location.pathname + (search ? "?" + search : "") + location.hash);
  });
  nav.append(select);
}
