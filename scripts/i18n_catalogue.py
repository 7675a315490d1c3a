"""List every message of the web pages and bring the gettext catalogues up to date (Babel).

The messages are the ``t("...")`` calls of the pages' scripts (``riichi/web/static/*.js``, read with Babel's
JavaScript extractor), each error code's sentence (``error:CODE``) and each rule set's description, and the text
of their HTML (each text node, and the ``title``, ``placeholder`` and
``aria-label`` attributes; not what sits in an element of class ``no-translate``). The template
``riichi/web/locale/riichi.pot`` is written anew and each language's ``riichi.po`` updated from it (Babel's
``Catalog.update``: new messages added untranslated, gone ones marked obsolete, translations kept)::

    python scripts/i18n_catalogue.py           # update the catalogues
    python scripts/i18n_catalogue.py --check   # exit 1 when a catalogue lacks a message or a translation

``tests/web/test_i18n.py`` runs the same listing and fails while a message lacks its Japanese.
"""

from __future__ import annotations

import argparse
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the checkout's riichi (its rules and data names)
STATIC = ROOT / "riichi" / "web" / "static"
LOCALE = ROOT / "riichi" / "web" / "locale"
LANGUAGES = ("ja",)
#: HTML elements whose text is not the page's text.
_SKIPPED = {"script", "style", "svg", "textarea", "code"}
_ATTRIBUTES = ("title", "placeholder", "aria-label")
#: Text that is no message: notation, symbols and numbers only.
_NOT_WORDS = re.compile(r"^[\W\d_]*$")


class _PageText(HTMLParser):
    """The text nodes and labelling attributes of an HTML page, with their lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._stack: list[tuple[str, bool]] = []

    def _quiet(self) -> bool:
        return any(skip for _tag, skip in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skip = tag in _SKIPPED or "no-translate" in (values.get("class") or "").split()
        if not self._quiet() and tag not in ("svg", "script", "style") and "no-translate" not in (values.get("class") or "").split():
            for name in _ATTRIBUTES:
                text = values.get(name)
                if text:
                    self._add(text)
        if tag not in ("meta", "link", "input", "br", "img", "hr", "source"):
            self._stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        while self._stack:
            top, _skip = self._stack.pop()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if not self._quiet():
            self._add(data)

    def _add(self, text: str) -> None:
        text = " ".join(text.split())
        if text and not _NOT_WORDS.match(text) and text not in ("riichi",):
            self.found.append((self.getpos()[0], text))


def messages() -> dict[str, list[tuple[str, int]]]:
    """Every message of the pages, with where each is used (file and line)."""
    found: dict[str, list[tuple[str, int]]] = {}
    for path in sorted(STATIC.glob("*.js")):
        with path.open("rb") as source:
            for line, text, _comments, _context in extract("javascript", source, keywords={"t": None, "N_": None}):
                if isinstance(text, str) and text:
                    found.setdefault(text, []).append((f"riichi/web/static/{path.name}", line))
    for path in sorted(STATIC.glob("*.html")):
        if path.name == "docs.html":  # Swagger UI's page: its text is Swagger's own
            continue
        parser = _PageText()
        parser.feed(path.read_text(encoding="utf-8"))
        for line, text in parser.found:
            found.setdefault(text, []).append((f"riichi/web/static/{path.name}", line))
    return found


def data_messages() -> list[str]:
    """The names the pages show from the library's data, translated where they are shown: the rule switches
    and their values, fu items and wait shapes (word by word, ``fu:`` first), furiten reasons, the built-in
    players, the relative seats and the engine's action words (``seat:``, ``action:``)."""
    from riichi.bots.spec import PLAYERS
    from riichi.shapes.furiten import FuritenReason
    from riichi.shapes.wait_shape import WaitShape
    from riichi.web.app import _rules_listing

    out: list[str] = []
    listing = _rules_listing()
    for switch in listing["switches"]:  # type: ignore[union-attr]
        out.append(switch["name"].replace("_", " "))
        if switch["kind"] == "choice":
            out.extend(v.replace("_", " ") for v in switch["values"])
    out += ["base", "chiitoitsu", "closed ron", "open pinfu", "tsumo"]
    out += ["fu:closed", "fu:open", "fu:triplet", "fu:kan", "fu:pair", "fu:wait"]
    out += [shape.value.replace("_", " ") for shape in WaitShape]
    out += [f"fu:{shape.value}" for shape in WaitShape]
    out += [reason.value.replace("_", " ") for reason in FuritenReason]
    out += list(PLAYERS)
    out += ["seat:left", "seat:across", "seat:right"]
    # the engine's actions in the replay page's review ("discard 5m tsumogiri"), word by word
    out += [f"action:{word}" for word in ("discard", "tsumogiri", "pass", "chi", "pon", "minkan", "ankan", "shouminkan",
                                          "riichi", "open", "win", "kita", "ryuukyoku")]
    return list(dict.fromkeys(out))


