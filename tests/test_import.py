"""`quizlint import`: the command's behaviour for every format, and the shared hard parts (ids, YAML writing,
HTML → Markdown, multilang)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.importers.html_markdown import html_to_markdown
from quizlint.importers.identifiers import ascii_fold, readable_id, slugify
from quizlint.importers.multilang import split_languages
from quizlint.importers.quiz_yaml import dump_quiz
from quizlint.load import load_text
from quizlint.text import without_control_characters

FIXTURES = Path(__file__).parent / "fixtures" / "import"
SMALL_GIFT = "::q1::What is 2+2?{=4 ~5}\n"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- the command ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("q.gift", SMALL_GIFT, "gift (from the extension .gift)"),
        ("q.txt", SMALL_GIFT, "gift (from the content: answers in braces)"),
        ("q.txt", "Q?\nA) a\nB) b\nANSWER: A\n", "aiken (from the content: ANSWER: lines)"),
        ("q.txt", "Title\n\n1. Q?\n   • a\n   • b\n", "text (from the content: numbered questions)"),
        ("q.xml", "<?xml version='1.0'?>\n<quiz><question type='multichoice'><questiontext><text>Q</text>"
                  "</questiontext><answer fraction='100'><text>a</text></answer><answer><text>b</text></answer>"
                  "</question></quiz>", "moodle (from the content: root element <quiz>)"),
        ("q.xml", "\ufeff<?xml version='1.0' encoding='UTF-8'?>\n<quiz><question type='multichoice'><questiontext>"
                  "<text>Q</text></questiontext><answer fraction='100'><text>a</text></answer><answer><text>b</text>"
                  "</answer></question></quiz>", "moodle (from the content: root element <quiz>)"),
    ],
)
def test_format_is_guessed_and_said(run, tmp_path, name, content, expected):
    result = run("import", write(tmp_path, name, content))
    assert result.exit_code == 0, result.stderr
    assert f"quizlint: guessed format: {expected}" in result.stderr


def test_unknown_format_asks_for_from(run, tmp_path):
    result = run("import", write(tmp_path, "notes.txt", "just some prose\n"))
    assert result.exit_code == 1
    assert "cannot tell the format" in result.stderr and "--from" in result.stderr


def test_missing_input(run, tmp_path):
    result = run("import", "--from", "gift", tmp_path / "absent.gift")
    assert result.exit_code == 1 and "no such file or folder" in result.stderr


def test_existing_output_is_kept_without_force(run, tmp_path):
    source = write(tmp_path, "q.gift", SMALL_GIFT)
    out = write(tmp_path, "q.quiz.yaml", "precious: data\n")
    result = run("import", source, "-o", out)
    assert result.exit_code == 1 and "exists; use --force" in result.stderr
    assert out.read_text(encoding="utf-8") == "precious: data\n"
    result = run("import", source, "-o", out, "--force")
    assert result.exit_code == 0 and out.read_text(encoding="utf-8").startswith("quizlint: 1\n")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # written atomically, no leftovers


def test_output_name_without_the_quiz_suffix_is_warned_about(run, tmp_path):
    result = run("import", write(tmp_path, "q.gift", SMALL_GIFT), "-o", tmp_path / "q.yaml")
    assert result.exit_code == 0 and "does not end in .quiz.yaml" in result.stderr
    assert (tmp_path / "q.yaml").read_text(encoding="utf-8").startswith("quizlint: 1\n")


def test_written_file_lints_without_schema_errors(run, tmp_path):
    out = tmp_path / "q.quiz.yaml"
    assert run("import", FIXTURES / "moodle" / "bilingual.xml", "-o", out).exit_code == 0
    result = run("lint", "--format", "json", "--no-cache", out)
    assert '"code": "S0' not in result.stdout and '"code": "Y0' not in result.stdout


def test_id_lang_and_languages_options(run, tmp_path):
    source = write(tmp_path, "q.gift", SMALL_GIFT)
    result = run("import", source, "--id", "arith", "--languages", "tr,en")
    assert result.exit_code == 0
    assert "id: arith\nlanguages: [tr, en]\n" in result.stdout and "  - id: q1\n" in result.stdout
    assert '      tr: "What is 2+2?"' in result.stdout  # the first of --languages when --lang is not given


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--lang", "de", "--languages", "tr,en"), "--lang de is not one of --languages tr,en"),
        (("--lang", "not a tag"), "is not a language tag"),
        (("--languages", "tr,1x"), "not a language tag: 1x"),
        (("--id", "bad id"), "is not a valid id"),
    ],
)
def test_bad_options_are_usage_errors(run, tmp_path, args, message):
    result = run("import", write(tmp_path, "q.gift", SMALL_GIFT), *args)
    assert result.exit_code == 2 and message in result.stderr


def test_nothing_importable(run, tmp_path):
    result = run("import", "--from", "gift", write(tmp_path, "q.gift", "::e::Essay? {}\n"))
    assert result.exit_code == 1
    assert "skipped essay question" in result.stderr and "no question could be imported" in result.stderr


# --- --split: one quiz per category ----------------------------------------------------------------------------

CATEGORIES_XML = """\
<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice"><name><text>loose</text></name>
    <questiontext><text>Which planet is the largest?</text></questiontext>
    <answer fraction="100"><text>Jupiter</text></answer><answer fraction="0"><text>Mars</text></answer></question>
  <question type="category"><category><text>$course$/top/Geography</text></category>
    <info format="html"><text>Capitals and rivers.</text></info><idnumber>geo-basics</idnumber></question>
  <question type="multichoice"><name><text>capital</text></name>
    <questiontext><text>Which city is the capital of Turkey?</text></questiontext>
    <answer fraction="100"><text>Ankara</text></answer><answer fraction="0"><text>Izmir</text></answer></question>
  <question type="category"><category><text>$course$/top/History</text></category></question>
  <question type="truefalse"><name><text>rome</text></name>
    <questiontext><text>Rome was founded before Athens.</text></questiontext>
    <answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question>
  <question type="category"><category><text>$course$/top/Geography</text></category></question>
  <question type="multichoice"><name><text>river</text></name>
    <questiontext><text>Which river is the longest?</text></questiontext>
    <answer fraction="100"><text>Nile</text></answer><answer fraction="0"><text>Seine</text></answer></question>
