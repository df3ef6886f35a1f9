"""`quizlint export --to canvas`: a QTI 1.2 package laid out as Canvas imports it, valid against the DTD."""

from __future__ import annotations

import pytest
from lxml import etree

from test_export_support import PARSER, dtd_errors, export, load_models, write_bank, zip_entries

QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


@pytest.fixture
def package(run, bank, tmp_path):
    return zip_entries(export(run, "canvas", bank, tmp_path / "out.zip"))


def metadata(item) -> dict[str, str]:
    return {field.findtext(f"{QTI}fieldlabel"): field.findtext(f"{QTI}fieldentry")
            for field in item.iter(f"{QTI}qtimetadatafield")}


def test_package_layout_is_the_one_canvas_imports(package):
    assert sorted(package) == ["alpha/alpha.xml", "alpha/assessment_meta.xml", "beta/assessment_meta.xml",
                               "beta/beta.xml", "imsmanifest.xml"]
    manifest = etree.fromstring(package["imsmanifest.xml"], PARSER)
    resources = {res.get("identifier"): res for res in manifest.iter("{*}resource")}
    assert resources["alpha"].get("type") == "imsqti_xmlv1p2"
    assert [f.get("href") for f in resources["alpha"].iter("{*}file")] == ["alpha/alpha.xml"]
    dependency = resources["alpha"].find("{*}dependency").get("identifierref")
    assert resources[dependency].get("href") == "alpha/assessment_meta.xml"


def test_assessments_validate_against_the_qti_1_2_dtd(package):
    for name in ("alpha/alpha.xml", "beta/beta.xml"):
        assert dtd_errors(package[name]) is None


def test_items_carry_canvas_metadata_and_the_right_key(package, bank):
    models = load_models(bank)
    types = {"single": "multiple_choice_question", "multiple": "multiple_answers_question",
             "true_false": "true_false_question"}
    for quiz_id in ("alpha", "beta"):
        root = etree.fromstring(package[f"{quiz_id}/{quiz_id}.xml"], PARSER)
        items = {item.get("title"): item for item in root.iter(f"{QTI}item")}
        for model in models[quiz_id].items:
            item = items[model.id]
            fields = metadata(item)
            assert fields["question_type"] == types[model.type]
            assert float(fields["points_possible"]) == model.points
            labels = [label.get("ident") for label in item.iter(f"{QTI}response_label")]
            assert fields["original_answer_ids"].split(",") == labels
            scoring = [cond for cond in item.iter(f"{QTI}respcondition") if cond.find(f"{QTI}setvar") is not None]
            assert len(scoring) == 1 and scoring[0].findtext(f"{QTI}setvar") == "100"
            required = [v.text for v in scoring[0].iter(f"{QTI}varequal") if v.getparent().tag != f"{QTI}not"]
            if model.type == "true_false":
                assert required == [labels[0] if model.answer else labels[1]]
            else:
                assert required == [labels[i] for i, option in enumerate(model.options) if option.correct]


def test_texts_are_html_and_feedback_is_linked(package):
    root = etree.fromstring(package["alpha/alpha.xml"], PARSER)
    capital = next(item for item in root.iter(f"{QTI}item") if item.get("title") == "capital")
    stem = capital.find(f"{QTI}presentation/{QTI}material/{QTI}mattext")
    assert stem.get("texttype") == "text/html"
    assert stem.text == "<p>Which city is the <strong>capital</strong> of Turkey?</p>"
    links = {d.get("linkrefid") for d in capital.iter(f"{QTI}displayfeedback")}
    feedback = {fb.get("ident") for fb in capital.iter(f"{QTI}itemfeedback")}
    assert links == feedback == {"general_fb", "capital-A_fb", "capital-B_fb"}
    fixed = [label.get("rshuffle") for label in capital.iter(f"{QTI}response_label")]
    assert fixed == [None, None, None, "No"]


def test_assessment_meta_has_title_points_and_shuffle(package):
    meta = etree.fromstring(package["alpha/assessment_meta.xml"], PARSER)
    ns = "{http://canvas.instructure.com/xsd/cccv1p0}"
    assert meta.findtext(f"{ns}title") == "Alpha quiz"
    assert meta.findtext(f"{ns}points_possible") == "4"
    assert meta.findtext(f"{ns}shuffle_answers") == "false"  # a fixed option
    assert etree.fromstring(package["beta/assessment_meta.xml"], PARSER).findtext(f"{ns}shuffle_answers") == "true"


def test_one_language_per_package(run, bank, tmp_path):
    turkish = zip_entries(export(run, "canvas", bank, tmp_path / "tr.zip", "--lang", "tr"))
    texts = [m.text for m in etree.fromstring(turkish["alpha-tr/alpha-tr.xml"], PARSER).iter(f"{QTI}mattext")]
    assert "<p>Türkiye'nin <strong>başkenti</strong> hangi şehirdir?</p>" in texts
    assert "Doğru" in texts and "True" not in texts
    result = run("export", "--to", "canvas", "--lang", "all", "-o", tmp_path / "all.zip", bank)
    assert result.exit_code == 2
    assert "canvas carries one language per file" in result.output
    assert not (tmp_path / "all.zip").exists()


@pytest.mark.parametrize("points, total", [([0.1, 0.2], "0.3"), ([0.1] * 10, "1"), ([0.7, 0.1, 2.5], "3.3")])
def test_the_quiz_points_are_the_sum_as_written_without_float_noise(run, write_quiz, tmp_path, points, total):
    items = "".join(f"- id: item-{index}\n  stem: Question {index}?\n  options:\n    - text: Yes\n"
                    f"      correct: true\n    - text: No\n  points: {value}\n" for index, value in enumerate(points))
    package = zip_entries(export(run, "canvas", write_quiz(items, languages="en"), tmp_path / "out.zip"))
    meta = etree.fromstring(package["demo/assessment_meta.xml"], PARSER)
    ns = "{http://canvas.instructure.com/xsd/cccv1p0}"
    assert meta.findtext(f"{ns}points_possible") == meta.findtext(f"{ns}assignment/{ns}points_possible") == total
