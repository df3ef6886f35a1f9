"""`quizlint export --to gift/aiken`: plain-text formats for Moodle, escaped and read back the way Moodle does."""

from __future__ import annotations

import re

import pytest

from quizlint.export.gift import escape
from test_export_support import export, write_bank

# Moodle's qformat_gift escapedchar_pre/post, as a reference reader.
_PLACEHOLDERS = {"\\:": ":", "\\#": "#", "\\=": "=", "\\{": "{", "\\}": "}", "\\~": "~", "\\n": "\n"}


def moodle_unescape(text: str) -> str:
    text = text.replace("\\\\", "\x00")
    for escaped, char in _PLACEHOLDERS.items():
        text = text.replace(escaped, char)
    return text.replace("\x00", "\\")


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
    assert capital.startswith("::capital::[plain]Which city is the capital of Turkey?{")
    assert "\t~İstanbul#The largest city, not the capital.\n\t=Ankara#Right\\: since 1923.\n" in capital
    assert "\t####Ankara has been the capital since 1923." in capital
    assert "// [id:capital] [tag:geography] [tag:capitals]" in text
    assert "\t~%50%2\n\t~%50%7\n\t~%-50%9#9 \\= 3 × 3.\n\t~%-50%1\n}" in text
    assert "::1-earth-round::[plain]The Earth is round.{TRUE" in text
    assert "::sun-cold::[plain]The Sun is cold.{FALSE" in text
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
