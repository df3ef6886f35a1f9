"""`quizlint import --from qti`: QTI 2.1 and 3.0 packages (folder and zip), single items, and Canvas QTI 1.2
packages, including one made by another tool (text2qti, from PyPI)."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import shared_dir
from quizlint.model import read_quiz

FIXTURES = Path(__file__).parent / "fixtures" / "import"
PACKAGE = FIXTURES / "qti21"


def zip_folder(folder: Path, target: Path) -> Path:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                archive.write(path, path.relative_to(folder).as_posix())
    target.write_bytes(buffer.getvalue())
    return target


def imported(run, tmp_path: Path, source: Path, *extra: str):
    out = tmp_path / "out.quiz.yaml"
    result = run("import", source, "-o", out, "--force", *extra)
    assert result.exit_code == 0, result.stderr
    quiz_file, findings = read_quiz(out)
    assert findings == []
    return quiz_file.quiz, result


def exported(run, tmp_path: Path, quiz_yaml: str, fmt: str) -> Path:
    """The package ``quizlint export --to FMT`` writes for the quiz file ``quiz_yaml``."""
    (tmp_path / "source.quiz.yaml").write_text(quiz_yaml, encoding="utf-8")
    package = tmp_path / "package.zip"
    assert run("export", "--to", fmt, "-o", package, tmp_path / "source.quiz.yaml").exit_code == 0
    return package


def test_fixture_items_are_valid_qti21():
    """The hand-written package is real QTI 2.1: every item and the test validate against the official XSD."""
    from lxml import etree

    xsd = shared_dir("xsd")
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    schema = etree.XMLSchema(etree.parse(str(xsd / "qti21" / "qtiv2p1" / "imsqti_v2p1.xsd"), parser))
    for path in sorted(PACKAGE.rglob("*.xml")):
        if path.name != "imsmanifest.xml":
            schema.assertValid(etree.parse(str(path), parser))


@pytest.mark.parametrize("packed", [False, True], ids=["folder", "zip"])
def test_qti21_package(run, tmp_path, packed):
    source = zip_folder(PACKAGE, tmp_path / "planets.zip") if packed else PACKAGE
    quiz, result = imported(run, tmp_path, source)
    assert "guessed format: qti" in result.stderr
    assert "skipped" not in result.stderr  # the essay (an extendedTextInteraction) used to be skipped
    assert "item 'Largest planet': media files are referenced but not imported: jupiter.png" in result.stderr
    assert quiz.title == {"en": "The Planets"} and quiz.languages == ["en"]  # the test's title, the items' xml:lang
    giants, largest, moon, eclipse = quiz.items  # in the test's order, not the manifest's
    assert (eclipse.id, eclipse.type, eclipse.stem) == ("eclipse-essay", "essay", {"en": "Describe a solar eclipse."})
    assert giants.id == "the-planets-q1"  # its identifier is a hash, not a readable id
    assert giants.type == "multiple" and [o.correct for o in giants.options] == [True, True, False]  # from mapping
    assert giants.stem == {"en": "Which planets are **gas giants**?"}
    assert largest.id == "largest-planet" and largest.points == 2
    assert largest.stem["en"].endswith("Which planet is the *largest* in the Solar System?")
    assert [o.text["en"] for o in largest.options] == ["Earth", "Jupiter", "Saturn", "None of these"]
    assert [o.correct for o in largest.options] == [False, True, False, False]
    assert [o.fixed for o in largest.options] == [False, False, False, True]
    assert largest.options[1].feedback == {"en": "Yes: a **gas giant**."}  # feedbackInline
    assert largest.options[2].feedback == {"en": "Saturn is the second largest."}  # modalFeedback
    assert largest.explanation == {"en": "Jupiter's mass is more than twice that of all the other planets combined."}
    assert (moon.type, moon.answer) == ("true_false", False)  # two choices True/False


def test_single_assessment_item_file(run, tmp_path):
    sample = shared_dir("xsd") / "samples" / "qti21_choice.xml"
    quiz, result = imported(run, tmp_path, sample, "--from", "qti")
    (item,) = quiz.items
    assert item.id == "Q1"
    assert [o.text["en"] for o in item.options] == ["İstanbul", "Ankara", "İzmir"]
    assert [o.correct for o in item.options] == [False, True, False] and item.options[2].fixed
    # the Turkish span inside the English prompt stays where it is, as inline HTML: never split by guessing
    assert '<span xml:lang="tr">' not in item.stem["en"] and "Türkiye'nin başkenti" in item.stem["en"]


def test_single_qti30_item_file_reads_as_its_qti21_twin(run, tmp_path):
    # QTI 3.0 renamed the elements and attributes (<qti-choice-interaction max-choices=…>), not the model
    quiz, result = imported(run, tmp_path, shared_dir("xsd") / "samples" / "qti30_choice.xml", "--from", "qti")
    (item,) = quiz.items
    assert result.stderr.endswith("(1 item)\n")
    assert item.id == "Q1" and item.type == "single"
    assert [o.text["en"] for o in item.options] == ["İstanbul", "Ankara", "İzmir"]
    assert [o.correct for o in item.options] == [False, True, False]
    assert item.stem["en"].startswith("What is the capital of Türkiye?")


GEO_QUIZ = """\
quizlint: 1
id: geo-basics
languages: [en, tr]
title: {en: Geography, tr: Coğrafya}
description: {en: "Capitals, *briefly*.", tr: "Başkentler, *kısaca*."}
items:
  - id: capital
    stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
    options:
      - text: Ankara
        correct: true
      - text: İzmir
