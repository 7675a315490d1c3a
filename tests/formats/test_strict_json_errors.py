"""Where a JSON text that stops early is said to be wrong: just past its last character, where the value should
go on (as Python's reader counts), not past the line break that ends it (a batch line cut short was reported "at line 2, column 1" on line 1 of its file)."""

from __future__ import annotations

import pytest

from riichi.errors import InvalidJSONError
from riichi.formats import strict_json


@pytest.mark.parametrize(("text", "where"), [
    # '{"hand": "234m",' is 16 characters: the next key was due at column 17; a space and a line break end the text
    ('{"hand": "234m", \n', "at line 1, column 17: "),
    ('{"a": 1', "at line 1, column 8: "),
    # '  [1,' on the second line: the comma is its fifth character, the next item due at the sixth
    ('{"a":\n  [1,\n\n', "at line 2, column 6: "),
])
def test_a_text_that_stops_early_is_pointed_at_its_end(text: str, where: str) -> None:
    with pytest.raises(InvalidJSONError) as e:
        strict_json.loads(text)
    assert str(e.value).startswith("not valid JSON " + where)
    assert str(e.value).endswith("the text ends there before its value does")


def test_a_wrong_character_is_pointed_at_as_before() -> None:
    # 'x' is the seventh character of '{"a": x}'
    with pytest.raises(InvalidJSONError, match=r"^not valid JSON at line 1, column 7: Expecting value$"):
        strict_json.loads('{"a": x}\n')
