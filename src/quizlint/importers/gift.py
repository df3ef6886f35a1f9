"""Moodle's GIFT format, read the way Moodle's own importer (``question/format/gift/format.php``) reads it.

Questions are separated by blank lines; one that starts without the blank line before it, after a ``$CATEGORY:``
line or after the line closing a question's answers, is still read as a question, with a warning (Moodle would
fold it into the text before it). Lines starting with ``//`` are comments (``[id:…]`` and
``[tag:…]`` in them give the question's id and tags). ``::Title::`` names a question; ``$CATEGORY: path``
(one line) switches the category (see ``merge_categories``). ``\\~ \\= \\# \\{ \\} \\:`` are literal characters,
``\\n`` a newline and ``\\\\`` a backslash. A text may start with ``[html]``, ``[markdown]``, ``[plain]`` or
``[moodle]``, the default: HTML where it has tags, its line breaks kept, and no Markdown (``2*3*4`` is not
emphasis), as Moodle shows it. Every format becomes the Markdown that shows the same.

Imported: multiple choice (``{=right ~wrong}``: single answer; ``{~%50%a ~%50%b ~%-100%c}``: multiple
answers, correct = positive weight; unequal weights of the right answers are not imported, with a warning:
quizlint shares the points equally), per-answer feedback (``#``), general feedback (``####`` →
explanation) and true/false (``{T}``, ``{FALSE#…#…}``). Skipped with a warning: descriptions, essays,
short answer, numerical and matching questions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from quizlint.importers.draft import (
    DraftItem,
    DraftOption,
    DraftQuiz,
    add_items,
    apply_categories,
    category_name,
    texts_of,
)
from quizlint.importers.html_markdown import html_to_markdown, moodle_auto_format_markdown, plain_text_markdown
from quizlint.importers.log import ImportFailure, ImportLog, unequal_credit_dropped
from quizlint.importers.reading import decode_text, read_bytes

# escaped control characters are replaced by private-use characters while the question is taken apart
_ESCAPED = {":": "\ue03a", "#": "\ue023", "=": "\ue03d", "{": "\ue07b", "}": "\ue07d", "~": "\ue07e", "n": "\ue00a"}
_RESTORE = {placeholder: ("\n" if char == "n" else char) for char, placeholder in _ESCAPED.items()}
_FORMAT = re.compile(r"\[(html|markdown|plain|moodle)\]")
_WEIGHT = re.compile(r"%(-?\d+(?:\.\d*)?)%")
_TRUE_FALSE = {"T": True, "TRUE": True, "F": False, "FALSE": False}
_ID = re.compile(r"\[id:((?:\\]|[^\]\x00-\x1f])+)\]")
_TAG = re.compile(r"\[tag:((?:\\]|[^\]<>\x00-\x1f])+)\]")


def protect_escapes(text: str) -> str:
    return _protected(text)[0]


def _protected(text: str) -> tuple[str, list[int]]:
    """``protect_escapes(text)``, and where in ``text`` each of its characters comes from."""
    out, origins, index = [], [], 0
    while index < len(text):
        char = text[index]
        following = text[index + 1] if index + 1 < len(text) else ""
        origins.append(index)
        if char == "\\" and following == "\\":
            out.append("\\")
            index += 2
        elif char == "\\" and following in _ESCAPED:
            out.append(_ESCAPED[following])
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out), origins


def restore_escapes(text: str) -> str:
    return "".join(_RESTORE.get(char, char) for char in text)


def formatted_text(raw: str, default_format: str = "moodle") -> tuple[str, str]:
    """(Markdown text, format) of a GIFT text with an optional ``[format]`` prefix."""
    raw = raw.strip()
    text_format = default_format
    prefix = _FORMAT.match(raw)
    if prefix:
        text_format, raw = prefix.group(1), raw[prefix.end():]
    text = restore_escapes(raw).strip()
    if text_format == "html":
        return html_to_markdown(text), text_format
    if text_format in ("moodle", "plain"):  # Moodle trims the lines of a question; Markdown keeps indentation
        text = "\n".join(line.strip() for line in text.split("\n"))
    if text_format == "plain":  # literal text: nothing in it may turn into Markdown markup
        text = plain_text_markdown(text)
    elif text_format == "moodle":  # Moodle's default: HTML where it has tags, line breaks kept, no Markdown
        text = moodle_auto_format_markdown(text)
    return text, text_format


@dataclass
class _Block:
    line: int  # line of the block's first line
    lines: list[str]


def _blocks(text: str) -> list[_Block]:
    blocks, current, start = [], [], 1
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line)
        elif current:
            blocks.append(_Block(start, current))
            current = []
    if current:
        blocks.append(_Block(start, current))
    return blocks


def ids_and_tags(comments: str) -> tuple[str | None, list[str]]:
    """``[id:…]`` and ``[tag:…]`` in a question's comment lines (``\\]`` escapes a ``]``)."""
    found = _ID.search(comments)
    identifier = found.group(1).replace("\\]", "]").strip() if found else None
    tags = [match.group(1).replace("\\]", "]").strip() for match in _TAG.finditer(comments)]
    return identifier or None, [tag for tag in tags if tag]


