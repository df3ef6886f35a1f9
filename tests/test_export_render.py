"""The shared Markdown → sanitised XHTML renderer (``quizlint.render``), and its plain-text form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from quizlint import render
from quizlint.render import append_html, normalize_url, render_html, render_plain, xml_safe


def parse(html: str):
    return etree.fromstring(f"<div>{html}</div>")  # raises unless well-formed


def test_markdown_blocks_and_inlines():
    html = render_html("**bold** _em_ `a < b`\n\n- one\n- two\n\n1. x\n\n> quoted\n\n# Title")
    assert html == ("<p><strong>bold</strong> <em>em</em> <code>a &lt; b</code></p>\n"
                    "<ul><li>one</li><li>two</li></ul>\n<ol><li>x</li></ol>\n<blockquote><p>quoted</p></blockquote>\n"
                    "<h1>Title</h1>")


def test_code_blocks_are_kept_verbatim():
    html = render_html("```python\nif a < b and c > d:\n    print('<x> & y')\n```")
    assert html == ('<pre><code class="language-python">if a &lt; b and c &gt; d:\n'
                    "    print('&lt;x&gt; &amp; y')\n</code></pre>")


@pytest.mark.parametrize("math", ["$a_1 * b_2 * c_3$", "$$\\sum_{i=1}^{n} x_i * y_i$$", "$\\frac{1}{2}$"])
def test_math_is_kept_as_written(math):
    assert "".join(parse(render_html(f"Solve {math} now.")).itertext()) == f"Solve {math} now."


def test_dollar_amounts_are_not_math():
    assert render_html("It costs $5 and *then* $10.") == "<p>It costs $5 and <em>then</em> $10.</p>"


def test_tables_have_a_head_and_a_body_and_no_styles():
    html = render_html("| a | b |\n|:--|--:|\n| 1 | 2 |")
    assert html == ("<table><thead><tr><th>a</th><th>b</th></tr></thead>"
                    "<tbody><tr><td>1</td><td>2</td></tr></tbody></table>")


@pytest.mark.parametrize("hostile, banned", [
    ("<script>alert(1)</script>text", "alert"),
    ("<img src=x onerror=alert(1)>", "onerror"),
    ("[click](javascript:alert(1))", "href"),
    ("<a href='javascript:alert(1)'>x</a>", "javascript"),
    ("<a href='vbscript:x'>x</a>", "vbscript"),
    ("<p style='color:red' onclick='x()'>x</p>", "style"),
    ("<iframe src='https://evil'></iframe><object data=x></object>", "evil"),
    ("<style>body{}</style>", "body"),
    ("<img src='data:image/png;base64,AAAA'>", "data:"),
    ("<svg><script>alert(1)</script></svg>", "alert"),
])
def test_sanitising_removes_active_content(hostile, banned):
    html = render_html(hostile)
    parse(html)
    assert banned not in html


def test_safe_links_and_images_survive():
    html = render_html("[site](https://example.org/a?b=1&c=2) ![a cat](https://example.org/cat.png \"t\")")
    assert html == ('<p><a href="https://example.org/a?b=1&amp;c=2">site</a> '
                    '<img src="https://example.org/cat.png" alt="a cat"/></p>')


@pytest.mark.parametrize("url, written", [
    ("https://example.com/guide#install#linux", "https://example.com/guide#install%23linux"),
    ("https://example.com/a%zz b", "https://example.com/a%25zz%20b"),
    ("https://example.com/ok%20%C3%A7", "https://example.com/ok%20%C3%A7"),  # escapes are kept
    ("https://örnek.com.tr/ı?q=ş#İ", "https://xn--rnek-4qa.com.tr/%C4%B1?q=%C5%9F#%C4%B0"),
    ("https://[::1]:8080/p#a#b", "https://[::1]:8080/p#a%23b"),
    ("mailto:a b@example.com", "mailto:a%20b@example.com"),
])
def test_link_and_image_urls_become_valid_uri_references_whether_markdown_or_html(url, written):
    assert normalize_url(url) == written
    assert normalize_url(written) == written
    for text in (f'<a href="{url}">x</a> <img src="{url}" alt="y">', f"[x](<{url}>) ![y](<{url}>)"):
        assert render_html(text) == f'<p><a href="{written}">x</a> <img src="{written}" alt="y"/></p>'


@pytest.mark.parametrize("html_input", [
    "<em><p>a</p><p>b</p></em>", "<ul>loose<li>x</li></ul>", "<li>stray</li>", "<b>unclosed",
    "<a href='x'><div>d</div></a>",
    "<table><tr><td>x</td></tr></table>", "<pre><img src=x></pre>", "<h2><ul><li>x</li></ul></h2>",
])
def test_broken_html_comes_out_well_formed_and_nested_as_xhtml(html_input):
    root = parse(render_html(html_input))
    inline = render.INLINE_TAGS | {"p", "h1", "h2", "h3", "h4", "h5", "h6", "pre"}
    for element in root.iter():
        if element.tag in inline:
            assert not any(child.tag in render.BLOCK_TAGS for child in element), render_html(html_input)
        if element.tag in {"ul", "ol"}:
            assert all(child.tag == "li" for child in element) and not (element.text or "").strip()
        if element.tag == "table":
            assert [child.tag for child in element][-1] == "tbody"


def test_compact_drops_the_paragraph_of_a_one_paragraph_text():
    assert render_html("just *text*", compact=True) == "just <em>text</em>"
    assert render_html("one\n\ntwo", compact=True) == "<p>one</p>\n<p>two</p>"


def test_characters_xml_cannot_carry_are_dropped():
    assert xml_safe("a\x00b\x01c\x0bd\ufffee\tf\ng") == "abcde\tf\ng"
    assert render_html("bell\x07 here") == "<p>bell here</p>"


def test_append_html_puts_elements_in_a_namespace_and_wraps_loose_inline_content():
    ns = "urn:test"
    body = etree.Element(f"{{{ns}}}body")
    append_html(body, "<b>bold</b> text <div>block</div> tail", namespace=ns, blocks=True)
    assert [etree.QName(child).localname for child in body] == ["p", "div", "p"]
    assert all(etree.QName(element).namespace == ns for element in body.iter())
    assert "".join(body.itertext()) == "bold text block tail"
    choice = etree.Element("choice")
    append_html(choice, "plain **words**", compact=True)
    assert etree.tostring(choice, encoding="unicode") == "<choice>plain <strong>words</strong></choice>"


def test_plain_text():
    assert render_plain("**Bold** and `code` and $x_1$\n\n- a\n- b\n\n[link](https://e.org)") == \
        "Bold and code and $x_1$\n\n- a\n- b\n\nlink <https://e.org>"
    assert render_plain("1. first\n2. second") == "1. first\n2. second"
    assert render_plain("<script>x</script>a < b & c") == "a < b & c"
    assert render_plain("```\n  indented\n    code\n```") == "indented\n    code"


_PLAIN_WORDS = st.text(st.characters(categories=("L", "N", "Zs", "Cf", "So", "Mn"), include_characters=" ,;'\"()?@%/"),
                       min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(_PLAIN_WORDS)
def test_the_fast_path_renders_exactly_what_markdown_would(text):
    text = xml_safe(text).strip()
    if not render.is_plain_paragraph(text):
        return
    slow = render._fragment_from_html(render._sanitised_html(text))
    fast = render._fragment(text, False)
    assert etree.tostring(fast) == etree.tostring(slow)
