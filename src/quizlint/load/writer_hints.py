"""YAML errors in the words of a person who writes quizzes, at the place where the mistake starts.

The YAML parser reports where it gave up, in its own terms ("did not find expected key", "mapping values are
not allowed in this context"), often lines after the mistake. When a file does not parse, the tokens read up
to that point are looked at for the three mistakes writers make most:

- a text opened with `"` (or `'`) and never closed: the parser reads on to the next quote, lines later;
  reported at the opening quote;
- an unquoted text with `: ` in it (`en: Note: read this`), which YAML takes for a second key: reported at the
  start of the text, with the text quoted;
- an apostrophe inside a single-quoted text (`'It's'`, `'Ankara'nın'`), which ends the text: reported at the
  apostrophe, with the two ways to write it (and a `"` inside a double-quoted text, likewise).

Anything else keeps the parser's own message. Only a file that failed to parse pays for the look."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

# A line that reads as YAML structure, not as the words of a text: `key:` or `- ` at its start.
_STRUCTURE_LINE = re.compile(r"\n[ \t]*(?:-[ \t]|[A-Za-z_][\w.-]*:(?:[ \t]|\n|$))")


@dataclass(frozen=True)
class WriterHint:
    message: str
    line: int  # 1-based
    column: int


def writer_hint(error: yaml.YAMLError, text: str, loader: Any) -> WriterHint | None:
    """The mistake behind ``error`` (raised while composing ``text``) in a writer's words, or None."""
    mark = getattr(error, "problem_mark", None)
    if mark is None:
        return None
    problem = str(getattr(error, "problem", "") or "")
    context = str(getattr(error, "context", "") or "")
    context_mark = getattr(error, "context_mark", None)
    if "quoted scalar" in context and "end of stream" in problem and context_mark is not None:
        return _never_closed(text, context_mark.line, context_mark.column)
    tokens = _tokens_before(text, (mark.line, mark.column), loader)
    return (_swallowed_lines(text, tokens) or _apostrophe(text, tokens, mark) or _double_quote_in_line(text, tokens, mark)
            or _colon_in_plain_text(text, tokens, mark, problem))


def _tokens_before(text: str, place: tuple[int, int], loader: Any) -> list[Any]:
    """The tokens that start before ``place`` (0-based line and column)."""
    tokens = []
    try:
        for token in yaml.scan(text, Loader=loader):
            if (token.start_mark.line, token.start_mark.column) >= place:
                break
            tokens.append(token)
    except yaml.YAMLError:
        pass
    return tokens


def _quote_at(text: str, line: int, column: int) -> str:
    lines = text.split("\n", line + 1)
    return lines[line][column] if line < len(lines) and column < len(lines[line]) else '"'


def _never_closed(text: str, line: int, column: int) -> WriterHint:
    quote = _quote_at(text, line, column)
    return WriterHint(f"this text opens with `{quote}` but is never closed: add the closing `{quote}` at the end of "
                      "the text", line + 1, column + 1)


def _swallowed_lines(text: str, tokens: list[Any]) -> WriterHint | None:
    """A quoted text that runs over lines that read as keys or list entries: its opening quote has no closing
    one on its line, so the parser took everything up to the next quote (another text's opening) as text. Only
    a text that the parser failed right after (a text over several lines is valid YAML: one further up the file
    is not to blame)."""
    for token in reversed(tokens[-2:]):
        if not isinstance(token, yaml.ScalarToken) or token.style not in ('"', "'"):
            continue
        start, end = token.start_mark, token.end_mark
        if start.line == end.line:
            continue
        raw = "\n".join(text.split("\n")[start.line : end.line + 1])
        if _STRUCTURE_LINE.search(raw):
            quote = token.style
            return WriterHint(f"this text opens with `{quote}` but is not closed on its line, so YAML reads on to "
                              f"the next `{quote}` (line {end.line + 1}) and takes the lines between for text: add "
                              f"the closing `{quote}` at the end of the text", start.line + 1, start.column + 1)
    return None


