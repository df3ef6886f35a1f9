"""Safe YAML loading with a line and column for every value.

PyYAML's C composer (``CSafeLoader``) turns the text into nodes; :class:`_Builder` turns nodes into plain
Python data while recording where each value and each mapping key stands. Plain scalars are resolved with the
YAML 1.2 core rules, so ``No``, ``Yes``, ``On`` and ``off`` stay strings, and numbers remember how they were
written (``YamlInt`` / ``YamlFloat``: ``3.10`` as an option text stays "3.10"). Anchors and aliases, duplicate
keys, tags other than the core ones, several documents, invalid UTF-8, control characters, oversized files and
deep nesting are refused with a finding (code, line, column), never an exception."""

from __future__ import annotations

import operator
import os
import re
import stat
import warnings
from dataclasses import dataclass, field
from typing import Any

import yaml

from quizlint.diagnostics import Finding, load_finding
from quizlint.text import NOT_A_TEXT_CHARACTER

try:
    _Loader = yaml.CSafeLoader
    C_LOADER = True
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader
    C_LOADER = False

Path_ = tuple  # a path into the data: keys and list indexes, e.g. ("items", 3, "options", 2, "text", "tr")
Position = tuple[int, int]  # 1-based line and column


@dataclass(frozen=True)
class LoadLimits:
    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 64


@dataclass
class Document:
    """A loaded YAML file: its text, its data, and where every value and key stands."""

    path: str
    text: str
    data: Any
    # path → (line, column) of each value and of each mapping key: read-only mappings (``get``, ``[]``, ``in``)
    positions: Any = field(default_factory=dict)
    key_positions: Any = field(default_factory=dict)

    def position(self, path: Path_) -> Position:
        """The position of the value at ``path``, or of its nearest ancestor that exists."""
        path = tuple(path)
        while path:
            found = self.positions.get(path)
            if found is not None:
                return found
            path = path[:-1]
        return self.positions.get((), (1, 1))

    def in_scalar(self, line: int, column: int) -> bool:
        """Whether the character at ``line``:``column`` (1-based) is part of a value's text (inside a block scalar
        or a quoted string over several lines, say), not of the YAML around it, such as a comment."""
        scalar_at = getattr(self.positions, "scalar_at", None)
        return scalar_at is not None and scalar_at((line - 1, column - 1))

    def key_position(self, path: Path_) -> Position:
        """The position of the mapping key that leads to ``path`` (falls back to the value's position)."""
        found = self.key_positions.get(tuple(path))
        return found if found is not None else self.position(path)


class LoadError(Exception):
    def __init__(self, code: str, message: str, line: int = 1, column: int = 1):
        super().__init__(message)
        self.code, self.message, self.line, self.column = code, message, line, column


_NULLS = {"", "~", "null", "Null", "NULL"}
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_NUMBER_STARTS = "+-.0123456789"  # (the first characters that ``_INT`` and ``_FLOAT`` match)
_CORE = "tag:yaml.org,2002:"
_STR, _MAP, _SEQ = _CORE + "str", _CORE + "map", _CORE + "seq"
_PLAIN = "tag:quizlint.dev,2024:plain"  # an untagged plain scalar, typed by YAML 1.2 core rules
_EXPLICIT_SCALAR_TAGS = {_CORE + "null": "null", _CORE + "bool": "bool", _CORE + "int": "int", _CORE + "float": "float"}
# An anchor (`&name` after a space, a flow indicator or at a line start); "Q&A" and " & " are not anchors.
_ANCHOR_LIKE = re.compile(r"(?:^|[\s\[{,])&[^\s\[\]{},]", re.MULTILINE)
# Characters YAML 1.2 allows in a stream (c-printable); anything else (NUL, other C0 controls, ...) is refused.
# (Written as the characters refused rather than as the complement of those allowed: it searches faster.)
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
# Characters YAML 1.1 parsers (libyaml) take for line breaks though editors do not show them as such: a text
# pasted from a word processor with one of them would be cut in two, and every line number after it would be
# off by one. Refused with their position (they can still be written as escapes in double-quoted strings).
_HIDDEN_LINE_BREAKS = {"\x85": ("next line character", "\\N"), "\u2028": ("line separator", "\\L"),
                       "\u2029": ("paragraph separator", "\\P")}
