"""Writing YAML scalars: the one writer of strings, numbers, booleans and nulls that every command writing
YAML shares (``import`` through :mod:`quizlint.importers.quiz_yaml`, ``translate``/``review``/``fix`` through
:mod:`quizlint.yamledit`).

A string is written plain only when it is a word that every YAML reader takes for the same string: YAML 1.2
(quizlint's loader) and YAML 1.1 (PyYAML, many editors and CI tools), where ``yes``, ``no``, ``on``, ``off``,
``y`` and ``n`` are booleans. Every other string is double-quoted, with the escapes of the YAML spec for
``"``, ``\\``, line breaks, tabs and the characters YAML does not allow unescaped (the spec's printable set,
so that the output does not depend on the Unicode version of the Python that writes it).
"""

from __future__ import annotations

import re
from typing import Any

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0", "\x1b": "\\e",
            "\x85": "\\N", "\u2028": "\\L", "\u2029": "\\P", "\ufeff": "\\ufeff"}
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*\Z")
# Plain words that YAML 1.1 or 1.2 resolve to something other than a string (compared lowercased).
_RESERVED_PLAIN = {"true", "false", "null", "yes", "no", "on", "off", "y", "n"}


class ScalarError(ValueError):
    """A value that has no YAML scalar that loads back to it (NaN, infinity, an object)."""


def _is_printable(char: str) -> bool:
    """The YAML spec's printable characters (``c-printable``), which a YAML stream may hold as they are."""
    code = ord(char)
    return (0x20 <= code <= 0x7E or code in (0x09, 0x0A, 0x0D, 0x85) or 0xA0 <= code <= 0xD7FF
            or 0xE000 <= code <= 0xFFFD or code >= 0x10000)


def needs_escape(char: str) -> bool:
    """Whether ``char`` must be escaped in a double-quoted scalar (and so cannot stand in a literal block)."""
    return char in _ESCAPES or not _is_printable(char)


def _escape(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    if _is_printable(char):
        return char
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else (f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")


def double_quoted(text: str) -> str:
    """``text`` as a one-line double-quoted YAML scalar that loads back to exactly ``text``."""
    return '"' + "".join(_escape(char) for char in text) + '"'


def is_plain_safe(text: str) -> bool:
    """Whether ``text`` can be written without quotes and read back as the same string by YAML 1.1 and 1.2
    readers: a word of letters, digits, ``_``, ``.`` and ``-`` that starts with a letter or ``_`` and is no
    boolean or null of either version (``yes``, ``Off``, ``NULL``…)."""
    return bool(_PLAIN.match(text)) and text.lower() not in _RESERVED_PLAIN


def string_scalar(text: str) -> str:
    """``text`` plain when that is safe (``is_plain_safe``), else double-quoted."""
    return text if is_plain_safe(text) else double_quoted(text)


def _float(value: float) -> str:
    """A finite float as YAML 1.1 and 1.2 both read it: ``repr``, with ``.0`` before an exponent that lacks a
    dot (YAML 1.1 reads ``1e+20`` as a string)."""
    if value != value or value in (float("inf"), float("-inf")):
        raise ScalarError(f"cannot write {value!r} as a YAML scalar")
    text = repr(value)
    if "e" in text and "." not in text:
        mantissa, exponent = text.split("e")
        text = f"{mantissa}.0e{exponent}"
    return text


def scalar(value: Any, plain_strings: bool = True) -> str:
    """``value`` (None, a bool, an int, a finite float or a string) as a YAML scalar that loads back to it;
    strings are plain when safe, or always double-quoted with ``plain_strings=False``."""
    if isinstance(value, str):
        return string_scalar(value) if plain_strings else double_quoted(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _float(value)
    raise ScalarError(f"cannot write {value!r} as a YAML scalar")


__all__ = ["ScalarError", "double_quoted", "is_plain_safe", "needs_escape", "scalar", "string_scalar"]
