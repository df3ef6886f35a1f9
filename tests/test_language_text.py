"""wrong-language on real shapes (issue 24, class 1): names, formulas and code in Turkish texts are not English;
a short English option in the Turkish slot is."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.rules._language_text import identification_words, short_phrase, short_text_language


@pytest.mark.parametrize("text, kept", [
    ("John Locke'un görüşü neyi savunur?", ["görüşü", "neyi", "savunur"]),  # a name with a suffix, at the start
    ("Truman Doktrini hangi yıl ilan edildi?", ["hangi", "yıl", "ilan", "edildi"]),
    ("Bu tepkimede 2H2 + O2 → 2H2O oluşur", ["Bu", "tepkimede", "oluşur"]),  # a formula
    ('Latince "carpe diem" sözü ne anlama gelir?', ["Latince", "sözü", "ne", "anlama", "gelir"]),  # a quotation
    ("`print(x)` komutu ne yazdırır?", ["komutu", "ne", "yazdırır"]),  # code
    ("aws lambda invoke --function-name ReturnBucketName outputfile.txt", []),  # a command line
    ("print( { x: y for x in characters for y in actors } )", []),  # code without backticks
    ("aws:demo;aws:demo", []),
    ("NASA ve ESA hangi yıl kuruldu?", ["ve", "hangi", "yıl", "kuruldu"]),  # acronyms
    ("The session layer keeps state", ["The", "session", "layer", "keeps", "state"]),
    # plain prose (words of letters, a sign after a word, no capital after the first letter): the quick path
    ("Nato üyeleri toplandı.", ["Nato", "üyeleri", "toplandı"]),  # a capital first word starts the sentence
    ("Iyileştirici adım gecikme, model.", ["Iyileştirici", "adım", "gecikme", "model"]),
    ("x marks the spot!", ["marks", "the", "spot"]),  # a one-letter variable
    ("x y and z", []),  # a third or more is code
    ("x  marks the spot", ["marks", "the", "spot"]),  # (two spaces: the general path, the same words)
])
def test_identification_words_mask_names_formulas_quotations_and_code(text, kept):
    assert identification_words(text) == kept


def test_capitalised_words_stay_for_languages_that_capitalise_nouns():
    assert identification_words("Der Datenlader des Trainingsjobs", names=False) == [
        "Der", "Datenlader", "des", "Trainingsjobs"]


def test_a_short_phrase_has_two_words_of_three_letters_and_at_most_four():
    assert short_phrase(["Data", "link", "layer"]) and not short_phrase(["Other"])
    assert not short_phrase(["Title", "de"]) and not short_phrase("one two three four five".split())


def _scores(table):
    return lambda sample: table[sample]


@pytest.mark.parametrize("text, lang, scores, found", [
    ("Data link layer", "tr", {"en": 0.63, "tr": 0.37}, "en"),  # a lead of 0.26
    ("none of these answers", "tr", {"en": 0.56, "tr": 0.44}, "en"),  # a function word and half the lead
    ("Hello and", "es", {"en": 0.42, "es": 0.41}, None),  # a function word, too small a lead
    ("Guido van Rossum", "es", {"en": 0.9, "es": 0.1}, None),  # a name
    ("Veri bağlantı katmanı", "tr", {"en": 0.9, "tr": 0.1}, None),  # Turkish letters: Turkish
    ("Bir kitap", "tr", {"en": 0.1, "tr": 0.9}, None),
    ("Kitap okuma", "en", {"en": 0.2, "tr": 0.8}, None),  # Turkish needs its own letters to win in an en slot
    ("Kitabı okumak güzeldir", "en", {"en": 0.1, "tr": 0.9}, "tr"),
    ("Other", "tr", {"en": 0.93, "tr": 0.07}, None),  # one word is no evidence
    ("inline; la classe", "fr", {"en": 0.7, "fr": 0.3}, None),  # a French function word
])
def test_short_text_language(text, lang, scores, found):
    sample = " ".join(identification_words(text))
    assert short_text_language(text, lang, list(scores), _scores({sample: scores})) == found


ITEMS = """
- id: names
  stem: {en: "What did John Locke argue?", tr: "John Locke'un görüşü neyi savunur?"}
  options:
    - {text: {en: "Natural rights", tr: "Doğal hakları"}, correct: true}
    - {text: {en: "The Truman Doctrine", tr: "Truman Doktrini"}}
    - {text: {en: "Divine right of kings", tr: "Kralların tanrısal hakkını"}}
