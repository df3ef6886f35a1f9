"""Surgical edits of YAML text: change a few values, keep every other byte as it was.

The commands that write quiz files (``translate``, ``review``, ``fix``) must leave comments, key order,
quoting, indentation, blank lines and line endings untouched. This module composes the text with PyYAML
(the C composer when available) to learn where each node starts and ends, turns each change into a
replacement of a span of the original text, and checks that the edited text loads to exactly the intended
data before anyone writes it.

Why not ruamel.yaml's round trip: it re-emits the whole file and normalises what it does not model (tested
in ``tests/test_yamledit.py``): spacing inside flow mappings (``{ en: x }`` → ``{en: x}``), mixed
indentation, multi-line plain scalars (folded onto one line), ``~`` nulls, CRLF line endings and escapes in
double-quoted strings (``"caf\\u00e9"`` → ``"café"``).

Spans are offsets into the text (characters, as PyYAML's marks count them), ``end`` exclusive. New strings
are written as double-quoted YAML (escaped), so they load back exactly whatever they contain.
"""

from __future__ import annotations

import copy
import re
from bisect import bisect_left, insort
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import yaml

from quizlint.load.document import load_text
from quizlint.yaml_scalars import ScalarError, double_quoted, scalar, string_scalar

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_LINE_BREAK = re.compile(r"\r\n?|\n")
_BLOCK_HEADER = re.compile(r"[|>](?:[1-9][+-]?|[+-][1-9]?)?")
_COMMENT_START = re.compile(r"(?<![^ \t\r\n])#")  # a `#` that starts a line or follows a space: a comment here
_PROPERTY_END = re.compile(r"\S+(?:\s|#[^\r\n]*)*")  # a tag, with the spaces, comments and line breaks after it

Path_ = tuple


class YamlEditError(Exception):
    """An edit that cannot be made surgically (or that would not load back to the intended data)."""


# ---------------------------------------------------------------------------------------------- rendering

class PlainWord(str):
    """A string to write without quotes when that is safe (``status: machine``); other strings are quoted."""


def render_key(key: str) -> str:
    return string_scalar(key)


def render_scalar(value: Any) -> str:
    try:
        return scalar(value, plain_strings=isinstance(value, PlainWord))
    except ScalarError as error:
        raise YamlEditError(str(error)) from None


