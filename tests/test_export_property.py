"""Property: items full of hostile text export to every format and read back well-formed, schema-valid, with
the text intact apart from sanitising and the key on the right option."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from quizlint.export import FORMATS, ExportOptions, get_format, load_bank
from test_export_support import (
    PARSER,
    QTI_NS,
    dtd_errors,
    qti_package_errors,
    xml_schema,
    zip_entries,
)
from test_export_text import gift_questions

SCRIPT = "<script>alert('x')</script>"
# markup characters, emoji (one joined with a ZWJ), right-to-left scripts, zero-width and direction controls,
# Turkish dotted/dotless i, a script, a javascript: link, line breaks, GIFT's special characters
HOSTILE = ["<", "&", "]]>", '"', "'", "a&b", "x > y", "😀", "👩‍💻", "שלום", "مرحبا",
           "\u200b", "\u200d", "\u200f", "\u202e", "İstanbul", "ıI", SCRIPT, "[x](javascript:alert(1))", "\n",
           "~=#{}:", "\\"]
REMOVED = {SCRIPT}  # sanitising drops a script with its content; everything else must survive
WORDS = st.text(st.characters(categories=("L",)), min_size=1, max_size=8)
FIRST_WORDS = st.text(st.characters(categories=("L",)), min_size=2, max_size=8)


@st.composite
def hostile_text(draw) -> list[str]:
    """Tokens of one text, starting with a word of two letters or more (so no text is empty once sanitised,
    and no stem is a line Moodle's Aiken reader ignores)."""
    return [draw(FIRST_WORDS)] + draw(st.lists(st.one_of(st.sampled_from(HOSTILE), WORDS), max_size=8))


def joined(tokens: list[str]) -> str:
    return " ".join(tokens)


def expected(tokens: list[str]) -> str:
    return squeeze(" ".join(token for token in tokens if token not in REMOVED))


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@st.composite
def hostile_bank(draw) -> dict:
    def text():
        return {"en": draw(hostile_text()), "tr": draw(hostile_text())}

    def options(count: int, correct: set[int]):
        return [{"text": text(), "correct": index in correct, "feedback": text()} for index in range(count)]

    n_single, n_multiple = draw(st.integers(2, 5)), draw(st.integers(2, 6))
    key = draw(st.integers(0, n_single - 1))
    keys = draw(st.sets(st.integers(0, n_multiple - 1), min_size=1))
    return {
        "single": {"stem": text(), "options": options(n_single, {key}), "explanation": text()},
        "multiple": {"stem": text(), "options": options(n_multiple, keys)},
        "true_false": {"stem": text(), "answer": draw(st.booleans())},
    }


def to_yaml(spec: dict) -> str:
    def strings(value):
        if isinstance(value, dict):
            return {key: joined(val) if isinstance(val, list) and key in ("en", "tr") else strings(val)
                    for key, val in value.items()}
        if isinstance(value, list):
            return [strings(val) for val in value]
        return value

    items = [{"id": kind.replace("_", "-"), "type": kind, **strings(body)} for kind, body in spec.items()]
    return json.dumps({"quizlint": 1, "id": "hostile", "languages": ["en", "tr"], "title": "Hostile", "items": items},
                      ensure_ascii=False)


def html_text(html: str) -> str:
    """The text of an XHTML fragment, which must be well-formed, with nothing active in it."""
    root = etree.fromstring(f"<div>{html}</div>")
    assert root.find(".//script") is None
    assert not any((element.get("href") or "").lower().startswith("javascript") for element in root.iter())
    return squeeze("".join(root.itertext()))


def check_qti(fmt: str, data: bytes, spec: dict) -> None:
    assert qti_package_errors(fmt, data) == {}
    ns = QTI_NS[fmt]
    choice_tag = "simpleChoice" if fmt == "qti21" else "qti-simple-choice"
    for name, content in zip_entries(data).items():
        if "/items/" not in name:
            continue
        root = etree.fromstring(content, PARSER)
        lang = name.split("/")[1]
        body = spec[root.get("label").replace("-", "_")]
        assert not [e for e in root.iter() if etree.QName(e).localname == "script"]
        choices = [e for e in root.iter(f"{{{ns}}}{choice_tag}")]
        item_body = next(e for e in root if etree.QName(e).localname in ("itemBody", "qti-item-body"))
        stem = "".join(text for e in item_body if "nteraction" not in etree.QName(e).localname for text in e.itertext())
        assert squeeze(stem) == expected(body["stem"][lang])
        if "options" in body:
            for choice, option in zip(choices, body["options"]):
                assert squeeze("".join(choice.itertext())) == expected(option["text"][lang])
            correct = next(e for e in root.iter() if etree.QName(e).localname in ("correctResponse",
                                                                                  "qti-correct-response"))
            values = [value.text for value in correct]
            assert values == [c.get("identifier") for c, o in zip(choices, body["options"]) if o["correct"]]


def check_canvas(data: bytes, spec: dict) -> None:
    ns = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
    assessment = zip_entries(data)["hostile/hostile.xml"]
    assert dtd_errors(assessment) is None
    root = etree.fromstring(assessment, PARSER)
    for item in root.iter(f"{ns}item"):
        body = spec[item.get("title").replace("-", "_")]
        stem = item.find(f"{ns}presentation/{ns}material/{ns}mattext").text
        assert html_text(stem) == expected(body["stem"]["en"])
        labels = list(item.iter(f"{ns}response_label"))
        for label, option in zip(labels, body.get("options", [])):
            assert html_text(label.find(f".//{ns}mattext").text) == expected(option["text"]["en"])
        for mattext in item.iter(f"{ns}mattext"):
            html_text(mattext.text or "")
        scoring = [c for c in item.iter(f"{ns}respcondition") if c.find(f"{ns}setvar") is not None][0]
        required = [v.text for v in scoring.iter(f"{ns}varequal") if v.getparent().tag != f"{ns}not"]
        keys = [o["correct"] for o in body["options"]] if "options" in body else [body["answer"], not body["answer"]]
        assert required == [label.get("ident") for label, key in zip(labels, keys) if key]


def check_moodle(data: bytes, spec: dict) -> None:
    root = etree.fromstring(data, PARSER)
    for question in root.iter("question"):
        if question.get("type") == "category":
            continue
        body = spec[question.findtext("idnumber").replace("-", "_")]
        spans = re.findall(r'<span lang="(en|tr)" class="multilang">(.*?)</span>',
                           question.findtext("questiontext/text"), re.DOTALL)
        assert {lang: html_text(html) for lang, html in spans} == \
            {lang: expected(body["stem"][lang]) for lang in ("en", "tr")}
        fractions = [float(answer.get("fraction")) for answer in question.findall("answer")]
        if "options" in body:
            assert [fraction > 0 for fraction in fractions] == [option["correct"] for option in body["options"]]
        else:
            assert fractions == ([100, 0] if body["answer"] else [0, 100])


def check_gift(data: bytes, spec: dict) -> None:
    """Read as Moodle reads GIFT: each text is the Markdown as written, or, where that would carry something
    active (a script, a javascript: link), its sanitised HTML."""
    from quizlint.render import needs_sanitising

    def check_text(read, tokens: list[str]) -> None:
        source = joined(tokens).strip()
        if needs_sanitising(source):
            assert read.format == "html" and html_text(read.text) == expected(tokens)
        else:
            assert (read.format, read.text) == ("markdown", source)

    questions = gift_questions(data.decode("utf-8"))
    for name, body in spec.items():
        question = questions[name.replace("_", "-")]
        check_text(question.text, body["stem"]["en"])
        if "explanation" in body:
            check_text(question.general, body["explanation"]["en"])
        if "answer" in body:
            assert question.truth is body["answer"]
        for (weight, answer, feedback), option in zip(question.answers, body.get("options", []), strict=True):
            check_text(answer, option["text"]["en"])
            check_text(feedback, option["feedback"]["en"])
            assert (weight > 0) == option["correct"]


def check_aiken(data: bytes, spec: dict) -> None:
    blocks = data.decode("utf-8").strip().split("\n\n")
    single = [block for block in blocks if block.count("\nANSWER: ") == 1]
    assert len(single) == 2  # the multiple-answer item is skipped
    lines = single[0].split("\n")
    assert squeeze(lines[0]) == expected(spec["single"]["stem"]["en"])
    letter = lines[-1].removeprefix("ANSWER: ")
    key = [index for index, option in enumerate(spec["single"]["options"]) if option["correct"]][0]
    assert letter == chr(ord("A") + key)
    assert squeeze(lines[1 + key][3:]) == expected(spec["single"]["options"][key]["text"]["en"])


def check_json(data: bytes, spec: dict) -> None:
    import jsonschema

    from conftest import ROOT

    document = json.loads(data)
    schema = json.loads((ROOT / "schema" / "export.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    for item in document["quizzes"][0]["items"]:
        body = spec[item["type"]]
        assert item["stem"] == {lang: joined(body["stem"][lang]) for lang in ("en", "tr")}  # the source, unsanitised
        assert [option["correct"] for option in item["options"]] == [o["correct"] for o in body.get("options", [])]
        assert item["answer"] == body.get("answer")


CHECKS = {"qti21": lambda data, spec: check_qti("qti21", data, spec),
          "qti30": lambda data, spec: check_qti("qti30", data, spec),
          "canvas": check_canvas, "moodle": check_moodle, "json": check_json, "gift": check_gift, "aiken": check_aiken}


@pytest.fixture(scope="module")
def schemas_ready():
    """Compile the schemas before hypothesis starts timing examples."""
    for relative in ("qti21/qtiv2p1/imsqti_v2p1.xsd", "imscp11/imscp_v1p1.xsd",
                     "qti30-sbac-variant/qtiv3p0/imsqti_asiv3p0_sbacv1p0_v1p0.xsd",
                     "qti30-cp/qtiv3p0/imsqtiv3p0_imscpv1p2_v1p0.xsd"):
        xml_schema(relative)


def test_every_format_has_a_check():
    assert set(CHECKS) == set(FORMATS)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(spec=hostile_bank())
def test_hostile_text_survives_every_format(schemas_ready, tmp_path_factory, spec):
    folder = tmp_path_factory.mktemp("hostile")
    path = folder / "hostile.quiz.yaml"
    path.write_text(to_yaml(spec), encoding="utf-8")
    bank, findings = load_bank([path])
    assert bank.files, findings
    for name in FORMATS:
        fmt = get_format(name)
        output = fmt.export(bank, ExportOptions(lang="all" if name in ("qti21", "qti30", "moodle") else None))
        CHECKS[name](output.data, spec)
