"""Composing YAML into plain data and positions straight from the parser's events.

PyYAML's composer builds a tree of node objects (each with two mark objects) that takes about fifty times the
size of the file: 400 MB for a quiz file of 8 MB. Here the C parser's events are turned into plain data as
they come, and where each value and key stands is kept in :class:`Positions`, a few flat arrays (about 35
bytes a node). The rules are those of ``quizlint.load.document``: YAML 1.2 core typing of plain scalars, no
anchors, aliases, merge keys or tags beyond the core ones, no duplicate keys, no deep nests, one document.
"""

from __future__ import annotations

import re
import sys
from array import array
from bisect import bisect_right
from functools import cached_property
from itertools import accumulate
from typing import Any, Callable

import yaml

from quizlint.text import NOT_A_TEXT_CHARACTER

Position = tuple[int, int]  # 1-based line and column

_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_LINE_BREAK = re.compile("\r\n?|[\n\x85\u2028\u2029]")  # (what the parser takes for a line break)
_LINE_BREAK_ENDS = ("\n", "\r", "\x85", "\u2028", "\u2029")
_NOT_PARSER_BREAKS = "\v\f\x1c\x1d\x1e"  # (line breaks to ``str.splitlines``, not to the parser)
_NUMBER_STARTS = "+-.0123456789"  # (the first characters that ``_INT`` and ``_FLOAT`` match)
_CORE = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ = _CORE + "str", _CORE + "map", _CORE + "seq"
_PLAIN = "tag:quizlint.dev,2024:plain"  # an untagged plain scalar, typed by YAML 1.2 core rules
_EXPLICIT_SCALAR_TAGS = {_CORE + "null": "null", _CORE + "bool": "bool", _CORE + "int": "int", _CORE + "float": "float"}


class YamlInt(int):
    """An integer that remembers how it was written (``007``), so a text field can keep the author's spelling."""

    source: str


class YamlFloat(float):
    """A float that remembers how it was written (``3.10``), so a text field can keep the author's spelling."""

    source: str


def _number(kind: type, value: str) -> Any:
    number = kind(value)
    number.source = value
    return number


def resolve_plain_scalar(value: str) -> Any:
    """YAML 1.2 core schema: only true/false are booleans; no sexagesimals, no yes/no/on/off."""
    if value in _NULLS:
        return None
    if value in _BOOLS:
        return _BOOLS[value]
    if value[0] not in _NUMBER_STARTS:  # (ids, words: no number, and no need for the patterns)
        return value
    if _INT.match(value):
        return _number(YamlInt, value)
    if _FLOAT.match(value) and any(ch.isdigit() for ch in value):
        return _number(YamlFloat, value)
    return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    return {YamlInt: "int", YamlFloat: "float"}.get(type(value), "str")



def _tag_message(tag: str) -> str:
    shown = "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag
    return f"YAML tag {shown!r} is not allowed in quiz files"


def _typed(event: Any, tag: str) -> Any:
    """The value of a scalar whose tag is ``tag``: plain scalars typed by YAML 1.2 core rules, explicit core
    tags checked (``!!int x`` is refused)."""
    if tag == _PLAIN:
        return resolve_plain_scalar(event.value)
    if tag == _STR:
        return event.value
    expected = _EXPLICIT_SCALAR_TAGS.get(tag)
    if expected is None:
        raise ComposeError("Y010", _tag_message(tag), event.start_mark)
    value = resolve_plain_scalar(event.value)
    if expected == "float" and _kind(value) == "int":
        return _number(YamlFloat, event.value)
    if _kind(value) != expected:
        raise ComposeError("Y010", f"{event.value!r} is not a valid !!{expected}", event.start_mark)
    return value

SCALAR, MAPPING, SEQUENCE = 0, 1, 2  # the kinds of node
_SCALAR, _MAPPING, _SEQUENCE = SCALAR, MAPPING, SEQUENCE


def line_starts(text: str) -> array:
    """The offset where each line of ``text`` starts, lines being as the parser counts them."""
    if any(char in text for char in _NOT_PARSER_BREAKS):  # (rare: the loader refuses them)
        return _line_starts_found(text)
    starts = array("I", accumulate(map(len, text.splitlines(keepends=True)), initial=0))  # (four times as fast)
    if text and not text.endswith(_LINE_BREAK_ENDS):
        starts.pop()  # (the end of the last line, which has no line break)
    return starts


