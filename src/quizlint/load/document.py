"""Safe YAML loading with a line and column for every value.

PyYAML's C composer (``CSafeLoader``) turns the text into nodes; :func:`_Builder` turns nodes into plain
Python data while recording where each value and each mapping key stands. Scalars are resolved with the
YAML 1.2 core rules, so ``No``, ``Yes``, ``On`` and ``off`` stay strings. Anchors and aliases, duplicate keys,
custom tags, several documents, invalid UTF-8, oversized files and deep nesting are refused with a finding.
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from typing import Any

import yaml

from quizlint.diagnostics import Finding, load_finding

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
    positions: dict[Path_, Position] = field(default_factory=dict)
    key_positions: dict[Path_, Position] = field(default_factory=dict)

    def position(self, path: Path_) -> Position:
        """The position of the value at ``path``, or of its nearest ancestor that exists."""
        path = tuple(path)
        while path:
            found = self.positions.get(path)
            if found is not None:
                return found
            path = path[:-1]
        return self.positions.get((), (1, 1))

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
_STANDARD_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:binary",
    "tag:yaml.org,2002:merge",
    "tag:yaml.org,2002:value",
}


def resolve_plain_scalar(value: str) -> Any:
    """YAML 1.2 core schema: only true/false are booleans; no sexagesimals, no yes/no/on/off."""
    if value in _NULLS:
        return None
    if value in _BOOLS:
        return _BOOLS[value]
    if _INT.match(value):
        return int(value)
    if _FLOAT.match(value) and any(ch.isdigit() for ch in value):
        return float(value)
    return value


class _Builder:
    """Turns a composed node tree into plain data, recording positions; rejects shared nodes."""

    def __init__(self, limits: LoadLimits):
        self.limits = limits
        self.positions: dict[Path_, Position] = {}
        self.key_positions: dict[Path_, Position] = {}
        self.seen: set[int] = set()

    def build(self, node: yaml.Node, path: Path_ = (), depth: int = 0) -> Any:
        mark = node.start_mark
        if depth > self.limits.max_depth:
            raise LoadError("Y008", f"nesting deeper than {self.limits.max_depth} levels", mark.line + 1, mark.column + 1)
        if id(node) in self.seen:  # pragma: no cover - aliases are rejected before building
            raise LoadError("Y003", "anchors and aliases are not allowed", mark.line + 1, mark.column + 1)
        self.seen.add(id(node))
        self.positions[path] = (mark.line + 1, mark.column + 1)
        if node.tag not in _STANDARD_TAGS and not node.tag.startswith("tag:yaml.org,2002:"):
            raise LoadError("Y010", f"custom YAML tag {node.tag!r} is not allowed", mark.line + 1, mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            if not node.style:  # plain scalar (the C composer says '', the Python one None)
                return resolve_plain_scalar(node.value)
            return node.value
        if isinstance(node, yaml.SequenceNode):
            return [self.build(child, path + (index,), depth + 1) for index, child in enumerate(node.value)]
        return self._mapping(node, path, depth)

    def _mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> dict:
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key_mark = key_node.start_mark
            if not isinstance(key_node, yaml.ScalarNode):
                raise LoadError("Y001", "mapping keys must be plain strings", key_mark.line + 1, key_mark.column + 1)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise LoadError("Y003", "merge keys (<<) are not allowed", key_mark.line + 1, key_mark.column + 1)
            key = key_node.value
            if key in result:
                first = self.key_positions[path + (key,)]
                raise LoadError(
                    "Y002",
                    f"duplicate key {key!r} (first defined at line {first[0]}, column {first[1]})",
                    key_mark.line + 1,
                    key_mark.column + 1,
                )
            self.key_positions[path + (key,)] = (key_mark.line + 1, key_mark.column + 1)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result


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
            return event.start_mark.line + 1, event.start_mark.column + 1, f"alias *{event.anchor}"
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            return event.start_mark.line + 1, event.start_mark.column + 1, f"anchor &{anchor}"
    return None


def _yaml_error(error: yaml.YAMLError) -> LoadError:
    mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
    line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    if isinstance(error, yaml.composer.ComposerError) and "single document" in str(error.context or ""):
        return LoadError("Y006", "several YAML documents in one file; a quiz file holds exactly one", line, column)
    problem = getattr(error, "problem", None) or str(error)
    context = getattr(error, "context", None)
    message = f"{context}: {problem}" if context and "nesting" not in problem else problem
    if "nesting" in problem:
        return LoadError("Y008", f"invalid YAML: {problem}", line, column)
    return LoadError("Y001", f"invalid YAML: {message}", line, column)


def compose_text(text: str, limits: LoadLimits) -> tuple[Any, dict, dict]:
    """Parse ``text`` into plain data with positions; raises :class:`LoadError`."""
    if "&" in text or "*" in text:  # cheap filter: only texts that could hold an anchor pay for the event scan
        try:
            found = _first_anchor_or_alias(text)
        except yaml.YAMLError as error:
            raise _yaml_error(error) from None
        if found is not None:
            line, column, what = found
            raise LoadError("Y003", f"anchors and aliases are not allowed in quiz files ({what})", line, column)
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as error:
        raise _yaml_error(error) from None
    except RecursionError:
        raise LoadError("Y008", "nesting too deep") from None
    if node is None:
        raise LoadError("Y007", "empty file: expected a quiz mapping")
    builder = _Builder(limits)
    data = builder.build(node)
    return data, builder.positions, builder.key_positions


def load_text(text: str, path: str = "<string>", limits: LoadLimits = LoadLimits()) -> tuple[Document | None, list[Finding]]:
    try:
        data, positions, key_positions = compose_text(text, limits)
    except LoadError as error:
        return None, [load_finding(path, error.line, error.column, error.code, error.message)]
    return Document(path, text, data, positions, key_positions), []


def load_document(
    path: str | os.PathLike, display: str | None = None, limits: LoadLimits = LoadLimits()
) -> tuple[Document | None, list[Finding]]:
    """Read and compose one file. Never raises for bad input: problems come back as findings."""
    shown = display if display is not None else str(path)
    try:
        size = os.stat(path).st_size
        if size > limits.max_bytes:
            raise LoadError(
                "Y005", f"file is {size / 1048576:.1f} MiB, over the {limits.max_bytes / 1048576:.0f} MiB limit for a quiz file"
            )
        with open(path, "rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
        if len(raw) > limits.max_bytes:
            raise LoadError("Y005", f"file is over the {limits.max_bytes / 1048576:.0f} MiB limit for a quiz file")
        text = _decode(raw)
    except LoadError as error:
        return None, [load_finding(shown, error.line, error.column, error.code, error.message)]
    except OSError as error:
        return None, [load_finding(shown, 1, 1, "Y009", f"cannot read file: {error.strerror or error}")]
    return load_text(text, shown, limits)


if not C_LOADER:  # pragma: no cover
    warnings.warn("PyYAML's C loader (libyaml) is not available; loading falls back to the slow pure-Python loader")

__all__ = ["Document", "LoadError", "LoadLimits", "Position", "load_document", "load_text", "resolve_plain_scalar"]
