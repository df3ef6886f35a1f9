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
    from quizlint.rules._texts import visible_lengths
    from quizlint.text import visible_length

    assert visible_lengths(texts) == tuple([visible_length(visible_text(text or "")) for text in texts])


@settings(max_examples=3000, deadline=None)
@given(en=_OPTION_TEXTS, tr=_OPTION_TEXTS)
def test_options_have_digits_in_some_language_as_the_regex_says(en, tr):
    from quizlint.model.order import every_option_has_a_digit

    tr = (tr + [None] * len(en))[:len(en)]
    texts = {"en": en, "tr": tr}
    digit = re.compile(r"\d")
    expected = any(all(digit.search(text or "") for text in texts[lang]) for lang in ("en", "tr"))
    assert every_option_has_a_digit(texts, ["en", "tr"]) is expected


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
    from quizlint.rules._markup import has_markup_or_emphasis, join_texts
    from quizlint.text import has_digit

    assert has_digit(join_texts(texts)) == any(map(has_digit, texts))
    assert has_markup_or_emphasis(join_texts(texts)) == any(map(has_markup_or_emphasis, texts))


# option texts that are numbers, references and phrases too (what makes an order mean something), per language
_ORDER_PIECES = st.sampled_from(["1", "3.5", "3,5", "%50", "16 GB", "٣", "I", "II", "IV", "A", "B", "X", " and ",
                                 " ve ", "Only ", "Yalnız ", ", ", "ı", "İ", "i", "word", "Ankara", "all of the above",
                                 "none of the above", "Hepsi", "yukarıdakilerin hiçbiri", " ", "\n", "*", "`"])
_ORDER_TEXT = st.lists(_ORDER_PIECES, min_size=1, max_size=4).map("".join)
_NUMBER_TEXT = st.sampled_from(["1", " 2", "%50", "$5", "3,5", "1.000", "16 GB", "٣", "1/2", "x 3", "3.10", "-4"])
_OPTION_VALUE = st.one_of(_ORDER_TEXT, st.dictionaries(st.sampled_from(["en", "tr", "de"]), st.none() | _ORDER_TEXT,
                                                        max_size=3))
_NUMBER_VALUE = st.one_of(_NUMBER_TEXT, st.dictionaries(st.sampled_from(["en", "tr"]), _NUMBER_TEXT, max_size=2))


@settings(max_examples=3000, deadline=None)
@given(values=st.lists(_OPTION_VALUE, min_size=1, max_size=5) | st.lists(_NUMBER_VALUE, min_size=3, max_size=5),
       languages=st.sampled_from([["en"], ["en", "tr"], ["tr", "en"]]))
def test_the_quick_tests_of_a_meaningful_order_leave_its_definition(values, languages):
    """``order_is_meaningful`` skips the number and combination look-ups by quick tests of the options' texts in
    the quiz's languages (given by the caller, as ``option_texts`` has them, or read): the same answer as the
    definition, every option a number or some option a combination or a phrase."""
    from quizlint.model import text_in
    from quizlint.model.order import (REFERRING_PHRASES, is_combination_option, is_phrase, option_numbers,
                                      order_is_meaningful)
    from quizlint.model.types import validate_item

    item = validate_item({"id": "q", "type": "single", "stem": "?",
                          "options": [{"text": value, "correct": index == 0} for index, value in enumerate(values)]})
    definition = option_numbers(item, languages) is not None \
        or any(is_combination_option(option.text, languages) for option in item.options) \
        or any(is_phrase(option.text, languages, category) for category in REFERRING_PHRASES
               for option in item.options)
    texts = {lang: [text_in(option.text, lang) for option in item.options] for lang in languages}
    assert order_is_meaningful(item, languages) is definition
    assert order_is_meaningful(item, languages, texts=texts) is definition
