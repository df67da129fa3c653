"""Properties of the web's JSON reader (:mod:`tiebreaks.web.request_json`) and of the found
texts of its messages (:func:`tiebreaks.web.messages.shown`): valid JSON within the nesting
limit reads back as :mod:`json` reads it, whatever its strings hold; deeper JSON is refused
with its depth, counted here on the value itself; the first byte that is not UTF-8 is located;
a found text is short and shows no control or bidirectional formatting character."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tiebreaks.web.found import SHOWN, RawNumber, shown
from tiebreaks.web.messages import RequestError
from tiebreaks.web.request_json import MAX_DEPTH, OPTIONS, nesting, read_json

#: JSON values without fractions (a request's fields take none; they are read as RawNumber)
SCALARS = st.none() | st.booleans() | st.integers() | st.text()
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=25,
)


def depth(value: Any) -> int:
    """How many arrays and objects nest in each other at the deepest, counted on the value."""
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    return 0


@st.composite
def nested(draw: st.DrawFn, low: int, high: int) -> Any:
    """A value wrapped in ``low`` to ``high`` arrays and objects (a wrapper per level)."""
    value = draw(VALUES)
    for _ in range(draw(st.integers(low, high))):
        value = [value] if draw(st.booleans()) else {draw(st.text(max_size=4)): value}
    return value


@given(value=nested(0, 40), ascii_only=st.booleans())
def test_valid_json_within_the_limit_reads_as_json_reads_it(value: Any, ascii_only: bool) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    if depth(value) > MAX_DEPTH:
        return
    assert read_json(text.encode("utf-8")) == value
    assert nesting(text) == depth(value)


def refusal(text: str) -> str:
    """The message of the refusal of a JSON text."""
    with pytest.raises(RequestError) as refused:
        read_json(text.encode("utf-8"))
    assert refused.value.status_code == 422
    return str(refused.value.detail)


@given(value=nested(MAX_DEPTH + 1, 500))
def test_deeper_json_is_refused_with_its_depth(value: Any) -> None:
    message = refusal(json.dumps(value, ensure_ascii=False))
    levels = depth(value)
    assert f"the JSON is nested {levels} levels deep; at most {MAX_DEPTH} are accepted" in message


@pytest.mark.parametrize("levels", [MAX_DEPTH + 1, 999, 1_000, 1_001, 5_000, 200_000])
def test_json_deeper_than_the_parser_goes_is_refused_with_its_depth(levels: int) -> None:
    """Also beyond the depth at which :func:`json.loads` gives up (about 1,000 levels)."""
    message = refusal('{"x": ' + "[" * (levels - 1) + "]" * (levels - 1) + "}")
    assert f"nested {levels} levels deep" in message
    column = len('{"x": ') + MAX_DEPTH  # the opening bracket of level MAX_DEPTH + 1
    assert f"(line 1, column {column}," in message


@given(before=st.text(), after=st.binary(max_size=10), bad=st.sampled_from([b"\xff", b"\xc0"]))
def test_the_first_byte_that_is_not_utf8_is_located(before: str, after: bytes, bad: bytes) -> None:
    data = b'{"a": "' + before.encode("utf-8") + bad + after
    with pytest.raises(RequestError) as refused:
        read_json(data, OPTIONS)
    text = '{"a": "' + before
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    location = refused.value.extra["location"]
    assert (location["line"], location["column"]) == (line, column)
    assert location["source"] == "options"
    assert refused.value.extra["found"] == f"byte 0x{bad.hex()}"


@pytest.mark.parametrize("text", ["3.5", "1e400", "-0.0", "NaN", "Infinity", "9" * 5000])
def test_numbers_no_field_takes_are_kept_as_written(text: str) -> None:
    value = read_json(f'{{"n": {text}}}')["n"]
    assert isinstance(value, RawNumber)
    assert value.text == text


#: what a found text never shows
INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@given(value=VALUES)
def test_a_found_text_is_short_and_shows_nothing_invisible(value: Any) -> None:
    text = shown(value)
    assert len(text) <= SHOWN + len("... (100000000 characters)")
    assert not INVISIBLE.search(text)
    written = json.dumps(value, ensure_ascii=False)
    # a short JSON text of visible ASCII is shown as it is (beyond ASCII, the rule of
    # tiebreaks.model.text replaces every invisible character: tests/render/test_invisible.py)
    plain = written.isascii() and not INVISIBLE.search(written)
    if len(written) <= SHOWN and not isinstance(value, str) and plain:
        assert text == written