"""


def geo_package(run, tmp_path: Path, fmt: str = "qti21", lang: str = "all") -> Path:
    """The package ``quizlint export`` writes for GEO_QUIZ."""
    (tmp_path / "geo.quiz.yaml").write_text(GEO_QUIZ, encoding="utf-8")
    package = tmp_path / f"geo-{lang}.zip"
    assert run("export", "--to", fmt, "--lang", lang, "-o", package, tmp_path / "geo.quiz.yaml").exit_code == 0
    return package


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_a_package_quizlint_wrote_gives_back_the_quiz_id_and_description(run, tmp_path, fmt):
    quiz, result = imported(run, tmp_path, geo_package(run, tmp_path, fmt))
    assert quiz.id == "geo-basics"  # not a slug of the title: the test's identifier, which quizlint wrote
    assert quiz.title == {"en": "Geography", "tr": "Coğrafya"}
    assert quiz.description == {"en": "Capitals, *briefly*.", "tr": "Başkentler, *kısaca*."}  # the rubricBlock
    assert [o.correct for o in quiz.items[0].options] == [True, False]


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_a_package_in_one_language_keeps_the_language_its_items_declare(run, tmp_path, fmt):
    package = geo_package(run, tmp_path, fmt, "tr")
    quiz, result = imported(run, tmp_path, package)
    assert "language is not declared" not in result.stderr  # the items' xml:lang says it: tr
    assert quiz.languages == ["tr"] and quiz.title == {"tr": "Coğrafya"}
    assert quiz.items[0].stem == {"tr": "Türkiye'nin başkenti hangi şehirdir?"}
    quiz, _ = imported(run, tmp_path, package, "--lang", "en")  # --lang still decides
    assert quiz.languages == ["en"] and quiz.title == {"en": "Coğrafya"}

def rewritten(package: Path, old: bytes, new: bytes) -> Path:
    """``package`` (a zip) with ``old`` replaced by ``new`` in every entry."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(package) as source, zipfile.ZipFile(buffer, "w") as target:
        for info in source.infolist():
            target.writestr(info.filename, source.read(info).replace(old, new))
    package.write_bytes(buffer.getvalue())
    return package


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_an_xml_lang_written_with_an_underscore_is_a_language_tag(run, tmp_path, fmt):
    """Other tools write xml:lang="tr_TR"; the quiz file's tag is tr-TR (it was an internal error)."""
    package = rewritten(geo_package(run, tmp_path, fmt, "tr"), b'xml:lang="tr"', b'xml:lang="tr_TR"')
    quiz, _ = imported(run, tmp_path, package)
    assert quiz.languages == ["tr-TR"] and quiz.items[0].stem == {"tr-TR": "Türkiye'nin başkenti hangi şehirdir?"}


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_an_xml_lang_that_is_no_language_tag_is_set_aside_with_a_warning(run, tmp_path, fmt):
    package = rewritten(geo_package(run, tmp_path, fmt, "tr"), b'xml:lang="tr"', b'xml:lang="turkish"')
    quiz, result = imported(run, tmp_path, package, "--lang", "tr")
    assert "xml:lang 'turkish' is not a language tag (such as en, tr, pt-BR): the texts go into --lang" in result.stderr
    assert quiz.languages == ["tr"] and quiz.items[0].stem == {"tr": "Türkiye'nin başkenti hangi şehirdir?"}


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_points_that_are_not_a_finite_number_make_the_item_worth_one(run, tmp_path, fmt):
    """A MAXSCORE (points_possible) of 1e400 is infinite once read: it was an internal error."""
    (tmp_path / "geo.quiz.yaml").write_text(GEO_QUIZ + "    points: 3\n", encoding="utf-8")
    package = tmp_path / "geo.zip"
    assert run("export", "--to", fmt, "-o", package, tmp_path / "geo.quiz.yaml").exit_code == 0
    quiz, result = imported(run, tmp_path, rewritten(package, b">3<", b">1e400<"))
    assert "item 'capital': points '1e400' are not a finite number greater than 0: the item is worth 1" in result.stderr
    assert quiz.items[0].points == 1


