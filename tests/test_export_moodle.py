"""`quizlint export --to moodle`: Moodle XML with Moodle's fractions, idnumbers, tags and multilang text."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from quizlint.export._common import MOODLE_FRACTIONS
from quizlint.render import render_plain
from test_export_support import PARSER, export, load_models, write_bank

ACCEPTED = {float(value) for value in MOODLE_FRACTIONS} | {-float(value) for value in MOODLE_FRACTIONS}
SPANS = re.compile(r'<span lang="([a-z]+)" class="multilang">(.*?)</span>', re.DOTALL)


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


@pytest.fixture
def moodle(run, bank, tmp_path):
    return etree.fromstring(export(run, "moodle", bank, tmp_path / "out.xml"), PARSER)


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def questions(root) -> dict[str, etree._Element]:
    return {q.findtext("idnumber"): q for q in root.iter("question") if q.get("type") != "category"}


def test_a_category_per_quiz_then_its_questions(moodle):
    kinds = [(q.get("type"), q.findtext("category/text") or q.findtext("idnumber")) for q in moodle]
    assert kinds == [("category", "$course$/top/alpha"), ("multichoice", "capital"), ("multichoice", "primes"),
                     ("truefalse", "1-earth-round"), ("category", "$course$/top/beta"), ("multichoice", "code-output"),
                     ("multichoice", "three-keys"), ("truefalse", "sun-cold")]


def test_fractions_are_moodle_grades_that_add_up(moodle, bank):
    models = {item.id: item for quiz in load_models(bank).values() for item in quiz.items}
    for idnumber, question in questions(moodle).items():
        item = models[idnumber]
        fractions = [float(answer.get("fraction")) for answer in question.findall("answer")]
        assert set(fractions) <= ACCEPTED
        if item.type == "true_false":
            texts = [answer.findtext("text") for answer in question.findall("answer")]
            right, wrong = (100, 0) if item.answer else (0, 100)
            assert dict(zip(texts, fractions)) == {"true": right, "false": wrong}
            continue
        assert sum(f for f in fractions if f > 0) == pytest.approx(100, abs=1e-3)
        assert [f > 0 for f in fractions] == [option.correct for option in item.options]
        assert question.findtext("single") == ("false" if item.type == "multiple" else "true")
        assert float(question.findtext("defaultgrade")) == item.points
        if item.type == "multiple":  # a wrong option takes away what a right one gives
            assert {f for f in fractions if f < 0} == {-max(fractions)}
    assert [a.get("fraction") for a in questions(moodle)["three-keys"].findall("answer")] == \
        ["33.33333", "33.33333", "33.33333", "-33.33333"]


def test_name_idnumber_tags_feedback_and_shuffling(moodle):
    capital = questions(moodle)["capital"]
    assert capital.findtext("name/text") == "capital"
    assert [tag.findtext("text") for tag in capital.findall("tags/tag")] == ["geography", "capitals"]
    assert capital.findtext("shuffleanswers") == "false"  # a fixed option: Moodle cannot pin it
    assert questions(moodle)["primes"].findtext("shuffleanswers") == "true"
    assert capital.find("questiontext").get("format") == "html"
    assert "Ankara has been the capital since 1923." in capital.findtext("generalfeedback/text")
    assert "The largest city" in capital.find("answer").findtext("feedback/text")


def test_every_text_has_adjacent_language_spans(moodle, bank):
    models = {item.id: item for quiz in load_models(bank).values() for item in quiz.items}
    for idnumber, question in questions(moodle).items():
        html = question.findtext("questiontext/text")
        found = SPANS.findall(html)
        assert [lang for lang, _ in found] == ["en", "tr"]
        assert re.search(r"</span>\s+<span", html) is None  # adjacent, as the core filter requires
        for (lang, html_text) in found:
            shown = "".join(etree.fromstring(f"<x>{html_text}</x>").itertext())
            assert squeeze(shown) == squeeze(render_plain(models[idnumber].stem[lang]))
    neutral = questions(moodle)["capital"].find("answer").findtext("text")
    assert neutral == "İstanbul"  # a language-neutral text is written once


def test_raw_xml_uses_cdata_for_html(run, bank, tmp_path):
    text = export(run, "moodle", bank, tmp_path / "out.xml").decode()
    assert '<questiontext format="html">\n      <text><![CDATA[<p><span lang="en" class="multilang">' in text


def test_mlang2_syntax_and_single_language(run, bank, tmp_path):
    mlang = export(run, "moodle", bank, tmp_path / "m.xml", "--multilang-syntax", "mlang2").decode()
    assert "{mlang en}Which city is the <strong>capital</strong> of Turkey?{mlang}{mlang tr}" in mlang
    assert 'class="multilang"' not in mlang
    turkish = etree.fromstring(export(run, "moodle", bank, tmp_path / "tr.xml", "--lang", "tr"), PARSER)
    stem = questions(turkish)["capital"].findtext("questiontext/text")
    assert stem == "<p>Türkiye'nin <strong>başkenti</strong> hangi şehirdir?</p>"


def test_no_exact_split_fails_loudly_with_the_position(run, write_quiz, tmp_path):
    options = "\n".join(f"  - text: option {n}\n    correct: {'true' if n < 11 else 'false'}" for n in range(12))
    path = write_quiz(f"- id: eleven\n  type: multiple\n  stem: {{en: Pick, tr: Seç}}\n  options:\n{options}\n")
    result = run("export", "--to", "moodle", "--force", "-o", tmp_path / "out.xml", path)
    assert result.exit_code == 1
    assert re.search(r"demo\.quiz\.yaml:\d+:\d+: item 'eleven' has 11 right options", result.output)
    assert not (tmp_path / "out.xml").exists()
