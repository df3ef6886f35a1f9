"""Safe YAML loading with a line and column for every value.

PyYAML's C parser (``CSafeLoader``) reads the text into events, which ``quizlint.load.compose`` turns into plain
Python data while recording where each value and each mapping key stands (no node tree: it would take fifty
times the file's size). Plain scalars are resolved with the
YAML 1.2 core rules, so ``No``, ``Yes``, ``On`` and ``off`` stay strings, and numbers remember how they were
written (``YamlInt`` / ``YamlFloat``: ``3.10`` as an option text stays "3.10"). Anchors and aliases, duplicate
keys, tags other than the core ones, several documents, invalid UTF-8, control characters, oversized files and
deep nesting are refused with a finding (code, line, column), never an exception."""

from __future__ import annotations

import os
import re
import stat
import warnings
from dataclasses import dataclass, field
from typing import Any

import yaml

from quizlint.diagnostics import Finding, load_finding
from quizlint.load.writer_hints import writer_hint
from quizlint.load.compose import ComposeError, YamlFloat, YamlInt, compose_events, resolve_plain_scalar

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
# What the UTF-8 bytes of those characters start with: a C0 control or DEL (one byte), the first byte of a C1
# control (C2), of U+2028/U+2029 (E2) or of U+FFFE/U+FFFF (EF); most files have none, and the bytes hold the rest
# only after E2 or EF as these sequences.
_MAYBE_REFUSED_BYTES = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F, 0xC2, 0xE2, 0xEF])
_NOT_REFUSED_BYTES = bytes(byte for byte in range(256) if byte not in _MAYBE_REFUSED_BYTES)
_REFUSED_AFTER_E2_OR_EF = (b"\xe2\x80\xa8", b"\xe2\x80\xa9", b"\xef\xbf\xbe", b"\xef\xbf\xbf")
# Escapes of a double-quoted string that may write a character no text can hold (XML 1.0 refuses them: a quiz with
# one would pass the linter and fail every export): ``\0``, ``\a``, ``\e``, ``\x01``, ``\ud800``, ``\uffff``…
_CONTROL_ESCAPE = re.compile(r"\\[0abvfexuU]")


def _mark(mark: Any) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


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



def _position_of(text: str, index: int) -> Position:
    """1-based line and column of the character at ``index``."""
    line_start = text.rfind("\n", 0, index) + 1
    return text.count("\n", 0, index) + 1, index - line_start + 1


def _may_hold_refused_characters(raw: bytes) -> bool:
    """Whether the UTF-8 text ``raw`` may hold a character ``_check_characters`` refuses (False: it holds none). Its
    bytes are read in a third of the time the characters of the text take."""
    found = raw.translate(None, _NOT_REFUSED_BYTES)
    if not found:
        return False
    if found.translate(None, b"\xe2\xef"):  # (a control, or the first byte of one)
        return True
    return any(sequence in raw for sequence in _REFUSED_AFTER_E2_OR_EF)


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
    hint = writer_hint(error, text, _Loader)
    if hint is not None:
        return LoadError("Y001", f"invalid YAML: {hint.message}", hint.line, hint.column)
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



def compose_text(text: str, limits: LoadLimits, spans: bool = False, positions: bool = True,
                 source: bytes | None = None) -> tuple[Any, Any, Any]:
    """Parse ``text`` into plain data with positions (of values, of keys: read-only mappings from data paths
    to (line, column)); raises :class:`LoadError`. ``spans``: the positions also hold each node's offsets and
    style (see ``quizlint.load.compose.Positions``, for the surgical editor); ``positions=False``: the data
    alone is wanted (the positions answer nothing). ``source``: the UTF-8 bytes ``text`` was decoded from, when
    at hand (the characters are checked on them first)."""
    if source is None or _may_hold_refused_characters(source):
        _check_characters(text)
    parser = _Loader(text)
    try:
        check_escapes = "\\" in text and _CONTROL_ESCAPE.search(text) is not None
        data, found = compose_events(parser.get_event, limits.max_depth, check_escapes, spans, positions, text)
    except ComposeError as error:
        raise LoadError(error.code, error.message, *(_mark(error.mark) if error.mark is not None else (1, 1))) \
            from None
    except yaml.YAMLError as error:
        raise _yaml_error(error, text) from None
    except RecursionError:
        raise LoadError("Y008", "nesting too deep") from None
    finally:
        parser.dispose()
    return data, found, found.for_keys()


def load_text(text: str, path: str = "<string>", limits: LoadLimits = LoadLimits(), source: bytes | None = None
              ) -> tuple[Document | None, list[Finding]]:
    """Compose ``text`` (decoded from ``source``, when given: see ``compose_text``) into a document."""
    try:
        data, positions, key_positions = compose_text(text, limits, source=source)
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
    return load_text(text, path, limits, raw)


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