def _line_starts_found(text: str) -> array:
    starts = array("I", [0])
    starts.extend(found.end() for found in _LINE_BREAK.finditer(text))
    return starts


class _Lines:
    """Where the lines of a text start, found when first asked (once for the values' and the keys' positions of
    a document, which share it)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def starts(self) -> array:
        return line_starts(self.text)


class _Places:
    """A node's start, end (``place``: see ``Positions._place``) or kind by its number, as a read-only sequence."""

    def __init__(self, place: Callable[[int], int], count: int) -> None:
        self.place, self.count = place, count

    def __getitem__(self, node: int) -> int:
        return self.place(node)

    def __len__(self) -> int:
        return self.count


class Positions:
    """Where every node of a composed document stands: node numbers in document order (a mapping's key just
    before its value), with their start and end offsets in the text (the line and column are found from them
    when asked: reading the parser's offset alone saves a tenth of the composing), kinds, children and key texts
    in flat arrays (a few bytes a node: a file of 55,000 items has a million nodes). Asked by data path, it
    behaves as the read-only mapping ``path → (line, column)`` of the values (``keys=False``) or of the mapping
    keys that lead to them (``keys=True``, see :meth:`for_keys`)."""

    # (slots: the views of :meth:`for_keys` copy them without making a dictionary of either's attributes, which
    # would make every attribute read of a position look-up a search in it)
    __slots__ = ("record", "lines", "start_offsets", "end_offsets", "past_end", "_unterminated_end", "links",
                 "children", "names", "keys", "spans", "styles")

    def __init__(self, text: str = "", spans: bool = False, record: bool = True) -> None:
        self.record = record  # (False: nothing is recorded, for a caller that needs the data alone)
        text = text[1:] if text.startswith("\ufeff") else text  # (the parser's offsets leave out a BOM)
        self.lines = _Lines(text)
        self.start_offsets, self.end_offsets = array("I"), array("I")
        # The collections that end on the line the parser adds after a last line without a line break (at the
        # text's end too, but at column 0 of the next line; any other node ends where its offset says)
        self.past_end: set[int] = set()
        self._unterminated_end = len(text) if not text.endswith(_LINE_BREAK_ENDS) else -1
        # Each node's kind (``SCALAR``, ``MAPPING``, ``SEQUENCE``) in the lowest two bits, and above them, for a
        # collection, its place in ``children``: its count, then its children's numbers (one array: an append
        # to an array of bytes parses its argument as a format, the dearest of the appends)
        self.links = array("I")
        self.children = array("I")  # (a mapping lists its keys: each key's value is the next node)
        self.names: list[str | None] = []  # a key's text (None for other nodes)
        self.keys = False
        # With ``spans`` (for the surgical editor): each node's style (a scalar's quote or block indicator as a
        # character code, 0 when plain; 1 for a flow collection)
        self.spans = spans
        self.styles = array("B")

    # -- building

    def add(self, kind: int, event: Any, name: str | None = None) -> int:
        if not self.record:
            return -1
        number = len(self.start_offsets)
        self.start_offsets.append(event.start_mark.index)
        self.end_offsets.append(event.end_mark.index)
        self.links.append(kind)
        self.names.append(name)
        if self.spans:
            if type(event) is yaml.ScalarEvent:
                self.styles.append(ord(event.style) if event.style else 0)
            else:
                self.styles.append(1 if event.flow_style else 0)
        return number

    def close(self, number: int, end: Any, children: list[int]) -> None:
        if not self.record:
            return
        self.end_offsets[number] = end.index
        if end.index == self._unterminated_end and end.column == 0:
            self.past_end.add(number)
        self.links[number] = len(self.children) << 2 | self.links[number]
        self.children.append(len(children))
        self.children.extend(children)

    def kind(self, node: int) -> int:
        return self.links[node] & 3

    @property
    def kinds(self) -> "_Places":
        """Each node's kind by its number, as a read-only sequence."""
        return _Places(self.kind, len(self.links))

    # -- lines and columns

    def _line_and_column(self, offset: int) -> tuple[int, int]:
        """The 0-based line and column of ``offset``."""
        line_starts = self.lines.starts
        line = bisect_right(line_starts, offset) - 1
        return line, offset - line_starts[line]

    def _place(self, offset: int) -> int:
        """``line << 32 | column`` (0-based: one integer that sorts as the pair does) of ``offset``."""
        line, column = self._line_and_column(offset)
        return line << 32 | column

    def start(self, node: int) -> int:
        """Where ``node`` starts (see ``_place``)."""
        return self._place(self.start_offsets[node])

    def end(self, node: int) -> int:
        return len(self.lines.starts) << 32 if node in self.past_end else self._place(self.end_offsets[node])

    @property
    def starts(self) -> "_Places":
        """Each node's start (see ``_place``) by its number, found when read (for the surgical editor)."""
        return _Places(self.start, len(self.start_offsets))

    @property
    def ends(self) -> "_Places":
        return _Places(self.end, len(self.end_offsets))

    def children_span(self, node: int) -> tuple[int, int]:
        """Where the children of the collection ``node`` stand in ``children``: first and end."""
        link = self.links[node] >> 2
        return link + 1, link + 1 + self.children[link]

    def for_keys(self) -> "Positions":
        """The same positions, answering with the mapping keys' (shares the arrays)."""
        view = object.__new__(Positions)
        for name in Positions.__slots__:
            setattr(view, name, getattr(self, name))
        view.keys = True
        return view

    # -- questions

    def child(self, node: int, element: Any) -> tuple[int | None, int | None]:
        """The node at ``element`` (a key of a mapping, an index of a sequence) below ``node``, and its key's."""
        return self.descend(node, (element,))

    def descend(self, node: int, path: tuple) -> tuple[int | None, int | None]:
        """The node at ``path`` (keys of mappings, indexes of sequences) below ``node``, and the node of the key
        that leads to it (None when the last step is an index); (None, None) when there is none."""
        children, names = self.children, self.names
        key = None
        for element in path:
            kind = self.kind(node)
            if kind == _SCALAR:
                return None, None
            first, end = self.children_span(node)
            if kind == _MAPPING and isinstance(element, str):
                for key in children[first:end]:
                    if names[key] == element:
                        node = key + 1
                        break
                else:
                    return None, None
            elif kind == _SEQUENCE and isinstance(element, int) and not isinstance(element, bool) \
                    and 0 <= element < end - first:
                node, key = children[first + element], None
            else:
                return None, None
        return node, key

    def get(self, path: tuple, default: Any = None) -> Any:
        if not self.start_offsets:
            return default
        node, key = self.descend(0, path)
        found = key if self.keys else node
        if found is None:
            return default
        line, column = self._line_and_column(self.start_offsets[found])
        return line + 1, column + 1

    def __getitem__(self, path: tuple) -> Position:
        found = self.get(tuple(path))
        if found is None:
            raise KeyError(path)
        return found

    def __contains__(self, path: object) -> bool:
        return isinstance(path, tuple) and self.get(path) is not None

    def scalar_at(self, place: tuple[int, int]) -> bool:
        """Whether a scalar spans ``place`` (0-based line and column), descending only into the collections
        that span it."""
        target = place[0] << 32 | place[1]
        node = 0 if self.start_offsets else None
        while node is not None:
            if not self.start(node) <= target < self.end(node):
                return False
            if self.kind(node) == _SCALAR:
                return True
            node = self._child_spanning(node, target)
        return False

    def _child_spanning(self, node: int, target: int) -> int | None:
        """The child of ``node`` whose span may hold ``target``: the last that starts at or before it (found by
        bisection: children are in document order)."""
        first, end = self.children_span(node)
        low, high = first, end
        while low < high:
            middle = (low + high) // 2
            if self.start(self.children[middle]) <= target:
                low = middle + 1
            else:
                high = middle
        if low == first:
            return None
        child = self.children[low - 1]
        if self.kind(node) == _MAPPING and self.start(child + 1) <= target:
            return child + 1  # (the key's value)
        return child