def _apostrophe(text: str, tokens: list[Any], mark: Any) -> WriterHint | None:
    """A single-quoted text that ends where a word goes on (``'It's``): the apostrophe closed it."""
    if not tokens or not isinstance(tokens[-1], yaml.ScalarToken) or tokens[-1].style != "'":
        return None
    end = tokens[-1].end_mark
    line = text.split("\n", end.line + 1)[end.line]
    rest = line[end.column :]
    # (a word goes on after the quote: `'It's`; or words and another quote: `'the students' answers'`)
    # (a comma ends an entry only inside brackets: in a block, `'Aynı büyüklükte', çünkü …'` is one text)
    enders = ("", "#", ",", "}", "]", ":") if _open_flow(tokens) else ("", "#", ":")
    word_goes_on = rest[:1].isalnum() or (rest.strip()[:1] not in enders and "'" in rest)
    if end.line != mark.line or not word_goes_on:
        return None
    start = tokens[-1].start_mark
    written = line[start.column :].rstrip()
    closing = written.rfind("'")
    whole = written[1:closing] if closing > 0 else written[1:]
    return WriterHint(
        f"the apostrophe in `{_shorten(whole)}` ends the single-quoted text: use double quotes "
        f"(\"{_shorten(whole)}\") or write the apostrophe twice ('{_shorten(whole).replace(chr(39), chr(39) * 2)}')",
        end.line + 1, end.column)


# Inside a quoted text that ran on: `, key: `, the start of the next entry of a flow mapping.
_NEXT_FLOW_KEY = re.compile(r",[ \t]*[A-Za-z_][\w.-]*:[ \t]")


def _double_quote_in_line(text: str, tokens: list[Any], mark: Any) -> WriterHint | None:
    """A double-quoted text that ends where a word goes on (``"Which city?, tr: "Türkiye``): either its own
    closing quote is missing (the parser took the next text's opening quote for it), or a ``"`` stands inside it."""
    if not tokens or not isinstance(tokens[-1], yaml.ScalarToken) or tokens[-1].style != '"':
        return None
    token = tokens[-1]
    end = token.end_mark
    line = text.split("\n", end.line + 1)[end.line]
    if end.line != mark.line or not line[end.column : end.column + 1].isalnum():
        return None
    if _NEXT_FLOW_KEY.search(token.value):
        return WriterHint(f"this text opens with `\"` but is not closed before the next text, so YAML reads on to the "
                          f"next `\"` (column {end.column}): add the closing `\"` at the end of the text",
                          token.start_mark.line + 1, token.start_mark.column + 1)
    return WriterHint('a `"` inside a double-quoted text ends it: write it as `\\"`, or put the text in single '
                      "quotes", end.line + 1, end.column)


def _colon_in_plain_text(text: str, tokens: list[Any], mark: Any, problem: str) -> WriterHint | None:
    """An unquoted value with ``: `` in it: YAML reads the part before as a key."""
    if len(tokens) < 2 or not isinstance(tokens[-1], yaml.ScalarToken) or tokens[-1].style:
        return None
    if not isinstance(tokens[-2], yaml.ValueToken):
        return None
    scalar = tokens[-1]
    line = text.split("\n", mark.line + 1)[mark.line]
    colon_next = line[mark.column : mark.column + 1] == ":" and line[mark.column + 1 : mark.column + 2] in ("", " ", "\t")
    if not scalar.start_mark.line == scalar.end_mark.line == mark.line or not (colon_next or "mapping values are not allowed" in problem):
        return None
    flow = any(isinstance(token, (yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)) for token in tokens) and \
        _open_flow(tokens)
    rest = line[scalar.start_mark.column :]
    if flow:
        rest = re.split(r"[,}\]]", rest, maxsplit=1)[0]
    rest = re.split(r"[ \t]#", rest, maxsplit=1)[0].strip()
    quoted = '"' + rest.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return WriterHint(f'this text has ": " in it, which YAML reads as the start of a new key: quote the text '
                      f"({_shorten(quoted)})", scalar.start_mark.line + 1, scalar.start_mark.column + 1)


def _open_flow(tokens: list[Any]) -> bool:
    depth = 0
    for token in tokens:
        if isinstance(token, (yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)):
            depth += 1
        elif isinstance(token, (yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)):
            depth -= 1
    return depth > 0


def _shorten(words: str, limit: int = 60) -> str:
    return words if len(words) <= limit else words[: limit - 1] + "…"


__all__ = ["WriterHint", "writer_hint"]
