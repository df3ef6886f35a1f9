"""`quizlint export --to gift/aiken`: the text formats for Moodle, escaped and read back the way Moodle does."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from quizlint.export.gift import escape
from quizlint.render import render_html
from test_export_support import export, write_bank

# Moodle's qformat_gift escapedchar_pre/post, as a reference reader.
_PLACEHOLDERS = {"\\:": ":", "\\#": "#", "\\=": "=", "\\{": "{", "\\}": "}", "\\~": "~", "\\n": "\n"}


def moodle_unescape(text: str) -> str:
    text = text.replace("\\\\", "\x00")
    for escaped, char in _PLACEHOLDERS.items():
        text = text.replace(escaped, char)
    return text.replace("\x00", "\\")


# --- a reference reader: Moodle's qformat_gift::readquestion for multiple-choice and true/false questions ------
# (question/format/gift/format.php, ported line by line: escapes become private-use placeholders first, the
# answers are split on ~ after "=" became "~=", a weight is read only after "~", every text may start with a
# [format] that replaces the one it inherits from the question text, and every text is trimmed)

_PRE = {"\\:": "\ue000", "\\#": "\ue001", "\\=": "\ue002", "\\{": "\ue003", "\\}": "\ue004", "\\~": "\ue005",
        "\\n": "\ue006"}
_POST = {placeholder: char for placeholder, char in zip(_PRE.values(), ":#={}~\n")}
_WEIGHT = re.compile(r"^%-*([0-9]{1,2})\.?([0-9]*)%")
_FORMATS = ("moodle", "html", "plain", "markdown")


@dataclass
class MoodleText:
    text: str
    format: str


@dataclass
class MoodleQuestion:
    name: str
    text: MoodleText
    answers: list[tuple[float, MoodleText, MoodleText | None]] = field(default_factory=list)  # weight, text, feedback
    general: MoodleText | None = None
    truth: bool | None = None


def _pre(text: str) -> str:
    text = text.replace("\\\\", "\ue007")
    for escaped, placeholder in _PRE.items():
        text = text.replace(escaped, placeholder)
    return text.replace("\ue007", "\\")


def _post(text: str) -> str:
    return "".join(_POST.get(char, char) for char in text)


def _with_format(text: str, default: str = "moodle") -> MoodleText:
    text_format = default
    if text.startswith("["):
        name = text[1:text.find("]")]
        if name in _FORMATS:
            text_format, text = name, text[text.find("]") + 1:]
    return MoodleText(_post(text).strip(" \t\n\r\0\x0b"), text_format)


def moodle_read_gift(block: str) -> MoodleQuestion:
    """One GIFT question (a block between blank lines) as Moodle reads it."""
    lines = [" " if line.strip().startswith("//") else line for line in block.split("\n")]
    text = _pre("\n".join(lines).strip())
    assert text.startswith("::")
    end = text.index("::", 2)
    name, text = _post(text[2:end]), text[end + 2:].strip()
    start, finish = text.index("{"), text.index("}")
    answers = text[start + 1:finish].strip()
    question = text[:start] + text[finish + 1:]
    general = None
    if "####" in answers:
        general, answers = answers[answers.rindex("####") + 4:], answers[:answers.rindex("####")].strip()
    result = MoodleQuestion(name, _with_format(question))
    if general is not None:
        result.general = _with_format(general.strip(), result.text.format)
    if "~" not in answers:
        result.truth = answers.split("#")[0].strip() in ("T", "TRUE")
        return result
    parts = [part.strip() for part in answers.replace("=", "~=").split("~")]
    for part in parts[1:] if not parts[0] else parts:
        weight = 0.0
        if part.startswith("="):
            weight, part = 1.0, part[1:]
        elif _WEIGHT.match(part):
            part = part[1:]
            weight, part = float(part[:part.index("%")]) / 100, part[part.index("%") + 1:]
        answer, _, feedback = part.partition("#")
        result.answers.append((weight, _with_format(answer.strip(), result.text.format),
                               _with_format(feedback.strip(), result.text.format) if "#" in part else None))
    return result


def gift_questions(text: str) -> dict[str, MoodleQuestion]:
    """Every question of a GIFT file, by name."""
    questions = [moodle_read_gift(block) for block in text.strip().split("\n\n") if "\n::" in "\n" + block]
    return {question.name: question for question in questions}


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


@pytest.mark.parametrize("text", ["a ~ b = c # d { e } f : g", "back\\slash and \\n literally", "two\nlines",
                                  "{=~#:}", "\\~", "emoji 😀 and RTL שלום"])
def test_gift_escaping_reads_back_as_the_text(text):
    escaped = escape(text)
    assert "\n" not in escaped
    assert re.search(r"(?<!\\)[~=#{}:]", escaped.replace("\\\\", "")) is None
    assert moodle_unescape(escaped) == text


def test_gift_questions(run, bank, tmp_path):
    result = run("export", "--to", "gift", "--force", "-o", tmp_path / "out.gift.txt", bank)
    assert result.exit_code == 0
    text = (tmp_path / "out.gift.txt").read_text(encoding="utf-8")
    assert "$CATEGORY: $course$/top/alpha\n" in text and "$CATEGORY: $course$/top/beta\n" in text
    capital = text[text.index("::capital::"):text.index("}", text.index("::capital::"))]
    assert capital.startswith("::capital::[markdown]Which city is the **capital** of Turkey?{")
    assert "\t~İstanbul#The largest city, not the capital.\n\t=Ankara#Right\\: since 1923.\n" in capital
    assert "\t####Ankara has been the capital since 1923." in capital
    assert "// [id:capital] [tag:geography] [tag:capitals]" in text
    # a formula: the stem goes as HTML with MathJax's \(…\), its options keep their Markdown
    assert "::primes::[html]<p>Which numbers are prime? Consider \\\\(n \\\\leq 10\\\\).</p>{" in text
    assert "\t~%50%[markdown]2\n\t~%50%[markdown]7\n\t~%-50%[markdown]9#[markdown]9 \\= 3 × 3.\n\t~%-50%[markdown]1\n}" in text
    assert "::1-earth-round::[markdown]The Earth is round.{TRUE" in text
    assert "::sun-cold::[markdown]The Sun is cold.{FALSE" in text
    # Markdown as written: code spans, a fenced block (its line breaks escaped), a table's colons escaped
    assert '::code-output::[markdown]What does this print?\\n\\n```python\\nprint(1 < 2 and "<ok>")\\n```{' in text
    assert "\t=`<ok>`\n\t~`True`\n" in text
    assert "|\\:-----|-----\\:|" in text
    assert "Moodle gives these items mark 1: primes, code-output" in result.output


def test_gift_blocks_are_separated_by_blank_lines_only_between_questions(run, bank, tmp_path):
    text = export(run, "gift", bank, tmp_path / "out.gift.txt").decode()
    for block in text.strip().split("\n\n"):
        assert block.startswith("//")
        assert block.count("::") in (0, 2)


def test_aiken_single_answer_questions_and_warnings(run, bank, tmp_path):
    result = run("export", "--to", "aiken", "--force", "--lang", "tr", "-o", tmp_path / "out.txt", bank)
    assert result.exit_code == 0
    blocks = (tmp_path / "out.txt").read_text(encoding="utf-8").strip().split("\n\n")
    assert blocks[0] == ("Türkiye'nin başkenti hangi şehirdir?\nA. İstanbul\nB. Ankara\nC. İzmir\n"
                         "D. Bu şehirlerin hiçbiri\nANSWER: B")
    assert blocks[1] == "Dünya yuvarlaktır.\nA. Doğru\nB. Yanlış\nANSWER: A"
    assert blocks[2].startswith("Bu kod ne yazdırır? print(1 < 2 and \"<ok>\")\nA. <ok>\n")
    assert len(blocks) == 4  # the two multiple-answer items are skipped
    assert re.search(r"alpha\.quiz\.yaml:\d+:\d+: item 'primes' skipped: Aiken has no multiple-answer", result.output)
    assert "left out" in result.output
    for block in blocks:
        lines = block.split("\n")
        assert re.fullmatch(r"ANSWER: [A-Z]", lines[-1])
        assert all(re.match(r"[A-Z]\. ", line) for line in lines[1:-1])


def test_plain_formats_refuse_all_languages(run, bank, tmp_path):
    for fmt in ("gift", "aiken"):
        result = run("export", "--to", fmt, "--lang", "all", "-o", tmp_path / "x.txt", bank)
        assert result.exit_code == 2
        assert "one language per file" in result.output


def test_gift_keeps_the_markdown_exactly_as_moodle_reads_it(run, bank, tmp_path):
    from test_export_support import load_models

    questions = gift_questions(export(run, "gift", bank, tmp_path / "out.gift.txt").decode())
    for quiz in load_models(bank).values():
        for item in quiz.items:
            question = questions[item.id]
            if "$" in item.stem["en"]:  # a formula goes as HTML, in MathJax's \(…\)
                assert question.text == MoodleText(render_html(item.stem["en"], math="mathjax"), "html")
                assert "\\(" in question.text.text
                continue
            assert question.text == MoodleText(item.stem["en"].strip(), "markdown")
            if item.explanation is not None:
                assert question.general == MoodleText(item.explanation["en"], "markdown")
            if item.type == "true_false":
                assert question.truth is item.answer
                continue
            assert [(weight > 0, text.text) for weight, text, _ in question.answers] == \
                [(option.correct, option.text if isinstance(option.text, str) else option.text["en"])
                 for option in item.options]
            assert [feedback.text if feedback else None for _, _, feedback in question.answers] == \
                [option.feedback["en"] if option.feedback else None for option in item.options]


TRICKY = """\
- id: tricky
  type: single
  stem: "[Read this](https://example.org/doc) first: which *option* is right?"
  options:
    - text: "%5% off"
      feedback: "[markdown] is a word here"
    - text: "[html] as text"
    - text: "`a = b # c {d} ~e: \\\\f`"
      correct: true
      feedback: "%10%"
    - text: "- a list\\n- of two"
  explanation: "Line one\\n\\n    indented code"