</quiz>
"""


def quiz_files(folder: Path) -> dict[str, dict]:
    import yaml

    return {path.name: yaml.safe_load(path.read_text(encoding="utf-8")) for path in sorted(folder.iterdir())}


def test_split_writes_one_quiz_per_category(run, tmp_path):
    source = write(tmp_path, "course.xml", CATEGORIES_XML)
    result = run("import", source, "--split", "-o", tmp_path / "bank")
    assert result.exit_code == 0, result.stderr
    quizzes = quiz_files(tmp_path / "bank")
    assert list(quizzes) == ["course.quiz.yaml", "geo-basics.quiz.yaml", "history.quiz.yaml"]
    loose, geography, history = quizzes.values()
    assert (loose["id"], loose["title"]) == ("course", {"en": "course"})  # outside every category: the file's name
    assert (geography["title"], geography["description"]) == ({"en": "Geography"}, {"en": "Capitals and rivers."})
    assert [item["id"] for item in geography["items"]] == ["capital", "river"]  # the category's, wherever they stand
    assert [item["id"] for item in history["items"]] == ["rome"] and "description" not in history
    assert not any("tags" in item for quiz in quizzes.values() for item in quiz["items"])  # the quiz says it
    assert "wrote " + str(tmp_path / "bank" / "history.quiz.yaml") + " (1 item)" in result.stderr
    assert run("lint", tmp_path / "bank", "--select", "K", "-q").exit_code == 0


def test_without_split_the_categories_are_tags_of_one_quiz(run, tmp_path):
    result = run("import", write(tmp_path, "course.xml", CATEGORIES_XML))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("tags: [Geography]") == 2 and result.stdout.count("tags: [History]") == 1


def test_split_writes_nothing_when_a_quiz_file_exists(run, tmp_path):
    source = write(tmp_path, "course.xml", CATEGORIES_XML)
    (tmp_path / "bank").mkdir()
    existing = write(tmp_path / "bank", "history.quiz.yaml", "# mine\n")
    result = run("import", source, "--split", "-o", tmp_path / "bank")
    assert result.exit_code == 1 and "history.quiz.yaml exists; nothing was written" in result.stderr
    assert [path.name for path in (tmp_path / "bank").iterdir()] == ["history.quiz.yaml"]
    assert existing.read_text(encoding="utf-8") == "# mine\n"
    assert run("import", source, "--split", "-o", tmp_path / "bank", "--force").exit_code == 0
    assert quiz_files(tmp_path / "bank")["history.quiz.yaml"]["id"] == "history"


def test_split_writes_nothing_when_a_quiz_file_would_replace_a_folder(run, tmp_path):
    """With --force, the quiz files before a folder that bears a later one's name were written (then exit 2)."""
    source = write(tmp_path, "course.xml", CATEGORIES_XML)
    (tmp_path / "bank" / "history.quiz.yaml").mkdir(parents=True)
    result = run("import", source, "--split", "-o", tmp_path / "bank", "--force")
    assert result.exit_code == 2
    assert f"cannot write {tmp_path / 'bank' / 'history.quiz.yaml'}: it is a folder; nothing was written" in result.stderr
    assert [path.name for path in (tmp_path / "bank").iterdir()] == ["history.quiz.yaml"]