def render_flow(value: Any) -> str:
    """``value`` in YAML flow style: ``{key: "text", other: [1, 2]}``."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{render_key(key)}: {render_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(render_flow(item) for item in value) + "]"
    return render_scalar(value)


def detect_newline(text: str) -> str:
    """The line break the text uses (its first one): LF, CRLF or CR; LF when it has none."""
    found = _LINE_BREAK.search(text)
    return found.group() if found else "\n"


# ------------------------------------------------------------------------------------------ node positions

def _is_block_scalar(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.style in ("|", ">")


def _is_block_collection(node: yaml.Node) -> bool:
    return isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and not node.flow_style


class NodeTree:
    """The composed nodes of a YAML text, found by data path, with their spans in the text."""

    def __init__(self, text: str):
        self.text = text
        try:
            self.root = yaml.compose(text, Loader=_Loader)
        except yaml.YAMLError as error:
            raise YamlEditError(f"cannot parse the file for editing: {error}") from None
        self._values: dict[Path_, yaml.Node] = {}
        self._keys: dict[Path_, yaml.Node] = {}
        if self.root is not None:
            self._index(self.root, ())

    def _index(self, node: yaml.Node, path: Path_) -> None:
        self._values[path] = node
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                self._keys[path + (key_node.value,)] = key_node
                self._index(value_node, path + (key_node.value,))
        elif isinstance(node, yaml.SequenceNode):
            for index, child in enumerate(node.value):
                self._index(child, path + (index,))

    # -- lookups

    def has(self, path: Sequence) -> bool:
        return tuple(path) in self._values

    def node(self, path: Sequence) -> yaml.Node:
        try:
            return self._values[tuple(path)]
        except KeyError:
            raise YamlEditError(f"no value at {format_path(path)}") from None

    def key_node(self, path: Sequence) -> yaml.Node:
        try:
            return self._keys[tuple(path)]
        except KeyError:
            raise YamlEditError(f"no mapping key at {format_path(path)}") from None

    def is_mapping(self, path: Sequence) -> bool:
        return self.has(path) and isinstance(self.node(path), yaml.MappingNode)

    def is_flow(self, path: Sequence) -> bool:
        node = self.node(path)
        return not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) or bool(node.flow_style)

    def keys(self, path: Sequence) -> list[str]:
        node = self.node(path)
        return [key.value for key, _ in node.value] if isinstance(node, yaml.MappingNode) else []

    # -- lines (a line break is LF, CRLF or a lone CR, as YAML has them)

    def line_start(self, offset: int) -> int:
        return max(self.text.rfind("\n", 0, offset), self.text.rfind("\r", 0, offset)) + 1

    def previous_line_start(self, offset: int) -> int:
        """The start of the line before the one that starts at ``offset``."""
        return self.line_start(offset - (2 if self.text.startswith("\r\n", offset - 2) else 1))

    def line_end(self, offset: int) -> int:
        """Offset of the line break ending the line that holds ``offset`` (or the end of the text)."""
        found = _LINE_BREAK.search(self.text, offset)
        return found.start() if found else len(self.text)

    def after_line_break(self, offset: int) -> int:
        found = _LINE_BREAK.search(self.text, offset)
        return found.end() if found else len(self.text)

    # -- spans

    def last_char(self, node: yaml.Node) -> int:
        """Offset of the last character that belongs to ``node`` (block collections end at their last child)."""
        if _is_block_collection(node):
            last = node.value[-1]
            if isinstance(node, yaml.MappingNode):
                return max(self.last_char(last[0]), self.last_char(last[1]))
            return self.last_char(last)
        if _is_block_scalar(node):
            return self._block_scalar_last_char(node)
        return max(node.end_mark.index - 1, node.start_mark.index - 1)

    def _block_scalar_last_char(self, node: yaml.Node) -> int:
        """The end of a block scalar's last line: with keep chomping (``|+``) the blank lines after its text are
        part of its value, so its last line is the last one PyYAML gave it, blank or not; otherwise they are not,
        and its last line is its last line of text."""
        end = node.end_mark.index
        if node.end_mark.column != 0 or end <= node.start_mark.index:  # it ends the text, without a line break
            return max(end - 1, node.start_mark.index)
        last_line = self.previous_line_start(end)
        if not self.keeps_trailing_lines(node):
            header_end = self.line_end(self.content_start(node))
            last_line = self._last_text_line(self.after_line_break(header_end), last_line)
            if last_line is None:  # no text at all
                return header_end - 1
        return max(self.line_end(last_line) - 1, last_line)

    def _last_text_line(self, first_line: int, last_line: int) -> int | None:
        """The start of the last line of a block scalar's text among its lines ``first_line`` to ``last_line``:
        a blank line after the text is not part of it, unless it has more spaces than the text's indentation."""
        lines, start = [], first_line
        while start <= last_line:
            lines.append(start)
            start = self.after_line_break(start)
        texts = [self.text[start:self.line_end(start)] for start in lines]
        indentation = min((len(text) - len(text.lstrip(" ")) for text in texts if text.strip()), default=0)
        while lines and not texts[-1].strip() and len(texts[-1]) <= indentation:
            lines.pop()
            texts.pop()
        return lines[-1] if lines else None

    def keeps_trailing_lines(self, node: yaml.Node) -> bool:
        """Whether ``node`` is a block scalar with keep chomping (``|+``, ``>+``): the blank lines after its
        text are part of its value."""
        header = _BLOCK_HEADER.match(self.text, self.content_start(node))
        return header is not None and "+" in header.group()

    def content_start(self, node: yaml.Node) -> int:
        """Offset of the node itself: where a node written with a tag (``!!map {}``) starts after the tag."""
        index = node.start_mark.index
        while index < node.end_mark.index and self.text[index] == "!":
            index = _PROPERTY_END.match(self.text, index).end()
        return index

    def value_span(self, path: Sequence) -> tuple[int, int]:
        """The span of the value at ``path``: a scalar's text with its quotes or block indicator, a flow
        collection with its brackets, a block collection from its first to its last character."""
        node = self.node(path)
        start = node.start_mark.index
        if _is_block_scalar(node) or _is_block_collection(node):
            end = self.last_char(node) + 1
            while end > start and self.text[end - 1] in " \t\r\n":
                end -= 1
            return start, end
        return start, node.end_mark.index

    def entry_span(self, path: Sequence) -> tuple[int, int]:
        """The span of a mapping entry (key to end of value) or a sequence entry (its dash to its end).

        In block style the span covers whole lines: from the start of the key's (or dash's) line to just
        after the line break of the entry's last line, trailing comment included; blank lines and comment
        lines after it are not part of it. In flow style it is the entry itself, without the comma.
        """
        path = tuple(path)
        parent = self.node(path[:-1])
        value = self.node(path)
        if isinstance(parent, yaml.MappingNode):
            start = self.key_node(path).start_mark.index
        else:
            start = self._dash_before(value.start_mark.index) if not parent.flow_style else value.start_mark.index
        if parent.flow_style:
            return start, self.value_span(path)[1]
        line_start = self.line_start(start)
        if self.text[line_start:start].strip() == "":
            start = line_start
        return start, self.after_line_break(self.last_char(value))

    def _dash_before(self, offset: int) -> int:
        """The dash of the block sequence entry whose value starts at ``offset``: only blank space and comments
        (``- # the key`` with the value on the next line) lie between them."""
        index = offset - 1
        while index >= 0:
            if self.text[index] in " \t\r\n":
                index -= 1
                continue
            comment = _COMMENT_START.search(self.text, self.line_start(index), index + 1)
            if comment is None:
                break
            index = comment.start() - 1
        if index < 0 or self.text[index] != "-":
            raise YamlEditError("sequence entry without a dash")
        return index

    def sequence_entry_spans(self, path: Sequence) -> list[tuple[int, int]]:
        """The spans of the entries of the sequence at ``path``, made to be exchanged with one another.

        Flow style: each entry itself (as :meth:`entry_span`). Block style: whole lines, from the start of the
        dash's line to the end of the entry's last line WITHOUT its line break (so that the last line of a file
        without a final newline fits anywhere), extended over the comment lines right after it that are indented
        more than the dash (they are inside the entry, as YAML nests them: a comment at the end of an entry is
        that entry's even when the next dash follows), and up over the comment lines right above the dash (no
        blank line between) indented as much as the dash or more that no entry above holds: they are about the
        entry (``# the key``), and move with it, as isort moves the comments above an import. Comment lines less indented than the dash, or
        with a blank line before the next dash, and blank lines lie between entries and belong to none.
        """
        path = tuple(path)
        node = self.node(path)
        if not isinstance(node, yaml.SequenceNode):
            raise YamlEditError(f"{format_path(path)} is not a sequence")
        spans = [self.entry_span(path + (index,)) for index in range(len(node.value))]
        if node.flow_style:
            return spans
        block_spans: list[tuple[int, int]] = []
        for start, end in spans:
            if start != self.line_start(start):
                raise YamlEditError(f"the entries of {format_path(path)} do not start lines of their own")
            dash_column = self.text.index("-", start) - start
            after_previous = block_spans[-1][1] if block_spans else 0
            block_spans.append((self._comments_above_start(start, dash_column, after_previous),
                                self._inner_comments_end(self._before_line_break(start, end), dash_column)))
        return block_spans

    def _before_line_break(self, start: int, end: int) -> int:
        if end > start and self.text[end - 1] == "\n":
            end -= 1
        if end > start and self.text[end - 1] == "\r":
            end -= 1
        return end

    def _comment_indentation(self, line_start: int) -> int | None:
        """The indentation of the line at ``line_start`` when it is a comment line, else None."""
        line = self.text[line_start:self.line_end(line_start)]
        content = line.lstrip(" ")
        return len(line) - len(content) if content.startswith("#") else None

    def _inner_comments_end(self, end: int, dash_column: int) -> int:
        """``end`` moved past the comment lines that follow it indented more than ``dash_column``."""
        while end < len(self.text):
            next_start = self.after_line_break(end)
            indentation = self._comment_indentation(next_start)
            if indentation is None or indentation <= dash_column:
                return end
            end = self.line_end(next_start)
        return end

    def _comments_above_start(self, start: int, dash_column: int, floor: int) -> int:
        """``start`` moved up over the comment lines right above it indented ``dash_column`` or more that start at
        ``floor`` or after."""
        while start > floor:
            above = self.previous_line_start(start)
            indentation = self._comment_indentation(above)
            if above < floor or indentation is None or indentation < dash_column:
                return start
            start = above
        return start

    def indent_step(self) -> int:
        """The indentation step the file uses for nested block mappings (2 when there is none)."""
        for path, node in self._values.items():
            if _is_block_collection(node) and isinstance(node, yaml.MappingNode):
                for key_node, value_node in node.value:
                    if _is_block_collection(value_node) and isinstance(value_node, yaml.MappingNode):
                        step = value_node.value[0][0].start_mark.column - key_node.start_mark.column
                        if step > 0:
                            return step
        return 2


