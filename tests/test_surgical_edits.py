"""Surgical edits of quiz files as ``review``, ``translate`` and ``fix`` make them: regressions from a QA pass.

Each test drives the CLI as a user would and checks the bytes written.
"""

from __future__ import annotations

import pytest

from conftest import quiz_yaml
from quizlint.load import load_text

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server


def data_of(text: str):
    document, findings = load_text(text)
    assert document is not None, findings
    return document.data


def item_data(path, position: int) -> dict:
    return data_of(path.read_text(encoding="utf-8"))["items"][position]


# --- a `|+` text keeps the blank lines after it -----------------------------------------------------------------------

def item(name: str, stem: str, texts: tuple[str, str], explanation: str = "") -> str:
    """An item with two options, the first the key; ``stem`` and ``texts`` are flow mappings' insides."""
    return (f"- id: {name}\n  stem: {{{stem}}}\n  options:\n    - text: {{{texts[0]}}}\n      correct: true\n"
            f"    - text: {{{texts[1]}}}\n{explanation}")


KEPT_EXPLANATION = "  explanation:\n    en: |+\n      Keep.\n\n"


def test_review_marks_an_item_whose_last_text_keeps_its_blank_lines(run, write_quiz):
    explanation = KEPT_EXPLANATION.replace("    en: |+", '    tr: "Tut."\n    en: |+')
    quiz = write_quiz(item("r1", 'en: "First?", tr: "Birinci?"', ('en: "One", tr: "Bir"', 'en: "Two", tr: "İki"'),
                           explanation)
                      + item("r2", 'en: "Second?", tr: "İki?"', ('en: "Three", tr: "Üç"', 'en: "Four", tr: "Dört"')))
    result = run("review", "r1", "--lang", "tr", quiz)
    assert result.exit_code == 0, result.output
    after = quiz.read_text(encoding="utf-8")
    assert "        Keep.\n\n    translations:\n      tr: {status: reviewed, source: " in after  # after the kept line
    assert item_data(quiz, 0)["explanation"]["en"] == "Keep.\n\n"
    assert item_data(quiz, 0)["translations"]["tr"]["status"] == "reviewed"
    assert "r1: tr marked reviewed" in result.stdout


def test_translate_writes_an_item_whose_last_text_keeps_its_blank_lines(run, write_quiz, libre):
    quiz = write_quiz(item("k1", 'en: "First?"', ('en: "One"', 'en: "Two"'), KEPT_EXPLANATION)
                      + item("k2", 'en: "Second?"', ('en: "Three"', 'en: "Four"')))
    result = run("translate", "--provider", "libre", "--url", libre.url, "--no-cache", quiz)
    assert result.exit_code == 0, result.output
    assert "7 translated, 0 skipped, 0 failed; changed 1 file" in result.stderr
    first, second = item_data(quiz, 0), item_data(quiz, 1)
    assert first["explanation"] == {"en": "Keep.\n\n", "tr": "Keep.\n\n"}  # (the fake server echoes unknown texts)
    assert first["translations"]["tr"]["status"] == second["translations"]["tr"]["status"] == "machine"


# --- an edit that cannot be made costs only its own item, and says where ----------------------------------------------

# r2's block text ends the file without a final line break: anything written after it would add a line break to the
# text, so r2 cannot get its `translations`.
UNEDITABLE = "  explanation:\n    en: |\n      Keep."


def quiz_without_final_line_break(tmp_path, items: str):
    quiz = tmp_path / "demo.quiz.yaml"
    quiz.write_text(quiz_yaml(items).rstrip("\n"), encoding="utf-8")
    return quiz