def test_split_quiz_files_never_share_an_item_id(run, tmp_path):
    """Each quiz file claimed its item ids alone: two categories with a question named "a" made a bank that fails
    lint (D001, duplicate item id). Without --split the second already got another id."""
    source = write(tmp_path, "topics.gift", "$CATEGORY: Planets\n\n::a:: Largest planet? {=Jupiter ~Mars}\n\n"
                                            "$CATEGORY: Moons\n\n::a:: Moon of Mars? {=Phobos ~Io}\n")
    assert run("import", source, "--split", "-o", tmp_path / "out").exit_code == 0
    quizzes = quiz_files(tmp_path / "out")
    assert [item["id"] for item in quizzes["planets.quiz.yaml"]["items"]] == ["a"]
    assert [item["id"] for item in quizzes["moons.quiz.yaml"]["items"]] == ["moons-q2"]
    assert run("lint", tmp_path / "out", "-q").exit_code == 0


def test_categories_of_one_name_get_distinct_quiz_ids(run, tmp_path):
    source = write(tmp_path, "topics.gift", "$CATEGORY: Space/Planets\n\n::a:: Largest planet? {=Jupiter ~Mars}\n\n"
                                            "$CATEGORY: Space/PLANETS\n\n::b:: Moon of Mars? {=Phobos ~Io}\n")
    assert run("import", source, "--split", "-o", tmp_path / "out").exit_code == 0
    quizzes = quiz_files(tmp_path / "out")
    assert list(quizzes) == ["planets-2.quiz.yaml", "planets.quiz.yaml"]
    assert quizzes["planets-2.quiz.yaml"]["items"][0]["id"] == "b"


@pytest.mark.parametrize(("args", "complaint"), [
    (["--split"], "name their folder with -o"),
    (["--split", "-o", "out", "--id", "x"], "--id names one quiz"),
    (["-o", "."], "is a folder: name the quiz file to write (or use --split)"),
    (["-o", "out/"], "out/ is a folder: name the quiz file to write (or use --split)"),  # a folder to make
    (["--split", "-o", "-"], "-o - (standard output) cannot hold them"),
])
def test_split_usage_mistakes(run, tmp_path, args, complaint):
    result = run("import", write(tmp_path, "course.xml", CATEGORIES_XML), *args, cwd=tmp_path)
    assert result.exit_code == 2 and complaint in result.stderr
    assert not (tmp_path / "out").exists() and not (tmp_path / "-").exists()


