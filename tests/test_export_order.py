"""Items whose option order means something (numbers, "all/none of the above", "I and II") are never shuffled
at delivery: the exporters ask the same question as `quizlint fix` (`quizlint.model.order`) and switch every
shuffle flag off for them, in QTI 2.1, QTI 3.0, Canvas and Moodle XML."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from quizlint.model import Item, Option
from quizlint.model.order import option_numbers, order_is_meaningful, refers_to_other_options
from test_export_support import PARSER, dtd_errors, export, qti_package_errors, zip_entries

# item id → whether its order means something (and so must not be shuffled)
ITEMS = """\
- id: numbers
  type: single
  stem: {en: "How many bits are in a byte?", tr: "Bir baytta kaç bit vardır?"}
  options:
    - text: "8"
      correct: true
    - text: "4"
    - text: "16"
- id: decimal-comma
  type: single
  stem: {en: "One half?", tr: "Yarım?"}
  options:
    - text: {en: "a quarter", tr: "0,25"}
    - text: {en: "a half", tr: "0,5"}
      correct: true
    - text: {en: "one and a half", tr: "1,5"}
- id: combination
  type: single
  stem: {en: "Which statements are true?", tr: "Hangi ifadeler doğrudur?"}
  options:
    - text: {en: "Only I", tr: "Yalnız I"}
    - text: {en: "I and II", tr: "I ve II"}
      correct: true
    - text: {en: "II and III", tr: "II ve III"}
- id: all-of-the-above
  type: single
  stem: {en: "Which is a mammal?", tr: "Hangisi memelidir?"}
  options:
    - text: {en: "Whale", tr: "Balina"}
    - text: {en: "Bat", tr: "Yarasa"}
    - text: {en: "All of the above", tr: "Hepsi"}
      correct: true
      fixed: true
- id: none-in-turkish-only
  type: multiple
  stem: {en: "Which are prime?", tr: "Hangileri asaldır?"}
  options:
    - text: {en: "Nine", tr: "Dokuz"}
    - text: {en: "Four", tr: "Dört"}
    - text: {en: "Neither of them", tr: "Hiçbiri doğru değil"}
      correct: true
- id: plain
  type: single
  stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
  options:
    - text: Ankara
      correct: true
    - text: İstanbul
    - text: İzmir
- id: two-numbers
  type: single
  stem: {en: "Is a byte 8 bits?", tr: "Bir bayt 8 bit mi?"}
  options:
    - text: "8"
      correct: true
    - text: "16"