def format_path(path: Iterable) -> str:
    out = ""
    for element in path:
        out += f"[{element}]" if isinstance(element, int) else (f".{element}" if out else str(element))
    return out or "(top level)"


# ------------------------------------------------------------------------------------------------- editor

def _rank(key: str, order: Sequence[str]) -> int:
    return list(order).index(key) if key in order else len(order)


_KINDS = (bool, str, int, float, type(None), dict, list)  # bool first: it is an int in Python, not in YAML


def _kind(value: Any) -> type:
    return next((kind for kind in _KINDS if isinstance(value, kind)), type(value))


def _same_value(current: Any, new: Any) -> bool:
    """Equal and of the same kind (``True == 1`` and ``"1" != 1`` in YAML)."""
    return _kind(current) is _kind(new) and current == new


@dataclass(frozen=True)
class _Edit:
    start: int
    end: int
    replacement: str
    order: int


class YamlEditor:
    """Collects changes to a YAML text as span replacements and applies them all at once.

    Every change names a data path of the ORIGINAL text; the intended data is tracked alongside, and
    :meth:`result` refuses to return a text that does not load back to it.
    """

    def __init__(self, text: str, display: str = "<string>"):
        self.text = text
        self.display = display
        self.tree = NodeTree(text)
        document, findings = load_text(text, display)
        if document is None:
            raise YamlEditError(findings[0].message if findings else "cannot load the file")
        self.expected = document.data  # (loaded here for the editor alone: changed in place, no copy needed)
        self.newline = detect_newline(text)
        self._edits: list[_Edit] = []
        self._spans: list[tuple[int, int]] = []  # the (start, end) of the edits, sorted: see ``replace_span``
        self._created: set[Path_] = set()

    @property
    def changed(self) -> bool:
        return bool(self._edits)

    # -- low level

    def replace_span(self, start: int, end: int, replacement: str) -> None:
        """Replace ``text[start:end]`` (an insertion when ``start == end``). Spans must not overlap."""
        if not 0 <= start <= end <= len(self.text):
            raise YamlEditError(f"span {start}..{end} is outside the text")
        # The spans so far do not overlap, so sorted by start their ends rise too: the one that starts last before
        # ``end`` is the only one that can overlap this one (a look-up, not a pass over every edit: a fix of a
        # large file makes tens of thousands of them)
        before = bisect_left(self._spans, (end, -1)) - 1
        if before >= 0:
            other_start, other_end = self._spans[before]
            if start < other_end and other_start < end:
                raise YamlEditError(f"overlapping edits at offsets {start}..{end} and {other_start}..{other_end}")
        insort(self._spans, (start, end))
        self._edits.append(_Edit(start, end, replacement, len(self._edits)))

    def apply(self) -> str:
        """The edited text, without checking it."""
        out, cursor = [], 0
        for edit in sorted(self._edits, key=lambda edit: (edit.start, edit.end, edit.order)):
            out.append(self.text[cursor:edit.start])
            out.append(edit.replacement)
            cursor = edit.end
        out.append(self.text[cursor:])
        return "".join(out)

    def result(self) -> str:
        """The edited text, checked to load back to exactly the intended data."""
        new_text = self.apply()
        document, findings = load_text(new_text, self.display)
        if document is None:
            detail = findings[0].message if findings else "unknown error"
            raise YamlEditError(f"the edited file would not load ({detail})")
        if document.data != self.expected:
            raise YamlEditError("the edited file would not hold the intended data")
        return new_text

    # -- intended data

    def expect(self, path: Sequence, value: Any) -> None:
        """Declare that the value at ``path`` is meant to become ``value`` (for edits made with
        :meth:`replace_span`, which :meth:`result` otherwise refuses as unintended)."""
        path = tuple(path)
        target = self.expected
        for element in path[:-1]:
            target = target[element]
        target[path[-1]] = copy.deepcopy(value)

    def _expected_at(self, path: Path_) -> Any:
        target = self.expected
        for element in path:
            target = target[element]
        return target

    def reorder_sequence(self, path: Sequence, order: Sequence[int]) -> None:
        """Put the entries of the sequence at ``path`` in a new order: the entry at position ``k`` becomes the
        one that was at ``order[k]``. Each entry moves as a whole, with its comments, quoting and layout (see
        :meth:`NodeTree.sequence_entry_spans`); entries that stay in place keep their bytes. (Used by
        ``quizlint fix`` to move option entries.)"""
        path = tuple(path)
        self._check_original(path)
        current = self._expected_at(path)
        if not isinstance(current, list) or sorted(order) != list(range(len(current))):
            raise YamlEditError(f"{list(order)} is not a reordering of the entries of {format_path(path)}")
        spans = self.tree.sequence_entry_spans(path)
        pieces = [self.text[start:end] for start, end in spans]
        for slot, source in enumerate(order):
            if slot != source:
                self.replace_span(*spans[slot], pieces[source])
        self.expect(path, [current[source] for source in order])

    def _check_original(self, path: Path_) -> None:
        for length in range(len(path), 0, -1):
            if path[:length] in self._created:
                raise YamlEditError(f"{format_path(path)} was created by this edit; set it in one change")

    # -- changes

    def set_value(self, path: Sequence, value: Any) -> None:
        """Replace the existing value at ``path`` (a scalar or a flow collection, or null)."""
        path = tuple(path)
        self._check_original(path)
        node = self.tree.node(path)
        if _same_value(self._expected_at(path), value):
            return  # already so: leave its bytes (and quoting) alone
        if _is_block_collection(node):
            raise YamlEditError(f"{format_path(path)} is a block collection; set its entries instead")
        start, end = self.tree.value_span(path)
        rendered = render_flow(value)
        if start == end and start > 0 and self.text[start - 1] == ":":
            rendered = " " + rendered  # `key:` with an empty (null) value
        self.replace_span(start, end, rendered)
        self.expect(path, value)

    def set_key(self, mapping_path: Sequence, key: str, value: Any, after: Sequence[str] | None = None) -> None:
        """Set ``key`` in the mapping at ``mapping_path``: replace its value, or insert a new entry.

        A new entry goes at the end, or, when ``after`` lists the keys that come before it (e.g. the
        languages before this one), right after the last of them present, else first. A mapping value
        merges into an existing mapping key by key.
        """
        mapping_path = tuple(mapping_path)
        self._check_original(mapping_path)
        if not self.tree.is_mapping(mapping_path):
            raise YamlEditError(f"{format_path(mapping_path)} is not a mapping")
        path = mapping_path + (key,)
        self._check_original(path)
        if self.tree.has(path):
            if isinstance(value, dict) and self.tree.is_mapping(path):
                for child_key, child_value in value.items():
                    self.set_key(path, child_key, child_value)
            else:
                self.set_value(path, value)
            return
        if self.tree.is_flow(mapping_path):
            self._insert_flow_entry(mapping_path, key, value, after)
        else:
            self._insert_block_entry(mapping_path, key, value, after)
        self.expect(path, value)
        self._created.add(path)

    def update_mapping(self, path: Sequence, values: dict, order: Sequence[str] = ()) -> None:
        """Make the mapping at ``path`` hold ``values`` (merging), creating it and missing parents as needed.

        New keys go in ``order`` (e.g. the quiz's languages) among the keys already there, else at the end.
        """
        path = tuple(path)
        if self.tree.has(path):
            node = self.tree.node(path)
            if isinstance(node, yaml.MappingNode):
                for key, value in values.items():
                    earlier = list(order)[: list(order).index(key)] if key in order else ()
                    self.set_key(path, key, value, after=earlier)
            else:
                self.set_value(path, values)
            return
        if not path:
            raise YamlEditError("the document is empty")
        parent = path[:-1]
        ranked = dict(sorted(values.items(), key=lambda entry: _rank(entry[0], order)))
        if self.tree.is_mapping(parent):
            self.set_key(parent, path[-1], ranked)
        else:
            self.update_mapping(parent, {path[-1]: ranked})

    # -- insertion helpers

    def _predecessor(self, mapping_path: Path_, after: Sequence[str] | None) -> yaml.Node | None:
        """The value node after which a new entry goes (None: first in the mapping)."""
        node = self.tree.node(mapping_path)
        if after is None:
            return node.value[-1][1] if node.value else None
        present = {key.value: value for key, value in node.value}
        return next((present[key] for key in reversed(list(after)) if key in present), None)

    def _insert_flow_entry(self, mapping_path: Path_, key: str, value: Any, after: Sequence[str] | None) -> None:
        entry = f"{render_key(key)}: {render_flow(value)}"
        mapping = self.tree.node(mapping_path)
        previous = self._predecessor(mapping_path, after)
        if previous is not None:
            end = previous.end_mark.index if not _is_block_scalar(previous) else self.tree.last_char(previous) + 1
            self.replace_span(end, end, f", {entry}")
        elif mapping.value:  # first: before the first key
            first = mapping.value[0][0].start_mark.index
            self.replace_span(first, first, f"{entry}, ")
        else:  # `{}`: right after the brace
            inside = self.tree.content_start(mapping) + 1
            self.replace_span(inside, inside, entry)

    def _insert_block_entry(self, mapping_path: Path_, key: str, value: Any, after: Sequence[str] | None) -> None:
        mapping = self.tree.node(mapping_path)
        first_key = mapping.value[0][0]
        indent = first_key.start_mark.column
        lines = self._block_entry_lines(key, value, indent)
        previous = self._predecessor(mapping_path, after)
        line_start = self.tree.line_start(first_key.start_mark.index)
        if previous is None and self.text[line_start:first_key.start_mark.index].strip() == "":
            self.replace_span(line_start, line_start, "".join(line + self.newline for line in lines))
            return
        if previous is None:  # the first key shares its line with a `- `: the new entry cannot go before it
            previous = mapping.value[-1][1]
        previous_key = next(key_node for key_node, value_node in mapping.value if value_node is previous)
        at = self.tree.line_end(max(self.tree.last_char(previous), previous_key.start_mark.index))
        self.replace_span(at, at, "".join(self.newline + line for line in lines))

    def _block_entry_lines(self, key: str, value: Any, indent: int) -> list[str]:
        """``key: value`` as block lines; a mapping of mappings is written in block style, the rest in flow."""
        pad = " " * indent
        if isinstance(value, dict) and value and all(isinstance(item, dict) for item in value.values()):
            step = self.tree.indent_step()
            lines = [f"{pad}{render_key(key)}:"]
            for child_key, child_value in value.items():
                lines.extend(self._block_entry_lines(child_key, child_value, indent + step))
            return lines
        return [f"{pad}{render_key(key)}: {render_flow(value)}"]


