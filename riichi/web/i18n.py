"""The web pages in Japanese or English: gettext catalogues read with Babel, and the page's language.

The pages are written in English; ``riichi/web/locale/LANG/LC_MESSAGES/riichi.po`` holds each other
language's catalogue (gettext PO, read with Babel's ``read_po``, so no compiled file is needed at install).
The pages' scripts load the catalogue of their language as JSON (``GET /api/i18n``) and translate their text
through it (``static/i18n.js``); server-side text goes through :func:`translate`. Yaku names are not in the
catalogue: their kanji are the library's own (:attr:`riichi.yaku.Yaku.kanji`).

The language is the one asked for (``?lang=ja``), else the first of the browser's ``Accept-Language`` that
has a catalogue, else English.

``scripts/i18n_catalogue.py`` lists every message of the pages (the ``t("...")`` calls of their scripts and
the text of their HTML) and brings the catalogues up to date; ``tests/web/test_i18n.py`` fails while a
message lacks a translation.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Final

__all__ = ["DEFAULT", "LANGUAGES", "catalogue", "choose_language", "translate"]

#: The languages of the pages, by code, each named in itself.
LANGUAGES: Final = {"en": "English", "ja": "日本語"}
#: The language the pages are written in.
DEFAULT: Final = "en"
#: The catalogues' folder and domain.
LOCALE: Final = Path(__file__).with_name("locale")
DOMAIN: Final = "riichi"


@functools.cache
def catalogue(lang: str) -> dict[str, str]:
    """The translations of ``lang``'s catalogue, English message to translated text (empty for English, and
    for a language without a catalogue); a message without a translation is left out."""
    if lang == DEFAULT or lang not in LANGUAGES:
        return {}
    from babel.messages.pofile import read_po

    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as po:
        cat = read_po(po, locale=lang)
    return {str(m.id): str(m.string) for m in cat if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}


def choose_language(asked: str | None, accept_language: str | None) -> str:
    """The page's language: ``asked`` when it is one of :data:`LANGUAGES`, else the browser's first language
    that is (``Accept-Language``, by its q-values), else :data:`DEFAULT`."""
    if asked:
        code = asked.strip().lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        code = tag.strip().lower().split("-")[0]
        if code in LANGUAGES and q > 0:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else DEFAULT


def translate(lang: str, text: str, **values: object) -> str:
    """``text`` in ``lang`` (as itself when the catalogue lacks it), with ``{name}`` filled from ``values``."""
    out = catalogue(lang).get(text, text)
    for key, value in values.items():
        out = out.replace("{" + key + "}", str(value))
    return out
