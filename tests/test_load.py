"""Loading YAML safely, with positions: hostile input through the CLI (issue 2's acceptance list) and the
loader's hard parts (YAML 1.2 scalars, tags, positions, limits) as unit tests."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from quizlint.load import LoadLimits, find_quiz_files, load_document, load_text
from quizlint.load.document import resolve_plain_scalar

BROKEN = ROOT / "tests" / "fixtures" / "broken"
TIME_GUARD = 5.0  # seconds; a sanity guard only (the real figures are in benchmarks/)
MEMORY_CAP = 512 * 1024 * 1024

# fixture → (code, line, column, words the message must contain)
BROKEN_EXPECTED = {
    "syntax-error.quiz.yaml": ("Y001", 5, 1, "flow mapping started at line 4, column 8"),
    "duplicate-key.quiz.yaml": ("Y002", 11, 9, "duplicate key 'correct' (first defined at line 10, column 9)"),
    "alias-bomb.quiz.yaml": ("Y003", 5, 4, "anchors and aliases are not allowed"),
    "invalid-utf8.quiz.yaml": ("Y004", 4, 28, "invalid UTF-8: byte 0xfc"),
    "nul-byte.quiz.yaml": ("Y004", 4, 15, "NUL byte"),
    "wrong-type.quiz.yaml": ("S001", 10, 18, "items[0].options[0].correct: expected true or false (got 'maybe')"),
    "unknown-key.quiz.yaml": ("S002", 12, 5, "unknown key 'difficulty' in items[0]"),
    "missing-field.quiz.yaml": ("S003", 1, 1, "missing required key 'languages'"),
    "two-documents.quiz.yaml": ("Y006", 5, 1, "several YAML documents"),
    "top-level-list.quiz.yaml": ("S001", 1, 1, "must be a mapping, not a list"),
    "empty.quiz.yaml": ("Y007", 1, 1, "empty file"),
    "custom-tag.quiz.yaml": ("Y010", 4, 8, "'!!python/object/apply:os.system' is not allowed"),
    "tab-indented.quiz.yaml": ("Y001", 6, 1, "tabs cannot indent YAML"),
    "wrong-version.quiz.yaml": ("S001", 1, 11, "quizlint: input should be 1 (got true)"),
}


def lint_json(run, path: Path, *extra: str):
    started = time.perf_counter()
    result = run("lint", "--no-cache", "--format", "json", *extra, path, cwd=path.parent)
    elapsed = time.perf_counter() - started
    return result, json.loads(result.stdout), elapsed


def test_every_broken_fixture_is_listed():
    assert sorted(path.name for path in BROKEN.iterdir()) == sorted(BROKEN_EXPECTED)


@pytest.mark.parametrize("name", sorted(BROKEN_EXPECTED))
def test_broken_file_gives_one_positioned_diagnostic_and_exit_1(run, name):
    code, line, column, words = BROKEN_EXPECTED[name]
    result, findings, elapsed = lint_json(run, BROKEN / name)
    assert result.exit_code == 1, result.output
    assert [(f["code"], f["line"], f["column"]) for f in findings] == [(code, line, column)]
    assert words in findings[0]["message"]
    assert findings[0]["severity"] == "error"
    assert findings[0]["file"] == name
    assert "Traceback" not in result.output + result.stderr
    assert elapsed < TIME_GUARD


def test_text_report_shows_path_line_column(run):
    result = run("lint", "--no-cache", BROKEN / "wrong-type.quiz.yaml", cwd=BROKEN)
    assert result.exit_code == 1
    assert result.stdout.startswith("wrong-type.quiz.yaml:10:18: S001 [error] items[0].options[0].correct:")


@pytest.mark.parametrize("name", ["alias-bomb.quiz.yaml", "invalid-utf8.quiz.yaml", "tab-indented.quiz.yaml"])
def test_real_process_reports_without_traceback(run_process, name):
    code, line, column, _ = BROKEN_EXPECTED[name]
    result = run_process("lint", "--no-cache", name, cwd=BROKEN)
    assert result.returncode == 1, result.stderr
    assert result.stdout.startswith(f"{name}:{line}:{column}: {code} [error]")
    assert "Traceback" not in result.stdout + result.stderr


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_capped(path: Path) -> tuple[subprocess.CompletedProcess, float]:
    started = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "quizlint", "lint", "--no-cache", path.name], cwd=path.parent,
                            capture_output=True, text=True, timeout=60, preexec_fn=_limit_memory)
    return result, time.perf_counter() - started


def test_alias_bomb_fails_fast_in_bounded_memory():
    result, elapsed = run_capped(BROKEN / "alias-bomb.quiz.yaml")
    assert result.returncode == 1, result.stderr
    assert "alias-bomb.quiz.yaml:5:4: Y003 [error] anchors and aliases are not allowed" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr and "MemoryError" not in result.stderr
    assert elapsed < TIME_GUARD


def test_an_anchor_without_a_space_before_it_is_refused_at_its_event():
    # (":&x" after a quoted flow key: the anchor needs no space before it; the composer reads the parser's events,
    # so every anchor and alias is refused where it stands, before anything is expanded)
    document, findings = load_text('{"a":&x [1], "b": *x}\n')
    assert document is None
    assert (findings[0].code, findings[0].line, findings[0].column) == ("Y003", 1, 6)
    assert "anchors and aliases are not allowed in quiz files (anchor &x)" in findings[0].message


def test_an_alias_without_an_anchor_is_refused():
    document, findings = load_text("a: 1\nb: *nowhere\n")
    assert document is None
    assert (findings[0].code, findings[0].line, findings[0].column) == ("Y003", 2, 4)


@pytest.mark.parametrize("text", ["stem: Q&A\n", "stem: Tom & Jerry\n", "stem: '**bold** & *it*'\n", "a: b&c\n"])
def test_ampersands_and_asterisks_in_text_are_not_anchors(text):
    document, findings = load_text(text)
    assert findings == []


@pytest.fixture
def huge_quiz(tmp_path) -> Path:
    """A 60 MB quiz file of valid YAML (generated here: never committed)."""
    path = tmp_path / "huge.quiz.yaml"
    item = ("  - id: item-{n}\n    stem: {{en: \"Question number {n}?\", tr: \"Soru {n}?\"}}\n    options:\n"
            "      - text: Yes\n        correct: true\n      - text: No\n")
    block = "".join(item.format(n=n) for n in range(1000))
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("quizlint: 1\nid: huge\nlanguages: [en, tr]\ntitle: Huge\nitems:\n")
        while handle.tell() < 60 * 1024 * 1024:
            handle.write(block)
    return path


def test_60_mb_file_is_refused_quickly_in_bounded_memory(huge_quiz):
    assert huge_quiz.stat().st_size >= 60 * 1024 * 1024
    result, elapsed = run_capped(huge_quiz)
    assert result.returncode == 1, result.stderr
    assert "huge.quiz.yaml:1:1: Y005 [error] file is 60.0 MiB, over the 8 MiB limit" in result.stdout
    assert "Traceback" not in result.stdout + result.stderr
    assert elapsed < TIME_GUARD


# (libyaml refuses flow sequences past 1,000 levels while it looks ahead; mappings reach quizlint's own limit first,
# at the 66th "{", the first node deeper than 64 levels)
@pytest.mark.parametrize("opener,closer,column", [("[", "]", 1001), ("{a: ", "}", 261)])
def test_brackets_nested_5000_deep(run, tmp_path, opener, closer, column):
    path = tmp_path / "deep.quiz.yaml"
    path.write_text(opener * 5000 + closer * 5000 + "\n", encoding="utf-8")
    result, findings, elapsed = lint_json(run, path)
    assert result.exit_code == 1
    assert [(f["code"], f["line"], f["column"]) for f in findings] == [("Y008", 1, column)]
    assert "nesting too deep" in findings[0]["message"] or "nesting deeper than 64 levels" in findings[0]["message"]
    assert elapsed < TIME_GUARD


def test_nesting_past_the_model_depth_limit_is_refused():
    document, findings = load_text("a: " + "[" * 70 + "]" * 70 + "\n")
    assert document is None
    assert (findings[0].code, findings[0].line, findings[0].column) == ("Y008", 1, 68)  # the 65th "["
    assert "nesting deeper than 64 levels" in findings[0].message


# --- YAML 1.2 scalars ------------------------------------------------------------------------------------------

YAML11_BOOLEANS = ["No", "Yes", "On", "off", "y", "n", "NO", "yes"]


def test_yaml11_booleans_are_option_texts_and_lint_clean(run, write_quiz):
    options = "".join(f"    - text: {word}\n" for word in YAML11_BOOLEANS)
    path = write_quiz('- id: words\n  stem: {en: "Which word means agreement?", tr: "Hangi sözcük onay anlamına '
                      'gelir?"}\n  options:\n    - text: Agree\n      correct: true\n' + options)
    document, findings = load_document(path)
    assert findings == []
    texts = [option["text"] for option in document.data["items"][0]["options"]]
    assert texts == ["Agree", *YAML11_BOOLEANS]
    assert all(isinstance(text, str) for text in texts)
    result, json_findings, _ = lint_json(run, path, "--select", "K001,K002")
    assert result.exit_code == 0, result.output
    assert json_findings == []


@pytest.mark.parametrize("written,expected", [
    ("true", True), ("False", False), ("TRUE", True), ("null", None), ("~", None), ("", None),
    ("42", 42), ("-7", -7), ("3.5", 3.5), ("1e3", 1000.0), (".5", 0.5),
    ("No", "No"), ("yes", "yes"), ("on", "on"), ("0x1F", "0x1F"), ("0o17", "0o17"), ("1_000", "1_000"),
    ("12:30", "12:30"), ("2024-01-01", "2024-01-01"), (".inf", ".inf"), ("=", "="), ("<<", "<<"),
])
def test_plain_scalars_follow_the_yaml12_core_schema(written, expected):
    value = resolve_plain_scalar(written)
    assert value == expected and type(value) in (type(expected), *type(expected).__subclasses__())


def test_numbers_remember_how_they_were_written():
    document, _ = load_text("a: 3.10\nb: 007\nc: 1e3\n")
    assert document.data == {"a": 3.1, "b": 7, "c": 1000.0}
    assert [document.data[key].source for key in "abc"] == ["3.10", "007", "1e3"]


def test_numeric_option_text_keeps_its_spelling(tmp_path):
    from quizlint.model import read_quiz

    path = tmp_path / "versions.quiz.yaml"
    path.write_text("quizlint: 1\nid: versions\nlanguages: [en]\ntitle: Versions\nitems:\n  - id: python\n"
                    "    stem: Which Python version added match statements?\n    options:\n"
                    "      - text: 3.10\n        correct: true\n      - text: 3.9\n      - text: 007\n",
                    encoding="utf-8")
    quiz_file, findings = read_quiz(path)
    assert findings == []
    assert [option.text for option in quiz_file.quiz.items[0].options] == ["3.10", "3.9", "007"]


@pytest.mark.parametrize("text,expected", [
    ("a: !!str 0123\n", {"a": "0123"}),
    ("a: !!str true\n", {"a": "true"}),
    ("a: !!int '12'\n", {"a": 12}),
    ("a: !!float 3\n", {"a": 3.0}),
    ("a: !!bool 'false'\n", {"a": False}),
    ("a: !!null ''\n", {"a": None}),
    ("a: !!map {b: 1}\nc: !!seq [1]\n", {"a": {"b": 1}, "c": [1]}),
    ("a: 'quoted 12'\nb: \"12\"\n", {"a": "quoted 12", "b": "12"}),
])
def test_explicit_core_tags_are_honoured(text, expected):
    document, findings = load_text(text)
    assert findings == []
    assert document.data == expected
    assert [_kind(value) for value in document.data.values()] == [_kind(value) for value in expected.values()]


def _kind(value) -> str:
    return "bool" if isinstance(value, bool) else type(value).__mro__[-2].__name__


@pytest.mark.parametrize("text,line,column,words", [
    ("a: !!bool yes\n", 1, 4, "'yes' is not a valid !!bool"),
    ("a: !!int x\n", 1, 4, "'x' is not a valid !!int"),
    ("a: !custom 1\n", 1, 4, "YAML tag '!custom' is not allowed"),
    ("a: !!binary aGk=\n", 1, 4, "'!!binary' is not allowed"),
    ("a: !!timestamp 2024-01-01\n", 1, 4, "'!!timestamp' is not allowed"),
    ("a: !!set {b: null}\n", 1, 4, "'!!set' is not allowed"),
    ("a: !!python/name:os.system ''\n", 1, 4, "'!!python/name:os.system' is not allowed"),
    ("!custom a: 1\n", 1, 1, "YAML tag '!custom' is not allowed"),
    ("a:\n  - !!omap [b: 1]\n", 2, 5, "'!!omap' is not allowed"),
])
def test_other_tags_are_refused_with_position(text, line, column, words):
    document, findings = load_text(text)
    assert document is None
    assert (findings[0].code, findings[0].line, findings[0].column) == ("Y010", line, column)
    assert words in findings[0].message


@pytest.mark.parametrize("text,code,line,column", [
    ("a: 1\nb: &x 2\n", "Y003", 2, 4),
    ("a: [1]\nb: *x\n", "Y003", 2, 4),
    ("a:\n  - text: x\n    <<: {correct: true}\n", "Y003", 3, 5),  # a merge key, even without an alias
    ("a: 1\n? [b]\n: 2\n", "Y001", 2, 3),
    ("a: 1\nb: \x07\n", "Y004", 2, 4),
    ("a: 1\n---\nb: 2\n", "Y006", 2, 1),
    ("# only a comment\n\n", "Y007", 1, 1),
    ("a: 'x\n", "Y001", 1, 4),  # at the opening quote, not where the parser gave up (issue 27)
    ("a: b: c\n", "Y001", 1, 4),  # at the text to quote
])
def test_load_problems_have_codes_and_positions(text, code, line, column):
    document, findings = load_text(text)
    assert document is None
    assert [(f.code, f.line, f.column) for f in findings] == [(code, line, column)]


@pytest.mark.parametrize("text, line, column, what", [
    ('a: "x\\0y"\n', 1, 4, "a NUL character"),
    ('a: [ok, "\\e[1m"]\nb: "\\x07"\n', 1, 9, "control character U+001B"),  # the first in the file
    ('a:\n  - "fine \\\\frac"\n  - "\\uFFFF"\n', 3, 5, "control character U+FFFF"),
])
def test_an_escape_that_writes_a_control_character_is_refused(text, line, column, what):
    document, findings = load_text(text)
    assert document is None
    assert [(f.code, f.line, f.column) for f in findings] == [("Y004", line, column)]
    assert findings[0].message.startswith(f"{what}, written as an escape, is not allowed in a text")


@pytest.mark.parametrize("text", ['a: "tab\\t, line\\n, \\\\frac, \\u00e7, \\N"\n', "a: 'x\\0y'\n", "a: x\\0y\n"])
def test_escapes_of_text_characters_and_backslashes_outside_double_quotes_are_text(text):
    document, findings = load_text(text)
    assert findings == [] and document is not None


def test_error_columns_count_characters_not_bytes():
    document, findings = load_text("title: \"çöğüşı\" ] x: y\n")
    assert document is None
    assert (findings[0].line, findings[0].column) == (1, 17)


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.quiz.yaml"
    path.write_bytes("\ufeffa: 1\n".encode("utf-8"))
    document, findings = load_document(path)
    assert findings == [] and document.data == {"a": 1}


# --- positions ---------------------------------------------------------------------------------------------------

POSITIONS_TEXT = """\
quizlint: 1
items:
  - id: first
    options:
      - text: {en: "One", tr: "Bir"}
      - text:
          en: Two
          tr: "İki"