def _is_comment(line: str) -> bool:
    return line.strip().startswith("//")


class _Question:
    """One question block taken apart as Moodle does."""

    def __init__(self, block: _Block, where: str):
        self.where, self.block = where, block
        comments = [line.strip() for line in block.lines if _is_comment(line)]
        self.identifier, self.tags = ids_and_tags("\n".join(comments))
        self.joined = "\n".join(" " if _is_comment(line) else line for line in block.lines)
        leading = len(self.joined) - len(self.joined.lstrip())
        self.first_line = block.line + self.joined.count("\n", 0, leading)
        self.text, origins = _protected(self.joined.strip())
        self.origins = [leading + origin for origin in origins]  # where in ``joined`` each character of ``text`` is
        self.name: str | None = None

    def narrow(self, start: int) -> None:
        """Keep ``text[start:]``, without the whitespace around it."""
        rest = self.text[start:]
        start += len(rest) - len(rest.lstrip())
        self.first_line += self.text.count("\n", 0, start)
        self.text, self.origins = rest.strip(), self.origins[start:]

    def position_at(self, offset: int) -> tuple[int, int]:
        """The line and column in the file of the character at ``offset`` in ``text``."""
        at = self.origins[offset]
        return self.block.line + self.joined.count("\n", 0, at), at - self.joined.rfind("\n", 0, at)

    def fail(self, message: str, offset: int = 0) -> ImportFailure:
        return ImportFailure(self.where, message, *self.position_at(offset))


def _take_name(question: _Question) -> None:
    text = question.text
    if text.startswith("::"):
        end = text.find("::", 2)
        if end != -1:
            question.name = restore_escapes(text[2:end]).strip()
            question.narrow(end + 2)


def _kind(answers: str) -> str:
    if answers == "":
        return "essay"
    if answers.startswith("#"):
        return "numerical"
    if "~" in answers:
        return "multichoice"
    if "=" in answers and "->" in answers:
        return "matching"
    head = answers.split("#", 1)[0].strip()
    return "truefalse" if head in _TRUE_FALSE else "short answer"


def _split_feedback(answer: str, text_format: str) -> tuple[str, str | None]:
    text, _, feedback = answer.partition("#")
    option_text, _ = formatted_text(text, text_format)
    feedback_text = formatted_text(feedback, text_format)[0] if feedback.strip() else None
    return option_text, feedback_text


_AFTER_CATEGORY = ("the $CATEGORY: line", "the category's name", "after the category")
_AFTER_QUESTION = ("a question's answers", "that question's text", "between questions")


def _separated(blocks: list[_Block], log: ImportLog, where: str) -> Iterator[_Block]:
    """The blocks, each split where a question starts without the blank line before it, with a warning: after a
    ``$CATEGORY:`` line (a category name is one line), or after the line that closes a question's answers, when
    what follows starts another question (a ``::title::``, a ``$CATEGORY:`` line or answers ``{…}`` of its
    own). Moodle would read either as one text; a blank line is what was meant."""
    for block in blocks:
        while (found := _missing_blank_line(block)) is not None:
            index, (follows, part_of, put) = found
            log.warn(where, f"a question follows {follows} without a blank line: read as a question (Moodle would "
                     f"make it part of {part_of}; put a blank line {put})", block.line + index)
            yield _Block(block.line, block.lines[:index])
            block = _Block(block.line + index, block.lines[index:])
        yield block


def _missing_blank_line(block: _Block) -> tuple[int, tuple[str, str, str]] | None:
    """Where in ``block`` (a line index) a question starts without a blank line before it, and after what."""
    lines = [(index, line.strip()) for index, line in enumerate(block.lines) if line.strip() and not _is_comment(line)]
    if not lines:
        return None
    if lines[0][1].startswith("$CATEGORY:"):
        after, case = lines[0][0], _AFTER_CATEGORY
    else:
        after = next((index for index, line in lines if "}" in protect_escapes(line)), None)
        case = _AFTER_QUESTION
    rest = [line for index, line in lines if after is not None and index > after]
    if not rest or (case is _AFTER_QUESTION and not rest[0].startswith(("::", "$CATEGORY:"))
                    and not any("{" in protect_escapes(line) for line in rest)):
        return None
    return after + 1, case


