"""Writing the quiz file as YAML: block style, texts double-quoted (or literal blocks when they span lines),
deterministic; the scalars written by :mod:`quizlint.yaml_scalars`, shared with :mod:`quizlint.yamledit`."""

from __future__ import annotations

from typing import Any

from quizlint.yaml_scalars import double_quoted, needs_escape, scalar


def _literal_block_ok(text: str) -> bool:
    if "\n" not in text or text.endswith("\n") or text.startswith((" ", "\n", "\t")):
        return False
    return not any(line != line.rstrip(" \t") or any(needs_escape(ch) and ch != "\t" for ch in line)
                   for line in text.split("\n"))


def _text(value: str, indent: int) -> str:
    if _literal_block_ok(value):
        pad = " " * indent
        return "|-\n" + "\n".join(pad + line if line else "" for line in value.split("\n"))
    return double_quoted(value)


def _emit_text(key: str, value: Any, indent: int) -> list[str]:
    pad = " " * indent
    if isinstance(value, str):
        return [f"{pad}{key}: {_text(value, indent + 2)}"]
    lines = [f"{pad}{key}:"]
    for lang, text in value.items():
        lines.append(f"{pad}  {scalar(lang)}: " + ("null" if text is None else _text(text, indent + 4)))
    return lines


_TEXT_KEYS = {"title", "description", "stem", "text", "feedback", "explanation"}


def _emit_mapping(mapping: dict, indent: int, first_prefix: str | None = None) -> list[str]:
    lines: list[str] = []
    for index, (key, value) in enumerate(mapping.items()):
        pad = " " * indent
        prefix = first_prefix if index == 0 and first_prefix is not None else pad
        if key in _TEXT_KEYS:
            emitted = _emit_text(key, value, indent)
            emitted[0] = prefix + emitted[0][indent:]
            lines.extend(emitted)
        elif key in ("languages", "tags"):
            lines.append(f"{prefix}{key}: [{', '.join(scalar(entry) for entry in value)}]")
        elif key == "translations":
            lines.append(f"{prefix}{key}:")
            for lang, state in value.items():
                inner = ", ".join(f"{name}: {double_quoted(v) if name == 'source' else scalar(v)}"
                                  for name, v in state.items())
                lines.append(f"{pad}  {scalar(lang)}: {{{inner}}}")
        elif key in ("options", "items"):
            lines.append(f"{prefix}{key}:")
            for position, entry in enumerate(value):
                if key == "items" and position:
                    lines.append("")
                lines.extend(_emit_mapping(entry, indent + 4, first_prefix=pad + "  - "))
        else:
            lines.append(f"{prefix}{key}: {scalar(value)}")
    return lines


def dump_quiz(document: dict) -> str:
    """The YAML text of a quiz file; checked to load back (with quizlint's loader) to exactly ``document``."""
    from quizlint.load.document import LoadError, LoadLimits, compose_text

    text = "\n".join(_emit_mapping(document, 0)) + "\n"
    try:
        data, _, _ = compose_text(text, LoadLimits())
    except LoadError as error:  # pragma: no cover - a bug in this emitter
        raise AssertionError(f"the quiz file written does not load ({error.message})") from None
    if data != document:  # pragma: no cover - a bug in this emitter
        raise AssertionError("the quiz file written does not load back to the same data")
    return text