- id: formula
  stem: {en: "What does 2H2 + O2 → 2H2O produce?", tr: "2H2 + O2 → 2H2O tepkimesi sonunda ne oluşur?"}
  options:
    - {text: {en: "Water", tr: "Su"}, correct: true}
    - {text: {en: "Hydrogen peroxide", tr: "Hidrojen peroksit"}}
- id: code
  stem: {en: "Which command invokes a function?", tr: "Hangi komut bir işlevi çağırır?"}
  options:
    - {text: {en: "aws lambda invoke --function-name Fn out.txt", tr: "aws lambda invoke --function-name Fn out.txt"}, correct: true}
    - {text: {en: "aws lambda execute --function Fn out.txt", tr: "aws lambda execute --function Fn out.txt"}}
- id: layer
  stem: {en: "Which layer frames bits?", tr: "Bitleri hangi katman çerçeveler?"}
  options:
    - {text: {en: "Data link layer", tr: "Data link layer"}, correct: true}
    - {text: {en: "Physical layer", tr: "Fiziksel katman"}}
"""


def test_no_error_on_names_formulas_or_code_while_a_three_word_english_option_is_one(run, tmp_path):
    path = tmp_path / "demo.quiz.yaml"
    path.write_text("quizlint: 1\nid: demo\nlanguages: [en, tr]\ntitle: {en: History and science, "
                    "tr: Tarih ve bilim}\nitems:" + ITEMS, encoding="utf-8")
    result = run("lint", "--select", "T004", "--format", "json", path)
    found = [(f["item"], f["severity"], f["message"].split(" (")[0]) for f in json.loads(result.stdout)]
    assert found == [("layer", "error", "option A: the tr text looks like English, not Turkish")]
    assert result.exit_code == 1


def test_an_english_quiz_title_in_the_turkish_slot_is_an_error(run, tmp_path):
    path = tmp_path / "demo.quiz.yaml"
    path.write_text("quizlint: 1\nid: demo\nlanguages: [en, tr]\ntitle: {en: The network layers, "
                    "tr: The network layers}\nitems:" + ITEMS.split("- id: names")[0]
                    + "\n- {id: q, stem: {en: Which one?, tr: Hangisi?}, options: [{text: A, correct: true}, {text: B}]}\n",
                    encoding="utf-8")
    result = run("lint", "--select", "T004", "--format", "json", path)
    assert [(f["line"], f["message"].split(":")[0]) for f in json.loads(result.stdout)] == [(4, "quiz title")]


# The fast way through plain prose (``plain_identification_words``) must give what the token-by-token way gives.
_PLAIN_TOKENS = ["the", "²", "Ⅻ", "model", "Model", "x", "i", "a", "ağırlıklar", "İstanbul", "çalıştırmada",
                 "300", "7", "x²", "中文", "A中", "the,", "run.", "Why?", "300.", "42:", "kernel!", "n;", "Öğrenme",
                 "ölçek", "e.g.", "a.b", "..", "x,,", ",", "", "tab\tword", "yes!?", "3.14", "1,000"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN_TOKENS), min_size=1, max_size=9), st.booleans())
def test_plain_prose_is_read_as_the_token_by_token_way_reads_it(tokens, names):
    from quizlint.rules import _language_text

    text = " ".join(tokens)
    plain = _language_text.plain_identification_words(text, names)
    if plain is not None:
        assert plain == _language_text._words_of_tokens(text, names)


# Words as a bank and real content write them: lower-case and capitalised, Turkish dotted and dotless I's, a sign
# after a word, numbers, variables, acronyms, title-case and uncased letters, markup, names with a suffix
_LOWER_TOKENS = ["model", "state", "ışık", "izmir", "ılık", "ı", "i.", "adım,", "eğitim?", "bölüm.", "0.", "12?",
                 "ǆemal", "ß", "ª", "a", "and", "the", "run", "ağ"]
_LONG_PLAIN_TOKENS = _PLAIN_TOKENS + _LOWER_TOKENS + [
    "Istanbul", "Işık", "İzmir", "İ", "I", "dİk", "Kİtap", "Ağ", "AĞ", "Ǆemal", "ǅemal", "Aß", "Aª", "中", "中文,",
    "A中", "GPU", "GPU'da", "Locke'un", "**bold**", "`code`", "[link](x)", "H2O", "e.g.", "x.", "mOdel", "Model!",
    "–", "x", "k", "h.", "ModeL"]


@settings(max_examples=3000, deadline=None)
@given(st.sampled_from(_LONG_PLAIN_TOKENS),
       st.lists(st.sampled_from(_LOWER_TOKENS) | st.sampled_from(_LOWER_TOKENS) | st.sampled_from(_LONG_PLAIN_TOKENS),
                max_size=11),
       st.sampled_from(["", "", "", " ", "  ", "\t"]), st.sampled_from(["", "", " "]))
def test_long_plain_words_are_the_plain_words_of_a_long_text(first, tokens, gap, edge):
    from quizlint.rules._language_text import long_plain_words, plain_identification_words
    from quizlint.rules.wrong_language import _plain_long_text_words

    text = edge + (" " + gap if gap else " ").join([first, *tokens])
    words = long_plain_words(text)
    plain = plain_identification_words(text)
    # wrong-language's reading: the quick way, else the plain words of more than four words (it skips both for a
    # text of at most four tokens)
    expected = words if words is not None else plain if plain is not None and len(plain) > 4 else None
    found = _plain_long_text_words(text)
    assert (found if found is None else list(found)) == (expected if expected is None else list(expected))
    if words is not None:
        assert len(words) > 4 and words == list(plain)
    elif plain is not None and len(plain) > 4 and not gap and not edge and all(
            token.islower() and token[:-1].isalpha() and token.rstrip(".,;:!?") not in set("xzijkmnpqfgh")
            for token in tokens):
        assert not first[1:].islower(), f"the commonest texts take the quick way: {text!r}"


@pytest.mark.parametrize("blank", ["\u200b", "\u200b \u200c\u200d \u2060\ufeff", " \u200b\t\u00a0 \ufeff \u200b"])
def test_a_blank_text_is_no_short_sample(blank):
    from quizlint.rules._language_text import short_sample

    assert short_sample(blank, "en") is None  # (wrong-language reads copies from text pairs, which leave it out)


@pytest.mark.parametrize("blank", [" ", "     ", "\t", " \n ", "\u00a0", "\u3000 \u2003"])
def test_a_blank_text_has_no_plain_words(blank):
    from quizlint.rules import wrong_language

    assert wrong_language._plain_long_text_words(blank) is None  # (wrong-language tests blankness after it)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PLAIN_TOKENS + ["CSV", "Locke'un", "`x`", "H2O", "e.g."]), min_size=1, max_size=9))
def test_plain_long_texts_give_wrong_language_what_the_general_way_gives(tokens):
    from quizlint.rules import wrong_language
    from quizlint.rules._markup import prose_words, without_proper_names

    text = " ".join(tokens)
    words = wrong_language._plain_long_text_words(text)
    if words is None:
        return
    general = " ".join(identification_words(text))
    assert list(words) == prose_words(general) == prose_words(without_proper_names(general))