def test_a_mapped_value_that_is_not_a_number_is_located(run, tmp_path):
    item = tmp_path / "item.xml"
    item.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="q1" title="q1" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <mapping defaultValue="0"><mapEntry mapKey="A" mappedValue="one"/></mapping>
  </responseDeclaration>
  <itemBody><p>Stem</p>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="true" maxChoices="1">
      <simpleChoice identifier="A">a</simpleChoice><simpleChoice identifier="B">b</simpleChoice>
    </choiceInteraction>
  </itemBody>
</assessmentItem>
""", encoding="utf-8")
    result = run("import", item)
    assert result.exit_code == 1
    assert f"{item}:4:1: mapEntry 'A': mappedValue 'one' is not a number" in result.stderr
    item.write_text(item.read_text(encoding="utf-8").replace('"one"', '"1"'), encoding="utf-8")
    assert run("import", item).exit_code == 0


@pytest.mark.parametrize(("true", "false"), [("DOĞRU", "YANLIŞ"), ("Doğru", "Yanlış"), ("TRUE", "FALSE")])
def test_true_and_false_in_capitals_make_a_true_false_item_in_turkish_too(run, tmp_path, true, false):
    """YANLIŞ was casefolded without Turkish rules (to "yanliş", not "yanlış"): no true/false item."""
    item = tmp_path / "item.xml"
    item.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="q1" title="q1" adaptive="false"
    timeDependent="false" xml:lang="tr">
  <responseDeclaration identifier="RESPONSE" cardinality="single" baseType="identifier">
    <correctResponse><value>B</value></correctResponse>
  </responseDeclaration>
  <itemBody><p>Ankara başkenttir.</p>
    <choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="1">
      <simpleChoice identifier="A">{false}</simpleChoice><simpleChoice identifier="B">{true}</simpleChoice>
    </choiceInteraction>
  </itemBody>
</assessmentItem>
""", encoding="utf-8")
    quiz, _ = imported(run, tmp_path, item)
    assert (quiz.items[0].type, quiz.items[0].answer) == ("true_false", True)


