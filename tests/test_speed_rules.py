"""The shortcuts of the item rules (fast paths for the usual texts) give what the general paths give."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

# texts with Turkish letters (I/ı, İ/i), markup, escapes, numbers (ASCII and not), names, decomposed letters
_PIECES = st.sampled_from([
    "a", "I", "ı", "İ", "i", "Iİ", "word", "Ankara", "GPU'da", " ", "  ", "\n", "\t", "*", "**", "_", "`", "<", ">",
    "<code>", "<b>", "](", "[x](http://a.b)", "://", "www.", "W.", "~~~", "$", "\\", "\\*", "0", "42", "3,5",
    "1.000", "٣", "e\u0301", "\u212a", "\u0301", "all of the above", "Hepsi", "yukarıdakilerin hiçbiri",
])
_TEXT = st.lists(_PIECES, max_size=8).map("".join)
_OPTION_TEXTS = st.lists(st.one_of(st.none(), _TEXT), min_size=0, max_size=6)


@settings(max_examples=3000, deadline=None)
@given(texts=_OPTION_TEXTS)
def test_the_visible_lengths_of_options_are_those_of_each_text(texts):
    from quizlint.rules._markup import visible_text
    from quizlint.rules.longest_option_key import _visible_lengths
    from quizlint.text import visible_length

    assert _visible_lengths(texts) == [visible_length(visible_text(text or "")) for text in texts]


@settings(max_examples=3000, deadline=None)
@given(en=_OPTION_TEXTS, tr=_OPTION_TEXTS)
def test_options_have_digits_in_some_language_as_the_regex_says(en, tr):
    from quizlint.rules.numeric_order import _all_have_digits

    tr = (tr + [None] * len(en))[:len(en)]
    texts = {"en": en, "tr": tr}
    digit = re.compile(r"\d")
    expected = any(all(digit.search(text or "") for text in texts[lang]) for lang in ("en", "tr"))
    assert _all_have_digits(texts, ["en", "tr"]) is expected


@settings(max_examples=3000, deadline=None)
@given(text=_TEXT)
def test_inline_code_needs_a_backtick_or_a_tag(text):
    """``_keys_may_repeat`` looks for inline code only in texts with a backtick or a "<": none has it without."""
    from quizlint.text import has_inline_code

    if has_inline_code(text):
        assert "`" in text or "<" in text


@settings(max_examples=3000, deadline=None)
@given(en=_OPTION_TEXTS, tr=_OPTION_TEXTS)
def test_options_with_inline_code_are_always_compared(en, tr):
    from quizlint.rules.duplicate_option import _keys_may_repeat
    from quizlint.text import has_inline_code

    tr = (tr + [None] * len(en))[:len(en)]
    texts = {"en": en, "tr": tr}
    for lang in ("en", "tr"):
        if len(en) >= 2 and any(has_inline_code(text) for text in texts[lang] if text):
            assert _keys_may_repeat(texts, [lang])


@settings(max_examples=1000, deadline=None)
@given(texts=_OPTION_TEXTS.filter(bool), lang=st.sampled_from(["en", "tr", "de"]))
def test_the_categories_of_the_first_text_and_the_rest_are_those_of_each(texts, lang):
    from quizlint import lexicon

    each = lexicon.Texts(texts, lang)
    assert each.first_and_rest_categories() == (each.categories([0]), each.categories(range(1, len(texts))))


@settings(max_examples=1000, deadline=None)
@given(texts=_OPTION_TEXTS, more=_OPTION_TEXTS)
def test_each_language_joined_hides_text_when_all_the_texts_joined_do(texts, more):
    from quizlint import lexicon
    from quizlint.rules._markup import has_hidden_text

    found = [lexicon.Texts(texts, "en"), lexicon.Texts(more, "tr")]
    every = " ".join([text for each in found for text in each.texts if text])
    assert any(has_hidden_text(each.joined) for each in found) == has_hidden_text(every)


@settings(max_examples=1000, deadline=None)
@given(texts=st.lists(_TEXT, min_size=3, max_size=6), lang=st.sampled_from(["en", "tr"]))
def test_echoed_words_are_the_key_words_whose_stems_the_stem_has_and_no_distractor(texts, lang):
    from quizlint import lexicon

    each = lexicon.Texts(texts, lang)
    others = list(range(2, len(texts)))
    stems = (each.stems([1]) & each.stems([0])) - each.stems(others)
    assert each.echoed_words(1, 0, others) == (each.words_with_stems(1, stems) if stems else [])


@settings(max_examples=2000, deadline=None)
@given(texts=st.lists(_TEXT, max_size=6))
def test_texts_joined_have_a_digit_when_one_of_them_has(texts):
    from quizlint.rules._markup import has_digit, has_markup_or_emphasis, join_texts

    assert has_digit(join_texts(texts)) == any(map(has_digit, texts))
    assert has_markup_or_emphasis(join_texts(texts)) == any(map(has_markup_or_emphasis, texts))
