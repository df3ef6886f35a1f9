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
    kinds = [(q.get("type"), q.findtext("idnumber")) for q in moodle]
    assert kinds == [("category", "alpha"), ("multichoice", "capital"), ("multichoice", "primes"),
                     ("truefalse", "1-earth-round"), ("category", "beta"), ("multichoice", "code-output"),
                     ("multichoice", "three-keys"), ("truefalse", "sun-cold")]


def moodle_category_names(path: str) -> list[str]:
    """Moodle's qformat_default::split_category_path: ``/`` separates, ``//`` is a ``/`` inside a name."""
    return [name.replace("//", "/").strip() for name in re.split(r"(?<!/)/(?!/)", path)]


def test_the_category_is_named_after_the_title_and_carries_the_id_and_description(moodle):
    alpha = next(q for q in moodle.iter("question") if q.get("type") == "category")
    names = moodle_category_names(alpha.findtext("category/text"))
    assert names[:2] == ["$course$", "top"] and len(names) == 3
    assert SPANS.findall(names[2]) == [("en", "Alpha quiz"), ("tr", "Alfa sınavı")]
    assert SPANS.sub("", names[2]) == ""  # adjacent spans and nothing else: Moodle's PARAM_TEXT keeps them
    assert alpha.findtext("idnumber") == "alpha"
    assert SPANS.findall(alpha.findtext("info/text")) == [("en", "Questions about <em>capitals</em>."),
                                                          ("tr", "<em>Başkentler</em> hakkında sorular.")]


TITLES = {"en": "A/B testing & <friends>/", "tr": "/A/B testi ve <dostları>"}


@pytest.mark.parametrize("args", [(), ("--multilang-syntax", "mlang2"), ("--lang", "tr")])
def test_titles_with_slashes_and_markup_characters_round_trip(run, write_quiz, tmp_path, args):
    from quizlint.model import read_quiz

    path = write_quiz("- id: one\n  type: single\n  stem: {en: One?, tr: Bir?}\n  options:\n    - text: a\n"
                      "      correct: true\n    - text: b\n", quiz_id="ab-testing")
    path.write_text(path.read_text().replace("title: {en: Title en, tr: Title tr}",
                                             f"title: {{en: {TITLES['en']!r}, tr: {TITLES['tr']!r}}}\n"
                                             "description: {en: About *A/B*., tr: '*A/B* hakkında.'}"))
    root = etree.fromstring(export(run, "moodle", path, tmp_path / "out.xml", *args), PARSER)
    category = root.find("question")
    names = moodle_category_names(category.findtext("category/text"))
    assert names[:2] == ["$course$", "top"] and len(names) == 3
    languages = ["tr"] if args == ("--lang", "tr") else ["en", "tr"]
    import_args = ["--lang", "tr", "--languages", "tr"] if languages == ["tr"] else []
    result = run("import", "--from", "moodle", *import_args, tmp_path / "out.xml", "-o", tmp_path / "back.quiz.yaml")
    assert result.exit_code == 0, result.output
    quiz = read_quiz(tmp_path / "back.quiz.yaml")[0].quiz
    assert quiz.id == "ab-testing"
    assert quiz.title == {lang: TITLES[lang] for lang in languages}
    assert quiz.description == {lang: {"en": "About *A/B*.", "tr": "*A/B* hakkında."}[lang] for lang in languages}


def test_a_title_too_long_for_a_category_name_falls_back_with_a_warning(run, write_quiz, tmp_path):
    path = write_quiz("- id: one\n  type: true_false\n  stem: {en: One?, tr: Bir?}\n  answer: true\n", quiz_id="long")
    long_title = "{en: '" + "Long " * 40 + "', tr: 'Kısa'}"
    path.write_text(path.read_text().replace("{en: Title en, tr: Title tr}", long_title))
    result = run("export", "--to", "moodle", "-o", tmp_path / "out.xml", path)
    assert result.exit_code == 0, result.output
    assert "the title is too long for a Moodle category name (255 characters): the category is named after its " \
           "source-language title" in result.output
    root = etree.fromstring((tmp_path / "out.xml").read_bytes(), PARSER)
    assert moodle_category_names(root.findtext("question/category/text"))[2] == ("Long " * 40).strip()
    path.write_text(path.read_text().replace("'Kısa'", "'" + "Uzun " * 60 + "'").replace("Long " * 40, "Long " * 60))
    result = run("export", "--to", "moodle", "-o", tmp_path / "out.xml", path)
    assert "named after the quiz id" in result.output
    root = etree.fromstring((tmp_path / "out.xml").read_bytes(), PARSER)
    assert root.findtext("question/category/text") == "$course$/top/long"


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
    assert questions(moodle)["primes"].findtext("shuffleanswers") == "false"  # numbers: their order means something
    assert questions(moodle)["three-keys"].findtext("shuffleanswers") == "true"
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
    stem = questions(turkish)["capital-tr"].findtext("questiontext/text")  # (its own idnumber: see test_languages)
    assert stem == "<p>Türkiye'nin <strong>başkenti</strong> hangi şehirdir?</p>"


def test_no_exact_split_fails_loudly_with_the_position(run, write_quiz, tmp_path):
    options = "\n".join(f"  - text: option {n}\n    correct: {'true' if n < 11 else 'false'}" for n in range(12))
    path = write_quiz(f"- id: eleven\n  type: multiple\n  stem: {{en: Pick, tr: Seç}}\n  options:\n{options}\n")
    result = run("export", "--to", "moodle", "--force", "-o", tmp_path / "out.xml", path)
    assert result.exit_code == 1
    assert re.search(r"demo\.quiz\.yaml:\d+:\d+: item 'eleven' has 11 right options", result.output)
    assert not (tmp_path / "out.xml").exists()