def test_canvas_sample_from_text2qti(run, tmp_path):
    """The shared sample is a questestinterop written by text2qti (Canvas QTI 1.2)."""
    quiz, result = imported(run, tmp_path, shared_dir("xsd") / "samples" / "text2qti_assessment.xml",
                            "--from", "qti", "--lang", "en")
    capital, primes = quiz.items
    assert capital.points == 2 and [o.correct for o in capital.options] == [False, True, False]
    assert capital.options[0].feedback == {"en": "Largest city, not the capital. / En büyük şehir, başkent değil."}
    assert capital.explanation == {"en": "General feedback: Ankara has been the capital since 1923."}
    assert primes.type == "multiple" and [o.correct for o in primes.options] == [True, True, False, False]
    assert "(correct_fb, general_incorrect_fb)" in result.stderr


TEXT2QTI_QUIZ = """\
Quiz title: Planets / Gezegenler
Quiz description: Built by text2qti in the test.

Title: largest
1.  Which planet is the largest?
... Jupiter is a gas giant.
a)  Mars
... A rocky planet.
*b) Jupiter
c)  Venus

Title: giants
2.  Which planets are gas giants?
[*] Saturn
[ ] Mars
[*] Jupiter

Title: moon
3.  The Moon produces its own light.
a)  True
*b) False

Title: essay
4.  Describe an eclipse.
___

Title: bytes
5.  How many bytes do 1000 weights of 4 bits take?
=   500 +- 2

Title: format
6.  Which format stores tensors without pickles?
*   safetensors
*   safe tensors
"""


def test_canvas_package_built_by_text2qti(run, tmp_path):
    pytest.importorskip("text2qti", reason="text2qti (PyPI) is not installed: it builds the Canvas package")
    source = tmp_path / "planets.md"
    source.write_text(TEXT2QTI_QUIZ, encoding="utf-8")
    command = "import sys; from text2qti.cmdline import main; sys.argv = ['text2qti', sys.argv[1]]; main()"
    built = subprocess.run([sys.executable, "-c", command, source.name], cwd=tmp_path, capture_output=True,
                           text=True, timeout=120)
    assert built.returncode == 0, built.stderr
    quiz, result = imported(run, tmp_path, tmp_path / "planets.zip")
    assert quiz.title == {"en": "Planets / Gezegenler"}
    largest, giants, moon, essay, numerical, short = quiz.items
    assert [o.text["en"] for o in largest.options] == ["Mars", "Jupiter", "Venus"]
    assert [o.correct for o in largest.options] == [False, True, False]
    assert largest.options[0].feedback == {"en": "A rocky planet."}
    assert largest.explanation == {"en": "Jupiter is a gas giant."}
    assert giants.type == "multiple" and [o.correct for o in giants.options] == [True, False, True]
    assert (moon.type, moon.answer) == ("true_false", False)
    # essays, numerical and short-answer questions used to be skipped
    assert essay.type == "essay" and essay.stem == {"en": "Describe an eclipse."}
    assert numerical.type == "numerical"
    assert [(answer.value, answer.tolerance) for answer in numerical.answers] == [(500, 2)]
    assert short.type == "short_answer"
    assert [answer.text for answer in short.answers] == ["safetensors", "safe tensors"]
    assert "skipped" not in result.stderr


def test_zip_without_manifest_is_scanned(run, tmp_path):
    archive = tmp_path / "loose.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.write(shared_dir("xsd") / "samples" / "qti21_choice.xml", "items/q1.xml")
        handle.writestr("readme.txt", "not xml")
    quiz, _ = imported(run, tmp_path, archive)
    assert [item.id for item in quiz.items] == ["Q1"]