Part = TypeVar("Part")


def edit_each(text: str, display: str, parts: Sequence[Part], edit: Callable[[YamlEditor, Part], None]
              ) -> tuple[str, list[tuple[Part, YamlEditError]]]:
    """``text`` with the edits of every part (e.g. an item's) that can be made, and the parts whose edits cannot,
    with why: one part's problem does not cost the others their edits.

    ``edit(editor, part)`` makes a part's changes. The parts are edited together; when that is refused, each is
    tried alone, and those that succeed alone are edited together (if even that is refused, so are they all).
    """
    try:
        return _edited(text, display, parts, edit), []
    except YamlEditError as error:
        if len(parts) == 1:
            return text, [(parts[0], error)]
    refused, fine = [], []
    for part in parts:
        try:
            _edited(text, display, [part], edit)
        except YamlEditError as error:
            refused.append((part, error))
        else:
            fine.append(part)
    try:
        return _edited(text, display, fine, edit), refused
    except YamlEditError as error:
        return text, refused + [(part, error) for part in fine]


def _edited(text: str, display: str, parts: Sequence[Part], edit: Callable[[YamlEditor, Part], None]) -> str:
    editor = YamlEditor(text, display)
    for part in parts:
        edit(editor, part)
    return editor.result()


__all__ = ["NodeTree", "PlainWord", "YamlEditError", "YamlEditor", "detect_newline", "double_quoted", "edit_each",
           "format_path", "render_flow", "render_key", "render_scalar"]
