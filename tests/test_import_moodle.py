"""`quizlint import --from moodle`: Moodle XML with multilang, categories, idnumbers, tags, feedback."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizlint.load import load_document
from quizlint.model import read_quiz

FIXTURES = Path(__file__).parent / "fixtures" / "import" / "moodle"


@pytest.fixture
def bilingual(run, tmp_path):
    out = tmp_path / "solar.quiz.yaml"
    result = run("import", FIXTURES / "bilingual.xml", "-o", out)
    assert result.exit_code == 0, result.stderr
    quiz_file, findings = read_quiz(out)
    assert findings == []
    return quiz_file.quiz, result


def test_format_is_guessed_from_the_root_element(bilingual):
    _, result = bilingual
    assert "guessed format: moodle (from the content: root element <quiz>)" in result.stderr


def test_multilang_spans_and_mlang_blocks_fill_both_languages(bilingual):
    quiz, _ = bilingual
    assert quiz.languages == ["en", "tr"]
    largest = quiz.items[0]
    assert largest.stem == {"en": "Which planet is the *largest*?", "tr": "En *büyük* gezegen hangisidir?"}
    assert largest.explanation == {
        "en": "Jupiter's mass is more than twice that of all the other planets combined.",
        "tr": "Jüpiter'in kütlesi diğer tüm gezegenlerin toplamının iki katından fazladır."}
    assert largest.options[1].text == {"en": "Earth", "tr": "Dünya"}
    assert largest.options[2].feedback == {"en": "Second largest.", "tr": "İkinci en büyük."}
    # a text without multilang markup in a multilang file is language-neutral, as Moodle shows it
    assert largest.options[0].text == "Jupiter"
    assert quiz.description == {"en": "Questions about the **Solar System**.", "tr": "**Güneş Sistemi** üzerine sorular."}


def test_keys_types_points_ids_and_tags(bilingual):
    quiz, _ = bilingual
    largest, giants, moon, eclipse = quiz.items
    assert (eclipse.type, eclipse.response.format) == ("essay", "editor")  # (it used to be skipped)
    assert (largest.type, [o.correct for o in largest.options]) == ("single", [True, False, False])
    assert (giants.type, [o.correct for o in giants.options]) == ("multiple", [True, True, False])
    assert (moon.type, moon.answer) == ("true_false", False)
    assert largest.points == 2 and giants.points == 1
    assert largest.id == "largest-planet"  # the idnumber
    assert giants.id == "solar-system-q2" and moon.id == "solar-system-q3"  # no usable idnumber or name
    assert largest.tags == ["planets", "size", "Solar System"]  # its tags, then its category
    assert moon.tags == ["Moons"]


def test_quiz_title_from_the_category_and_translation_state(bilingual):
    quiz, _ = bilingual
    assert quiz.id == "solar-system" and quiz.title == {"en": "Solar System"}
    from quizlint.model import source_digest

    *translated, eclipse = quiz.items
    assert eclipse.translations == {}  # its only text has no language: it is the same in every language
    for item in translated:
        assert item.translations["tr"].status == "draft"
        assert item.translations["tr"].source == source_digest(item, "en")


def test_essays_are_imported_and_embedded_files_are_reported(bilingual):
    quiz, result = bilingual
    assert "skipped" not in result.stderr  # the essay used to be skipped
    assert quiz.items[-1].stem == "Describe a solar eclipse."
    assert "question 'Gas giants': embedded files (images, media) are not imported" in result.stderr


def test_html_that_markdown_cannot_say_stays_inline_html(bilingual):
    quiz, _ = bilingual
    giants = quiz.items[1]
    assert giants.stem["en"].startswith("Which planets are gas giants?\n\n<img src=")
    assert giants.options[2].feedback == {"en": "Mars is a **rocky** planet.", "tr": "Mars **kayalık** bir gezegendir."}


def test_plain_moodle_file_goes_into_lang(run, tmp_path):
    path = tmp_path / "plain.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Başkent</text></name>
    <questiontext format="html"><text><![CDATA[<p>Türkiye'nin başkenti neresidir?</p>]]></text></questiontext>
    <single>1</single>
    <answer fraction="100"><text>Ankara</text></answer>
    <answer fraction="0"><text>İstanbul</text></answer>
  </question>
</quiz>
""", encoding="utf-8")
    result = run("import", "--lang", "tr", "--languages", "tr,en", path)
    assert result.exit_code == 0, result.stderr
    out = tmp_path / "out.quiz.yaml"
    out.write_text(result.stdout, encoding="utf-8")
    document, _ = load_document(out)
    item = document.data["items"][0]
    assert item["stem"] == {"tr": "Türkiye'nin başkenti neresidir?"}
    assert item["options"][0] == {"text": {"tr": "Ankara"}, "correct": True}
    assert item["id"] == "plain-q1"  # "Başkent" is no ASCII id; the file name gives the quiz id
    assert "translations" not in item