@pytest.mark.parametrize("packed", [False, True])
@pytest.mark.parametrize(("missing", "named_at", "element"), [
    ("items/i103/qti.xml", "tests/t1/test.xml:10:1", "assessmentItemRef"),  # named by the test first
    ("tests/t1/test.xml", "imsmanifest.xml:33:1", "resource"),
])
def test_a_missing_file_is_reported_where_it_is_named(run, tmp_path, packed, missing, named_at, element):
    # the error named only the package ("p.zip: the archive has no entry …"), not the reference to the file
    folder = tmp_path / "package"
    shutil.copytree(PACKAGE, folder)
    (folder / missing).unlink()
    source = zip_folder(folder, tmp_path / "p.zip") if packed else folder
    result = run("import", "--from", "qti", source)
    assert result.exit_code == 1
    where = f"{source}!{named_at}" if packed else f"{folder / named_at}"
    assert f"{where}: <{element}> names {missing!r}, which is not in the package" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["imsqti_item_xmlv2p1", "imsqti_xmlv1p2"])  # a QTI 2.1 item, a Canvas quiz
def test_a_file_only_the_manifest_names_is_reported_at_its_resource(run, tmp_path, kind):
    archive = tmp_path / "p.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("imsmanifest.xml", f"""<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" identifier="M">
  <resources>
    <resource identifier="R" type="{kind}" href="items/missing.xml"><file href="items/missing.xml"/></resource>
  </resources>
</manifest>
""")
    result = run("import", "--from", "qti", archive)
    assert result.exit_code == 1
    assert (f"{archive}!imsmanifest.xml:4:1: <resource> names 'items/missing.xml', which is not in the package"
            in result.stderr)


SPACE_QUIZ = """\
quizlint: 1
id: space
languages: [en, tr]
title: {en: Space, tr: Uzay}
items:
  - id: capital
    stem: {en: "Which planet is the largest?", tr: "En büyük gezegen hangisidir?"}
    options:
      - text: {en: Jupiter, tr: Jüpiter}
        correct: true
      - text: Mars
"""


def export_bank(run, tmp_path: Path, fmt: str, lang: str) -> Path:
    """The package of a bank of two quizzes, whose items share an id (a lint error: exported with --force)."""
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "geo.quiz.yaml").write_text(GEO_QUIZ, encoding="utf-8")
    (bank / "space.quiz.yaml").write_text(SPACE_QUIZ, encoding="utf-8")
    package = tmp_path / "bank.zip"
    assert run("export", "--to", fmt, "--lang", lang, "--force", "-o", package, bank).exit_code == 0
    return package


@pytest.fixture
def bank_package(run, tmp_path):
    """A QTI 2.1 package of a bank of two quizzes (one test per quiz and language)."""
    return export_bank(run, tmp_path, "qti21", "all")


def test_a_bank_package_splits_into_its_quizzes(run, tmp_path, bank_package):
    result = run("import", bank_package, "--split", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    geo, space = (read_quiz(tmp_path / "out" / name)[0].quiz for name in ("geo-basics.quiz.yaml", "space.quiz.yaml"))
    assert (geo.id, geo.title) == ("geo-basics", {"en": "Geography", "tr": "Coğrafya"})
    assert geo.description == {"en": "Capitals, *briefly*.", "tr": "Başkentler, *kısaca*."}
    assert (space.id, space.title, space.description) == ("space", {"en": "Space", "tr": "Uzay"}, None)
    assert [item.stem["tr"] for item in geo.items] == ["Türkiye'nin başkenti hangi şehirdir?"]
    assert [item.stem["tr"] for item in space.items] == ["En büyük gezegen hangisidir?"]  # same id, other quiz
    assert not any(item.tags for item in geo.items + space.items)


ENGLISH_QUIZ = """\
quizlint: 1
id: only-english
languages: [en]
title: {en: Only English}
items:
  - id: a1
    stem: {en: "Which planet is largest?"}
    options:
      - text: {en: Jupiter}
        correct: true
      - text: {en: Mars}