"""


def test_positions_of_values_and_keys():
    document, findings = load_text(POSITIONS_TEXT)
    assert findings == []
    assert document.position(("items", 0, "options", 0, "text", "tr")) == (5, 31)
    assert document.position(("items", 0, "options", 1, "text", "tr")) == (8, 15)
    assert document.key_position(("items", 0, "options", 1, "text", "tr")) == (8, 11)
    assert document.key_position(("items", 0, "id")) == (3, 5)
    assert document.position(("items", 0, "id")) == (3, 9)
    assert document.position(("items", 0)) == (3, 5)
    assert document.position(()) == (1, 1)


def test_position_of_a_missing_path_falls_back_to_the_nearest_ancestor():
    document, _ = load_text(POSITIONS_TEXT)
    assert document.position(("items", 0, "options", 1, "feedback", "en")) == (6, 9)
    assert document.key_position(("items", 0, "stem")) == (3, 5)


# --- limits and unreadable files ---------------------------------------------------------------------------------


def test_size_limit_is_configurable_and_checked_on_read(tmp_path):
    path = tmp_path / "a.quiz.yaml"
    path.write_text("a: " + "x" * 2000 + "\n", encoding="utf-8")
    document, findings = load_document(path, limits=LoadLimits(max_bytes=1024))
    assert document is None and findings[0].code == "Y005"
    document, findings = load_document(path, limits=LoadLimits(max_bytes=4096))
    assert findings == []


def test_unreadable_path_is_a_finding_not_an_exception(tmp_path):
    document, findings = load_document(tmp_path / "missing.quiz.yaml", display="missing.quiz.yaml")
    assert document is None
    assert (findings[0].file, findings[0].code) == ("missing.quiz.yaml", "Y009")
    document, findings = load_document(tmp_path)  # a directory
    assert document is None and findings[0].code == "Y009"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list("ab:- \n\t[]{},#&*!'\"|>?%@`\\0\x00é\u2028")), max_size=60))
def test_loader_never_raises_on_arbitrary_text(text):
    document, findings = load_text(text)
    assert (document is None) == bool(findings)
    for finding in findings:
        assert finding.line >= 1 and finding.column >= 1 and finding.code[0] in "YS"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=80))
def test_loader_never_raises_on_arbitrary_bytes(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("bytes") / "fuzz.quiz.yaml"
    path.write_bytes(raw)
    document, findings = load_document(path)
    assert (document is None) == bool(findings)


# --- discovery ---------------------------------------------------------------------------------------------------


def test_find_quiz_files_recurses_sorts_and_skips_tool_directories(tmp_path):
    for name in ["b/two.quiz.yaml", "a/one.quiz.yml", "a/notes.yaml", ".git/x.quiz.yaml", "node_modules/y.quiz.yaml"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("a: 1\n", encoding="utf-8")
    explicit = tmp_path / "a" / "notes.yaml"
    files, missing = find_quiz_files([tmp_path, explicit, tmp_path / "a" / "one.quiz.yml", tmp_path / "nope"])
    assert [path.relative_to(tmp_path).as_posix() for path in files] == ["a/notes.yaml", "a/one.quiz.yml",
                                                                         "b/two.quiz.yaml"]
    assert missing == [str(tmp_path / "nope")]


def test_a_quoted_double_angle_key_is_an_ordinary_key_and_no_merge():
    document, findings = load_text('a: {"<<": 1}\nb: "<< is text"\n')
    assert findings == [] and document.data == {"a": {"<<": 1}, "b": "<< is text"}


def test_every_refused_character_is_one_isprintable_refuses():
    # (``_check_characters`` lets a text of printable characters and line feeds through without its regex)
    from quizlint.load.document import _REFUSED_CHARACTER

    refused = [chr(code) for code in range(0x110000) if _REFUSED_CHARACTER.match(chr(code))]
    assert refused and "\n" not in refused
    assert not any(character.isprintable() for character in refused)


def test_a_plain_scalar_is_a_number_only_if_it_starts_as_one():
    # (``resolve_plain_scalar`` tries the number patterns only on a scalar that starts with one of these)
    from quizlint.load.compose import _FLOAT, _INT, _NUMBER_STARTS

    for code in range(0x3000):
        for rest in ("", "1", ".5", "5.", "1e3", "e3"):
            if _INT.match(chr(code) + rest) or _FLOAT.match(chr(code) + rest):
                assert chr(code) in _NUMBER_STARTS


def test_every_refused_character_is_seen_in_the_bytes():
    # (``load_source`` checks a file's characters only when ``_may_hold_refused_characters`` finds one may be there)
    from quizlint.load.document import _REFUSED_CHARACTER, _may_hold_refused_characters

    refused = [chr(code) for code in range(0x110000) if _REFUSED_CHARACTER.match(chr(code))
               and not 0xD800 <= code <= 0xDFFF]  # (no surrogate gets through the decoding)
    assert len(refused) == 66
    for character in refused:
        for around in ("", "a", "ı’\u00a0"):
            assert _may_hold_refused_characters((around + character + around).encode("utf-8")), hex(ord(character))


_NEAR_REFUSED = ["a", "\n", "\r", "\t", " ", "İ", "ı", "ş", "é", "\u00a0", "\u00c2", "°", "’", "“", "—", "\u2027",
                 "\u202a", "\u2030", "\ufeff", "\ufffd", "\uffef", "\U0001f600", "\x00", "\x08", "\x0b", "\x1f",
                 "\x7f", "\x80", "\x85", "\x9f", "\u2028", "\u2029", "\ufffe", "\uffff"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_NEAR_REFUSED), max_size=12).map("".join))
def test_a_file_loaded_from_its_bytes_is_refused_as_its_text_is(text):
    from quizlint.load.document import _REFUSED_CHARACTER, _may_hold_refused_characters
    from quizlint.load import load_source

    raw = ("a: |\n  " + text + "\n").encode("utf-8")
    assert _may_hold_refused_characters(raw) or _REFUSED_CHARACTER.search(raw.decode("utf-8")) is None
    (from_bytes, found), (from_text, expected) = load_source(raw), load_text(raw.decode("utf-8"))
    assert found == expected and getattr(from_bytes, "data", None) == getattr(from_text, "data", None)