_HIDDEN_LINE_BREAK = re.compile("[\x85\u2028\u2029]")
# Either of the two above, found in one pass over the text (most texts have neither).
_REFUSED_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufffe\uffff]")
# Escapes of a double-quoted string that may write a character no text can hold (XML 1.0 refuses them: a quiz with
# one would pass the linter and fail every export): ``\0``, ``\a``, ``\e``, ``\x01``, ``\ud800``, ``\uffff``…
_CONTROL_ESCAPE = re.compile(r"\\[0abvfexuU]")


class _QuizLoader(_Loader):
    """PyYAML's safe loader with YAML 1.1 implicit typing switched off: every untagged plain scalar gets the
    ``_PLAIN`` tag (typed later by YAML 1.2 core rules), and explicit tags such as ``!!str`` stay visible."""

    yaml_implicit_resolvers = {None: [(_PLAIN, re.compile(""))]}  # matches every plain scalar, cheaply

    # The C composer asks these for every node. Same answers as PyYAML's resolver with the table above and no
    # path resolvers, without its Python-level work (a third of the composing time).
    def resolve(self, kind, value, implicit):
        if kind is yaml.ScalarNode:
            return _PLAIN if implicit[0] else _STR
        return _SEQ if kind is yaml.SequenceNode else _MAP

    # Without path resolvers, PyYAML's versions of these two return at once. Builtins that take the same
    # arguments and change nothing do the same without a Python call for each node (a twentieth of composing).
    descend_resolver = staticmethod(operator.is_)  # (current_node, current_index)
    ascend_resolver = staticmethod(tuple)  # ()


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