"""


def test_each_quiz_split_from_a_package_declares_only_its_own_languages(run, tmp_path):
    """An English-only quiz of a bank with a bilingual one came back declaring `tr` too (and failed lint, T001)."""
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "a.quiz.yaml").write_text(ENGLISH_QUIZ, encoding="utf-8")
    (bank / "b.quiz.yaml").write_text(SPACE_QUIZ, encoding="utf-8")
    assert run("export", "--to", "qti21", "--lang", "all", "-o", tmp_path / "bank.zip", bank).exit_code == 0
    assert run("import", tmp_path / "bank.zip", "--split", "-o", tmp_path / "out").exit_code == 0
    english, space = (read_quiz(tmp_path / "out" / name)[0].quiz for name in ("only-english.quiz.yaml",
                                                                              "space.quiz.yaml"))
    assert (english.languages, space.languages) == (["en"], ["en", "tr"])
    result = run("lint", "--no-cache", tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_a_bank_package_without_split_is_one_quiz_called_as_the_package(run, tmp_path, bank_package):
    quiz, result = imported(run, tmp_path, bank_package)
    assert "the package holds 2 tests ('Geography', 'Space')" in result.stderr and "--split" in result.stderr
    assert (quiz.id, quiz.title, quiz.description) == ("bank", {"en": "bank"}, None)  # no one quiz's id or title
    assert [(item.tags, item.stem["en"]) for item in quiz.items] == [
        (["Geography"], "Which city is the capital of Turkey?"), (["Space"], "Which planet is the largest?")]


def test_a_canvas_bank_splits_into_its_quizzes(run, tmp_path):
    # each assessment of a Canvas package is a quiz: its id and title, its description from assessment_meta.xml
    package = export_bank(run, tmp_path, "canvas", "tr")
    result = run("import", package, "--split", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    geo, space = (read_quiz(tmp_path / "out" / name)[0].quiz for name in ("geo-basics.quiz.yaml", "space.quiz.yaml"))
    assert (geo.id, geo.title, geo.description) == ("geo-basics", {"tr": "Coğrafya"}, {"tr": "Başkentler, *kısaca*."})
    assert (space.id, space.title, space.description) == ("space", {"tr": "Uzay"}, None)
    assert [item.stem for item in geo.items] == [{"tr": "Türkiye'nin başkenti hangi şehirdir?"}]
    assert [item.stem for item in space.items] == [{"tr": "En büyük gezegen hangisidir?"}]
    quiz, result = imported(run, tmp_path, package)
    assert "the package holds 2 tests ('Coğrafya', 'Uzay')" in result.stderr and "--split" in result.stderr
    assert (quiz.id, quiz.title, quiz.description) == ("bank", {"tr": "bank"}, None)
    assert [item.tags for item in quiz.items] == [["Coğrafya"], ["Uzay"]]


def test_split_of_a_one_quiz_package_keeps_its_title_id_and_description(run, tmp_path):
    result = run("import", geo_package(run, tmp_path), "--split", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    quiz = read_quiz(tmp_path / "out" / "geo-basics.quiz.yaml")[0].quiz
    assert quiz.title == {"en": "Geography", "tr": "Coğrafya"}
    assert quiz.description == {"en": "Capitals, *briefly*.", "tr": "Başkentler, *kısaca*."}


def test_canvas_item_with_an_image_warns_as_a_qti2_item_does(run, tmp_path):
    sample = (shared_dir("xsd") / "samples" / "text2qti_assessment.xml").read_text(encoding="utf-8")
    first = sample.index("<mattext")
    text_start = sample.index(">", first) + 1
    image = "&lt;p&gt;&lt;img src=\"%24IMS-CC-FILEBASE%24/mars.png\" alt=\"Mars\"&gt;&lt;/p&gt;"
    source = tmp_path / "canvas.xml"
    source.write_text(sample[:text_start] + image + sample[text_start:], encoding="utf-8")
    assert 'texttype="text/html"' in sample[first:text_start]
    quiz, result = imported(run, tmp_path, source, "--from", "qti", "--lang", "en")
    assert "media files are referenced but not imported: %24IMS-CC-FILEBASE%24/mars.png" in result.stderr


@pytest.mark.parametrize(("shuffle", "fixed"), [('shuffle="false"', [True] * 4), ("", [True] * 4),
                                                ('shuffle="true"', [False, False, False, True])])
def test_choices_of_an_interaction_that_is_not_shuffled_are_fixed(run, tmp_path, shuffle, fixed):
    # QTI's shuffle is false unless said: a re-export must not shuffle them either ("None of these" would be an
    # order quizlint never changes: another planet instead)
    folder = shutil.copytree(PACKAGE, tmp_path / "package")
    item = folder / "items" / "i101" / "qti.xml"
    text = item.read_text(encoding="utf-8").replace('shuffle="true"', shuffle).replace("None of these", "Uranus")
    item.write_text(text, encoding="utf-8")
    quiz, _ = imported(run, tmp_path, folder)
    largest = quiz.items[1]
    assert [o.fixed for o in largest.options] == fixed


DIGIT_QUIZ = """\
quizlint: 1
id: 2024-exam
languages: [en]
title: {en: "Exam 2024"}
items:
  - id: 1-largest-planet
    stem: {en: "Which planet is the largest?"}
    options:
      - text: Jupiter
        correct: true
      - text: Mars
  - id: id-card
    stem: {en: "Which planet is the smallest?"}
    options:
      - text: Mercury
        correct: true
      - text: Mars
