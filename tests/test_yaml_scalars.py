"""The one YAML scalar writer (``quizlint.yaml_scalars``), shared by ``import`` and the surgical editor: every
string it writes loads back as exactly that string, in YAML 1.2 (quizlint's loader) and YAML 1.1 (PyYAML)."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.importers.quiz_yaml import dump_quiz
from quizlint.load import load_text
from quizlint.text import without_control_characters
from quizlint.yaml_scalars import ScalarError, double_quoted, is_plain_safe, scalar, string_scalar
from quizlint.yamledit import PlainWord, YamlEditor, render_key, render_scalar

YAML11 = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_both(value_text: str):
    """The value of ``key: <value_text>`` as quizlint's loader (YAML 1.2) and PyYAML (YAML 1.1) read it."""
    document, findings = load_text(f"key: {value_text}\n")
    assert document is not None, findings
    return document.data["key"], yaml.load(f"key: {value_text}\n", Loader=YAML11)["key"]


QUOTES_AND_BACKSLASHES = ['say "hi"', "it's", '\\', '\\n', 'C:\\temp\\new', '"', "'", '\\"', '"\\']
LEADING_SPECIALS = [f"{char}x" for char in "-?:,[]{}#&*!|>'\"%@`~="] + ["- item", "? key", "! tag", "<< merge",
                                                                       " leading space", "trailing space "]
COLONS_AND_HASHES = ["a: b", "key:value", "http://x.org/a#b", "x # not a comment", "x #", "#x", "a :b"]
CONTROL_CHARACTERS = ["\x00", "bell\x07", "back\x08space", "tab\tbed", "\x0bv", "\x0cf", "esc\x1b[0m", "del\x7f",
                      "c1\x80\x9f", "next\x85line", "bom\ufeff", "ls\u2028ps\u2029", "cr\r", "crlf\r\n"]
YAML11_WORDS = ["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
                "true", "True", "TRUE", "false", "False", "null", "Null", "NULL", "~"]
NUMBER_LIKE = ["1", "-1", "+1", "1.0", "1.", ".5", "1e3", "1E+3", "0x1F", "0o17", "017", "0b101", "1_000", "1:20",
               ".inf", "-.Inf", ".NaN", "2024-01-01", "2001-12-14t21:59:43.10-05:00", "١٢"]
TURKISH = ["Evet", "Hayır", "İstanbul ılık", "ŞĞÜÖÇİ ışğüöçi", "Doğru mu?", "I ı İ i", "soru: cevap"]
MULTI_LINE = ["two\nlines", "\nleading newline", "trailing newline\n", "blank\n\nline", "  indented\n  lines",
              "line \nwith trailing space"]
ALL = QUOTES_AND_BACKSLASHES + LEADING_SPECIALS + COLONS_AND_HASHES + CONTROL_CHARACTERS + YAML11_WORDS \
    + NUMBER_LIKE + TURKISH + MULTI_LINE


@pytest.mark.parametrize("text", ALL)
def test_double_quoted_loads_back_to_exactly_the_text_in_yaml_1_1_and_1_2(text):
    if without_control_characters(text) == text:  # (quizlint's loader refuses the others in a quiz file)
        assert read_both(double_quoted(text))[0] == text
    assert yaml.load(f"key: {double_quoted(text)}\n", Loader=YAML11)["key"] == text
    assert "\n" not in double_quoted(text) and "\r" not in double_quoted(text)


@pytest.mark.parametrize("text", ALL)
def test_strings_are_plain_only_when_both_yaml_versions_read_them_back(text):
    written = string_scalar(text)
    assert yaml.load(f"key: {written}\n", Loader=YAML11)["key"] == text
    if without_control_characters(text) == text:
        assert read_both(written)[0] == text


@pytest.mark.parametrize("word", YAML11_WORDS)
def test_yaml_1_1_booleans_and_nulls_are_quoted(word):
    assert not is_plain_safe(word)
    assert string_scalar(word) == f'"{word}"'