def _mark(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


class _Builder:
    """Turns a composed node tree into plain data; rejects duplicate keys, other tags, deep nests. (A node
    met twice is built twice: :class:`_SharingCheckBuilder` refuses it, for the texts that may share one.)

    Positions are not recorded here: :class:`_NodePositions` reads them from the node tree when asked (a
    report needs a few; recording every one cost a third of the loading time)."""

    def __init__(self, limits: LoadLimits):
        self.max_depth = limits.max_depth
        self.seen: set[int] | None = None  # (the ids of the nodes met: kept by ``_SharingCheckBuilder`` only)

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        if depth > self.max_depth:
            raise LoadError("Y008", f"nesting deeper than {self.max_depth} levels", *_mark(node.start_mark))
        kind = type(node)
        if kind is yaml.ScalarNode:
            tag = node.tag
            if tag == _PLAIN:
                return resolve_plain_scalar(node.value)
            return node.value if tag == _STR else self._scalar(node)
        if kind is yaml.MappingNode and node.tag == _MAP:
            return self._mapping(node, depth)
        if kind is yaml.SequenceNode and node.tag == _SEQ:
            return [self._value(child, depth + 1) for child in node.value]
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        raise _tag_error(node)

    def _value(self, node: yaml.Node, depth: int) -> Any:
        """``build``, with the quoted strings that make up most of a quiz file taken without a call."""
        if type(node) is yaml.ScalarNode and node.tag == _STR:
            return node.value
        return self.build(node, depth)

    @staticmethod
    def _scalar(node: yaml.ScalarNode) -> Any:
        if node.tag == _PLAIN:
            return resolve_plain_scalar(node.value)
        if node.tag == _STR:
            return node.value
        expected = _EXPLICIT_SCALAR_TAGS.get(node.tag)
        if expected is None:
            raise _tag_error(node)
        value = resolve_plain_scalar(node.value)
        if expected == "float" and _kind(value) == "int":
            return _number(YamlFloat, node.value)
        if _kind(value) != expected:
            raise LoadError("Y010", f"{node.value!r} is not a valid !!{expected}", *_mark(node.start_mark))
        return value

    def _mapping(self, node: yaml.MappingNode, depth: int) -> dict:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if type(key_node) is not yaml.ScalarNode and not isinstance(key_node, yaml.ScalarNode):
                raise LoadError("Y001", "mapping keys must be plain strings, not lists or mappings",
                                *_mark(key_node.start_mark))
            if key_node.tag not in (_PLAIN, _STR):
                raise _tag_error(key_node)
            key = key_node.value
            if key in result:
                first = next(_mark(other.start_mark) for other, _ in node.value if other.value == key)
                raise LoadError("Y002", f"duplicate key {key!r} (first defined at line {first[0]}, column {first[1]})",
                                *_mark(key_node.start_mark))
            if type(value_node) is not yaml.ScalarNode or value_node.tag != _STR:
                result[key] = self.build(value_node, depth + 1)
            else:  # (``_value`` without a call, when no node is tracked: most values are quoted strings)
                result[key] = value_node.value if self.seen is None else self._value(value_node, depth + 1)
        return result


class _SharingCheckBuilder(_Builder):
    """A :class:`_Builder` that refuses a node met twice (a value used twice through an alias): a backstop for
    the texts that may have an alias, which the event scan of ``compose_text`` reports first."""

    def __init__(self, limits: LoadLimits):
        super().__init__(limits)
        self.seen = set()

    def build(self, node: yaml.Node, depth: int = 0) -> Any:
        if depth <= self.max_depth:  # (deeper: the nesting is reported)
            if id(node) in self.seen:
                raise LoadError("Y003", "anchors and aliases are not allowed (a value is used twice)",
                                *_mark(node.start_mark))
            self.seen.add(id(node))
        return super().build(node, depth)

    def _value(self, node: yaml.Node, depth: int) -> Any:
        if type(node) is yaml.ScalarNode and node.tag == _STR and id(node) not in self.seen:
            self.seen.add(id(node))
            return node.value
        return self.build(node, depth)


class _NodePositions:
    """Where the value (``keys=False``) or the mapping key (``keys=True``) at a data path stands, read from
    the composed node tree on demand; behaves as the read-only mapping ``path → (line, column)``."""

    def __init__(self, root: yaml.Node, keys: bool):
        self.root, self.keys = root, keys
        self._nodes: dict[Path_, yaml.Node | None] = {}  # the nodes at paths of two elements, e.g. ("items", 3)

    def get(self, path: Path_, default: Any = None) -> Any:
        node, key_node = self.root, None
        if len(path) > 2:  # most questions are about the fields of one item: its node is looked up once
            node = self._nodes.get(path[:2], self)
            if node is self:
                node = self._nodes[path[:2]] = self._walk(path[:2])
            path = path[2:]
        for element in path:
            if node is None:
                return default
            node, key_node = _child(node, element)
        if node is None:
            return default
        if self.keys:
            return _mark(key_node.start_mark) if key_node is not None else default
        return _mark(node.start_mark)

    def scalar_at(self, place: tuple[int, int]) -> bool:
        """Whether a scalar node spans ``place`` (0-based line and column), descending only into the
        collections that span it."""
        node = self.root
        while True:
            if (node.start_mark.line, node.start_mark.column) > place or \
                    place >= (node.end_mark.line, node.end_mark.column):
                return False
            if isinstance(node, yaml.ScalarNode):
                return True
            children = (child for pair in node.value for child in pair) if isinstance(node, yaml.MappingNode) \
                else iter(node.value)
            node = next((child for child in children
                         if (child.start_mark.line, child.start_mark.column) <= place
                         < (child.end_mark.line, child.end_mark.column)), None)
            if node is None:
                return False

    def _walk(self, path: Path_) -> yaml.Node | None:
        node = self.root
        for element in path:
            node = _child(node, element)[0]
            if node is None:
                return None
        return node

    def __getitem__(self, path: Path_) -> Position:
        found = self.get(tuple(path))
        if found is None:
            raise KeyError(path)
        return found

    def __contains__(self, path: object) -> bool:
        return isinstance(path, tuple) and self.get(path) is not None


def _child(node: yaml.Node, element: Any) -> tuple[Any, Any]:
    """The child node at ``element`` (a key of a mapping, an index of a sequence) and its key node."""
    if isinstance(node, yaml.MappingNode):
        if isinstance(element, str):
            for key_node, value_node in node.value:
                if key_node.value == element:
                    return value_node, key_node
    elif isinstance(node, yaml.SequenceNode):
        if isinstance(element, int) and 0 <= element < len(node.value):
            return node.value[element], None
    return None, None


def _tag_error(node: yaml.Node) -> LoadError:
    tag = node.tag
    shown = "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag
    return LoadError("Y010", f"YAML tag {shown!r} is not allowed in quiz files", *_mark(node.start_mark))


def _decode(raw: bytes) -> str:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = raw.rfind(b"\n", 0, error.start) + 1
        line = raw.count(b"\n", 0, error.start) + 1
        column = len(raw[line_start : error.start].decode("utf-8", errors="replace")) + 1
        raise LoadError(
            "Y004", f"invalid UTF-8: byte 0x{raw[error.start]:02x} cannot be decoded (quiz files must be UTF-8)", line, column
        ) from None
    return text[1:] if text.startswith("\ufeff") else text


def _first_anchor_or_alias(text: str) -> tuple[int, int, str] | None:
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.AliasEvent):
            return (*_mark(event.start_mark), f"alias *{event.anchor}")
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            return (*_mark(event.start_mark), f"anchor &{anchor}")
    return None