"""


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_ids_that_start_with_a_digit_come_back_as_they_were(run, tmp_path, fmt):
    # the package's identifiers are NCNames (id-2024-exam, id-1-largest-planet): the ids are restored
    quiz, _ = imported(run, tmp_path, exported(run, tmp_path, DIGIT_QUIZ, fmt))
    assert quiz.id == "2024-exam"
    assert [item.id for item in quiz.items] == ["1-largest-planet", "id-card"]


def test_quizlint_id_takes_off_only_the_prefix_ncname_adds():
    from quizlint.importers.qti import quizlint_id

    assert [quizlint_id(name) for name in ("id-2024-exam", "id-card", "id-_x", "exam", None)] == [
        "2024-exam", "id-card", "id-_x", "exam", None]


PICTURES = """\
quizlint: 1
id: pictures
languages: [en]
title: {en: Pictures}
items:
  - id: planet
    stem: {en: "Which planet is this? ![a planet](https://example.org/planet.png) ![a moon](images/moon.png)"}
    options:
      - text: {en: Jupiter}
        correct: true
      - text: {en: Mars}
"""


@pytest.mark.parametrize("fmt", ["qti21", "qti30", "canvas"])
def test_only_media_files_of_the_package_are_said_not_to_be_imported(run, tmp_path, fmt):
    """A plain https:// image, kept as it is, used to be named among the media files not imported."""
    quiz, result = imported(run, tmp_path, exported(run, tmp_path, PICTURES, fmt))
    assert "media files are referenced but not imported: images/moon.png\n" in result.stderr
    assert "https://example.org/planet.png" in quiz.items[0].stem["en"]


@pytest.mark.parametrize("suffix", [".zip", ".imscc"])
def test_a_package_that_is_not_a_zip_file_is_named_so(run, tmp_path, suffix):
    """It used to be reported as `notzip.zip:1:1: malformed XML`."""
    for content in (b"hello", b'<?xml version="1.0"?><questestinterop/>'):
        source = tmp_path / f"notzip{suffix}"
        source.write_bytes(content)
        result = run("import", source, "-o", tmp_path / "out.quiz.yaml")
        assert result.exit_code == 1 and "Traceback" not in result.stderr
        assert (f"{source}: not a zip file: a QTI or Canvas package must be a zip archive or a folder (holding an "
                "imsmanifest.xml)") in result.stderr
        assert "malformed XML" not in result.stderr