def test_review_marks_the_items_it_can_and_names_the_one_it_cannot(run, tmp_path):
    quiz = quiz_without_final_line_break(tmp_path, item(
        "r1", 'en: "First?", tr: "Birinci?"', ('en: "One", tr: "Bir"', 'en: "Two", tr: "İki"')) + item(
        "r2", 'en: "Second?", tr: "İkinci?"', ('en: "Three", tr: "Üç"', 'en: "Four", tr: "Dört"'),
        UNEDITABLE.replace("    en: |", '    tr: "Tut."\n    en: |')))
    result = run("review", "r1", "r2", "--lang", "tr", quiz, cwd=tmp_path)
    assert result.exit_code == 1
    assert "demo.quiz.yaml:6:5: r1: tr marked reviewed (no status → reviewed" in result.stdout
    assert "r2" not in result.stdout  # never claimed
    assert result.stderr == ("demo.quiz.yaml:12:5: r2: cannot mark tr reviewed: the edited file would not hold the "
                             "intended data\n")
    assert item_data(quiz, 0)["translations"]["tr"]["status"] == "reviewed"
    assert "translations" not in item_data(quiz, 1)
    assert quiz.read_text(encoding="utf-8").endswith("      Keep.")


def test_translate_writes_the_items_it_can_and_names_the_one_it_cannot(run, tmp_path, libre):
    quiz = quiz_without_final_line_break(tmp_path, item("k1", 'en: "First?"', ('en: "One"', 'en: "Two"'))
                                         + item("k2", 'en: "Second?"', ('en: "Three"', 'en: "Four"'), UNEDITABLE))
    result = run("translate", "--provider", "libre", "--url", libre.url, "--no-cache", quiz, cwd=tmp_path)
    assert result.exit_code == 1
    assert result.stderr.startswith("demo.quiz.yaml:12:5: k2: cannot write the translations (tr): the edited file "
                                    "would not hold the intended data [error]\n")
    assert "3 translated, 0 skipped, 4 failed; changed 1 file" in result.stderr  # k1's texts written, k2's not
    assert item_data(quiz, 0)["translations"]["tr"]["status"] == "machine"
    assert "translations" not in item_data(quiz, 1) and "tr" not in item_data(quiz, 1)["stem"]