def test_dash_output_is_standard_output(run, tmp_path):
    result = run("import", "--from", "gift", write(tmp_path, "q.gift", SMALL_GIFT), "-o", "-", cwd=tmp_path)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("quizlint: 1\n") and "What is 2+2?" in result.stdout
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("split", [False, True])
def test_an_output_name_too_long_is_a_usage_error_not_a_crash(run_process, tmp_path, split):
    source = write(tmp_path, "course.xml", CATEGORIES_XML)
    for output in ("x" * 300, f"{'x' * 300}/q.quiz.yaml"):
        result = run_process("import", source, *(["--split"] if split else []), "-o", output, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        assert f"quizlint: cannot write {output}: File name too long" in result.stderr
        assert "internal error" not in result.stderr


# --- ids --------------------------------------------------------------------------------------------------


def test_slugs_fold_turkish_letters():
    assert ascii_fold("İĞÜŞÖÇ ığüşöç Iı") == "IGUSOC igusoc Ii"
    assert slugify("İĞÜŞÖÇ ığüşöç Iı") == "igusoc-igusoc-ii"
    assert slugify("Model Niceleme Sınavı") == "model-niceleme-sinavi"
    assert slugify("Çok Büyük İş: Ölçek & Şema!") == "cok-buyuk-is-olcek-sema"
    assert slugify("Ελληνικά") == ""
    long = slugify("word " * 30)
    assert len(long) <= 50 and not long.endswith("-") and long.endswith("word")


@pytest.mark.parametrize(
    ("value", "expected"),
    [("why-shard", "why-shard"), ("Q2", "Q2"), ("2-08 TSL", None), ("12345", None), ("i]d", None), ("", None),
     ("text2qti_question_44e96b49ea1100e289465a7b9d1a546fd386ea8b", None), ("x" * 65, None)],
)
def test_readable_ids(value, expected):
    assert readable_id(value) == expected


# --- YAML ---------------------------------------------------------------------------------------------------

TRICKY = ["No", "Yes", "on", "null", "~", "true", "1.5", "0x1F", "a: b", "# not a comment", "- item", "'quoted'",
          '"double"', "back\\slash", "tab\there", "two\nlines", "ends with newline\n", "  leading", "trailing  ",
          "İstanbul’da “tırnak”", "nbsp\u00a0here", "line\u2028separator", "delete\x7f", "", "{flow}", "[list]",
          "* star", "& anchor", "*alias", "!tag", "%directive", "@at", "`tick`", "multi\n\n  indented\nlines"]


def quiz_with(texts: list[str]) -> dict:
    return {"quizlint": 1, "id": "t", "languages": ["en", "tr"], "title": {"en": "T"},
            "items": [{"id": f"i{index}", "type": "single", "stem": {"en": text, "tr": text},
                       "options": [{"text": text, "correct": True}, {"text": {"en": text}}]}
                      for index, text in enumerate(texts)]}


def test_yaml_keeps_tricky_strings_as_strings():
    document = quiz_with(TRICKY)
    text = dump_quiz(document)
    loaded, findings = load_text(text)
    assert findings == [] and loaded.data == document
    assert '\n      en: "No"\n' in text  # texts are double-quoted: `No` never becomes false
    assert "      en: |-\n        two\n        lines\n" in text  # several lines read as a block


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(max_size=40).map(without_control_characters), min_size=1, max_size=4))
def test_yaml_round_trips_any_text(texts):
    document = quiz_with(texts)
    loaded, findings = load_text(dump_quiz(document))
    assert findings == [] and loaded.data == document


# --- HTML → Markdown --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "markdown"),
    [
        ("<p>One</p><p>Two</p>", "One\n\nTwo"),
        ("<p dir='ltr' style='text-align: left;'>Atto <b>bold</b> and <i>italic</i></p>", "Atto **bold** and *italic*"),
        ("<p>a<br>b<br/></p>", "a\\\nb"),
        ("<p><strong> spaced </strong>x</p>", "**spaced** x"),
        ("<p>Use <code>a`b</code></p>", "Use ``a`b``"),
        ("<pre><code>def f():\n    return 1\n</code></pre>", "```\ndef f():\n    return 1\n```"),
        ('<pre><code class="language-python">print(1)\n</code></pre>', "```python\nprint(1)\n```"),  # the info string
        ('<pre><code class="hljs language-c++">a</code></pre>', "```c++\na\n```"),
        ('<pre><code class="language-">a</code></pre>', "```\na\n```"),
        ('<p><a href="https://example.com/a b" title="T">site</a></p>', '[site](<https://example.com/a b> "T")'),
        ('<p><a href="x.html" target="_blank">new tab</a></p>', '<a href="x.html" target="_blank">new tab</a>'),
        ("<ul><li>one</li><li>two<ol start='3'><li>three</li></ol></li></ul>", "- one\n- two\n  3. three"),
        ("<p>H<sub>2</sub>O <span style='color:red'>red</span></p>", 'H<sub>2</sub>O <span style="color:red">red</span>'),
        ("<table><tr><td>x</td></tr></table>", "<table><tr><td>x</td></tr></table>"),
        ("<p>5 &lt; 6 &amp;&amp; *not emphasis* &nbsp;ok</p>", "5 < 6 && \\*not emphasis\\* \u00a0ok"),
        ("<p># not a heading</p><p>- not a list</p><p>1. not a list</p>",
         "\\# not a heading\n\n\\- not a list\n\n1\\. not a list"),
        ("Loose <em>text</em><!-- comment --> without p", "Loose *text* without p"),
    ],
)
def test_html_to_markdown(html, markdown):
    assert html_to_markdown(html) == markdown


@pytest.mark.parametrize("markdown", ["plain", "**bold** and *em*", "use `x = 1`", "a\n\nb", "- x\n- y",
                                      "1. x\n2. y", "[link](https://example.com)", "```\ncode\n  indented\n```",
                                      "a\\\nb", "4 * 3 = 12", "snake_case_name", "x < y & z", "$a_1 * b$",
                                      "- a\n  - nested\n- b", "Line one\nline two", "Use <kbd>Ctrl</kbd>"])
