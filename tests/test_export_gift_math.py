"""GIFT keeps Markdown as written, but Moodle's Markdown reader knows no math: HTML inside `$…$` must not reach it
raw (issue 27)."""

from __future__ import annotations

from quizlint.export.gift import gift_text
from quizlint.model import read_quiz

HOSTILE = r"""
- id: hostile
  type: single
  stem: {en: 'Compute $<img src=x onerror=alert(1)>$ and $a<b$ now', tr: 'Hesaplayın: $<img src=x onerror=alert(1)>$'}
  options:
    - text: '$x<y>z$'
      correct: true
    - text: '$a \& b$'
- id: plain-math
  type: single
  stem: {en: 'Is $x^2 \geq 0$ for every real $x$?', tr: 'Her gerçel $x$ için $x^2 \geq 0$ mıdır?'}
  options:
    - text: {en: 'Yes', tr: 'Evet'}
      correct: true
    - text: {en: 'No', tr: 'Hayır'}
"""


def test_gift_escapes_html_inside_math(run, write_quiz, tmp_path):
    path = write_quiz(HOSTILE)
    out = tmp_path / "out.gift.txt"
    result = run("export", "--to", "gift", "--force", "-o", out, path)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "<img" not in text and "<b" not in text and "<y>" not in text  # no tag reaches Moodle raw
    assert "::hostile::[html]<p>Compute $&lt;img src\\=x onerror\\=alert(1)&gt;$ and $a&lt;b$ now</p>{" in text
    assert "\t=$x&lt;y&gt;z$" in text and "$a \\\\&amp; b$" in text  # the answers, as the other formats write them
    assert "::plain-math::[markdown]Is $x^2 \\\\geq 0$ for every real $x$?{" in text  # math without markup: as written
    back = tmp_path / "back.quiz.yaml"
    assert run("import", "--from", "gift", "--lang", "en", out, "-o", back).exit_code == 0
    item = read_quiz(back)[0].quiz.items[0]  # the math comes back as written
    assert item.stem["en"] == "Compute $<img src=x onerror=alert(1)>$ and $a<b$ now"
    assert [option.text["en"] for option in item.options] == ["$x<y>z$", "$a \\& b$"]


def test_gift_text_writes_math_with_markup_as_html_only():
    assert gift_text("$a<b$") == ("html", "[html]<p>$a&lt;b$</p>")
    assert gift_text("a < b and $x$") == ("markdown", "[markdown]a < b and $x$")  # (outside math: Markdown's rules)
    assert gift_text("`$<b>$`")[0] == "markdown"  # code is not math