def test_not_moodle_xml_and_broken_xml(run, tmp_path):
    other = tmp_path / "other.xml"
    other.write_text("<html><body/></html>", encoding="utf-8")
    result = run("import", "--from", "moodle", other)
    assert result.exit_code == 1 and "expected <quiz>" in result.stderr
    broken = tmp_path / "broken.xml"
    broken.write_text("<quiz>\n  <question type='multichoice'>\n    <name><text>x</name>\n</quiz>\n", encoding="utf-8")
    result = run("import", "--from", "moodle", broken)
    assert result.exit_code == 1
    assert f"{broken}:3:" in result.stderr and "malformed XML" in result.stderr


def test_styled_span_inside_a_multilang_span_stays_in_its_language(run, tmp_path):
    path = tmp_path / "nested.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="html"><text><![CDATA[<p><span lang="en" class="multilang">What is the <span style="color: red;">capital</span> of France?</span><span
      lang="tr" class="multilang">Fransa'nın başkenti neresidir?</span></p>]]></text></questiontext>
    <answer fraction="100" format="html"><text>Paris</text></answer>
    <answer fraction="0" format="html"><text>Lyon</text></answer>
  </question>
</quiz>
""", encoding="utf-8")
    out = tmp_path / "out.quiz.yaml"
    result = run("import", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    item = read_quiz(out)[0].quiz.items[0]
    assert item.stem == {"en": 'What is the <span style="color: red;">capital</span> of France?',
                         "tr": "Fransa'nın başkenti neresidir?"}


def test_each_text_format_means_what_it_means_in_moodle(run, tmp_path):
    path = tmp_path / "formats.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="plain_text"><text>Which tag breaks a line, &lt;br&gt; or &lt;hr&gt;? 2*3*4 = 24
# not a heading</text></questiontext>
    <generalfeedback format="moodle_auto_format"><text>A &lt;b&gt;line&lt;/b&gt; break
and *stars*</text></generalfeedback>
    <answer fraction="100" format="plain_text"><text>&lt;br&gt;</text></answer>
    <answer fraction="0" format="markdown"><text>*none*</text></answer>
    <answer fraction="0"><text>*also none*</text></answer>
  </question>
</quiz>
""", encoding="utf-8")
    out = tmp_path / "out.quiz.yaml"
    result = run("import", "--lang", "en", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    item = read_quiz(out)[0].quiz.items[0]
    assert item.stem == {"en": "Which tag breaks a line, \\<br> or \\<hr>? 2\\*3\\*4 = 24\\\n\\# not a heading"}
    assert item.explanation == {"en": "A **line** break\\\nand \\*stars\\*"}
    assert [option.text["en"] for option in item.options] == ["\\<br>", "*none*", "\\*also none\\*"]


def test_a_fraction_that_is_not_a_number_is_reported(run, tmp_path):
    path = tmp_path / "fraction.xml"
    path.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>capital</text></name>
    <questiontext><text>Capital of Turkey?</text></questiontext>
    <answer fraction="100"><text>Ankara</text></answer>
    <answer fraction="abc"><text>Izmir</text></answer>
  </question>
</quiz>
""", encoding="utf-8")
    result = run("import", path)
    assert result.exit_code == 0, result.stderr
    assert f"{path}:7: question 'capital': fraction 'abc' is not a number: the answer is imported as wrong" \
        in result.stderr


MOODLE_ORDER = """<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>planets</text></name>
    <questiontext format="html"><text>Which planet is the largest?</text></questiontext>
    <single>true</single>{shuffle}
    <answer fraction="100"><text>Jupiter</text></answer>
    <answer fraction="0"><text>Mars</text></answer>
    <answer fraction="0"><text>Venus</text></answer>
  </question>
  <question type="multichoice">
    <name><text>sizes</text></name>
    <questiontext format="html"><text>How many planets are there?</text></questiontext>
    <single>true</single>{shuffle}
    <answer fraction="0"><text>7</text></answer>
    <answer fraction="100"><text>8</text></answer>
    <answer fraction="0"><text>9</text></answer>
  </question>
</quiz>
"""


@pytest.mark.parametrize(("shuffle", "fixed"), [("false", True), ("0", True), ("true", False), (None, False)])
def test_options_moodle_does_not_shuffle_are_fixed(run, tmp_path, shuffle, fixed):
    # a re-export would shuffle them; numbers are kept in order by quizlint anyway, so they are not marked
    path = tmp_path / "order.xml"
    tag = f"\n    <shuffleanswers>{shuffle}</shuffleanswers>" if shuffle is not None else ""
    path.write_text(MOODLE_ORDER.format(shuffle=tag), encoding="utf-8")
    out = tmp_path / "order.quiz.yaml"
    result = run("import", path, "-o", out)
    assert result.exit_code == 0, result.stderr
    planets, sizes = read_quiz(out)[0].quiz.items
    assert [option.fixed for option in planets.options] == [fixed] * 3
    assert [option.fixed for option in sizes.options] == [False] * 3
    exported = tmp_path / "back.xml"
    assert run("export", "--to", "moodle", out, "-o", exported).exit_code == 0
    assert exported.read_text(encoding="utf-8").count("<shuffleanswers>false</shuffleanswers>") == 1 + fixed


def test_a_code_blocks_language_survives_a_round_trip(run, tmp_path):
    # the exporter renders ```python as <pre><code class="language-python">: the import keeps the info string
    source = tmp_path / "code.quiz.yaml"
    source.write_text('quizlint: 1\nid: code\nlanguages: [en]\ntitle: Code\nitems:\n  - id: len\n'
                      '    stem: "What does this print?\\n\\n```python\\nprint(len([1, 2]))\\n```"\n'
                      '    options:\n      - text: "2"\n        correct: true\n      - text: "3"\n', encoding="utf-8")
    exported, back = tmp_path / "code.xml", tmp_path / "back.quiz.yaml"
    assert run("export", "--to", "moodle", source, "-o", exported).exit_code == 0
    assert 'class="language-python"' in exported.read_text(encoding="utf-8")
    result = run("import", exported, "-o", back)
    assert result.exit_code == 0, result.stderr
    (item,) = read_quiz(back)[0].quiz.items
    assert item.stem == {"en": "What does this print?\n\n```python\nprint(len([1, 2]))\n```"}


COMBINED = """<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Vectors</text></name>
    <questiontext format="html"><text>Which are vector quantities?</text></questiontext>
    <single>false</single>
    <correctfeedback format="html"><text>Well done: both have a direction.</text></correctfeedback>
    <partiallycorrectfeedback format="html"><text></text></partiallycorrectfeedback>
    <incorrectfeedback format="html"><text>Review chapter 3 before retrying.</text></incorrectfeedback>
    <answer fraction="80"><text>Force</text></answer>
    <answer fraction="20"><text>Velocity</text></answer>
    <answer fraction="-100"><text>Mass</text></answer>
    <hint format="html"><text>A vector has a magnitude and a direction.</text></hint>
    <hint format="html"><text></text></hint>
  </question>
  <question type="multichoice">
    <name><text>Even</text></name>
    <questiontext format="html"><text>Which are even?</text></questiontext>
    <single>false</single>
    <answer fraction="33.33333"><text>2</text></answer>
    <answer fraction="33.33333"><text>4</text></answer>
    <answer fraction="33.33333"><text>6</text></answer>
    <answer fraction="-100"><text>7</text></answer>
  </question>
</quiz>
"""


def test_what_a_quiz_file_cannot_hold_is_reported_per_question(run, tmp_path):
    """Combined feedback and hints used to be dropped silently (and unequal credit among the right answers, now
    kept as the options' credits)."""
    source = tmp_path / "q.xml"
    source.write_text(COMBINED, encoding="utf-8")
    result = run("import", source, "--lang", "en", "-o", tmp_path / "out.quiz.yaml")
    assert result.exit_code == 0, result.stderr
    assert ("q.xml:3: question 'Vectors': feedback shown for a right or wrong answer as a whole is not imported "
            "(correctfeedback, incorrectfeedback)") in result.stderr  # the empty one says nothing
    assert "q.xml:3: question 'Vectors': 1 hint(s) not imported" in result.stderr
    assert "partial credit" not in result.stderr
    assert "'Even'" not in result.stderr
    vectors, even = read_quiz(tmp_path / "out.quiz.yaml")[0].quiz.items[:2]
    assert [option.correct for option in vectors.options] == [True, True, False]
    assert [option.credit for option in vectors.options] == [80, 20, -100]
    assert all(option.credit is not None for option in even.options)  # thirds, but 7 takes 100 away, not a third


def test_multilang_markup_in_a_language_that_is_no_tag_is_located(run, tmp_path):
    """``<span lang="english" class="multilang">`` cannot make a quiz file's language: a located error, not an
    internal one (``lang="pt_br"`` is Moodle's way to write pt-BR and is read so)."""
    source = tmp_path / "langs.xml"
    source.write_text("""<?xml version="1.0"?>
<quiz>
<question type="multichoice"><name><text>q</text></name>
<questiontext format="html"><text><![CDATA[<span lang="english" class="multilang">Hi</span><span lang="pt_br" class="multilang">Oi</span>]]></text></questiontext>
<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>
</quiz>
""", encoding="utf-8")
    result = run("import", source)
    assert result.exit_code == 1
    assert f"{source}:4:1: multilang markup names the language 'english', which is not a language tag" in result.stderr
    source.write_text(source.read_text(encoding="utf-8").replace('"english"', '"en"'), encoding="utf-8")
    result = run("import", source)
    assert result.exit_code == 0 and "languages: [en, pt-BR]" in result.stdout


@pytest.mark.parametrize(("grade", "points", "warned"), [("2.5", 2.5, False), ("1e400", 1, True), ("0", 1, True),
                                                         ("ten", 1, True)])
def test_a_default_grade_that_is_not_a_finite_positive_number_makes_the_item_worth_one(run, tmp_path, grade, points,
                                                                                       warned):
    """``<defaultgrade>1e400</defaultgrade>`` is infinite once read: it was an internal error."""
    source = tmp_path / "grade.xml"
    source.write_text(f"""<?xml version="1.0"?>
<quiz>
<question type="multichoice"><name><text>q</text></name><questiontext format="html"><text>Stem</text></questiontext>
<defaultgrade>{grade}</defaultgrade>
<answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question>
</quiz>
""", encoding="utf-8")
    result = run("import", source, "--lang", "en")
    assert result.exit_code == 0, result.stderr
    warning = f"{source}:4: question 'q': points '{grade}' are not a finite number greater than 0: the item is worth 1"
    assert (warning in result.stderr) == warned
    assert (f"points: {points}" in result.stdout) == (points != 1)