@pytest.mark.parametrize("text", NUMBER_LIKE + LEADING_SPECIALS + COLONS_AND_HASHES + ["", "İstanbul", "a b"])
def test_numbers_specials_and_non_ascii_are_never_plain(text):
    assert not is_plain_safe(text)


@pytest.mark.parametrize("word", ["machine", "draft", "reviewed", "ok", "en", "pt-BR", "item_1", "v1.2", "_x"])
def test_plain_words_stay_plain(word):
    assert string_scalar(word) == word


@pytest.mark.parametrize(("char", "escape"), [("\\", "\\\\"), ('"', '\\"'), ("\n", "\\n"), ("\t", "\\t"),
                                              ("\r", "\\r"), ("\x00", "\\0"), ("\x1b", "\\e"), ("\x07", "\\x07"),
                                              ("\x7f", "\\x7f"), ("\x85", "\\N"), ("\u2028", "\\L"),
                                              ("\u2029", "\\P"), ("\ufeff", "\\ufeff"), ("\ufffe", "\\ufffe")])
def test_escapes_are_the_yaml_specs(char, escape):
    assert double_quoted(char) == f'"{escape}"'


@pytest.mark.parametrize("text", ["İ ı ş ğ ü ö ç", "日本語", "emoji 😀", "\ue000 private use", "\u0378 unassigned"])
def test_printable_characters_are_written_as_they_are(text):
    assert double_quoted(text) == f'"{text}"'


@pytest.mark.parametrize(("value", "written"), [(None, "null"), (True, "true"), (False, "false"), (3, "3"),
                                                (0.5, "0.5"), (1e20, "1.0e+20"), (1e-7, "1.0e-07"), (2.5e-8, "2.5e-08")])
def test_other_scalars_load_back_in_both_versions(value, written):
    assert scalar(value) == written
    assert read_both(written) == (value, value)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), object()])
def test_values_without_a_scalar_are_refused(value):
    with pytest.raises(ScalarError):
        scalar(value)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_round_trips_through_pyyaml(text):
    text = "".join(char for char in text if not 0xD800 <= ord(char) <= 0xDFFF)
    assert yaml.load(f"key: {string_scalar(text)}\n", Loader=YAML11)["key"] == text


def test_the_importer_and_the_editor_write_a_string_the_same_way():
    tricky = 'Evet: "yes" # \\ \u2028 İ'
    document = {"quizlint": 1, "id": "q", "languages": ["en"], "title": "T", "items": [
        {"id": "a", "type": "single", "stem": tricky, "options": [{"text": "x", "correct": True}, {"text": "y"}],
         "tags": ["yes", "ok", "on"]}]}
    written = dump_quiz(document)
    assert f"stem: {double_quoted(tricky)}\n" in written
    assert 'tags: ["yes", ok, "on"]' in written  # YAML 1.1 would read yes and on as booleans
    assert yaml.load(written, Loader=YAML11)["items"][0]["tags"] == ["yes", "ok", "on"]
    editor = YamlEditor("items:\n  - stem: old\n")
    editor.set_value(("items", 0, "stem"), tricky)
    assert f"stem: {double_quoted(tricky)}\n" in editor.result()
    assert render_scalar(PlainWord("yes")) == '"yes"' and render_scalar(PlainWord("machine")) == "machine"
    assert render_key("no") == '"no"' and render_key("tr") == "tr"


def test_imported_language_keys_that_yaml_1_1_reads_as_booleans_are_quoted():
    document = {"quizlint": 1, "id": "q", "languages": ["no", "en"], "title": {"no": "Tittel", "en": "Title"},
                "items": [{"id": "a", "type": "true_false", "stem": {"no": "Ja?", "en": "Yes?"}, "answer": True}]}
    written = dump_quiz(document)
    assert '  "no": "Tittel"' in written
    assert yaml.load(written, Loader=YAML11)["title"] == {"no": "Tittel", "en": "Title"}