class ComposeError(Exception):
    """What :func:`compose_events` refuses: a code, a message and the 0-based mark where it stands."""

    def __init__(self, code: str, message: str, mark: Any = None):
        super().__init__(message)
        self.code, self.message, self.mark = code, message, mark


class _EventComposer:
    """Plain data and :class:`Positions` from a parser's events (see the module's docstring)."""

    def __init__(self, next_event: Callable[[], Any], max_depth: int, check_escapes: bool, spans: bool,
                 record: bool = True, text: str = ""):
        self.next = next_event
        self.max_depth, self.check_escapes = max_depth, check_escapes
        self.positions = Positions(text, spans, record)
        self.quick = record and not spans  # (the scalars' positions are recorded inline: see ``collection``)
        self.escape_problem: ComposeError | None = None  # (raised once the whole document is read)

    def document(self) -> Any:
        self.next()  # StreamStartEvent
        event = self.next()
        if type(event) is yaml.StreamEndEvent:
            raise ComposeError("Y007", "empty file: expected a quiz mapping")
        data = self.value(self.next(), 0)
        self.next()  # DocumentEndEvent
        event = self.next()
        if type(event) is yaml.DocumentStartEvent:
            raise ComposeError("Y006", "several YAML documents in one file; a quiz file holds exactly one",
                               event.start_mark)
        if self.escape_problem is not None:
            raise self.escape_problem
        return data

    def value(self, event: Any, depth: int) -> Any:
        kind = type(event)
        self._refuse_anchor(event)
        if kind is yaml.ScalarEvent:
            tag = self._scalar_tag(event)
            if tag != _STR and depth > self.max_depth:
                raise self._too_deep(event)
            self.positions.add(_SCALAR, event)
            return _typed(event, tag)
        if depth > self.max_depth:
            raise self._too_deep(event)
        if kind is yaml.MappingStartEvent:
            self._check_collection_tag(event, _MAP)
            return self.collection(event, depth, _MAPPING)
        if kind is yaml.SequenceStartEvent:
            self._check_collection_tag(event, _SEQ)
            return self.collection(event, depth, _SEQUENCE)
        raise ComposeError("Y001", f"unexpected {kind.__name__}", event.start_mark)  # pragma: no cover

    def collection(self, start: Any, depth: int, kind: int) -> dict | list:
        """The data of the mapping or sequence (``kind``) that ``start`` opens, read up to its end event. Most of
        its nodes are scalars and collections without tag or anchor, within the depth limit, with no escapes to
        look at: read here, in one loop with a stack of the collections open around the one being read (a call
        for each of the thousands of small mappings cost a tenth of the composing). The others go through
        ``_key`` and ``value``, which refuse what is wrong."""
        positions = self.positions
        next_event, intern, escapes, max_depth, fast = self.next, sys.intern, self.check_escapes, self.max_depth, \
            self.quick
        scalar_event, mapping_start, sequence_start = yaml.ScalarEvent, yaml.MappingStartEvent, yaml.SequenceStartEvent
        offsets = positions.start_offsets
        add_start, add_end = offsets.append, positions.end_offsets.append
        add_link, add_name = positions.links.append, positions.names.append
        around: list[tuple] = []  # the collections open around this one: (result, number, children, key, depth)
        number = positions.add(kind, start)
        is_mapping = kind == _MAPPING
        result: Any = {} if is_mapping else []
        end_type = yaml.MappingEndEvent if is_mapping else yaml.SequenceEndEvent
        children: list[int] = []  # (a mapping's keys)
        quick = fast and depth < max_depth
        key = ""
        while True:
            event = next_event()
            if type(event) is end_type:
                positions.close(number, event.end_mark, children)
                if not around:
                    return result
                value = result
                result, number, children, key, depth = around.pop()
                is_mapping = type(result) is dict
                end_type = yaml.MappingEndEvent if is_mapping else yaml.SequenceEndEvent
                quick = fast and depth < max_depth
            else:
                children.append(len(offsets))
                if is_mapping:
                    if (quick and type(event) is scalar_event and event.tag is None and event.anchor is None
                            and (key := event.value) not in result and key != "<<"
                            and not (escapes and event.style == '"')):
                        key = intern(key)  # (one string for the thousands of "text" keys)
                        add_start(event.start_mark.index)
                        add_end(event.end_mark.index)
                        add_link(_SCALAR)
                        add_name(key)
                    else:
                        key = intern(self._key(event, result, children))
                        positions.add(_SCALAR, event, key)
                    event = next_event()
                event_type = type(event)
                if not (quick and event.anchor is None and event.tag is None):  # (an alias has no tag)
                    value = self.value(event, depth + 1)
                elif event_type is scalar_event and not (escapes and event.style == '"'):
                    add_start(event.start_mark.index)
                    add_end(event.end_mark.index)
                    add_link(_SCALAR)
                    add_name(None)
                    value = resolve_plain_scalar(event.value) if event.implicit[0] else event.value
                elif event_type is mapping_start or event_type is sequence_start:  # (opened here: see above)
                    around.append((result, number, children, key, depth))
                    is_mapping = event_type is mapping_start
                    number = positions.add(_MAPPING if is_mapping else _SEQUENCE, event)
                    result, children, depth = {} if is_mapping else [], [], depth + 1
                    end_type = yaml.MappingEndEvent if is_mapping else yaml.SequenceEndEvent
                    quick = depth < max_depth
                    continue
                else:
                    value = self.value(event, depth + 1)
            if is_mapping:
                result[key] = value
            else:
                result.append(value)

    def _key(self, event: Any, result: dict, keys: list[int]) -> str:
        self._refuse_anchor(event)
        if type(event) is not yaml.ScalarEvent:
            raise ComposeError("Y001", "mapping keys must be plain strings, not lists or mappings", event.start_mark)
        tag = self._scalar_tag(event)
        if tag not in (_PLAIN, _STR):
            raise ComposeError("Y010", _tag_message(tag), event.start_mark)
        key = event.value
        if tag == _PLAIN and key == "<<":
            raise ComposeError("Y003", "merge keys (`<<`) are not allowed in quiz files: write the values out",
                               event.start_mark)
        if key in result and not self.positions.record:
            raise ComposeError("Y002", f"duplicate key {key!r}", event.start_mark)
        if key in result:
            first = next(self.positions.start(number) for number in keys if self.positions.names[number] == key)
            raise ComposeError("Y002", f"duplicate key {key!r} (first defined at line {(first >> 32) + 1}, column "
                               f"{(first & 0xFFFFFFFF) + 1})", event.start_mark)
        return key

    def _scalar_tag(self, event: Any) -> str:
        tag = event.tag
        if tag is None or tag == "!":
            tag = _PLAIN if event.implicit[0] else _STR
        if self.check_escapes and event.style == '"' and self.escape_problem is None:
            found = NOT_A_TEXT_CHARACTER.search(event.value)
            if found is not None:
                what = "a NUL character" if found.group() == "\0" else f"control character U+{ord(found.group()):04X}"
                self.escape_problem = ComposeError("Y004", f"{what}, written as an escape, is not allowed in a text "
                                                   "(no export format can carry it)", event.start_mark)
        return tag

    def _check_collection_tag(self, event: Any, expected: str) -> None:
        if event.tag is not None and event.tag != "!" and event.tag != expected:
            raise ComposeError("Y010", _tag_message(event.tag), event.start_mark)

    @staticmethod
    def _refuse_anchor(event: Any) -> None:
        if type(event) is yaml.AliasEvent:
            raise ComposeError("Y003", f"anchors and aliases are not allowed in quiz files (alias *{event.anchor})",
                               event.start_mark)
        if event.anchor is not None:
            raise ComposeError("Y003", f"anchors and aliases are not allowed in quiz files (anchor &{event.anchor})",
                               event.start_mark)

    def _too_deep(self, event: Any) -> ComposeError:
        return ComposeError("Y008", f"nesting deeper than {self.max_depth} levels", event.start_mark)


def compose_events(next_event: Callable[[], Any], max_depth: int, check_escapes: bool,
                   spans: bool = False, record: bool = True, text: str = "") -> tuple[Any, Positions]:
    """The data of the single document the events describe, and its positions; raises :class:`ComposeError`
    (and the parser's ``yaml.YAMLError``). ``check_escapes``: look for escapes of double-quoted scalars that
    write a character no text may hold (reported after the rest of the document, as the first in the file).
    ``text``: the text the events are of (where the positions find the lines and columns of the offsets)."""
    composer = _EventComposer(next_event, max_depth, check_escapes, spans, record, text)
    return composer.document(), composer.positions
