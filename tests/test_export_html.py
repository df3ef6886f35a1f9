"""Raw HTML in quiz Markdown as every export writes it: what is not HTML is shown as written (never silently
dropped), and what the sanitiser still leaves out is named in a warning with its position."""

from __future__ import annotations

import pytest

from quizlint.export import FORMATS, get_format
from quizlint.render import left_out, list_starts, render_html, render_plain
from test_export_support import dtd_errors, qti_package_errors, zip_entries

RENDERING_FORMATS = [name for name in FORMATS if name != "json"]

GENERICS = """\
- id: vec
  stem: {en: "What does std::vector<int> hold, and how many bytes does each element take?"}
  options:
    - text: {en: "Integers in a List<String>, 4 bytes each"}
      correct: true
    - text: {en: "Pointers <in> 8 bytes, as a <template> says"}
    - text: {en: "<b>Bold</b> and <span>plain</span> words"}
"""


def exported_text(run, fmt: str, path, out) -> tuple[str, str]:
    """(everything written, as text; the warnings) of ``quizlint export --to FMT``, checked against the schemas."""
    result = run("export", "--to", fmt, "--lang", "en", "-o", out, path)
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    if fmt in ("qti21", "qti30"):
        assert qti_package_errors(fmt, data) == {}
    if fmt == "canvas":
        assert all(dtd_errors(content) is None for name, content in zip_entries(data).items()
                   if name != "imsmanifest.xml" and not name.endswith("assessment_meta.xml"))
    written = b"".join(zip_entries(data).values()) if get_format(fmt).BINARY else data
    return written.decode("utf-8"), result.stderr


@pytest.mark.parametrize("fmt", RENDERING_FORMATS)
def test_text_that_only_looks_like_a_tag_is_exported_as_written(run, write_quiz, tmp_path, fmt):
    path = write_quiz(GENERICS, languages="en")
    written, warnings = exported_text(run, fmt, path, tmp_path / "out")
    literal = ("vector<int> hold, and how many bytes does each element take?", "List<String>, 4 bytes each",
               "Pointers <in> 8 bytes, as a <template> says")
    if fmt == "aiken":
        assert all(text in written for text in literal)
    else:  # HTML, escaped once more inside the CDATA-less XML of the QTI 1.2 mattext
        escaped = [text.replace("<", "&lt;").replace(">", "&gt;") for text in literal]
        assert all(text in written or text.replace("&", "&amp;") in written for text in escaped), written
    assert "Bold" in written and "plain words" in written and "<span>" not in written
    assert "sanitiser" not in warnings


@pytest.mark.parametrize("markdown, html", [
    ("a <int> b", "<p>a &lt;int&gt; b</p>"),
    ("List<Object> and Set<Option>", "<p>List&lt;Object&gt; and Set&lt;Option&gt;</p>"),  # written as types
    ("Run <?php echo 1; ?> and <![CDATA[x]]>", "<p>Run &lt;?php echo 1; ?&gt; and &lt;![CDATA[x]]&gt;</p>"),
    ("<?php echo 1; ?>", "&lt;?php echo 1; ?&gt;"),  # an HTML block of its own
    ("<p>vector<int></p>", "<p>vector&lt;int&gt;</p>"),  # inside an HTML block
    ("<int>\nnext line", "&lt;int&gt;\nnext line"),  # a line that starts an HTML block
    ("<B>bold</B> <u>underlined</u> <!-- note -->", "<p><b>bold</b> underlined </p>"),  # HTML stays HTML
])
def test_only_html_is_read_as_html(markdown, html):
    assert render_html(markdown) == html


def test_plain_text_keeps_what_looks_like_a_tag():
    assert render_plain("std::vector<int> and `x<y>`") == "std::vector<int> and x<y>"


@pytest.mark.parametrize("markdown, lost", [
    ("x <script>alert(1)</script> y", ["the text 'alert(1)'"]),
    ("<style>p{}</style>Because", ["the text 'p{}'"]),
    ('<img src="data:image/png;base64,AAAA" alt="a graph">', ["the image 'a graph' (a data: URL)"]),
    ("![chart](data:image/png;base64,AAAA)", ["the image 'chart' (a data: URL)"]),
    ("vector<int>, <b>bold</b>, <span>span</span>, <!-- hidden --> and a < b", []),
    ("<table>loose<tr><td>x</td></tr></table>", []),  # moved out of the table, not lost
])
def test_left_out_names_what_the_sanitiser_removes(markdown, lost):
    assert left_out(markdown) == lost


HOSTILE = """\
- id: xss
  stem:
    en: "What does <script>alert(1)</script> do?"
  options:
    - text: '<img src="data:image/png;base64,AAAA" alt="a graph">'
      correct: true
    - text: {en: "Nothing"}
  explanation: {en: "<style>p{}</style>Because."}
"""


@pytest.mark.parametrize("fmt", RENDERING_FORMATS)
def test_content_the_sanitiser_removes_is_named_with_its_position(run, write_quiz, tmp_path, fmt):
    path = write_quiz(HOSTILE, languages="en")
    written, warnings = exported_text(run, fmt, path, tmp_path / "out")
    assert "alert(1)" not in written and "data:" not in written
    assert "demo.quiz.yaml:8:11: item 'xss', stem (en): the HTML sanitiser leaves out the text 'alert(1)'" in warnings
    assert ("demo.quiz.yaml:10:15: item 'xss', option A: the HTML sanitiser leaves out the image 'a graph' "
            "(a data: URL)") in warnings
    explanation = "demo.quiz.yaml:13:23: item 'xss', explanation (en): the HTML sanitiser leaves out the text 'p{}'"
    assert (explanation in warnings) == (fmt != "aiken")  # Aiken has no explanations at all (one warning says so)


STEPS = """\
- id: next-step
  stem:
    en: |
      Steps 1 and 2 are done. Which of the remaining steps must come first?

      3. Compile the model
      4. Load the weights
  options:
    - text: {en: "Step 3"}
      correct: true
    - text: {en: "Step 4"}
"""


@pytest.mark.parametrize("fmt", RENDERING_FORMATS)
def test_a_list_keeps_the_number_it_starts_at_or_a_warning_says_it_cannot(run, write_quiz, tmp_path, fmt):
    """A list starting at 3 was exported numbered from 1, silently; QTI's XHTML has no `start` (its schemas)."""
    written, warnings = exported_text(run, fmt, write_quiz(STEPS, languages="en"), tmp_path / "out")
    cannot = ("demo.quiz.yaml:8:11: item 'next-step', stem (en): QTI has no start number for a list: the one that "
              "starts at 3 is numbered from 1")
    if fmt in ("qti21", "qti30"):
        assert "<ol><li>Compile the model</li>" in written and cannot in warnings
    elif fmt == "aiken":
        assert "3. Compile the model 4. Load the weights" in written
    elif fmt == "canvas":
        assert '&lt;ol start="3"&gt;&lt;li&gt;Compile the model' in written
    else:  # Moodle XML, and GIFT, which writes such a text as HTML (a Markdown reader may number it from 1)
        assert '<ol start' + ("\\" if fmt == "gift" else "") + '="3"><li>Compile the model' in written
    assert (cannot in warnings) == (fmt in ("qti21", "qti30"))


@pytest.mark.parametrize("markdown, starts", [("3. a\n4. b", [3]), ("1. a\n2. b", []), ("- a", []),
                                              ('<ol start="7"><li>x</li></ol>', [7]),
                                              ('<ol start="x"><li>y</li></ol>', [])])
def test_list_starts(markdown, starts):
    assert list_starts(markdown) == starts
