"""`quizlint preview`: the static site, checked by parsing the HTML it writes (the browser test is in
test_preview_browser.py)."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import lxml.html
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from conftest import CONTENT
from test_preview_bank import EXPECTED, build_bank, longest_p_brute_force, multinomial_p_brute_force

from quizlint.cli import cli


def invoke(*args, cwd):
    import os

    old = os.getcwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(cli, [str(arg) for arg in args], catch_exceptions=False)
    finally:
        os.chdir(old)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The fixture bank, its site, and the lint findings (JSON) of the same bank."""
    root = tmp_path_factory.mktemp("preview")
    bank = build_bank(root)
    result = invoke("preview", "bank", "-o", "site", cwd=root)
    assert result.exit_code == 0, result.output
    findings = json.loads(invoke("lint", "bank", "--format", "json", "--exit-zero", cwd=root).stdout)
    stats = json.loads(invoke("stats", "bank", "--format", "json", cwd=root).stdout)
    return {"root": root, "bank": bank, "dir": root / "site", "output": result.stdout, "findings": findings,
            "stats": stats}


def parse(path):
    return lxml.html.parse(str(path)).getroot()


def item_sections(page):
    return page.xpath("//section[contains(concat(' ', @class, ' '), ' item ')]")


def has_class(element, name: str) -> bool:
    return name in (element.get("class") or "").split()


def text_of(element) -> str:
    return " ".join("".join(element.itertext()).split())


def block_text(block) -> str:
    """The text of a language block without its (visually hidden) language tag."""
    return " ".join("".join(block.xpath(".//text()[not(ancestor::span[@class='tag'])]")).split())


def test_writes_an_index_and_one_page_per_quiz(site):
    assert sorted(path.name for path in site["dir"].iterdir()) == ["index.html", "quiz-alpha.html", "quiz-beta.html"]
    assert "Wrote 3 pages" in site["output"] and "index.html" in site["output"]


def test_index_lists_every_quiz_with_its_health(site):
    index = parse(site["dir"] / "index.html")
    cards = index.xpath("//article[contains(@class, 'quiz-card')]")
    assert len(cards) == 2
    by_quiz = {card.xpath(".//h2/a")[0].get("href"): card for card in cards}
    assert sorted(by_quiz) == ["quiz-alpha.html", "quiz-beta.html"]
    for href in by_quiz:
        assert (site["dir"] / href).is_file()
    alpha = by_quiz["quiz-alpha.html"]
    assert alpha.xpath(".//h2/a")[0].get("lang") == "en" and text_of(alpha.xpath(".//h2/a")[0]) == "Alpha quiz"
    assert [text_of(title) for title in alpha.xpath(".//*[@lang='tr' and contains(@class, 'alt-title')]")] == ["Alfa testi"]
    stats = {quiz["id"]: quiz for quiz in site["stats"]["quizzes"]}["alpha"]
    card_text = text_of(alpha)
    assert "9 (7 single-answer, 1 multiple-answer, 1 true/false)" in card_text
    for severity in ("error", "warning"):
        count = stats["findings"][severity]
        assert f"{count} {severity}{'' if count == 1 else 's'}" in card_text
    assert "88.9% translated (3 reviewed, 1 machine, 3 draft, 1 stale, 1 missing)" in card_text
    assert len(alpha.xpath(".//figure[contains(@class, 'chart')]//svg")) == 1


def test_index_shows_the_bank_charts_and_findings_per_rule(site):
    index = parse(site["dir"] / "index.html")
    bank = index.xpath("//section[@aria-labelledby='bank-h']")[0]
    titles = [text_of(title) for title in bank.xpath(".//svg/title")]
    assert titles == ["Key positions of 3 3-option items, across the bank",
                      "Key positions of 5 4-option items, across the bank"]
    rows = {text_of(row.xpath("td")[0]): int(text_of(row.xpath("td")[2]))
            for row in bank.xpath(".//table[contains(@class, 'rules')]/tbody/tr")}
    expected = {f"{rule['code']} {rule['rule']}": rule["count"] for rule in site["stats"]["bank"]["findings"]["by_rule"]}
    assert rows == expected and rows