def test_fix_moves_an_option_whose_text_keeps_its_blank_lines_with_them(run, write_quiz, tmp_path):
    items = "\n".join(f"""\
- id: keep{number}
  stem: {{en: "Question {number}?", tr: "Soru {number}?"}}
  options:
    - correct: true
      text: |+
        key {number}

    - text: b{number}
    - text: c{number}
    - text: d{number}""" for number in range(8))
    quiz = write_quiz(items)
    result = run("fix", quiz, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "Fixed 6 items in 1 file." in result.output
    options = [entry["options"] for entry in data_of(quiz.read_text(encoding="utf-8"))["items"]]
    keys = [next(option for option in entry if option.get("correct")) for entry in options]
    assert [key["text"] for key in keys] == [f"key {number}\n\n" for number in range(8)]
    assert sorted(entry.index(key) for entry, key in zip(options, keys)) == [0, 0, 1, 1, 2, 2, 3, 3]


# --- explicit core tags: the node starts at its tag, its brace after it -----------------------------------------------

TAGGED_EMPTY = item("t1", 'en: "Stem?", tr: "Kök?"', ('en: "One", tr: "Bir"', 'en: "Two", tr: "İki"'),
                    "  translations: !!map {}   # none yet\n")


def test_review_fills_an_empty_flow_mapping_written_with_a_tag(run, write_quiz):
    quiz = write_quiz(TAGGED_EMPTY)
    result = run("review", "t1", "--lang", "tr", quiz)
    assert result.exit_code == 0, result.output
    assert '    translations: !!map {tr: {status: reviewed, source: "' in quiz.read_text(encoding="utf-8")
    assert "}}   # none yet\n" in quiz.read_text(encoding="utf-8")
    assert item_data(quiz, 0)["translations"]["tr"]["status"] == "reviewed"


def test_translate_fills_an_empty_flow_mapping_written_with_a_tag(run, write_quiz, libre):
    quiz = write_quiz(TAGGED_EMPTY.replace(', tr: "Kök?"', ""))
    result = run("translate", "--provider", "libre", "--url", libre.url, "--no-cache", quiz)
    assert result.exit_code == 0, result.output
    assert "    translations: !!map {tr: {status: draft, source: " in quiz.read_text(encoding="utf-8")
    assert item_data(quiz, 0)["stem"]["tr"] == "Stem?"


# --- blank lines after a block text stay where they are -------------------------------------------------------------

@pytest.mark.parametrize("indicator", ["|", ">-"])
def test_an_entry_after_a_block_text_goes_before_the_blank_lines_that_follow_it(run, write_quiz, indicator):
    explanation = f"  explanation:\n    tr: Tut.\n    en: {indicator}\n      Keep.\n\n\n"
    quiz = write_quiz(item("r1", 'en: "First?", tr: "Birinci?"', ('en: "One", tr: "Bir"', 'en: "Two", tr: "İki"'),
                           explanation)
                      + item("r2", 'en: "Second?", tr: "İki?"', ('en: "Three", tr: "Üç"', 'en: "Four", tr: "Dört"')))
    result = run("review", "r1", "--lang", "tr", quiz)
    assert result.exit_code == 0, result.output
    assert "        Keep.\n    translations:\n      tr: {status: reviewed, source: " in quiz.read_text(encoding="utf-8")
    assert '"}\n\n\n  - id: r2\n' in quiz.read_text(encoding="utf-8")


# --- old Mac line endings (a lone CR) are kept --------------------------------------------------------------------

def cr_only_quiz(tmp_path, items: str):
    quiz = tmp_path / "mac.quiz.yaml"
    quiz.write_bytes(quiz_yaml(items).replace("\n", "\r").encode("utf-8"))
    return quiz


def assert_cr_only(quiz) -> str:
    text = quiz.read_bytes().decode("utf-8")
    assert "\n" not in text
    return text


def test_fix_keeps_cr_line_endings(run, tmp_path):
    items = "".join(item(f"m{number}", f"en: Question {number}?", (f"en: Right {number}", f"en: Wrong {number}"))
                    for number in range(8))
    quiz = cr_only_quiz(tmp_path, items + item("none", "en: Which?", ("en: This", "en: That"))
                        + "    - text: None of the above\n")
    result = run("fix", quiz, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    text = assert_cr_only(quiz)
    assert "      - text: None of the above\r        fixed: true\r" in text
    options = [entry["options"] for entry in data_of(text)["items"]]
    assert options[-1][2] == {"text": "None of the above", "fixed": True}
    assert sorted(next(i for i, option in enumerate(entry) if option.get("correct")) for entry in options[:-1]) == \
        [0, 0, 0, 0, 1, 1, 1, 1]  # rebalanced


def test_review_and_translate_keep_cr_line_endings(run, tmp_path, libre):
    quiz = cr_only_quiz(tmp_path, item("c1", 'en: "First?", tr: "Birinci?"', ('en: "One", tr: "Bir"',
                                                                             'en: "Two", tr: "İki"'))
                        + item("c2", 'en: "Second?"', ('en: "Three"', 'en: "Four"'), "  explanation:\n    en: Why.\n"))
    assert run("review", "c1", "--lang", "tr", quiz, cwd=tmp_path).exit_code == 0
    result = run("translate", "--provider", "libre", "--url", libre.url, "--no-cache", quiz, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    text = assert_cr_only(quiz)
    assert '    explanation:\r      en: Why.\r      tr: "Why."\r    translations:\r      tr: {status: machine' in text
    assert [entry["translations"]["tr"]["status"] for entry in data_of(text)["items"]] == ["reviewed", "machine"]


def test_fix_moves_the_last_option_of_a_cr_file_without_a_final_line_break(run, tmp_path):
    numeric = "".join(item(f"count{number}", f"en: How many {number}?", (f'en: "{number + 1}"', f'en: "{number + 2}"'))
                      for number in range(7))  # they count, but never move
    quiz = cr_only_quiz(tmp_path, numeric + item("last", "en: Which?", ("en: Right", "en: Wrong")))
    quiz.write_bytes(quiz.read_bytes().rstrip(b"\r"))
    result = run("fix", quiz, cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert "last: moved the key from A to B" in result.output
    text = assert_cr_only(quiz)
    assert text.endswith("\r      - text: {en: Wrong}\r      - text: {en: Right}\r        correct: true")