def test_markdown_survives_the_exporters_renderer(markdown):
    """What quizlint's exporters render comes back as the same Markdown (the round trips rely on it)."""
    from quizlint.render import render_html

    assert html_to_markdown(render_html(markdown)) == markdown


# --- multilang ----------------------------------------------------------------------------------------------


def test_multilang_spans_and_shared_text():
    text = 'Q: <span lang="en" class="multilang">Hello</span><span class="multilang" lang="tr">Merhaba</span>!'
    assert split_languages(text) == {"en": "Q: Hello!", "tr": "Q: Merhaba!"}


def test_mlang_blocks_with_several_languages_and_other():
    text = "{mlang en,de}Hi{mlang}{mlang tr}Selam{mlang}{mlang other}?{mlang} {mlang pt_br}Oi{mlang}"
    assert split_languages(text) == {"de": "Hi ", "en": "Hi ", "tr": "Selam ", "pt-BR": " Oi", "other": "? "}


def test_text_without_multilang():
    assert split_languages("<p>Plain</p>") == {None: "<p>Plain</p>"}


@pytest.mark.parametrize(("text", "expected"), [
    ('<span lang="en" class="multilang">The <span style="color: red;">red</span> one</span>'
     '<span lang="tr" class="multilang">Kırmızı <b><span>olan</span></b></span>',
     {"en": 'The <span style="color: red;">red</span> one', "tr": "Kırmızı <b><span>olan</span></b>"}),
    ('<span lang="en" class="multilang">never closed <span lang="tr" class="multilang">Türkçe</span>',
     {"tr": '<span lang="en" class="multilang">never closed Türkçe'}),
    ("{ mlang en }Hi <span class='x'>you</span>{mlang}{mlang tr}Selam{ mlang }", {"en": "Hi <span class='x'>you</span>",
                                                                               "tr": "Selam"}),
])
def test_multilang_span_ends_at_its_own_closing_tag(text, expected):
    """A styled span inside a multilang span does not end it (its text used to leak into the other language)."""
    assert split_languages(text) == expected


@pytest.mark.parametrize("text", ["<br> or <hr>", "*none* and file_name_here", "# title\n- item\n1. item",
                                  "line one\nline two\n\nnew paragraph", "5 &lt; 6 &amp; [x](y) `code`"])
def test_plain_text_shows_literally(text):
    """Moodle's plain_text and GIFT's [plain]: rendered, the Markdown shows the text as written, line by line."""
    import html
    import re

    from quizlint.importers.html_markdown import plain_text_markdown
    from quizlint.render import render_html

    rendered = render_html(plain_text_markdown(text))
    assert "<em>" not in rendered and "<h1>" not in rendered and "<li>" not in rendered and "<a " not in rendered
    lines = html.unescape(re.sub(r"<br />|</p>", "\n", re.sub(r"<(?!br />|/p>)[^>]+>", "", rendered)))
    assert [line for line in lines.split("\n") if line] == [line for line in text.split("\n") if line]


def test_output_that_is_a_dangling_link_is_a_clear_write_error(run, tmp_path):
    link = tmp_path / "q.quiz.yaml"
    link.symlink_to(tmp_path / "missing" / "q.quiz.yaml")
    result = run("import", write(tmp_path, "q.gift", SMALL_GIFT), "-o", link)
    assert result.exit_code == 2, result.stderr
    assert f"cannot write {link}: it is a symbolic link to {tmp_path / 'missing' / 'q.quiz.yaml'}, whose folder " \
           "does not exist" in result.stderr and "internal error" not in result.stderr
    assert link.is_symlink() and sorted(path.name for path in tmp_path.iterdir()) == ["q.gift", "q.quiz.yaml"]


def test_control_characters_no_text_can_hold_are_left_out_with_a_warning(run, tmp_path):
    source = tmp_path / "bell.aiken.txt"
    source.write_bytes(b"Which one rings\x07?\nA. The bell\x00\nB. The door\nANSWER: A\n")
    result = run("import", "--lang", "en", source, "-o", tmp_path / "bell.quiz.yaml")
    assert result.exit_code == 0, result.output
    assert "2 control character(s) left out: no text can hold them" in result.stderr
    written = (tmp_path / "bell.quiz.yaml").read_text(encoding="utf-8")
    assert "Which one rings?" in written and "The bell" in written
    assert run("lint", "--no-cache", "--select", "K", tmp_path / "bell.quiz.yaml").exit_code == 0
