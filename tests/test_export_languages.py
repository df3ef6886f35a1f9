"""Delivering two languages (issue 27): the export of each language has its own identifiers, names and default file
name, so that the English and the Turkish exports can be imported into one course; the source language keeps the
bare ids earlier versions wrote (a new export still replaces an old one in the LMS)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from lxml import etree

from quizlint.export import FORMATS, get_format
from test_export_support import PARSER, export, local, qti_package_errors, write_bank, zip_entries

LMS_FORMATS = ["qti21", "qti30", "canvas", "moodle", "gift"]  # (aiken names nothing; json is data, not a course)
NEUTRAL_TITLE = """\
    quizlint: 1
    id: gpu
    languages: [en, tr]
    title: GPU
    items:
      - id: gpu-memory
        type: single
        stem: {en: "Which memory does a GPU use?", tr: "Bir GPU hangi belleği kullanır?"}
        options:
          - text: HBM
            correct: true
          - text: {en: "A floppy disk", tr: "Disket"}
    """


@pytest.fixture
def bank(tmp_path):
    from test_export_support import BANK

    return write_bank(tmp_path / "bank", {**BANK, "gpu.quiz.yaml": NEUTRAL_TITLE})


def identities(fmt: str, data: bytes) -> dict[str, list[str]]:
    """Every identifier and name an LMS keys what it imports by, per kind, as written (repeats kept)."""
    found: dict[str, list[str]] = {}

    def add(kind: str, value: str | None) -> None:
        assert value, f"{fmt}: empty {kind}"
        found.setdefault(kind, []).append(value)

    if fmt == "gift":
        text = data.decode("utf-8")
        for kind, pattern in (("category", r"^\$CATEGORY: (.*)$"), ("question name", r"^::((?:\\.|[^:])*)::"),
                              ("question idnumber", r"^// \[id:([^\]]*)\]")):
            for value in re.findall(pattern, text, re.MULTILINE):
                add(kind, value)
        return found
    if fmt == "moodle":
        for question in etree.fromstring(data, PARSER).iter("question"):
            if question.get("type") == "category":
                add("category", question.findtext("category/text"))
                add("category idnumber", question.findtext("idnumber"))
            else:
                add("question name", question.findtext("name/text"))
                add("question idnumber", question.findtext("idnumber"))
        return found
    for name, content in zip_entries(data).items():
        root = etree.fromstring(content, PARSER)
        if name == "imsmanifest.xml":
            for resource in root.iter("{*}resource"):
                add("resource", resource.get("identifier"))
            continue
        for element in root.iter():
            kind = local(element)
            if kind in ("assessmentItem", "qti-assessment-item", "item"):  # QTI 2/3, Canvas (QTI 1.2)
                add("item", element.get("identifier") or element.get("ident"))
                add("item title", element.get("title"))
            elif kind in ("assessmentTest", "qti-assessment-test", "assessment"):
                add("test", element.get("identifier") or element.get("ident"))
                add("test title", element.get("title"))
            elif kind == "response_label":
                add("answer", element.get("ident"))
            elif kind in ("quiz", "assignment") and element.get("identifier"):
                add(f"canvas {kind}", element.get("identifier"))
    return found


def collisions(*exports: dict[str, list[str]]) -> dict[str, list[str]]:
    """Per kind, the identifiers (compared casefolded, as an LMS on a case-insensitive database may) found more
    than once in the exports taken together."""
    repeated = {}
    for kind in {kind for found in exports for kind in found}:
        counts = Counter(value.casefold() for found in exports for value in found.get(kind, []))
        twice = sorted(value for value, count in counts.items() if count > 1)
        if twice:
            repeated[kind] = twice
    return repeated


@pytest.mark.parametrize("fmt", LMS_FORMATS)
def test_exports_of_both_languages_share_no_identifier_or_name(run, bank, tmp_path, fmt):
    english = identities(fmt, export(run, fmt, bank, tmp_path / "en", "--lang", "en"))
    turkish = identities(fmt, export(run, fmt, bank, tmp_path / "tr", "--lang", "tr"))
    assert english.keys() == turkish.keys() and english
    assert collisions(english) == {} and collisions(turkish) == {}  # each file on its own
    assert collisions(english, turkish) == {}  # both imported into one course


@pytest.mark.parametrize("fmt", ["qti21", "qti30"])
def test_qti_lang_all_package_has_no_two_tests_or_items_with_one_identifier(run, bank, tmp_path, fmt):
    data = export(run, fmt, bank, tmp_path / "all.zip", "--lang", "all")
    together = identities(fmt, data)
    assert collisions(together) == {}
    english = identities(fmt, export(run, fmt, bank, tmp_path / "en.zip", "--lang", "en"))
    turkish = identities(fmt, export(run, fmt, bank, tmp_path / "tr.zip", "--lang", "tr"))
    for kind in ("item", "test"):  # the same identifiers as the one-language packages: an LMS sees one item each
        assert sorted(together[kind]) == sorted(english[kind] + turkish[kind])
    assert qti_package_errors(fmt, data) == {}  # and still valid against the official schemas


def test_canvas_lang_tr_has_own_identifiers(run, bank, tmp_path):
    english = zip_entries(export(run, "canvas", bank, tmp_path / "en.zip", "--lang", "en"))
    turkish = zip_entries(export(run, "canvas", bank, tmp_path / "tr.zip", "--lang", "tr"))
    assert "alpha/alpha.xml" in english and "alpha-tr/alpha-tr.xml" in turkish
    assessment = etree.fromstring(turkish["alpha-tr/alpha-tr.xml"], PARSER).find("{*}assessment")
    assert (assessment.get("ident"), assessment.get("title")) == ("alpha-tr", "Alfa sınavı")
    items = {item.get("title"): item.get("ident") for item in assessment.iter("{*}item")}
    assert items == {"capital-tr": "capital-tr", "primes-tr": "primes-tr", "1-earth-round-tr": "id-1-earth-round-tr"}
    meta = etree.fromstring(turkish["alpha-tr/assessment_meta.xml"], PARSER)
    assert meta.get("identifier") == "alpha-tr"
    # a title that reads the same in both languages (a neutral text) is told apart by its language
    gpu = etree.fromstring(turkish["gpu-tr/gpu-tr.xml"], PARSER).find("{*}assessment")
    assert gpu.get("title") == "GPU (tr)"
    assert etree.fromstring(english["gpu/gpu.xml"], PARSER).find("{*}assessment").get("title") == "GPU"


def test_source_language_keeps_the_bare_ids(run, bank, tmp_path):
    default = identities("canvas", export(run, "canvas", bank, tmp_path / "default.zip"))
    assert default == identities("canvas", export(run, "canvas", bank, tmp_path / "en.zip", "--lang", "en"))
    assert {"alpha", "beta", "gpu"} <= set(default["test"]) and "capital" in default["item"]
    # Moodle's multilang export is as it was: one question per item, under its own id
    moodle = identities("moodle", export(run, "moodle", bank, tmp_path / "all.xml"))
    assert "capital" in moodle["question idnumber"] and not any(name.endswith("-tr") for name in moodle["question name"])


def test_turkish_gift_has_its_own_categories_and_question_names(run, bank, tmp_path):
    english = export(run, "gift", bank, tmp_path / "en.txt", "--lang", "en").decode()
    turkish = export(run, "gift", bank, tmp_path / "tr.txt", "--lang", "tr").decode()
    assert "$CATEGORY: $course$/top/alpha\n" in english and "::capital::" in english
    assert "$CATEGORY: $course$/top/alpha-tr\n" in turkish and "// [id:capital-tr]" in turkish
    assert "::capital-tr::[markdown]Türkiye'nin" in turkish


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_default_file_name_names_a_language_other_than_the_source(run, bank, tmp_path, fmt):
    suffix = get_format(fmt).SUFFIX
    for lang, name in (("en", f"bank{suffix}"), ("tr", f"bank-tr{suffix}")):
        result = run("export", "--to", fmt, "--lang", lang, "--force", bank, cwd=tmp_path)
        assert result.exit_code == 0, result.output
        assert (tmp_path / name).is_file(), sorted(path.name for path in tmp_path.iterdir())
    assert len(list(tmp_path.glob(f"bank*{suffix}"))) == 2  # the Turkish export did not replace the English one


def test_a_one_language_export_imports_back_under_the_quiz_ids(run, bank, tmp_path):
    from quizlint.model import read_quiz

    for fmt, importer in (("gift", "gift"), ("canvas", "qti"), ("moodle", "moodle"), ("qti21", "qti")):
        exported = export(run, fmt, bank / "alpha.quiz.yaml", tmp_path / f"tr-{fmt}", "--lang", "tr")
        assert exported
        out = tmp_path / f"back-{fmt}.quiz.yaml"
        result = run("import", "--from", importer, "--lang", "tr", tmp_path / f"tr-{fmt}", "-o", out)
        assert result.exit_code == 0, result.output
        quiz = read_quiz(out)[0].quiz
        assert [item.id for item in quiz.items] == ["capital", "primes", "1-earth-round"], fmt
        if fmt != "gift":  # (GIFT has no quiz id; its category names the quiz)
            assert quiz.id == "alpha", fmt
