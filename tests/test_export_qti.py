"""`quizlint export --to qti21/qti30`: packages that validate against the official XSDs and score as written."""

from __future__ import annotations

import pytest
from lxml import etree

from test_export_support import (
    PARSER,
    QTI21_ITEM,
    QTI_NS,
    export,
    load_models,
    local,
    qti_package_errors,
    schema_errors,
    write_bank,
    xml_schema,
    zip_entries,
)

FORMATS = ["qti21", "qti30"]


@pytest.fixture
def bank(tmp_path):
    return write_bank(tmp_path / "bank")


def names(fmt: str) -> dict[str, str]:
    """Element and attribute names of one QTI version (QTI 2.1 camelCase → QTI 3.0 qti-kebab-case)."""
    words = ["assessmentItem", "responseDeclaration", "correctResponse", "value", "mapping", "mapEntry",
             "choiceInteraction", "simpleChoice", "modalFeedback", "responseProcessing", "assessmentTest",
             "assessmentItemRef", "itemBody", "setOutcomeValue", "mapKey", "mappedValue", "maxChoices",
             "outcomeIdentifier", "showHide", "contentBody", "upperBound", "lowerBound"]
    if fmt == "qti21":
        return {word: word for word in words}
    kebab = {word: "".join(f"-{c.lower()}" if c.isupper() else c for c in word) for word in words}
    attributes = {"mapKey", "mappedValue", "maxChoices", "outcomeIdentifier", "showHide", "upperBound", "lowerBound"}
    return {word: kebab[word] if word in attributes else "qti-" + kebab[word] for word in words}


def find_all(root, fmt: str, name: str):
    return root.findall(f".//{{{QTI_NS[fmt]}}}{names(fmt)[name]}")


def items_of(entries: dict[str, bytes], lang: str = "en") -> dict[str, etree._Element]:
    """label (the quiz item id) → parsed assessmentItem, for one language folder."""
    items = {}
    for name, data in entries.items():
        if f"/{lang}/items/" in name:
            root = etree.fromstring(data, PARSER)
            items[root.get("label")] = root
    return items


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_file_of_the_package_validates_against_the_official_schemas(run, bank, tmp_path, fmt):
    data = export(run, fmt, bank, tmp_path / "out.zip", "--lang", "all")
    entries = zip_entries(data)
    assert "imsmanifest.xml" in entries
    assert len([name for name in entries if "/items/" in name]) == 2 * 6  # 6 items in 2 languages
    assert qti_package_errors(fmt, data) == {}


@pytest.mark.parametrize("fmt", FORMATS)
def test_manifest_lists_every_file_and_tests_depend_on_their_items(run, bank, tmp_path, fmt):
    entries = zip_entries(export(run, fmt, bank, tmp_path / "out.zip"))
    manifest = etree.fromstring(entries["imsmanifest.xml"], PARSER)
    resources = {res.get("identifier"): res for res in manifest.iter("{*}resource")}
    hrefs = {res.get("href") for res in resources.values()}
    assert hrefs == set(entries) - {"imsmanifest.xml"}
    suffix = "v2p1" if fmt == "qti21" else "v3p0"
    tests = [res for res in resources.values() if res.get("type") == f"imsqti_test_xml{suffix}"]
    assert {res.get("href") for res in tests} == {"alpha/en/test.xml", "beta/en/test.xml"}
    for test in tests:
        dependencies = [dep.get("identifierref") for dep in test.iter("{*}dependency")]
        assert all(resources[dep].get("type") == f"imsqti_item_xml{suffix}" for dep in dependencies)
        test_root = etree.fromstring(entries[test.get("href")], PARSER)
        refs = [ref.get("href") for ref in find_all(test_root, fmt, "assessmentItemRef")]
        folder = test.get("href").rsplit("/", 1)[0]
        assert sorted(f"{folder}/{ref}" for ref in refs) == sorted(resources[dep].get("href") for dep in dependencies)


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_key_is_on_the_right_options_in_the_written_order(run, bank, tmp_path, fmt):
    models = load_models(bank)
    items = items_of(zip_entries(export(run, fmt, bank, tmp_path / "out.zip")))
    for quiz in models.values():
        for item in quiz.items:
            root = items[item.id]
            choices = [choice.get("identifier") for choice in find_all(root, fmt, "simpleChoice")]
            keys = [value.text for value in find_all(root, fmt, "correctResponse")[0]]
            if item.type == "true_false":
                assert choices == ["TRUE", "FALSE"]
                assert keys == ["TRUE" if item.answer else "FALSE"]
            else:
                assert keys == [choices[i] for i, option in enumerate(item.options) if option.correct]
                texts = ["".join(choice.itertext()) for choice in find_all(root, fmt, "simpleChoice")]
                assert texts[0] in {"İstanbul", "2", "<ok>", "kilo"}  # the first option stays first


