"""The shortcuts of the summaries, the comparison keys and the media rules hold to the general ways they shortcut."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

# Letters (Turkish I/ı, İ/i, a Kelvin sign that lowers to k), digits (Arabic-Indic too), signs, markup, whitespace
_ALPHABET = "aetrufnlIİıiKçÇşŞxXyY0123٣²½ _-?!.,:;/|'’\"“”`*~=#+()[]{}<>$\\\t\n\u00a0\u2003…"
_PIECES = ["    ", "\n    ", "\t", "f(x)", "a[i]", "aws:demo", "--force", "-D", " -1", ".properties", "file.txt",
           "H2O", "x2", "CoCl2", "'101'", "'a'", '"name": 1', '"null"', "getValue", "AaBb", "NaCl", "İzmir", "ıI",
           "true", "FALSE", "Null", "none", "nil", "NaN", "Infinity", "undefined", ", ", " / ", " | ", "(", ")", "   ",
           "```", "~~~", "`None`", "<code>x</code>", "a = b", "{x}", "0.", "in run 0?", "3.14", "2 + 2", "ünite 3'te"]
_PIECE = st.sampled_from(_PIECES) | st.text(alphabet=_ALPHABET, max_size=4)
_TEXTS = st.one_of(st.text(alphabet=_ALPHABET, max_size=30), st.lists(_PIECE, max_size=8).map("".join))


def _is_symbolic_in_full(text: str) -> bool:
    """``is_symbolic`` as it was written before its shortcuts: every pattern searched, every word split."""
    from quizlint.text import _LITERAL_LIST, _LITERALS, _SYMBOLIC

    if any(pattern.search(text) is not None for pattern in _SYMBOLIC):
        return True
    literals = [word for word in _LITERAL_LIST.split(text.strip(" .")) if word]
    if len(literals) >= 2 and all(word.lower() in _LITERALS for word in literals):
        return True
    return any(before.islower() and after.isupper() for before, after in zip(text, text[1:]))


@settings(max_examples=4000, deadline=None)
@given(text=_TEXTS)
def test_is_symbolic_searches_only_the_patterns_that_may_match_and_finds_what_all_find(text):
    from quizlint.text import _any_symbolic_pattern, _has_symbolic_pattern, is_symbolic

    assert _has_symbolic_pattern(text) == _any_symbolic_pattern(text)
    assert is_symbolic(text) == _is_symbolic_in_full(text)


def test_is_symbolic_of_every_sign_and_of_samples():
    from quizlint.text import is_symbolic

    for code in range(0x2100):
        character = chr(code)
        for text in (character, "a" + character + "b", "1" + character, character + "x", "    " + character,
                     character + "rue, false", "true" + character + "false"):
            assert is_symbolic(text) == _is_symbolic_in_full(text), text


@settings(max_examples=3000, deadline=None)
@given(data=st.lists(st.sampled_from(["](", "]", "(", "<", ">", ")", " ", "\n", "src", "href", "=", "\"", "'", "a.png",
                                      "img", "x", "é", "\\", "src=", "href =", '"a.png"', "'b.mp3'", "](a.png)"]),
                     max_size=12).map(lambda pieces: "".join(pieces).encode()))
def test_a_file_without_an_opening_parenthesis_or_an_equals_sign_names_no_file(data):
    from quizlint.media import _NAMED_FILE

    if _NAMED_FILE.search(data) is not None:
        assert b"(" in data or b"=" in data


_HINTED = st.text(alphabet="a <>$]([):\\\n`é", max_size=8)


@settings(max_examples=3000, deadline=None)
@given(values=st.lists(_HINTED | st.dictionaries(st.sampled_from(["en", "tr", "de"]), st.none() | _HINTED), max_size=6))
def test_one_look_at_an_items_texts_finds_a_media_hint_when_one_of_them_has_one(values):
    from quizlint.rules._media import _HINTS, _any_hint_in

    texts = [value for value in values if isinstance(value, str)]
    texts += [text for value in values if isinstance(value, dict) for text in value.values() if text is not None]
    assert _any_hint_in(values) == any(_HINTS.search(text) is not None for text in texts)


def test_the_summary_of_a_lint_is_the_summary_worked_out_alone():
    """``lint_file`` hands the summary what the item rules worked out (whether each order means something, the
    options' visible lengths): the same summary as ``summarize`` works out by itself, whatever rules run."""
    from pathlib import Path

    from quizlint.language.identify import Services
    from quizlint.lint.engine import lint_file, summarize
    from quizlint.model import read_quiz
    from quizlint.rules.base import Selection, all_rules

    root = Path(__file__).resolve().parents[1]
    paths = sorted((root / "content").glob("*.quiz.yaml"))
    assert paths
    services = Services()
    for path in paths:
        for selection in (Selection({rule.code: rule for rule in all_rules()}), Selection({})):
            result = lint_file(path, str(path), selection, None, services)
            assert result.summary == summarize(read_quiz(path, str(path))[0]), path