"""
MEANINGFUL = {"numbers": True, "decimal-comma": True, "combination": True, "all-of-the-above": True,
              "none-in-turkish-only": True, "plain": False, "two-numbers": False}
QTI = {"qti21": ("http://www.imsglobal.org/xsd/imsqti_v2p1", "choiceInteraction"),
       "qti30": ("http://www.imsglobal.org/xsd/imsqtiasi_v3p0", "qti-choice-interaction")}
CANVAS = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
CANVAS_META = "{http://canvas.instructure.com/xsd/cccv1p0}"


@pytest.fixture
def quiz_path(write_quiz):
    return write_quiz(ITEMS)


def test_the_predicate_reads_numbers_phrases_and_combinations_in_every_language(quiz_path):
    from quizlint.model import read_quiz

    quiz = read_quiz(quiz_path)[0].quiz
    assert {item.id: order_is_meaningful(item, quiz.languages) for item in quiz.items} == MEANINGFUL


@pytest.mark.parametrize(("options", "languages", "meaningful"), [
    (["1.000", "2.000", "500"], ["tr"], True),  # thousands in Turkish
    (["%50", "%25", "%75"], ["tr"], True),  # Turkish percent, unsorted: still numbers
    (["4 GB", "8 GB", "16 MB"], ["en"], False),  # different units
    (["I, II ve III", "Yalnız II", "Ankara"], ["tr"], True),
    (["Both A and B", "C", "D"], ["en"], True),
    (["Hepsi", "Balina", "Yunus"], ["en"], False),  # a Turkish phrase is not read as English
    (["Hepsi", "Balina", "Yunus"], ["tr"], True),
    (["Install it", "Iterate", "Inspect"], ["en"], False),
])
def test_the_predicate_on_single_language_options(options, languages, meaningful):
    item = Item.model_validate({"id": "x", "type": "single", "stem": "?",
                                "options": [{"text": text, "correct": index == 0} for index, text in enumerate(options)]})
    assert order_is_meaningful(item, languages) is meaningful


OPTION_TEXTS = ["1", "2,5", "%50", "16 GB", "3.10", "İki", "I", "II", "I and II", "Yalnız I", "I, II ve III",
                "Both A and B", "A", "A cat", "I think so", "All of the above", "none of these", "Hepsi",
                "Hiçbiri", "Yukarıdakilerin hepsi", "Ankara", "İstanbul ve İzmir", "all", "above", "IIII", "(B)",
                "Only C", "ÇA", "x A y", ""]


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(st.one_of(st.sampled_from(OPTION_TEXTS),
                                st.fixed_dictionaries({"en": st.sampled_from(OPTION_TEXTS),
                                                       "tr": st.sampled_from(OPTION_TEXTS)})), min_size=2, max_size=5),
       languages=st.sampled_from([["en"], ["tr"], ["en", "tr"], ["tr", "en"]]))
def test_the_quick_tests_of_the_predicate_change_none_of_its_answers(texts, languages):
    options = [Option.model_construct(text=text, correct=False, fixed=False) for text in texts]
    item = Item.model_construct(id="x", type="single", stem="?", options=options)
    plainly = option_numbers(item, languages) is not None or any(
        refers_to_other_options(option.text, languages) for option in item.options)
    assert order_is_meaningful(item, languages) is plainly


@pytest.mark.parametrize("fmt", list(QTI))
def test_qti_turns_shuffle_off_where_the_order_means_something(run, quiz_path, tmp_path, fmt):
    namespace, interaction = QTI[fmt]
    data = export(run, fmt, quiz_path, tmp_path / "out.zip", "--lang", "all")
    assert qti_package_errors(fmt, data) == {}
    entries = zip_entries(data)
    shuffles = {}
    for name, content in entries.items():
        if "/items/" in name:
            root = etree.fromstring(content, PARSER)
            shuffles.setdefault(root.get("label"), set()).add(next(root.iter(f"{{{namespace}}}{interaction}")).get("shuffle"))
    assert shuffles == {item: {"false" if meaningful else "true"} for item, meaningful in MEANINGFUL.items()}


def test_canvas_turns_shuffle_off_per_item_and_for_the_quiz(run, quiz_path, write_quiz, tmp_path):
    package = zip_entries(export(run, "canvas", quiz_path, tmp_path / "out.zip"))
    assert dtd_errors(package["demo/demo.xml"]) is None
    root = etree.fromstring(package["demo/demo.xml"], PARSER)
    shuffles = {item.get("title"): item.find(f".//{CANVAS}render_choice").get("shuffle")
                for item in root.iter(f"{CANVAS}item")}
    assert shuffles == {item: "No" if meaningful else "Yes" for item, meaningful in MEANINGFUL.items()}
    meta = etree.fromstring(package["demo/assessment_meta.xml"], PARSER)
    assert meta.findtext(f"{CANVAS_META}shuffle_answers") == "false"  # Canvas applies the quiz's setting
    plain = write_quiz("- id: plain\n  type: single\n  stem: Capital?\n  options:\n    - text: Ankara\n"
                       "      correct: true\n    - text: İzmir\n", name="plain.quiz.yaml", quiz_id="plain")
    package = zip_entries(export(run, "canvas", plain, tmp_path / "plain.zip"))
    meta = etree.fromstring(package["plain/assessment_meta.xml"], PARSER)
    assert meta.findtext(f"{CANVAS_META}shuffle_answers") == "true"


def test_moodle_turns_shuffleanswers_off_where_the_order_means_something(run, quiz_path, tmp_path):
    root = etree.fromstring(export(run, "moodle", quiz_path, tmp_path / "out.xml"), PARSER)
    shuffles = {question.findtext("idnumber"): question.findtext("shuffleanswers") for question in root.iter("question")
                if question.get("type") == "multichoice"}
    assert shuffles == {item: "false" if meaningful else "true" for item, meaningful in MEANINGFUL.items()}


@pytest.mark.parametrize("fmt, label", [("gift", "GIFT"), ("aiken", "Aiken")])
def test_text_formats_that_cannot_keep_the_order_name_the_items_that_need_it(run, quiz_path, write_quiz, tmp_path,
                                                                             fmt, label):
    """GIFT and Aiken have no shuffling setting, and Moodle imports their questions shuffled (its default)."""
    result = run("export", "--to", fmt, "--force", "-o", tmp_path / "out.txt", quiz_path)
    assert result.exit_code == 0, result.output
    warning = re.search(rf"warning: {label} cannot keep options in order, and Moodle shuffles them by default: these "
                        r"items have fixed options or an order that means something: ([^(]+) \(", result.output)
    assert warning is not None, result.output
    written = [item for item in MEANINGFUL if fmt == "gift" or item != "none-in-turkish-only"]  # Aiken: single
    assert warning.group(1).split(", ") == [item for item in written if MEANINGFUL[item]]
    fixed_only = write_quiz("- id: pinned\n  stem: Which?\n  options:\n    - text: Ankara\n"
                            "      correct: true\n    - text: Bursa\n      fixed: true\n", name="pinned.quiz.yaml",
                            quiz_id="pinned", languages="en")
    result = run("export", "--to", fmt, "--force", "-o", tmp_path / "pinned.txt", fixed_only)
    assert "cannot keep options in order" in result.output and ": pinned (" in result.output
    plain = write_quiz("- id: plain\n  stem: Which?\n  options:\n    - text: Ankara\n"
                       "      correct: true\n    - text: Bursa\n", name="plain.quiz.yaml", quiz_id="plain",
                       languages="en")
    assert "in order" not in run("export", "--to", fmt, "--force", "-o", tmp_path / "plain.txt", plain).output


def test_fix_and_export_ask_the_same_question_without_the_export_loading_any_rule(quiz_path):
    """The export stage must not reach into the linter's rules: exporting loads no rule module nor any rule
    helper (``rules.base``, the rule contract, comes in with the path display that reports share)."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from quizlint.export import ExportOptions, export_bank, load_bank\n"
        f"bank, _ = load_bank([Path({str(quiz_path)!r})])\n"
        "for name in ('qti21', 'qti30', 'canvas', 'moodle'):\n"
        "    export_bank(bank, name, ExportOptions())\n"
        "print(' '.join(sorted(name for name in sys.modules if name.startswith('quizlint.rules'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert set(result.stdout.split()) <= {"quizlint.rules", "quizlint.rules.base"}
    from quizlint.lint.engine import summarize
    from quizlint.model import read_quiz

    # `quizlint fix` (and the position rules' fixable mark) read the item summaries the linter makes
    assert {summary.item: summary.ordered for summary in summarize(read_quiz(quiz_path)[0]).items} == MEANINGFUL


def test_fix_leaves_a_meaningful_order_to_the_export(run, quiz_path, tmp_path):
    """After `quizlint fix` sorts numeric options, the export keeps them in that order, unshuffled."""
    result = run("fix", quiz_path)
    assert result.exit_code == 0, result.output
    assert "sorted the numeric options in ascending order (4, 8, 16)" in result.output
    root = etree.fromstring(export(run, "moodle", quiz_path, tmp_path / "out.xml", "--lang", "en"), PARSER)
    numbers = next(q for q in root.iter("question") if q.findtext("idnumber") == "numbers")
    assert [answer.findtext("text") for answer in numbers.findall("answer")] == ["4", "8", "16"]
    assert numbers.findtext("shuffleanswers") == "false"