def _position_of(text: str, index: int) -> Position:
    """1-based line and column of the character at ``index``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _check_characters(text: str) -> None:
    # (``str.isprintable`` refuses every character refused here, so the usual text, printable characters on lines,
    # needs no regex: the regex reads a text at half the speed)
    if text.replace("\n", "").isprintable() or _REFUSED_CHARACTER.search(text) is None:
        return
    found = _NOT_PRINTABLE.search(text)
    if found is not None:
        char = found.group()
        what = "a NUL byte" if char == "\0" else f"control character U+{ord(char):04X}"
        raise LoadError("Y004", f"{what} is not allowed in a YAML file (is this a binary file?)",
                        *_position_of(text, found.start()))
    found = _HIDDEN_LINE_BREAK.search(text)
    if found is not None:
        name, escape = _HIDDEN_LINE_BREAKS[found.group()]
        raise LoadError("Y004", f"{name} (U+{ord(found.group()):04X}) is not allowed: the YAML parser reads it as a "
                        f"line break your editor may not show; replace it with a space, or write `{escape}` "
                        "inside a double-quoted string", *_position_of(text, found.start()))


def _yaml_error(error: yaml.YAMLError, text: str) -> LoadError:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    if mark is not None:
        line, column = _mark(mark)
    elif isinstance(error, yaml.reader.ReaderError):
        line, column = _position_of(text, min(error.position, len(text)))
    else:
        line, column = 1, 1
    context = getattr(error, "context", None)
    if isinstance(error, yaml.composer.ComposerError) and "single document" in str(context or ""):
        return LoadError("Y006", "several YAML documents in one file; a quiz file holds exactly one", line, column)
    problem = getattr(error, "problem", None) or getattr(error, "reason", None) or str(error)
    if "undefined alias" in problem:
        return LoadError("Y003", f"anchors and aliases are not allowed in quiz files ({problem})", line, column)
    if "nesting" in problem or "depth" in problem:
        return LoadError("Y008", f"invalid YAML: nesting too deep ({problem})", line, column)
    message = f"invalid YAML: {problem}"
    context_mark = getattr(error, "context_mark", None)
    if context and context_mark is not None and _mark(context_mark) != (line, column):
        message += f" ({context} started at line {context_mark.line + 1}, column {context_mark.column + 1})"
    elif context:
        message += f" ({context})"
    if _char_at(text, line, column) == "\t":
        message += "; tabs cannot indent YAML, use spaces"
    return LoadError("Y001", message, line, column)


def _char_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n", line)
    if line - 1 < len(lines) and column - 1 < len(lines[line - 1]):
        return lines[line - 1][column - 1]
    return ""


def _check_escaped_characters(root: yaml.Node) -> None:
    """Refuse a double-quoted string whose escapes wrote a control character (``"\\0"``, ``"\\x07"``): the raw
    text has none, so ``_check_characters`` could not see it."""
    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.ScalarNode):
            found = NOT_A_TEXT_CHARACTER.search(node.value) if node.style == '"' else None
            if found is not None:
                what = "a NUL character" if found.group() == "\0" else f"control character U+{ord(found.group()):04X}"
                raise LoadError("Y004", f"{what}, written as an escape, is not allowed in a text (no export format "
                                "can carry it)", *_mark(node.start_mark))
        elif isinstance(node, yaml.MappingNode):  # (children reversed: the first in the file is looked at first)
            todo.extend(child for pair in reversed(node.value) for child in reversed(pair))
        else:
            todo.extend(reversed(node.value))


def _refuse_merge_keys(root: yaml.Node) -> None:
    """Refuse a merge key (a plain ``<<`` key, YAML 1.1's way of copying a mapping named by an alias): a quiz
    file spells every value out (a quoted ``"<<"`` is an ordinary key)."""
    todo = [root]
    while todo:
        node = todo.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.value == "<<" and key.tag == _PLAIN:
                    raise LoadError("Y003", "merge keys (`<<`) are not allowed in quiz files: write the values out",
                                    *_mark(key.start_mark))
                todo.append(value)
        elif isinstance(node, yaml.SequenceNode):
            todo.extend(node.value)


def compose_text(text: str, limits: LoadLimits) -> tuple[Any, Any, Any]:
    """Parse ``text`` into plain data with positions (of values, of keys: read-only mappings from data paths
    to (line, column)); raises :class:`LoadError`."""
    _check_characters(text)
    try:
        if "&" in text and _ANCHOR_LIKE.search(text):  # only texts that could hold an anchor pay for the scan
            found = _first_anchor_or_alias(text)
            if found is not None:
                line, column, what = found
                raise LoadError("Y003", f"anchors and aliases are not allowed in quiz files ({what})", line, column)
        node = yaml.compose(text, Loader=_QuizLoader)
        if node is None:
            raise LoadError("Y007", "empty file: expected a quiz mapping")
        if "<<" in text:  # (only texts that could hold one pay for the look)
            _refuse_merge_keys(node)
        # (a node is met twice only through an alias, ``*name``, of an anchor, ``&name``)
        builder = _SharingCheckBuilder if "&" in text and "*" in text else _Builder
        data = builder(limits).build(node)
        if "\\" in text and _CONTROL_ESCAPE.search(text):
            _check_escaped_characters(node)
    except yaml.YAMLError as error:
        raise _yaml_error(error, text) from None
    except RecursionError:
        raise LoadError("Y008", "nesting too deep") from None
    return data, _NodePositions(node, keys=False), _NodePositions(node, keys=True)


def load_text(text: str, path: str = "<string>", limits: LoadLimits = LoadLimits()) -> tuple[Document | None, list[Finding]]:
    try:
        data, positions, key_positions = compose_text(text, limits)
    except LoadError as error:
        return None, [load_finding(path, error.line, error.column, error.code, error.message)]
    return Document(path, text, data, positions, key_positions), []


def read_source(
    path: str | os.PathLike, display: str | None = None, limits: LoadLimits = LoadLimits()
) -> tuple[bytes | None, list[Finding]]:
    """The bytes of a quiz file, read once (what is linted and what is cached must be the same bytes). Never
    raises for bad input: problems (not a regular file, too large, unreadable) come back as findings."""
    shown = display if display is not None else str(path)
    try:
        status = os.stat(path)
        if not stat.S_ISREG(status.st_mode):  # a FIFO would block and a device never end
            kind = "a directory" if stat.S_ISDIR(status.st_mode) else "not a regular file"
            raise LoadError("Y009", f"cannot read file: {kind}")
        size = status.st_size
        if size > limits.max_bytes:
            raise LoadError(
                "Y005", f"file is {size / 1048576:.1f} MiB, over the {limits.max_bytes / 1048576:.0f} MiB limit for a quiz file"
            )
        with open(path, "rb") as handle:
            return handle.read(limits.max_bytes + 1), []
    except LoadError as error:
        return None, [load_finding(shown, error.line, error.column, error.code, error.message)]
    except OSError as error:
        return None, [load_finding(shown, 1, 1, "Y009", f"cannot read file: {error.strerror or error}")]


def load_source(raw: bytes, path: str = "<string>", limits: LoadLimits = LoadLimits()
                ) -> tuple[Document | None, list[Finding]]:
    """Decode and compose the bytes of a quiz file (see ``read_source``)."""
    try:
        if len(raw) > limits.max_bytes:
            raise LoadError("Y005", f"file is over the {limits.max_bytes / 1048576:.0f} MiB limit for a quiz file")
        text = _decode(raw)
    except LoadError as error:
        return None, [load_finding(path, error.line, error.column, error.code, error.message)]
    return load_text(text, path, limits)


def load_document(
    path: str | os.PathLike, display: str | None = None, limits: LoadLimits = LoadLimits()
) -> tuple[Document | None, list[Finding]]:
    """Read and compose one file. Never raises for bad input: problems come back as findings."""
    shown = display if display is not None else str(path)
    raw, findings = read_source(path, shown, limits)
    if raw is None:
        return None, findings
    return load_source(raw, shown, limits)


if not C_LOADER:  # pragma: no cover
    warnings.warn("PyYAML's C loader (libyaml) is not available; loading falls back to the slow pure-Python loader")

__all__ = [
    "Document", "LoadError", "LoadLimits", "Position", "YamlFloat", "YamlInt", "load_document", "load_source",
    "load_text", "read_source", "resolve_plain_scalar",
]