@pytest.mark.parametrize("fmt", FORMATS)
def test_multiple_answer_items_map_points_over_the_right_options(run, bank, tmp_path, fmt):
    items = items_of(zip_entries(export(run, fmt, bank, tmp_path / "out.zip")))
    primes = items["primes"]
    n = names(fmt)
    assert find_all(primes, fmt, "choiceInteraction")[0].get(n["maxChoices"]) == "0"
    mapping = find_all(primes, fmt, "mapping")[0]
    assert (mapping.get(n["lowerBound"]), mapping.get(n["upperBound"])) == ("0", "2")
    values = {entry.get(n["mapKey"]): float(entry.get(n["mappedValue"])) for entry in mapping}
    assert values == {"A": 1.0, "B": 1.0, "C": -1.0, "D": -1.0}
    thirds = find_all(items["three-keys"], fmt, "mapping")[0]
    assert sum(float(e.get(n["mappedValue"])) for e in thirds if float(e.get(n["mappedValue"])) > 0) == pytest.approx(1)


@pytest.mark.parametrize("fmt", FORMATS)
def test_fixed_options_are_pinned_and_true_false_is_not_shuffled(run, bank, tmp_path, fmt):
    items = items_of(zip_entries(export(run, fmt, bank, tmp_path / "out.zip")))
    capital = find_all(items["capital"], fmt, "simpleChoice")
    assert [choice.get("fixed") for choice in capital] == [None, None, None, "true"]
    assert find_all(items["capital"], fmt, "choiceInteraction")[0].get("shuffle") == "true"
    assert find_all(items["1-earth-round"], fmt, "choiceInteraction")[0].get("shuffle") == "false"


@pytest.mark.parametrize("fmt", FORMATS)
def test_feedback_is_modal_and_set_by_response_processing(run, bank, tmp_path, fmt):
    items = items_of(zip_entries(export(run, fmt, bank, tmp_path / "out.zip")))
    n = names(fmt)
    capital = items["capital"]
    feedback = {fb.get("identifier"): "".join(fb.itertext()).strip() for fb in find_all(capital, fmt, "modalFeedback")}
    assert feedback == {"A": "The largest city, not the capital.", "B": "Right: since 1923.",
                        "EXPLANATION": "Ankara has been the capital since 1923."}
    assert all(fb.get(n["showHide"]) == "show" and fb.get(n["outcomeIdentifier"]) == "FEEDBACK"
               for fb in find_all(capital, fmt, "modalFeedback"))
    processing = find_all(capital, fmt, "responseProcessing")[0]
    assert processing.get("template") is None
    assert [s.get("identifier") for s in find_all(processing, fmt, "setOutcomeValue")][-1] == "FEEDBACK"
    # no feedback, one point: the standard templates
    assert find_all(items["code-output"], fmt, "responseProcessing")[0].get("template") is None  # 1.5 points
    sun = find_all(items["sun-cold"], fmt, "responseProcessing")[0]
    assert sun.get("template").removesuffix(".xml").endswith("/match_correct")


