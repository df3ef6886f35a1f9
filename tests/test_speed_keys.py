"""The comparison keys' shortcut for plain words one space apart gives what the general path gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

# Turkish I/ı, İ/i, letters that casefold to more than one (ß, ﬁ) or to a combining dot (İ), a Kelvin sign, a final
# sigma, decomposed ä, digits of other scripts and numbers that are not digits (², ½, Ⅻ), a titlecase letter (ǅ)
_LETTERS = "aeEzIİıiçÇşŞğĞüÜöÖßﬁKΣσǅxX"
_DIGITS = "0123٣²½Ⅻ"
_SIGNS = "?.!:;,-+*/#<>=_`~'’\"“”()[]{}…\\|$%&@\u0308"
_SPACES = " \t\n\u00a0\u2003\u200b"
_WORDS = ["What", "is", "the", "role", "in", "run", "0?", "0.", "3.14", "çalıştırmada", "İzmir'e", "İzmir", "Istanbul",
          "ısı", "IŞIK", "H2O", "CoCl2", "x2", "2x", "NaCl", "getValue", "AaBb", "iPhone", "McDonald", "true,", "false",
          "TRUE", "null.", "None", "nil;", "NaN", "Infinity", "undefined", "`None`", "`x`", "**Paris.**", "_a_", "*",
          "<code>x</code>", "f(x)", "a[i]", "{x}", "aws:demo", "a:", "b;", "--force", "-D", "-1", "7", "+", "3",
          ".properties", "file.txt", "C#", "C++", "'101'", "'a'", '"name":', '"null"', "\\*", "\\```", "Ünite", "3'te",
          "x²", "2²", "½", "ΣΑΣ", "straße", "ﬁle", "Kelvin", "ä", "a\u0308", "ǅemal", "?", "...", "«a»", "(1)", "i.e.",
          "=", "```", "~~~", "well-known", "e-mail", "A.", "B)", "Ⅻ", "٣", "a٣", "", " ", "    "]
_WORD = st.sampled_from(_WORDS) | st.text(alphabet=_LETTERS + _DIGITS + "?.!:;,", min_size=1, max_size=6) \
    | st.text(alphabet=_LETTERS + _DIGITS + _SIGNS, min_size=1, max_size=4) \
    | st.tuples(st.text(alphabet=_SIGNS, max_size=1), st.text(alphabet=_LETTERS + _DIGITS, min_size=1, max_size=4),
                st.text(alphabet="?.!:;," + _SIGNS, max_size=2)).map("".join)  # (signs around letters and digits)
_SEPARATOR = st.just(" ") | st.sampled_from([", ", "  ", "\n", "\n    ", "\t", " / ", " | ", "\u00a0", ""])
_LITERAL = st.sampled_from(["true", "FALSE", "Null", "none", "nil", "undefined", "NaN", "Infinity", "truth", "nul"])
_TEXTS = st.one_of(
    st.lists(_WORD, max_size=8).map(" ".join),  # (one space apart: mostly the shortcut's texts)
    st.lists(st.tuples(_LITERAL, st.sampled_from(["", ",", ";", ".", "?", ":"])).map("".join), max_size=4)
    .map(" ".join),  # (lists of literals, and texts that are almost one)
    st.lists(st.tuples(_WORD, _SEPARATOR), max_size=6).map(lambda pairs: "".join(a + b for a, b in pairs)),
    st.text(alphabet=_LETTERS + _DIGITS + _SIGNS + _SPACES, max_size=24))
_LANGS = st.sampled_from([None, "en", "tr", "az-Latn", "TR", "de"])


def _general_comparison_key(text: str, lang: str | None) -> str:
    from quizlint.text import _general_prose_key, is_symbolic, symbolic_key

    return symbolic_key(text) if is_symbolic(text) else _general_prose_key(text, lang)


@settings(max_examples=6000, deadline=None)
@given(text=_TEXTS, lang=_LANGS)
def test_the_keys_of_plain_words_are_the_keys_of_the_general_path(text, lang):
    from quizlint.text import (_general_prose_key, _is_literal_list, _plain_prose_key, comparison_key, is_symbolic,
                               prose_key)

    assert comparison_key(text, lang) == _general_comparison_key(text, lang)
    assert prose_key(text, lang) == _general_prose_key(text, lang)
    if (key := _plain_prose_key(text, lang)) is not None:
        assert key == _general_prose_key(text, lang)
        assert is_symbolic(text) == _is_literal_list(text)  # (a plain text is symbolic only as a literal list)


def test_the_shortcut_takes_the_usual_texts_and_leaves_the_rest():
    from quizlint.text import _plain_prose_key, comparison_key

    for text in ("What is the role of the gradient in run 0?", "0. çalıştırmada durum hızı rolü nedir?",
                 "İzmir Istanbul IŞIK ısı.", "Which one, and why: this; that!", "true, false", "None; null."):
        for lang in (None, "tr"):
            assert _plain_prose_key(text, lang) is not None, text
            assert comparison_key(text, lang) == _general_comparison_key(text, lang), text
    for text in ("H2O is water", "getValue()", "a  b", " a", "a ", "a\tb", "a\nb", "", "f(x)", "C#", "İzmir'e",
                 "a-b", "a.b", "a:b", "`x`", "*a*", "a = b", "2²"):
        assert _plain_prose_key(text, "tr") is None, text


def test_every_character_as_a_word_and_beside_one():
    from quizlint.text import _general_prose_key, comparison_key, prose_key

    for code in range(0x2200):
        character = chr(code)
        for text in (character, "a" + character, character + "b", "1" + character, character + "1",
                     "İ" + character + " x", "a " + character, "true " + character + "false", character + "."):
            for lang in (None, "tr"):
                assert comparison_key(text, lang) == _general_comparison_key(text, lang), (text, lang)
                assert prose_key(text, lang) == _general_prose_key(text, lang), (text, lang)