class _Reader:
    def __init__(self, where: str, log: ImportLog):
        self.where, self.log = where, log
        self.category: str | None = None
        self.number = 0

    def block(self, block: _Block) -> DraftItem | None:
        question = _Question(block, self.where)
        if not question.text:
            return None  # comments only
        if question.text.startswith("$CATEGORY:"):  # alone in its block (see _separated)
            self.category = category_name(restore_escapes(question.text[len("$CATEGORY:"):].split("\n", 1)[0]).strip())
            return None
        self.number += 1
        _take_name(question)
        return self.question(question)

    def skip(self, question: _Question, kind: str) -> None:
        label = f"'{question.name}'" if question.name else f"{self.number}"
        self.log.warn(self.where, f"skipped {kind} question {label} (not a choice or true/false question)",
                      question.first_line)

    def question(self, question: _Question) -> DraftItem | None:
        text = question.text
        start, finish = text.find("{"), text.find("}")
        if start == -1 and finish == -1:
            self.skip(question, "description")
            return None
        if start == -1 or finish == -1 or finish < start:
            offset = min(found for found in (start, finish) if found != -1)  # the brace without its pair
            raise question.fail("unbalanced braces: a question needs one { … } answer block (escape a literal "
                                "brace as \\{ or \\})", offset)
        answers = text[start + 1:finish].strip()
        blank = "" if text.endswith("}") else "_____"  # a missing-word question keeps a blank in its text
        stem_raw = text[:start] + blank + text[finish + 1:]
        general = None
        if "####" in answers:
            answers, general = answers[: answers.rfind("####")].strip(), answers[answers.rfind("####") + 4:]
        stem, text_format = formatted_text(stem_raw)
        kind = _kind(answers)
        if kind not in ("multichoice", "truefalse"):
            self.skip(question, kind)
            return None
        item = DraftItem(number=self.number, stem={None: stem}, tags=question.tags, category=self.category,
                         source_ids=tuple(value for value in (question.identifier, question.name) if value))
        if general is not None and general.strip():
            item.explanation = texts_of(formatted_text(general, text_format)[0])
        if kind == "truefalse":
            self.true_false(item, answers, text_format, question)
        else:
            self.choices(item, answers, text_format, question, start)
        return item

    def true_false(self, item: DraftItem, answers: str, text_format: str, question: _Question) -> None:
        parts = answers.split("#", 2)
        item.type, item.answer = "true_false", _TRUE_FALSE[parts[0].strip()]
        dropped = [formatted_text(part, text_format)[0] for part in parts[1:] if part.strip()]
        if dropped:
            self.log.warn(self.where, f"true/false question {item.number}: per-answer feedback dropped (a "
                          f"true_false item has none; move it to the explanation): {' / '.join(dropped)}",
                          question.first_line)

    def choices(self, item: DraftItem, answers: str, text_format: str, question: _Question, offset: int) -> None:
        single = "=" in answers
        parts = [part.strip() for part in answers.replace("=", "~=").split("~")]
        parts = parts[1:] if not parts[0] else parts
        if len(parts) < 2:
            raise question.fail("a multiple-choice question needs at least two answers", offset)
        credit = []
        for part in parts:
            weight = 0.0
            if part.startswith("="):  # the key; a weight after it is text, as in Moodle's reader
                weight, part = 1.0, part[1:].strip()
            elif found := _WEIGHT.match(part):
                weight, part = float(found.group(1)) / 100, part[found.end():]
            text, feedback = _split_feedback(part, text_format)
            correct = weight >= 0.9999 if single else weight > 0
            if single and 0 < weight < 0.9999:
                self.log.warn(self.where, f"question {item.number}: partial credit ({weight:.0%}) for {text!r} "
                              "dropped: the option is imported as wrong", question.first_line)
            if not single and weight > 0:
                credit.append(weight * 100)
            item.options.append(DraftOption({None: text}, correct=correct, feedback=texts_of(feedback)))
        item.type = "single" if single else "multiple"
        label = f"'{question.name}'" if question.name else str(item.number)
        unequal_credit_dropped(self.log, self.where, f"question {label}", credit, question.first_line)


def read(path: Path, log: ImportLog) -> DraftQuiz:
    where = str(path)
    reader = _Reader(where, log)
    draft = DraftQuiz(fallback_title=path.stem)
    add_items(draft, log, _separated(_blocks(decode_text(read_bytes(path), where)), log, where), reader.block)
    apply_categories(draft)
    return draft