@pytest.mark.parametrize("fmt", FORMATS)
def test_items_carry_their_language_and_each_language_its_text(run, bank, tmp_path, fmt):
    entries = zip_entries(export(run, fmt, bank, tmp_path / "out.zip", "--lang", "all"))
    english, turkish = items_of(entries, "en"), items_of(entries, "tr")
    xml_lang = "{http://www.w3.org/XML/1998/namespace}lang"
    assert {root.get(xml_lang) for root in english.values()} == {"en"}
    assert {root.get(xml_lang) for root in turkish.values()} == {"tr"}
    assert "başkenti" in "".join(find_all(turkish["capital"], fmt, "itemBody")[0].itertext())
    assert [c.text for c in find_all(turkish["sun-cold"], fmt, "simpleChoice")] == ["Doğru", "Yanlış"]
    only_tr = zip_entries(export(run, fmt, bank, tmp_path / "tr.zip", "--lang", "tr"))
    assert all("/tr/" in name for name in only_tr if name != "imsmanifest.xml")


@pytest.mark.parametrize("fmt", FORMATS)
def test_markdown_becomes_xhtml_in_the_qti_namespace(run, bank, tmp_path, fmt):
    items = items_of(zip_entries(export(run, fmt, bank, tmp_path / "out.zip")))
    body = find_all(items["code-output"], fmt, "itemBody")[0]
    pre = body.find(f"{{{QTI_NS[fmt]}}}pre")
    assert pre is not None and "".join(pre.itertext()) == 'print(1 < 2 and "<ok>")\n'
    table = find_all(items["three-keys"], fmt, "itemBody")[0].find(f".//{{{QTI_NS[fmt]}}}table")
    assert [local(part) for part in table] == ["thead", "tbody"]
    # a formula is MathML, with its LaTeX as a TeX annotation
    math = find_all(items["primes"], fmt, "itemBody")[0].find(".//{http://www.w3.org/1998/Math/MathML}math")
    annotation = math.find(".//{http://www.w3.org/1998/Math/MathML}annotation")
    assert annotation.get("encoding") == "application/x-tex" and annotation.text == "n \\leq 10"
    assert math.get("display") == "inline"


def test_identifiers_are_ncnames_and_unique_across_the_bank(run, bank, tmp_path):
    (bank / "gamma.quiz.yaml").write_text((bank / "beta.quiz.yaml").read_text().replace("id: beta", "id: gamma"))
    entries = zip_entries(export(run, "qti21", bank, tmp_path / "out.zip"))
    identifiers = [etree.fromstring(data, PARSER).get("identifier") for name, data in entries.items()
                   if "/items/" in name]
    assert len(identifiers) == len(set(identifiers)) == 9
    assert "id-1-earth-round" in identifiers  # an id starting with a digit is no NCName
    assert {"sun-cold", "sun-cold-2"} <= set(identifiers)  # the same item id in two quizzes
    assert qti_package_errors("qti21", export(run, "qti21", bank, tmp_path / "again.zip")) == {}


HOSTILE_HTML = [
    "<em><p>a</p><p>b</p></em>", "<ul>text<li>x</li><p>y</p></ul>", "<li>stray item</li>", "<td>stray cell</td>",
    "<table><tr><td>x</td></tr></table>", "<table><thead><tr><th>h</th></tr></thead></table>",
    "<div>block</div> tail <b>bold", "<a href='javascript:alert(1)'>js</a>", "<a href='https://x'><div>b</div></a>",
    "<pre><img src=x><sub>2</sub>code</pre>", "<blockquote>loose <em>text</em></blockquote>", "<dl><p>x</p></dl>",
    "<img src='x.png' onerror='alert(1)'>", "<p style='color:red' id='x' lang='de' title='t'>styled</p>",
    "<script>alert(1)</script><style>p{}</style><iframe src=x></iframe>", "<tr><td>x</td></tr>",
    "<h1>a <p>b</p></h1>", "<ol start=3><li><ul><li>nested</li></ul></li></ol>", "<q><blockquote>x</blockquote></q>",
]