- id: hostile
  type: multiple
  stem: "Pick <script>alert(1)</script> the **safe** ones"
  options:
    - text: "[click](javascript:alert(1))"
      correct: true
    - text: "*fine*"
      correct: true
    - text: "<b onclick='x()'>bold</b>"
"""


def test_gift_texts_that_moodle_could_misread_get_their_format_named(run, write_quiz, tmp_path):
    path = write_quiz(TRICKY, languages="en")
    text = export(run, "gift", path, tmp_path / "out.gift.txt").decode()
    tricky = gift_questions(text)["tricky"]
    assert tricky.text == MoodleText("[Read this](https://example.org/doc) first: which *option* is right?", "markdown")
    assert [(weight, answer.text, answer.format) for weight, answer, _ in tricky.answers] == [
        (0.0, "%5% off", "markdown"),  # not a 5% weight
        (0.0, "[html] as text", "markdown"),  # not an HTML text
        (1.0, "`a = b # c {d} ~e: \\f`", "markdown"),
        (0.0, "- a list\n- of two", "markdown")]
    assert [feedback.text if feedback else None for _, _, feedback in tricky.answers] == \
        ["[markdown] is a word here", None, "%10%", None]
    assert tricky.general == MoodleText("Line one\n\n    indented code", "markdown")
    assert "\t~[markdown]%5% off#[markdown][markdown] is a word here\n" in text


def test_gift_writes_what_needs_sanitising_as_sanitised_html(run, write_quiz, tmp_path):
    path = write_quiz(TRICKY, languages="en")
    text = export(run, "gift", path, tmp_path / "out.gift.txt").decode()
    hostile = gift_questions(text)["hostile"]
    assert hostile.text == MoodleText("<p>Pick  the <strong>safe</strong> ones</p>", "html")
    answers = [(weight > 0, answer.text, answer.format) for weight, answer, _ in hostile.answers]
    assert answers == [(True, "[click](javascript:alert(1))", "html"),  # no link: the URL is not safe
                       (True, "*fine*", "markdown"),  # Markdown again, named since the question is HTML
                       (False, "<b>bold</b>", "html")]
    assert "<script" not in text and "onclick" not in text and "<a " not in text


def test_gift_round_trips_the_tricky_texts_through_the_importer(run, write_quiz, tmp_path):
    from quizlint.model import read_quiz

    path = write_quiz(TRICKY.split("- id: hostile")[0], languages="en")
    export(run, "gift", path, tmp_path / "out.gift")
    result = run("import", "--from", "gift", "--lang", "en", tmp_path / "out.gift", "-o", tmp_path / "back.quiz.yaml")
    assert result.exit_code == 0, result.output
    before, after = read_quiz(path)[0].quiz.items[0], read_quiz(tmp_path / "back.quiz.yaml")[0].quiz.items[0]
    assert after.stem == {"en": before.stem}
    assert [option.text for option in after.options] == [{"en": option.text} for option in before.options]
    assert [option.correct for option in after.options] == [option.correct for option in before.options]
    assert [option.feedback for option in after.options] == \
        [{"en": option.feedback} if option.feedback else None for option in before.options]
    assert after.explanation == {"en": before.explanation}


# Stems that Moodle's Aiken reader (/^[A-Z][).][ \t]?/ for a choice, /^ANSWER:/ for the answer, after PHP's
# trim()) would take for a choice or the answer line, and stems it reads as questions.
MISREAD_STEMS = {"ecoli": "E. coli bacteria have which shape?", "us": "U.S. presidents serve how many years?",
                 "skinner": "B. F. Skinner studied which conditioning?", "paren": "A) or A. starts a choice?",
                 "answer": "ANSWER: which word ends an Aiken question?"}
QUESTION_STEMS = {"lower": "e. coli is written how?", "mixed": "Answer: which one?", "dotted-i": "İ. harfi nedir?",
                  "spaced": "E .coli is a typo?"}


def test_aiken_skips_items_whose_stem_moodle_would_read_as_a_choice_or_the_answer(run, write_quiz, tmp_path):
    items = "".join(f"- id: {item_id}\n  stem: {stem!r}\n  options:\n    - text: Yes\n      correct: true\n"
                    f"    - text: No\n" for item_id, stem in {**MISREAD_STEMS, **QUESTION_STEMS}.items())
    path = write_quiz(items, languages="en")
    out = tmp_path / "out.aiken.txt"
    result = run("export", "--to", "aiken", "--force", "-o", out, path)
    assert result.exit_code == 0, result.output
    for item_id, stem in MISREAD_STEMS.items():
        assert re.search(rf"demo\.quiz\.yaml:\d+:\d+: item '{item_id}' skipped: the stem starts with "
                         rf"'{re.escape(stem[:7] if item_id == 'answer' else stem[:2])}', which Moodle's Aiken reader "
                         rf"takes for (a choice|the answer) line", result.output), item_id
    questions = [block.split("\n")[0] for block in out.read_text(encoding="utf-8").strip().split("\n\n")]
    assert questions == list(QUESTION_STEMS.values())
    back = run("import", "--from", "aiken", "--lang", "en", out, "-o", tmp_path / "back.quiz.yaml")
    assert back.exit_code == 0, back.output
    assert "(4 items)" in back.output


@pytest.mark.parametrize("fmt", ["gift", "aiken"])
def test_formats_without_points_name_the_items_that_lose_theirs(run, write_quiz, tmp_path, fmt):
    items = "".join(f"- id: {item_id}\n  stem: 'Which one is {item_id}?'\n  points: {points}\n  options:\n"
                    f"    - text: Yes\n      correct: true\n    - text: No\n"
                    for item_id, points in (("half", 0.5), ("one", 1), ("three", 3)))
    result = run("export", "--to", fmt, "-o", tmp_path / "out.txt", write_quiz(items, languages="en"))
    assert result.exit_code == 0, result.output
    label = {"gift": "GIFT", "aiken": "Aiken"}[fmt]
    assert f"{label} has no per-question points: Moodle gives these items mark 1: half, three" in result.output


def test_the_language_to_export_matches_in_any_case(run, bank, tmp_path):
    lower = run("export", "--to", "json", "--force", "--lang", "tr", "-o", tmp_path / "lower.json", bank)
    upper = run("export", "--to", "json", "--force", "--lang", "TR", "-o", tmp_path / "upper.json", bank)
    assert (lower.exit_code, upper.exit_code) == (0, 0), upper.output
    assert (tmp_path / "lower.json").read_bytes() == (tmp_path / "upper.json").read_bytes()
