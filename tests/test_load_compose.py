"""The composer's fast way through the usual keys and scalars (read inline in ``_EventComposer.collection``) gives
what its general way gives: the same data, positions and refusals. With ``spans`` (the surgical editor's
positions), every key and scalar goes the general way, so composing a text with and without them compares the
two ways."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizlint.load.compose import _line_starts_found, line_starts
from quizlint.load.document import LoadError, LoadLimits, compose_text

_SCALARS = st.sampled_from([
    "text", "Ankara", "İstanbul", "ılık ırmak", "IŞIK", "ışık", "id", "en", "tr", "3.10", "007", "1e3", "-2",
    "+.5", ".5", "1_000", "0x1F", "true", "False", "yes", "No", "null", "~", "", "<<", "a: b", "**bold** `code`",
    "<b>x</b>", "$x^2$", "[link](a.png)", "Ada Lovelace", "# not a comment", "x # comment", "- dash", "a\tb",
])
_KEYS = st.sampled_from(["text", "en", "tr", "id", "stem", "options", "feedback", "correct", "tags", "type", "a",
                         "b", "c", "d", "e", "f", "g", "h", "İ", "ı", "I", "i", "1", "2", "true", "null", "x y",
                         "çğöşü"])


# What a document may hold besides plain keys and scalars: each test holds one of them (or another drawn), in about
# one node in ``rate`` (each is then the first thing refused in many documents).
_ODD_SCALARS = ["!!str ", "!!int ", "!!float ", "!!null ", "!!bool ", "! ", "!foo ", "&a ", "*a", "!!str &b "]
_ODD_KEYS = ["!!str ", "!!int ", "! ", "&k ", "*k", "<<"]
_ODD_COLLECTIONS = ["!!map ", "!!seq ", "&c "]
_ESCAPES = ["\\0", "\\x01", "\\e", "\\u00e7", "\\n", "\\t"]
_ODD = [("scalar", odd) for odd in _ODD_SCALARS] + [("key", odd) for odd in _ODD_KEYS] + [
    ("collection", odd) for odd in _ODD_COLLECTIONS] + [("scalar", "escape"), ("key", "escape")]


def _rarely(odd: set, where: str, rate: int) -> st.SearchStrategy[str]:
    """One of the ``odd`` things of ``where`` for about one node in ``rate``, else nothing."""
    chosen = [thing for place, thing in sorted(odd) if place == where]
    return st.sampled_from([""] * rate * len(chosen) + chosen) if chosen else st.just("")


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")


@st.composite
def _scalar(draw: st.DrawFn, odd: set, rate: int) -> str:
    value = draw(_SCALARS)
    prefix = draw(_rarely(odd, "scalar", rate))
    style = "escape" if prefix == "escape" else draw(st.sampled_from(["plain"] * 3 + ["single", "double"]))
    if prefix in ("*a", "escape"):
        return "*a" if prefix == "*a" else '"' + _escaped(value) + draw(st.sampled_from(_ESCAPES)) + '"'
    if style == "plain" and value and value.strip() == value and not any(c in value for c in ":#-\t[]{},&*!|>'\"%@`"):
        written = value
    elif style == "single":
        written = "'" + value.replace("'", "''") + "'"
    else:
        written = '"' + _escaped(value) + '"'
    return prefix + written


@st.composite
def _key(draw: st.DrawFn, odd: set, rate: int) -> str:
    prefix = draw(_rarely(odd, "key", rate))
    key = "<<" if prefix == "<<" else draw(_KEYS)
    style = draw(st.sampled_from(["plain"] * 4 + ["single", "double"]))
    written = key if style == "plain" else ("'" + key + "'" if style == "single" else '"' + key + '"')
    if prefix in ("*k", "escape"):
        return "*k" if prefix == "*k" else '"' + key + draw(st.sampled_from(_ESCAPES)) + '"'
    return written if prefix == "<<" else prefix + written


def _node(depth: int, odd: set, rate: int) -> st.SearchStrategy[str]:
    """A flow node (a scalar, or a flow mapping or sequence of nodes), to at most ``depth`` levels."""
    if depth == 0:
        return _scalar(odd, rate)
    child = _node(depth - 1, odd, rate)
    mapping = st.lists(st.tuples(_key(odd, rate), child), max_size=3, unique_by=lambda pair: pair[0]).map(
        lambda pairs: "{" + ", ".join(f"{key}: {value}" for key, value in pairs) + "}")
    sequence = st.lists(child, max_size=3).map(lambda values: "[" + ", ".join(values) + "]")
    tag = _rarely(odd, "collection", rate)
    return st.one_of(_scalar(odd, rate), st.tuples(tag, mapping).map("".join), st.tuples(tag, sequence).map("".join))


@st.composite
def _document(draw: st.DrawFn, odd: set) -> str:
    """A block mapping of items, each a block mapping whose values are flow nodes or block lists of them."""
    rate = draw(st.sampled_from([2, 5, 20]))
    lines = ["quizlint: 1", "items:"]
    block_list = st.lists(_node(2, odd, rate), min_size=1, max_size=3).map(
        lambda entries: "".join(f"\n      - {entry}" for entry in entries))
    for _ in range(draw(st.integers(1, 3))):
        # (different keys as written: a duplicate key comes from writing one in two ways, 'a' and a)
        pairs = st.lists(st.tuples(_key(odd, rate), st.one_of(_node(3, odd, rate), block_list)), min_size=1,
                         max_size=5, unique_by=lambda pair: pair[0])
        for number, (key, value) in enumerate(draw(pairs)):
            lines.append(("    " if number else "  - ") + f"{key}: {value}")
    return "\n".join(lines) + "\n"


def _typed(data: object) -> object:
    """``data`` with each value's type, and a number's spelling, shown."""
    if isinstance(data, dict):
        return {key: _typed(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_typed(value) for value in data]
    return type(data).__name__, data, getattr(data, "source", None)


def _composed(text: str, spans: bool, depth: int) -> object:
    try:
        data, positions, _ = compose_text(text, LoadLimits(max_depth=depth), spans=spans)
    except LoadError as error:
        return error.code, error.message, error.line, error.column
    return (_typed(data), list(positions.starts), list(positions.ends), positions.start_offsets,
            positions.end_offsets, list(positions.kinds), positions.links, positions.children, positions.names)


@pytest.mark.parametrize("odd", _ODD, ids=lambda odd: f"{odd[0]}:{odd[1].strip()}")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), depth=st.sampled_from([4, 6, 64, 64, 64]))
def test_the_fast_way_through_keys_and_scalars_gives_what_the_general_way_gives(odd, data, depth):
    text = data.draw(st.sets(st.sampled_from(_ODD), max_size=1).flatmap(lambda more: _document({odd, *more})))
    assert _composed(text, False, depth) == _composed(text, True, depth)


def test_the_general_way_refuses_what_the_fast_way_leaves_to_it():
    """(Each of these goes the fast way but for one thing, which the general way refuses.)"""
    refused = {
        "a: 1\na: 2\n": ("Y002", "duplicate key 'a' (first defined at line 1, column 1)"),
        "a: 1\n<<: 2\n": ("Y003", "merge keys (`<<`) are not allowed in quiz files: write the values out"),
        "a: &x 1\n": ("Y003", "anchors and aliases are not allowed in quiz files (anchor &x)"),
        "&x a: 1\n": ("Y003", "anchors and aliases are not allowed in quiz files (anchor &x)"),
        "a: !!int x\n": ("Y010", "'x' is not a valid !!int"),
        "!!int a: 1\n": ("Y010", "YAML tag '!!int' is not allowed in quiz files"),
        'a: "\\x01"\n': ("Y004", "control character U+0001, written as an escape, is not allowed in a text (no "
                                 "export format can carry it)"),
        '"\\0": 1\n': ("Y004", "a NUL character, written as an escape, is not allowed in a text (no export format "
                               "can carry it)"),
        "a: {b: {c: 1}}\n": ("Y008", "nesting deeper than 2 levels"),
    }
    for text, (code, message) in refused.items():
        for spans in (False, True):
            result = _composed(text, spans, 2)
            assert result[:2] == (code, message), (text, spans, result)


def test_the_positions_answer_for_keys_values_and_scalars():
    text = "a: 1\nb:\n  - x\n  - {c: 'y', d: [2, 3]}\ne: |\n  block\n  text\n"
    data, positions, keys = compose_text(text, LoadLimits())
    assert data == {"a": 1, "b": ["x", {"c": "y", "d": [2, 3]}], "e": "block\ntext\n"}
    assert positions[("b", 1, "d", 1)] == (4, 21) and keys[("b", 1, "d")] == (4, 14)
    assert positions.get(("b", 2)) is None and positions.get(("a", "x")) is None and ("b", 0) in positions
    assert positions.scalar_at((5, 3)) and not positions.scalar_at((1, 1))
    assert list(positions.kinds) == [1, 0, 0, 0, 2, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0]
    assert positions.names[9] == "d" and positions.names[10] is None


def _marks(text: str) -> tuple[list[int], list[int]]:
    """Each node's start and end (``line << 32 | column``) as the parser's marks give them."""
    starts, ends, open_collections = [], [], []
    parser = yaml.CSafeLoader(text)
    try:
        while not isinstance(event := parser.get_event(), yaml.StreamEndEvent):
            if isinstance(event, (yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if not isinstance(event, yaml.ScalarEvent):
                    open_collections.append(len(starts))
                starts.append(event.start_mark.line << 32 | event.start_mark.column)
                ends.append(event.end_mark.line << 32 | event.end_mark.column)
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                ends[open_collections.pop()] = event.end_mark.line << 32 | event.end_mark.column
    finally:
        parser.dispose()
    return starts, ends


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_document({("key", "")}), st.sampled_from(["\n", "\r\n", "\r"]), st.booleans(), st.booleans(),
       st.sampled_from(["", "\n", "x: |\n  block\n  text", "x: >\n  folded", "x: [a,\n  b]", "x:\n  - 'a\n    b'"]))
def test_lines_and_columns_found_from_offsets_are_the_parsers(text, line_break, bom, terminated, last):
    text = ("\ufeff" if bom else "") + (text + last).replace("\n", line_break)
    text = text if terminated else text.rstrip("\r\n")
    try:
        _, positions, _ = compose_text(text, LoadLimits())
    except LoadError:
        return
    assert (list(positions.starts), list(positions.ends)) == _marks(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "İ", "ı", "é", " ", "\n", "\r", "\r\n", "\x85", "\u2028", "\u2029", "\v", "\f",
                                 "\x1c", "\x1e", "\t", "# x"]), max_size=12).map("".join))
def test_line_starts_split_quickly_are_those_the_parser_counts(text):
    assert line_starts(text) == _line_starts_found(text)


def _paths_in_order(data: object, path: tuple = ()) -> list[tuple[tuple, bool, object]]:
    """Each node's path in document order (a mapping's key, marked True, just before its value), and its data."""
    found = [(path, False, data)]
    if isinstance(data, dict):
        for key, value in data.items():
            found += [(path + (key,), True, key)] + _paths_in_order(value, path + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths_in_order(value, path + (index,))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_document({("key", "")}))
def test_the_positions_of_every_path_are_those_of_its_node_and_key(text):
    try:
        data, positions, keys = compose_text(text, LoadLimits())
    except LoadError:
        return
    starts, _ = _marks(text)
    for number, (path, is_key, value) in enumerate(_paths_in_order(data)):
        place = ((starts[number] >> 32) + 1, (starts[number] & 0xFFFFFFFF) + 1)
        if is_key:
            assert keys[path] == place
            continue
        assert positions[path] == place
        assert keys.get(path) is None or not isinstance(path[-1], int)  # (no key leads to an entry of a list)
        absent = [key for key in ("nope", *_KEYS.elements) if not (isinstance(value, dict) and key in value)]
        for missing in (*absent, len(value) if isinstance(value, list) else 0, True, -1):
            assert positions.get(path + (missing,)) is None and keys.get(path + (missing,)) is None