@pytest.mark.parametrize("html", HOSTILE_HTML)
def test_raw_html_is_repaired_into_valid_qti_content(html, tmp_path):
    """Whatever HTML a text holds, the item validates (in the body, in a choice and in feedback)."""
    import json

    from quizlint.export import ExportBank, ExportOptions
    from quizlint.export._common import prepare, serialize_xml
    from quizlint.export._qti import build_item
    from quizlint.export.qti21 import DIALECT
    from quizlint.model import read_quiz

    path = tmp_path / "x.quiz.yaml"
    path.write_text(json.dumps({"quizlint": 1, "id": "q", "languages": ["en"], "title": "T", "items": [
        {"id": "i", "stem": html, "options": [{"text": html, "correct": True, "feedback": html}, {"text": "b"}],
         "explanation": html}]}), encoding="utf-8")
    quiz_file, findings = read_quiz(path)
    assert quiz_file is not None, findings
    quiz = prepare(ExportBank([quiz_file]), ExportOptions(), "qti21")[0]
    item = serialize_xml(build_item(DIALECT, quiz, quiz.items[0], "en"), xhtml=True)
    assert schema_errors(xml_schema(QTI21_ITEM), item) is None, item.decode()
    for banned in (b"<script", b"javascript:", b"onerror", b"style=", b"<iframe", b" id=", b" lang="):
        assert banned not in item


# URLs a quiz may hold (the linter has nothing against them) that are no xs:anyURI as written, with what the
# export writes instead.
LOOSE_URLS = {
    "https://example.com/guide#install#linux": "https://example.com/guide#install%23linux",  # a second '#'
    "https://example.com/a%zz": "https://example.com/a%25zz",  # '%' without two hex digits
    "https://example.com/a]]>b.png": "https://example.com/a%5D%5D%3Eb.png",  # ']]>' (and ']' in a path)
    "https://example.com/ğ{x}|^": "https://example.com/%C4%9F%7Bx%7D%7C%5E",
}


@pytest.mark.parametrize("fmt", FORMATS)
def test_loose_link_and_image_urls_are_percent_encoded_into_valid_uris(run, write_quiz, tmp_path, fmt):
    import json

    texts = [f'<a href="{url}">raw</a> <img src="{url}" alt="raw"> [md]({url}) ![md]({url})' for url in LOOSE_URLS]
    texts.append('<a href="https://example.com/a b">raw</a> [md](<https://example.com/a b>)')
    items = "".join(f"- id: link-{number}\n  stem: {json.dumps(text + ' Which?')}\n  options:\n"
                    "    - text: Alpha\n      correct: true\n    - text: Beta\n    - text: Gamma\n"
                    for number, text in enumerate(texts))
    path = write_quiz(items, languages="en")
    data = export(run, fmt, path, tmp_path / "out.zip", force=False)  # the bank lints clean
    assert qti_package_errors(fmt, data) == {}
    items = items_of(zip_entries(data))
    for number, written in enumerate([*LOOSE_URLS.values(), "https://example.com/a%20b"]):
        urls = [element.get("href") or element.get("src") for element in items[f"link-{number}"].iter()
                if local(element) in ("a", "img")]
        assert urls == [written] * (4 if number < len(LOOSE_URLS) else 2)


def _map_response(mapping, n, chosen: list[str]) -> float:
    """QTI's mapResponse as an engine adding doubles computes it: the mapped values of the chosen options added
    one by one, then bounded."""
    values = {entry.get(n["mapKey"]): float(entry.get(n["mappedValue"])) for entry in mapping}
    total = 0.0
    for key in chosen:
        total += values[key]
    return min(max(total, float(mapping.get(n["lowerBound"]))), float(mapping.get(n["upperBound"])))


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("points", [1, 0.3, 2.5])
def test_all_the_right_options_score_exactly_the_items_points_in_a_double_engine(run, write_quiz, tmp_path, fmt,
                                                                                 points):
    items = "".join(f"- id: right-{right}\n  type: multiple\n  stem: Pick the {right} right ones.\n  points: {points}\n"
                    "  options:\n" + "".join(f"    - text: Right {index}\n      correct: true\n" for index in range(right))
                    + "    - text: Wrong\n" for right in range(2, 11))
    item_roots = items_of(zip_entries(export(run, fmt, write_quiz(items, languages="en"), tmp_path / "out.zip")))
    n = names(fmt)
    for right in range(2, 11):
        mapping = find_all(item_roots[f"right-{right}"], fmt, "mapping")[0]
        *keys, wrong = [entry.get(n["mapKey"]) for entry in mapping]
        assert _map_response(mapping, n, keys) == points, right  # MAXSCORE, as the item's outcome declares it
        assert _map_response(mapping, n, keys[:-1]) < points
        assert _map_response(mapping, n, [*keys, wrong]) < points