def test_quiz_page_shows_every_item_in_order_with_its_options(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    sections = item_sections(page)
    assert [section.get("data-item") for section in sections] == [f"a{n}" for n in range(1, 10)]
    first = sections[0]
    options = first.xpath(".//ol[contains(@class, 'options')]/li")
    assert [block_text(option.xpath(".//*[@data-lang='en']")[0]) for option in options] == [
        "Ankara city", "Izmir", "Bursa", "Konya"]
    assert [block_text(option.xpath(".//*[@data-lang='tr']")[0]) for option in options] == [
        "Ankara şehri", "İzmir", "Bursa", "Konya"]
    true_false = sections[5]
    assert [block_text(option.xpath(".//*[@data-lang='tr']")[0]) for option in true_false.xpath(".//ol/li")] == [
        "Doğru", "Yanlış"]
    multiple = sections[4]
    assert {input_.get("type") for input_ in multiple.xpath(".//input")} == {"checkbox"}
    assert {input_.get("type") for input_ in first.xpath(".//ol//input")} == {"radio"}


def test_language_blocks_carry_lang_and_only_the_source_shows_at_first(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    blocks = page.xpath("//main//*[@data-lang]")
    assert blocks
    for block in blocks:
        lang = block.get("data-lang")
        if lang == "*":
            assert block.get("hidden") is None
            continue
        assert block.get("lang") == lang
        assert (block.get("hidden") is None) == (lang == "en")
    choices = page.xpath("//fieldset//input[@name='view']")
    assert [choice.get("value") for choice in choices] == ["en", "tr", "en+tr"]
    assert [choice.get("checked") is not None for choice in choices] == [True, False, False]
    for choice in choices:  # every radio is inside its label
        assert choice.getparent().tag == "label"
    assert page.xpath("//main")[0].get("data-view") == "en"


def test_a_missing_translation_is_shown_as_a_gap(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    stem = item_sections(page)[1].xpath(".//div[contains(@class, 'stem')]")[0]
    tr = stem.xpath("./*[@data-lang='tr']")[0]
    assert tr.xpath(".//*[contains(@class, 'missing-text')]") and "No Türkçe text" in text_of(tr)
    assert block_text(stem.xpath("./*[@data-lang='en']")[0]) == "Which city is the capital of France?"


def test_answers_are_hidden_until_asked(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    style = page.xpath("//style")[0].text
    assert ".item:not(.revealed) .ans { display: none; }" in style
    toggle = page.get_element_by_id("toggle-answers")
    assert toggle.tag == "button" and toggle.get("type") == "button" and toggle.get("aria-pressed") == "false"
    ids = set(page.xpath("//@id"))
    for section in item_sections(page):
        assert not has_class(section, "revealed")
        button = section.xpath(".//button[contains(@class, 'reveal')]")[0]
        assert button.get("aria-expanded") == "false" and button.get("aria-controls") in ids
        region = page.get_element_by_id(button.get("aria-controls"))
        assert has_class(region, "ans") and region in section.iter()
    first = item_sections(page)[0]
    keys = [has_class(option, "key") for option in first.xpath(".//ol/li")]
    assert keys == [True, False, False, False]
    answers = first.xpath(".//*[contains(concat(' ', @class, ' '), ' ans ')]")
    assert "Correct" in text_of(answers[0]) and "Right: since 1923." in text_of(answers[0])
    assert "Answer: A" in text_of(page.get_element_by_id("q1-answer"))
    assert "Ankara became the capital in 1923." in text_of(page.get_element_by_id("q1-answer"))
    assert "Answer: A, C" in text_of(page.get_element_by_id("q5-answer"))
    assert "Answer: A (true)" in text_of(page.get_element_by_id("q6-answer"))
    assert "no option is marked correct" in text_of(page.get_element_by_id("q9-answer"))


def test_every_finding_is_shown_on_its_item(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    sections = {section.get("data-item"): section for section in item_sections(page)}
    alpha_findings = [finding for finding in site["findings"] if finding["file"] == "bank/alpha.quiz.yaml"]
    assert any(finding["item"] for finding in alpha_findings)
    health = page.xpath("//section[@aria-labelledby='health-h']")[0]
    for finding in alpha_findings:
        where = sections.get(finding["item"], health)
        entries = [text_of(entry) for entry in where.xpath(".//aside[contains(@class, 'findings')]//li")]
        expected = (f"{finding['severity']} {finding['code']} {finding['rule']}: {finding['message']} "
                    f"{finding['file']}:{finding['line']}:{finding['column']}")
        assert expected in entries
    shown = sum(len(section.xpath(".//aside[contains(@class, 'findings')]//li")) for section in sections.values())
    assert shown == sum(1 for finding in alpha_findings if finding["item"] in sections)
    toggle = page.get_element_by_id("toggle-findings")
    assert toggle.get("aria-pressed") == "true"


def bar_heights(figure) -> list[float]:
    return [float(bar.get("height")) for bar in figure.xpath(".//rect[@class='bar']")]


def test_position_chart_per_quiz_draws_counts_expectation_and_p_value(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    figures = page.xpath("//figure[contains(@class, 'chart')]")
    assert len(figures) == 1
    figure = figures[0]
    counts = EXPECTED["alpha"]["positions"][4]
    heights = bar_heights(figure)
    assert len(heights) == 4 and heights[3] == 0
    scale = heights[0] / counts[0]
    assert heights == pytest.approx([count * scale for count in counts], abs=0.02)
    labels = [text_of(label) for label in figure.xpath(".//text")]
    assert ["A", "B", "C", "D"] == [label for label in labels if label in "ABCD" and label]
    p_text = f"p={multinomial_p_brute_force(counts):.3f}"
    assert f"exact multinomial {p_text}" in labels
    assert "expected 1.25 each" in labels
    desc = text_of(figure.xpath(".//desc")[0])
    assert desc.startswith("A: 3, B: 1, C: 1, D: 0; uniform expectation 1.25 per position")
    line = figure.xpath(".//line[@class='expected']")[0]
    baseline = float(figure.xpath(".//rect[@class='bar']")[0].get("y")) + heights[0]
    assert baseline - float(line.get("y1")) == pytest.approx(1.25 * scale, abs=0.02)
    svg = figure.xpath(".//svg")[0]
    assert svg.get("role") == "img" and len(svg.get("aria-labelledby").split()) == 2


def test_longest_option_rate_is_shown(site):
    page = parse(site["dir"] / "quiz-alpha.html")
    p_value = longest_p_brute_force(EXPECTED["alpha"]["longest"])  # 1 + 1/2 + 1 + 1 + 1/3 of 6 items; chance 6 × 1/4
    assert (f"3.83 of 6 items (63.9%; chance: 1.5 of 6), exact weighted binomial p={p_value:.3f}"
            in text_of(page.xpath("//dl[contains(@class, 'facts')]")[0]))


def test_pages_are_sanitised_and_load_nothing(site):
    from quizlint.preview.assets import SCRIPT, STYLE

    for path in site["dir"].glob("*.html"):
        page = parse(path)
        scripts = page.xpath("//script")
        assert [script.text for script in scripts] == [SCRIPT]
        assert [style.text for style in page.xpath("//style")] == [STYLE]
        assert not page.xpath("//@*[starts-with(name(), 'on')]")
        assert not page.xpath("//@src | //link | //iframe | //object | //embed | //img")
        assert not [href for href in page.xpath("//@href") if href.strip().lower().startswith("javascript:")]
        policy = page.xpath("//meta[@http-equiv='Content-Security-Policy']/@content")[0]
        assert "default-src 'none'" in policy
        for source in (SCRIPT, STYLE):
            digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in policy
    alpha = parse(site["dir"] / "quiz-alpha.html")
    hostile = item_sections(alpha)[3]
    options = [block_text(option.xpath(".//label/span[contains(@class, 'texts')]")[0])
               for option in hostile.xpath(".//ol/li")]
    assert options[2] == "Boo"  # the script element and its content are gone
    assert options[3] == "[click](javascript:alert(1))"  # not a link: shown as the text it is
    assert [code.text for code in hostile.xpath(".//div[contains(@class, 'stem')]//code")] == ["int8", "int8"]


def test_markdown_images_become_links(run, write_quiz, tmp_path):
    write_quiz("""
        - id: pic
          stem: {en: "Look: ![the logo](https://example.com/logo.png)", tr: "Bak: ![logo](https://example.com/logo.png)"}
          options: [{text: "Yes", correct: true}, {text: "No"}]
        """, name="pic.quiz.yaml")
    result = run("preview", "pic.quiz.yaml", "-o", "out", "--select", "K", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    page = parse(tmp_path / "out" / "quiz-demo.html")
    assert not page.xpath("//img")
    links = page.xpath("//a[@class='image-link']")
    assert [(link.get("href"), link.text) for link in links] == [("https://example.com/logo.png", "the logo"),
                                                                  ("https://example.com/logo.png", "logo")]


def test_output_is_byte_identical_on_rerun(site):
    first = {path.name: path.read_bytes() for path in site["dir"].iterdir()}
    result = invoke("preview", "bank", "-o", "site2", cwd=site["root"])
    assert result.exit_code == 0
    second = {path.name: path.read_bytes() for path in (site["root"] / "site2").iterdir()}
    assert first == second
    invoke("preview", "bank", "-o", "site", cwd=site["root"])
    assert {path.name: path.read_bytes() for path in site["dir"].iterdir()} == first


def test_other_files_in_the_directory_are_left_alone(run, tmp_path):
    bank = build_bank(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine", encoding="utf-8")
    (out / "index.html").write_text('<html><head><meta name="generator" content="quizlint preview"></head></html>',
                                    encoding="utf-8")  # an older preview: replaced (a page of the user's is not)
    result = run("preview", bank, "-o", out, "--select", "K", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert (out / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert (out / "index.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert sorted(path.name for path in out.iterdir()) == ["index.html", "keep.txt", "quiz-alpha.html", "quiz-beta.html"]


def test_output_that_is_a_file_is_refused(run, tmp_path):
    bank = build_bank(tmp_path)
    (tmp_path / "taken").write_text("x", encoding="utf-8")
    result = run("preview", bank, "-o", tmp_path / "taken", cwd=tmp_path)
    assert result.exit_code == 2
    assert "is a file" in result.stderr
    assert (tmp_path / "taken").read_text(encoding="utf-8") == "x"


def test_unreadable_file_is_reported_and_the_rest_is_built(run, tmp_path):
    bank = build_bank(tmp_path)
    (bank / "broken.quiz.yaml").write_text("quizlint: 1\nid: [unclosed\n", encoding="utf-8")
    result = run("preview", "bank", "-o", "out", "--select", "K", cwd=tmp_path)
    assert result.exit_code == 1
    assert "bank/broken.quiz.yaml:" in result.stderr and "Traceback" not in result.output
    index = parse(tmp_path / "out" / "index.html")
    unreadable = index.xpath("//section[@aria-labelledby='unreadable-h']")[0]
    assert "bank/broken.quiz.yaml" in text_of(unreadable) and "Y001" in text_of(unreadable)
    assert (tmp_path / "out" / "quiz-alpha.html").is_file()


def test_clashing_quiz_ids_get_separate_pages(run, write_quiz, tmp_path):
    item = "- {id: %s, stem: {en: '%s?', tr: '%s?'}, options: [{text: 'Yes', correct: true}, {text: 'No'}]}"
    write_quiz(item % ("x1", "First question", "Birinci soru"), name="one.quiz.yaml", quiz_id="same")
    write_quiz(item % ("x2", "Second question", "İkinci soru"), name="two.quiz.yaml", quiz_id="same")
    result = run("preview", ".", "-o", "out", "--select", "K", cwd=tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["index.html", "quiz-same-2.html",
                                                                          "quiz-same.html"]
    links = parse(tmp_path / "out" / "index.html").xpath("//article//h2/a/@href")
    assert links == ["quiz-same.html", "quiz-same-2.html"]


def test_accessible_structure(site):
    for path in site["dir"].glob("*.html"):
        page = parse(path)
        assert page.get("lang") == "en"
        ids = page.xpath("//@id")
        assert len(ids) == len(set(ids)), path.name
        assert len(page.xpath("//h1")) == 1
        for input_ in page.xpath("//input[not(@name='view')]"):
            assert page.xpath(f"//label[@for='{input_.get('id')}']"), input_.get("id")
        for section in page.xpath("//section[@aria-labelledby]"):
            assert page.get_element_by_id(section.get("aria-labelledby")).tag in {"h2", "h3"}
        for button in page.xpath("//button"):
            assert button.get("type") == "button" and text_of(button)


def test_single_language_quiz_has_no_language_switch(site):
    page = parse(site["dir"] / "quiz-beta.html")
    assert not page.xpath("//input[@name='view']")
    assert len(item_sections(page)) == 3


def test_acceptance_on_the_real_content(run_process, tmp_path):
    result = run_process("preview", CONTENT, "-o", tmp_path / "site", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    index = parse(tmp_path / "site" / "index.html")
    links = index.xpath("//article[contains(@class, 'quiz-card')]//h2/a/@href")
    assert links == ["quiz-checkpoint-sharding.html", "quiz-quantization.html", "quiz-tensor-formats.html"]
    kinds = parse(tmp_path / "site" / links[2])
    shown = {section.get("data-item"): text_of(section) for section in item_sections(kinds)}
    assert "500 ± 2" in shown["bytes-4bit"] and "Units: B (× 1), KB (× 0.001)" in shown["bytes-4bit"]
    assert "safe tensors (50%)" in shown["fmt-name"] and "Short answer" in shown["fmt-name"]
    assert "fp32 → EN4 bytesTR4 bayt" in shown["match-dtypes"] and "Distractor: EN8 bytes" in shown["match-dtypes"]
    assert "4 steps in this order" in shown["order-resume"] and "Grader information" in shown["why-quant"]
    for link in links[:2]:
        page = parse(tmp_path / "site" / link)
        sections = item_sections(page)
        assert len(sections) == 9  # (8 seed questions, and one with a figure or a formula)
        for section in sections:  # bilingual: every stem in both languages
            stem = section.xpath(".//div[contains(@class, 'stem')]")[0]
            assert {block.get("lang") for block in stem.xpath("./*[@data-lang]")} == {"en", "tr"}
            assert not stem.xpath(".//*[contains(@class, 'missing-text')]")
            assert not has_class(section, "revealed")
        assert len(page.xpath("//figure[contains(@class, 'chart')]//svg")) == 1
        assert re.search(r"exact multinomial p=\d", text_of(page.xpath("//figure")[0]))


def test_findings_on_other_files_are_on_the_index(run, tmp_path):
    bank = build_bank(tmp_path)
    (bank / "glossary.yaml").write_text("terms:\n  - term: x\n    colour: red\n", encoding="utf-8")
    result = run("preview", "bank", "-o", "out", "--select", "K", cwd=tmp_path)
    assert "Traceback" not in result.output
    section = parse(tmp_path / "out" / "index.html").xpath("//section[@aria-labelledby='other-h']")[0]
    assert "bank/glossary.yaml:3:5" in text_of(section) and "S002" in text_of(section)


def test_a_quiz_whose_items_are_all_invalid_still_gets_a_page(run, write_quiz, tmp_path):
    write_quiz("- {id: bad, stem: {en: 'Stem?'}, options: [{text: 'A', correct: maybe}]}", name="bad.quiz.yaml")
    result = run("preview", "bad.quiz.yaml", "-o", "out", "--select", "K", cwd=tmp_path)
    assert result.exit_code == 1  # the item could not be read: said on stderr, and on the page
    assert "bad.quiz.yaml:" in result.stderr and "S001" in result.stderr
    page = parse(tmp_path / "out" / "quiz-demo.html")
    assert not item_sections(page)
    assert "This quiz has no items that could be shown." in text_of(page)
    assert "S001" in text_of(page.xpath("//section[@aria-labelledby='health-h']")[0])


HOSTILE = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "]]>", "&amp;", "\"'", "\u202e", "\u200b",
           "\x0b", "😀", "[x](javascript:alert(1))", "<a href='javascript:alert(1)'>x</a>", "`code`", "$x^2$",
           "</div></label>", "<style>*{}</style>"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=20)), max_size=6).map("".join))
def test_any_text_makes_a_safe_well_formed_page(text):
    from quizlint.preview.assets import SCRIPT
    from quizlint.preview.html import el, page, text_blocks

    html = page(text, [el("h1", text), text_blocks({"en": text, "tr": text}, ["en", "tr"]),
                       text_blocks(text, ["en"], compact=True, inline=True)])
    document = lxml.html.document_fromstring(html)
    assert [script.text for script in document.xpath("//script")] == [SCRIPT]
    assert not document.xpath("//@*[starts-with(name(), 'on')] | //img | //iframe | //@src")
    assert not [href for href in document.xpath("//@href") if "javascript:" in href.lower()]
    assert len(document.xpath("//main")) == 1 and document.xpath("//main/h1")
    assert len(document.xpath("//main/*")) == 3  # nothing in the text closed an element early