def error_codes() -> list[str]:
    """The error codes the pages may be answered: the library's errors (each :class:`~riichi.errors.RiichiError`'s
    ``code``, found in the sources too, so that the list does not depend on which modules were imported: the
    environments' ``invalid_action`` is defined in riichi.rl, which a run of the whole suite imports and this
    script does not), a record's (:class:`~riichi.formats.record.ErrorCode`: the replay page shows a record's
    errors by them) and the web server's own (the codes its refusals name in ``riichi/web/*.py``)."""
    from riichi import errors
    from riichi.formats.record import ErrorCode
    from riichi.web.app import _HTTP_CODES

    codes: set[str] = set()
    todo: list[type[errors.RiichiError]] = [errors.RiichiError]
    while todo:
        cls = todo.pop()
        codes.add(cls.code)
        todo.extend(cls.__subclasses__())
    codes.update(_HTTP_CODES.values())
    codes.update(code.value for code in ErrorCode)  # a record's errors, which the replay page shows by their codes
    for path in sorted((ROOT / "riichi").rglob("*.py")):
        codes.update(re.findall(r'code: ClassVar\[str\] = "([a-z_]+)"', path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "riichi" / "web").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        codes.update(re.findall(r'\(\d{3}, "([a-z_]+)"', text))
        codes.update(re.findall(r'"code": "([a-z_]+)"', text))
    return sorted(codes)


def library_texts() -> list[str]:
    """The long texts the pages show from the library: each error code's sentence (``error:CODE``, the pages
    keep the text at fault and its caret beside it) and each rule set's description with its sources."""
    from riichi.rules import PRESETS

    return [f"error:{code}" for code in error_codes()] + [r.description for r in PRESETS.values()]


def template() -> Catalog:
    cat = Catalog(project="riichi", domain="riichi", charset="utf-8")
    for text in data_messages():
        cat.add(text, auto_comments=["a name from the library's data"])
    for text in library_texts():
        cat.add(text, auto_comments=["an error's sentence by its code, or a rule set's description"])
    for text, places in messages().items():
        cat.add(text, locations=places)
    return cat


def missing(lang: str) -> list[str]:
    """The messages the language's catalogue lacks or leaves untranslated."""
    path = LOCALE / lang / "LC_MESSAGES" / "riichi.po"
    with path.open("rb") as po:
        cat = read_po(po, locale=lang)
    out = []
    for text in [*data_messages(), *library_texts(), *messages()]:
        m = cat.get(text)
        if m is None or not m.string or m.fuzzy:
            out.append(text)
    return out


def update() -> None:
    pot = template()
    LOCALE.mkdir(parents=True, exist_ok=True)
    with (LOCALE / "riichi.pot").open("wb") as out:
        write_po(out, pot, width=120, omit_header=True)
    for lang in LANGUAGES:
        path = LOCALE / lang / "LC_MESSAGES" / "riichi.po"
        if path.exists():
            with path.open("rb") as po:
                cat = read_po(po, locale=lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(locale=lang, project="riichi", domain="riichi", charset="utf-8")
        cat.update(pot, no_fuzzy_matching=True)
        cat.obsolete.clear()
        with path.open("wb") as out:
            write_po(out, cat, width=120, sort_output=False)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report what a catalogue lacks")
    args = parser.parse_args(argv)
    if not args.check:
        update()
    gaps = {lang: missing(lang) for lang in LANGUAGES}
    for lang, texts in gaps.items():
        for text in texts:
            print(f"{lang}: no translation of {text!r}")
    return 1 if any(gaps.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
