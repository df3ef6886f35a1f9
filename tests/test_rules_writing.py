"""Item-writing-flaw rules (W001–W010) and their word lists, in English and Turkish: failing items, passing
items, edge cases, no false alarms on realistic good items, and a few runs through the CLI."""

from __future__ import annotations

import json
import re

import pytest

from conftest import CONTENT
from quizlint import lexicon
from quizlint.model.order import parse_number
from quizlint.rules.base import Selection, all_rules
from test_rules_key import findings_of, line_of


def one_item(stem: str, *options: str, key: int = 0, item_type: str = "single") -> str:
    """An item; ``stem`` and each option are YAML flow values (``'{en: "…", tr: "…"}'`` or a plain string)."""
    lines = ["- id: item", f"  type: {item_type}", f"  stem: {stem}", "  options:"]
    for index, option in enumerate(options):
        lines.append(f"    - text: {option}")
        if index == key:
            lines.append("      correct: true")
    return "\n".join(lines)


# --- the lexicon --------------------------------------------------------------------------------------

def test_every_word_list_has_english_and_turkish_and_compiles():
    for category, word_list in lexicon.LISTS.items():
        assert set(word_list.terms) >= {"en", "tr"}, category
        for lang in ("en", "tr", "de"):
            assert lexicon.find_all(category, "zzz", lang) == []


def test_term_syntax():
    assert lexicon.term_regex("hepsi|tümü (de) (doğru|doğrudur)", "tr") == \
        "(?:hepsi|tümü)(?: (?:de))?(?: (?:doğru|doğrudur))?"
    gap = re.compile(lexicon.term_regex("her zaman ... değil*", "tr"))
    assert gap.fullmatch("her zaman değil") and gap.fullmatch("her zaman bir iki üç dört beş altı değildir")
    assert not gap.fullmatch("her zaman bir iki üç dört beş altı yedi değildir")
    assert not gap.fullmatch("her zaman çalışır ama hızlı değildir")  # (a gap stays in its clause)
    assert lexicon.term_regex("(yukarıdakilerin) hepsi", "tr") == "(?:(?:yukarıdakilerin) )?hepsi"
    with pytest.raises(ValueError):
        lexicon.term_regex("(only optional)", "en")


def test_matching_uses_turkish_casefolding_and_reports_original_spans():
    match = lexicon.first("all-of-the-above", "YUKARIDAKİLERİN HEPSİ.", "tr")
    assert match is not None and match.text == "YUKARIDAKİLERİN HEPSİ"
    # English folding of the same capitals gives "yukarıdaki̇leri̇n": not a Turkish phrase.
    assert lexicon.first("all-of-the-above", "YUKARIDAKİLERİN HEPSİ.", "en") is None
    found = lexicon.find_all("absolute-terms", "Öğrenme oranını HER ZAMAN artırır", "tr")
    assert [(m.term, m.text) for m in found] == [("her zaman", "HER ZAMAN")]


def test_exceptions_and_wildcards():
    assert [m.text for m in lexicon.find_all("absolute-terms", "all-to-all and all-reduce, not always", "en")] == []
    assert [m.text for m in lexicon.find_all("absolute-terms", "Quantization guarantees it", "en")] == ["guarantees"]
    assert [m.text for m in lexicon.find_all("negative-words", "Which isn't true, at least?", "en")] == ["isn't"]
    assert lexicon.matches("negative-endings", "kullanılmaz", "tr")
    assert not lexicon.matches("negative-endings", "kullanılır", "tr")


@pytest.mark.parametrize("text, lang, expected", [
    # an exception that holds the first word of a term takes the whole term out, though the term runs past it
    ("Hemen hemen her zaman yakınsar", "tr", []),
    ("hemen hemen hiçbir durumda değişmez", "tr", []),
    ("Neredeyse her koşulda patlar", "tr", []),
    ("Almost always converges", "en", []),
    # one that does not reach the term's first word leaves it alone
    ("Hemen, her zaman yakınsar", "tr", ["her zaman"]),
    ("Almost done, always", "en", ["always"]),
    ("all-to-all, always", "en", ["always"]),
])
def test_an_exception_holding_the_first_word_of_a_term_takes_it_out(text, lang, expected):
    assert [m.text for m in lexicon.find_all("absolute-terms", text, lang)] == expected


def test_other_languages_fall_back_to_english():
    assert lexicon.terms("vague-terms", "de") == lexicon.terms("vague-terms", "en")
    assert lexicon.terms("vague-terms", "tr-TR") == lexicon.terms("vague-terms", "tr")
    assert lexicon.matches("all-of-the-above", "All of the above", "pt-BR")


def test_content_words_and_stems():
    assert set(lexicon.content_words("Which of the following describes sharded checkpoints?", "en")) == \
        {"shard", "checkp"}
    assert lexicon.content_words("Aşağıdakilerden hangisi GPU'da parçalara ayrılır?", "tr") == \
        {"parç": "parçalara", "ayrı": "ayrılır"}
    assert lexicon.word_stem("parçası", "tr") == lexicon.word_stem("parçalara", "tr") == "parç"


# --- W001 all-of-the-above, W002 none-of-the-above -----------------------------------------------------

@pytest.mark.parametrize("option, languages", [
    ('{en: "All of the above", tr: "Hepsi"}', "en, tr"),
    ('"All of these are correct."', "en"),
    ('"Both of the above"', "en"),
    ('"Yukarıdakilerin hepsi"', "tr"),
    ('"Hepsi doğrudur"', "tr"),
    ('"HEPSİ"', "tr"),
    ('"Tümü"', "tr"),
])
def test_all_of_the_above(tmp_path, option, languages):
    found = findings_of(tmp_path, one_item('{en: "Which are mammals?", tr: "Hangileri memelidir?"}',
                                           '{en: "Whale", tr: "Balina"}', '{en: "Bat", tr: "Yarasa"}', option, key=2),
                        "all-of-the-above", languages)
    assert len(found) == 1 and found[0].message.startswith('option C is "all of the above": ')
    assert found[0].line == line_of(tmp_path, "- text:", 3)


@pytest.mark.parametrize("option, languages", [
    ('"All of the above layers are frozen"', "en"),
    ('"All"', "en"),
    ('"Hepsi aynı boyuttadır"', "tr"),
    ('"Tüm katmanlar"', "tr"),
])
def test_all_of_the_above_only_as_a_whole_option(tmp_path, option, languages):
    item = one_item('{en: "Which layers are frozen?", tr: "Hangi katmanlar dondurulur?"}', '"First"', option)
    assert findings_of(tmp_path, item, "W001", languages) == []


@pytest.mark.parametrize("option, languages", [
    ('{en: "None of the above", tr: "Hiçbiri"}', "en, tr"),
    ('"Neither of these"', "en"),
    ('"Yukarıdakilerin hiçbiri"', "tr"),
    ('"Hiçbiri doğru değildir."', "tr"),
])
def test_none_of_the_above(tmp_path, option, languages):
    found = findings_of(tmp_path, one_item('{en: "Largest planet?", tr: "En büyük gezegen?"}',
                                           '{en: "Jupiter", tr: "Jüpiter"}', '{en: "Mars", tr: "Mars"}', option),
                        "none-of-the-above", languages)
    assert len(found) == 1 and 'option C is "none of the above"' in found[0].message


@pytest.mark.parametrize("option, languages", [('"None"', "en"), ('"Hiçbir etkisi yoktur"', "tr")])
def test_none_alone_is_an_answer_not_none_of_the_above(tmp_path, option, languages):
    item = one_item('{en: "What does print() return?", tr: "print() ne döndürür?"}', '"0"', option, key=1)
    assert findings_of(tmp_path, item, "W002", languages) == []


# --- W003 negative-stem --------------------------------------------------------------------------------

NUMBERS = ('"2"', '"3"', '"9"')


@pytest.mark.parametrize("stem, languages, word", [
    ('"Which of these numbers is not prime?"', "en", "not"),
    ('"Which of these numbers isn\'t prime?"', "en", "isn't"),
    ('"All of these are odd EXCEPT one. Which is the least likely to be prime?"', "en", "least"),
    ('"Bu sayılardan hangisi asal değildir?"', "tr", "değildir"),
    ('"Bu sayılardan hangisi asal sayı olamaz?"', "tr", "olamaz"),
    ('"Bu sayılar için aşağıdakilerden hangisi söylenemez?"', "tr", "söylenemez"),
    ('"Asal çarpanlara ayırmada hangi sayı kullanılmaz?"', "tr", "kullanılmaz"),
    ('"Hangisi yanlıştır?"', "tr", "yanlıştır"),
    ('"Bu sayılardan hangisi silinmemelidir?"', "tr", "silinmemelidir"),
    # negative participles (-mayan/-meyen: "that is not", "that does not") and "yanlış" anywhere in the question
    ('"Aşağıdakilerden hangisi asal olmayan bir sayıdır?"', "tr", "olmayan"),
    ('"Aşağıdakilerden hangisi GPU gerektirmeyen bir yöntemdir?"', "tr", "gerektirmeyen"),
    ('"Bu sayılardan hangileri kullanılmayanlardır?"', "tr", "kullanılmayanlardır"),
    ('"Aşağıdakilerden hangisi yanlış bir ifadedir?"', "tr", "yanlış"),
    ('"Which of these is a false statement?"', "en", "false"),
    # the EXCEPT of test writing, and the negative participle of a verb whose stem ends in -ma (yama-: patch)
    ('"Bu sayılardan hangisi asal sayılar kümesinin dışındadır?"', "tr", "dışındadır"),
    ('"Bu sayılardan hangisi tanımın dışında kalır?"', "tr", "dışında kalır"),
    ('"Hangi güncelleme açığı yamamayan sürümdür?"', "tr", "yamamayan"),
])
def test_negative_stem_not_emphasised(tmp_path, stem, languages, word):
    found = findings_of(tmp_path, one_item(stem, *NUMBERS, key=2), "negative-stem", languages)
    assert len(found) == 1 and f'"{word}" ({languages})' in found[0].message
    assert found[0].line == line_of(tmp_path, "stem:")


@pytest.mark.parametrize("stem, languages", [
    ('"Which of these numbers is NOT prime?"', "en"),
    ('"Which of these numbers is **not** prime?"', "en"),
    ('"Which of these numbers is <u>not</u> prime?"', "en"),
    ('"Bu sayılardan hangisi asal DEĞİLDİR?"', "tr"),
    ('"Bu sayılardan hangisi asal <u>değildir</u>?"', "tr"),
    ('"Bu sayılardan hangisi asal **değildir**?"', "tr"),
    ('"Asal çarpanlara ayırmada hangi sayı *kullanılmaz*?"', "tr"),
])
def test_emphasised_negative_is_accepted(tmp_path, stem, languages):
    assert findings_of(tmp_path, one_item(stem, *NUMBERS, key=2), "W003", languages) == []


@pytest.mark.parametrize("stem, languages", [
    ('"A prime is not divisible by other numbers. Which of these is composite?"', "en"),
    ('"Which of these needs at least two divisors?"', "en"),
    ('"What does `not x` return when x is 0?"', "en"),
    ('"Asal sayının 1 ve kendisinden başka böleni yoktur. Bu sayılardan hangisi bileşiktir?"', "tr"),
    ('"Bu sayılardan hangisi asaldır?"', "tr"),
    ('"Değişmez nesneler hangi dilde kullanılır?"', "tr"),
    # "least" and "false" in names and in a true-or-false question are not negations
    ('"Which cache eviction policy is LRU (least recently used)?"', "en"),
    ('"Which loss is used by ordinary least squares?"', "en"),
    ('"Does `bool([])` evaluate to True or False?"', "en"),
    ('"Which of these is **not** prime (see `is_prime`)?"', "en"),
    # memeli is a mammal, not the negative ending -memeli ("gitmemelidir")
    ('"Aşağıdakilerden hangileri memelidir?"', "tr"),
    # "yanlış" in a name or a true-or-false question, as "false" in English; "Mayan" is no participle
    ('"Hangisinde yanlış pozitif oranı en düşüktür?"', "tr"),
    ('"Bu ifade doğru mu yanlış mı?"', "tr"),
    ('"Hangi örnekler yanlış sınıflandırılır?"', "tr"),
    ('"Which detector raises the fewest false alarms?"', "en"),
    ('"Hangisi bir Mayan takvimidir?"', "tr"),
    # a negative participle before the question sentence is a scenario, not the question
    ('"Model GPU gerektirmeyen bir yöntemle eğitildi. Hangisi doğrudur?"', "tr"),
    # "yamayan" (that patches: yama-yan) is no negative participle; "dışında" of a place is no EXCEPT
    ('"OpenSSL açığını yamayan güncelleme hangisidir?"', "tr"),
    ('"Açığı yamayanlar hangi ekiptendir?"', "tr"),
    ('"Hangi gezegen asteroit kuşağının dışında yer alır?"', "tr"),
    ('"Güneş sisteminin dışında bulunan en yakın yıldız hangisidir?"', "tr"),
])
def test_no_negative_question(tmp_path, stem, languages):
    assert findings_of(tmp_path, one_item(stem, *NUMBERS, key=2), "W003", languages) == []


def test_require_emphasis_false_reports_every_negative_question(tmp_path):
    item = one_item('{en: "Which is **NOT** prime?", tr: "Hangisi asal <u>değildir</u>?"}', *NUMBERS, key=2)
    assert findings_of(tmp_path, item, "W003") == []
    found = findings_of(tmp_path, item, "W003", require_emphasis=False)
    assert len(found) == 1 and '"NOT" (en), "değildir" (tr)' in found[0].message


def test_negative_stem_only_in_the_translation_points_at_it(tmp_path):
    found = findings_of(tmp_path, one_item('{en: "Which is **NOT** prime?", tr: "Hangisi asal değildir?"}',
                                           *NUMBERS, key=2), "W003")
    assert len(found) == 1 and '"değildir" (tr)' in found[0].message and "(en)" not in found[0].message
    assert found[0].line == line_of(tmp_path, "stem:")
    assert found[0].column > 20  # the tr text, not the en one


# --- W004 absolute-terms ------------------------------------------------------------------------------

@pytest.mark.parametrize("distractor, languages, term", [
    ('"It always doubles the learning rate"', "en", "always"),
    ('"Only a model-weight shard index"', "en", "Only"),
    ('"Quantization guarantees no runtime allocations"', "en", "guarantees"),
    ('"Öğrenme oranını her zaman iki katına çıkarır"', "tr", "her zaman"),
    ('"Modelin asla aşırı öğrenmeyeceğini garanti eder"', "tr", "asla"),
    ('"Yalnızca ZIP arşivleri"', "tr", "Yalnızca"),
    ('"Sadece görseller üzerinde çalışır"', "tr", "Sadece"),
    ('"None of its layers are frozen"', "en", "None"),  # the English word, at the start of a sentence
    ('"It returns none"', "en", "none"),
    # Turkish "all"/"none" pronouns with case endings
    ('"Tümünü sıfırlar"', "tr", "Tümünü"),
    ('"Hepsini siler"', "tr", "Hepsini"),
    ('"Hiçbirini değiştirmez"', "tr", "Hiçbirini"),
    ('"Tümü silinir"', "tr", "Tümü"),
    ('"Ağırlıkların tamamını sıfırlar"', "tr", "tamamını"),
    # "hiçbir zaman" (never) is absolute whatever follows; a negation in another clause does not hedge
    ('"Hiçbir zaman gerekli değildir"', "tr", "Hiçbir zaman"),
    ('"Her zaman çalışır ama hızlı değildir"', "tr", "Her zaman"),
    ('"Her zaman çalışır, hızlı değildir"', "tr", "Her zaman"),
    ('"It always works, but it isn\'t fast"', "en", "always"),
])
def test_absolute_terms_in_distractors(tmp_path, distractor, languages, term):
    item = one_item('{en: "What does dropout do?", tr: "Dropout ne yapar?"}', '"Zeroes activations at random"',
                    distractor)
    found = findings_of(tmp_path, item, "absolute-terms", languages)
    assert len(found) == 1 and found[0].message.startswith("distractor B uses the absolute term")
    assert f'"{term}"' in found[0].message


@pytest.mark.parametrize("distractor, languages", [
    ('"It is not always stable"', "en"),
    ('"It replaces all-reduce with all-gather"', "en"),
    ('"The model must be retrained, as quantized weights cannot be fine-tuned"', "en"),
    ('"Hemen hemen her katmanı dondurur"', "tr"),
    ('"Hemen hemen her zaman yakınsar"', "tr"),
    ('"Neredeyse hiçbir zaman değişmez"', "tr"),
    ('"It almost always converges"', "en"),
    ('"Hemen hemen hepsini siler"', "tr"),
    # words that begin like "tüm" and "bütün" but are not "all"
    ('"Tümce yapısını çözümler"', "tr"),
    ('"Tümevarım ve tümdengelim kullanır"', "tr"),
    ('"Tümleyen olayın olasılığını verir"', "tr"),
    ('"Bütünleşik bellek kullanır"', "tr"),
    ('"Eğitimi tamamlar"', "tr"),
    ('"Öğrenme oranını iki katına çıkarır"', "tr"),
    ('"None"', "en"),  # Python's None, a legitimate programming answer
    ('"**None**."', "en"),
    ('"It returns None after a warning"', "en"),
    ('"As a read-only archive"', "en"),
    # hedges: "not always" contracted, and Turkish "her zaman" with the negative verb at the end of its clause
    ('"It isn\'t always stable"', "en"),
    ('"It doesn’t always converge"', "en"),
    ('"They aren\'t all frozen"', "en"),
    ('"It won\'t always converge, and it cannot always be resumed"', "en"),
    ('"Eğitim için her zaman gerekli değildir"', "tr"),
    ('"Her zaman yardımcı olmaz"', "tr"),
    ('"Her durumda işe yaramaz"', "tr"),
    ('"Her zaman tek GPU ile kullanılmıyor"', "tr"),
])
def test_no_absolute_terms(tmp_path, distractor, languages):
    item = one_item('{en: "What does dropout do?", tr: "Dropout ne yapar?"}', '"Zeroes activations"', distractor)
    assert findings_of(tmp_path, item, "W004", languages) == []


def test_all_or_none_of_the_above_is_not_also_an_absolute_term(tmp_path):
    item = one_item('{en: "Which is prime?", tr: "Hangisi asaldır?"}', '"7"', '{en: "All of the above", tr: "Hepsi"}',
                    '{en: "None of these", tr: "Hiçbiri"}')
    assert findings_of(tmp_path, item, "W004") == []
    assert len(findings_of(tmp_path, item, "W001")) == 1 and len(findings_of(tmp_path, item, "W002")) == 1


def test_absolute_key_only_with_include_key(tmp_path):
    item = one_item('{en: "Which is true of a hash?", tr: "Özet için hangisi doğrudur?"}',
                    '{en: "The same input always gives the same hash", tr: "Aynı girdi her zaman aynı özeti verir"}',
                    '{en: "It can be reversed", tr: "Tersine çevrilebilir"}')
    assert findings_of(tmp_path, item, "W004") == []
    found = findings_of(tmp_path, item, "W004", include_key=True)
    assert len(found) == 1 and found[0].message == ('the key A uses the absolute term "always" (en), '
                                                    '"her zaman" (tr)')


# --- W005 vague-terms ---------------------------------------------------------------------------------

def test_vague_terms_in_stem_and_options(tmp_path):
    found = findings_of(tmp_path, one_item(
        '{en: "Which state is typically needed to resume training?", tr: "Eğitimi sürdürmek için genellikle hangi durum gerekir?"}',
        '{en: "Optimizer state", tr: "Optimize edici durumu"}',
        '{en: "The dashboard, sometimes", tr: "Bazen panonun görüntüsü"}',
        '{en: "The final score", tr: "Çoğu zaman son puan"}'), "vague-terms")
    assert [f.message for f in found] == [
        'stem uses the vague term "typically" (en), "genellikle" (tr)',
        'option B uses the vague term "sometimes" (en), "Bazen" (tr)',
        'option C uses the vague term "Çoğu zaman" (tr) (only in the tr translation; the en source is clean)',
    ]
    assert [f.code for f in found] == ["W005"] * 3  # the third is reported at info (see test_rules_precision)


def test_no_vague_terms(tmp_path):
    assert findings_of(tmp_path, one_item(
        '{en: "Beyond the weights, which state is needed to resume training exactly?", tr: "Ağırlıkların yanı sıra, eğitimi tam olarak sürdürmek için hangi durum gerekir?"}',
        '{en: "Optimizer state", tr: "Optimize edici durumu"}', '{en: "The dashboard", tr: "Pano"}'), "W005") == []


def test_a_question_about_a_frequency_is_not_a_vague_term(tmp_path):
    assert findings_of(tmp_path, one_item(
        '{en: "How often does the default Trainer save a checkpoint?", tr: "Varsayılan Trainer ne sıklıkla kontrol '
        'noktası kaydeder?"}', '"Every 500 steps"', '"Every epoch"'), "W005") == []
    found = findings_of(tmp_path, one_item('{en: "How often is it often saved?", tr: "Ne sıklıkla sıklıkla kaydedilir?"}',
                                           '"Every 500 steps"', '"Every epoch"'), "W005")
    assert [f.message for f in found] == ['stem uses the vague term "often" (en), "sıklıkla" (tr)']


# --- W006 fill-in-the-blank ---------------------------------------------------------------------------

@pytest.mark.parametrize("stem, languages", [
    ('"The capital of Turkey is ____."', "en"),
    ('"The capital of Turkey is \\\\_\\\\_\\\\_."', "en"),
    ('"Türkiye\'nin başkenti ……\'dır."', "tr"),
    ('"Türkiye\'nin başkenti (...) şehridir."', "tr"),
    ('"Türkiye\'nin başkenti .... şehridir."', "tr"),
    ('"Türkiye\'nin başkenti […] şehridir."', "tr"),
    ('"The capital of Turkey is ( .. )."', "en"),
])
def test_fill_in_the_blank(tmp_path, stem, languages):
    found = findings_of(tmp_path, one_item(stem, '"Ankara"', '"İzmir"'), "fill-in-the-blank", languages)
    assert len(found) == 1 and "blank" in found[0].message


@pytest.mark.parametrize("stem", [
    '"Which method runs first: __init__ or __new__?"',
    '"Which word is ___emphasised___ here?"',
    '"Wait... which city is the capital?"',
    '"What does `a[...]` select in NumPy?"',
])
def test_not_a_blank(tmp_path, stem):
    assert findings_of(tmp_path, one_item(stem, '"A"', '"B"'), "W006", "en") == []


# --- W007 k-type --------------------------------------------------------------------------------------

def test_k_type_is_off_by_default():
    assert "W007" not in Selection.default().enabled
    assert next(rule for rule in all_rules() if rule.code == "W007").default_enabled is False


@pytest.mark.parametrize("options, languages", [
    (('{en: "Only I", tr: "Yalnız I"}', '{en: "I and II", tr: "I ve II"}', '{en: "I, II and III", tr: "I, II ve III"}'), "en, tr"),
    (('"I and III only"', '"II"', '"III"'), "en"),
    (('"Both A and B"', '"A"', '"B"'), "en"),
    (('"Yalnız II"', '"I ve III"', '"I, II ve III"'), "tr"),
    (('"I veya II"', '"II ya da III"', '"Hem I hem II"'), "tr"),
])
def test_k_type(tmp_path, options, languages):
    found = findings_of(tmp_path, one_item('"Which statements are true?"', *options), "k-type", languages)
    assert len(found) == 1 and "K-type" in found[0].message
    assert found[0].line == line_of(tmp_path, "options:")


@pytest.mark.parametrize("options, languages", [
    (('"Vitamin A and C"', '"Type I and type II errors"', '"I"'), "en"),
    (('"A vitamini ve C vitamini"', '"I. Dünya Savaşı"', '"Ankara"'), "tr"),
])
def test_not_k_type(tmp_path, options, languages):
    assert findings_of(tmp_path, one_item('"Which?"', *options), "W007", languages) == []


# --- W008 true-false-as-choice ------------------------------------------------------------------------

@pytest.mark.parametrize("options, languages, answer", [
    (('{en: "True", tr: "Doğru"}', '{en: "False", tr: "Yanlış"}'), "en, tr", "true"),
    (('"No"', '"Yes"'), "en", "false"),
    (('"Evet"', '"Hayır"'), "tr", "true"),
    (('"Yanlış"', '"DOĞRU"'), "tr", "false"),
])
def test_true_false_as_choice(tmp_path, options, languages, answer):
    found = findings_of(tmp_path, one_item('{en: "The Earth is round.", tr: "Dünya yuvarlaktır."}', *options),
                        "true-false-as-choice", languages)
    assert len(found) == 1 and found[0].message.endswith(f"`answer: {answer}`")


@pytest.mark.parametrize("options", [
    ('"True"', '"False"', '"Cannot be determined"'),
    ('"True for small models"', '"False"'),
    ('"Doğru"', '"Doğru"'),
    ('"`True`"', '"`False`"'),  # Python's values, in code
])
def test_not_true_false_as_choice(tmp_path, options):
    assert findings_of(tmp_path, one_item('"Is it?"', *options), "W008", "en, tr") == []


# --- W009 numeric-order -------------------------------------------------------------------------------

@pytest.mark.parametrize("text, lang, value, unit", [
    ("16", "en", 16, ""), ("0,5", "tr", 0.5, ""), ("1.000", "tr", 1000, ""), ("1,000", "en", 1000, ""),
    ("0.25", "tr", 0.25, ""), ("1.234,5", "tr", 1234.5, ""), ("%50", "tr", 50, "%"), ("50%", "en", 50, "%"),
    ("4 GB", "en", 4, "gb"), ("1/4", "en", 0.25, ""), ("−3", "en", -3, ""), ("10 000", "fr", 10000, ""),
])
def test_numbers_are_read_as_the_language_writes_them(text, lang, value, unit):
    parsed = parse_number(text, lang)
    assert parsed is not None and parsed[0] == pytest.approx(value) and parsed[1] == unit


@pytest.mark.parametrize("text", ["2 and 3", "Version 2", "1 2", "Ankara", "", "1.2.3", "1,2,3", "2.7.10"])
def test_not_numbers(text):
    assert parse_number(text, "en") is None


@pytest.mark.parametrize("options, languages", [
    (('"16"', '"8"', '"4"', '"32"'), "en, tr"),
    (('{en: "0.25", tr: "0,25"}', '{en: "1.5", tr: "1,5"}', '{en: "0.5", tr: "0,5"}'), "en, tr"),
    (('"0,5"', '"0,25"', '"1,5"'), "tr"),
    (('"%50"', '"%25"', '"%75"'), "tr"),
    (('"8 bits"', '"4 bits"', '"16 bits"'), "en"),
    # decimals, not versions: "1.0" is an ordinary decimal, and 0.5 < 0.25 < 1.0 only as versions of two majors
    (('"0.5"', '"0.25"', '"0.125"', '"1.0"'), "en"),
    (('"2.5"', '"2.25"', '"3.0"', '"3.5"'), "en"),
])
def test_numeric_options_out_of_order(tmp_path, options, languages):
    found = findings_of(tmp_path, one_item('{en: "How many?", tr: "Kaç tane?"}', *options), "numeric-order",
                        languages)
    assert len(found) == 1 and found[0].fixable is True and "not in order" in found[0].message


@pytest.mark.parametrize("options, languages", [
    (('"4"', '"8"', '"16"', '"32"'), "en"),
    (('"32"', '"16"', '"8"'), "en"),
    (('"0,25"', '"0,5"', '"1,5"'), "tr"),
    (('"1 GB"', '"512 MB"', '"2 GB"'), "en"),  # different units: no order to impose
    (('"16"', '"8"'), "en"),  # two options are always in order
    (('"16"', '"8"', '"None of these"'), "en"),
    # version numbers and other options whose order as decimals is doubtful are not numbers to sort
    (('"3.8"', '"3.9"', '"3.10"', '"3.11"'), "en"),
    (('"3.11"', '"3.8"', '"3.10"'), "en"),
    (('"3.9"', '"3.11"', '"3.12"'), "en, tr"),
    (('"3.10"', '"2.5"', '"3.1"'), "en"),  # two spellings of one value
    (('"1.2.3"', '"1.2.10"', '"1.2.4"'), "en"),
])
def test_numeric_options_in_order_or_not_comparable(tmp_path, options, languages):
    assert findings_of(tmp_path, one_item('"How many?"', *options), "W009", languages) == []


# --- W010 clang-association ---------------------------------------------------------------------------

def test_clang_association_in_both_languages(tmp_path):
    found = findings_of(tmp_path, one_item(
        '{en: "What does the index file of a sharded checkpoint record?", tr: "Parçalanmış bir kontrol noktasının dizin dosyası neyi kaydeder?"}',
        '{en: "Which shard holds each parameter", tr: "Her parametrenin hangi parça dosyasında olduğunu"}',
        '{en: "The learning rate schedule", tr: "Öğrenme oranı takvimini"}',
        '{en: "The user\'s password", tr: "Kullanıcının parolasını"}'), "clang-association")
    assert len(found) == 1 and found[0].severity == "info"
    assert found[0].message == ('the key (option A) repeats "shard" (en), "parça", "dosyasında" (tr) from the stem '
                                "and no distractor does")


def test_no_clang_when_a_distractor_shares_the_word(tmp_path):
    assert findings_of(tmp_path, one_item(
        '{en: "What does the index file of a sharded checkpoint record?", tr: "Parçalanmış bir kontrol noktasının dizin dosyası neyi kaydeder?"}',
        '{en: "Which shard holds each parameter", tr: "Her parametrenin hangi parça dosyasında olduğunu"}',
        '{en: "Which shard holds each optimizer moment", tr: "Her momentin hangi parça dosyasında olduğunu"}',
        '{en: "The order of writing", tr: "Yazılma sırasını"}'), "W010") == []


def test_clang_ignores_the_words_of_a_link_target(tmp_path):
    found = findings_of(tmp_path, one_item(
        '"What is the recommended way to save a PyTorch model for inference?"',
        '"Keep only the [state dict](https://pytorch.org/tutorials/beginner/saving_loading_models.html)"',
        '"Pickle the whole object"', '"Export the optimizer state"'), "W010", "en")
    assert found == []  # "pytorch" is in the URL, which students do not see


def test_clang_ignores_stopwords_and_short_words(tmp_path):
    assert findings_of(tmp_path, one_item(
        '{en: "Which of the following is the best option for this?", tr: "Aşağıdakilerden hangisi bunun için doğru seçenektir?"}',
        '{en: "The following one is best", tr: "Aşağıdaki seçenek doğru"}', '{en: "Red", tr: "Kırmızı"}',
        '{en: "Blue", tr: "Mavi"}'), "W010") == []


# --- no false alarms on good items ----------------------------------------------------------------------

GOOD_ITEMS = """
- id: capital
  type: single
  stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
  options:
    - text: Ankara
      correct: true
    - text: İstanbul
    - text: İzmir
    - text: Bursa
- id: quant-precision
  type: single
  stem:
    en: "Which property of a model does quantization directly lower?"
    tr: "Niceleme, bir modelin hangi özelliğini doğrudan düşürür?"
  options:
    - text: {en: "The parameter count, because small weights are pruned", tr: "Parametre sayısını, çünkü küçük ağırlıklar budanır"}
    - text: {en: "The number of layers, because adjacent layers are fused", tr: "Katman sayısını, çünkü komşu katmanlar birleştirilir"}
    - text: {en: "The numerical precision used to store weights and activations", tr: "Ağırlıkların ve aktivasyonların saklandığı sayısal hassasiyeti"}
      correct: true
- id: bits
  type: single
  stem: {en: "How many bits does an INT8 value occupy?", tr: "Bir INT8 değeri kaç bit yer kaplar?"}
  options:
    - text: 4
    - text: 8
      correct: true
    - text: 16
    - text: 32
- id: ratio
  type: single
  stem: {en: "What share of the FP16 payload remains at 4 bits per weight?", tr: "Ağırlık başına 4 bitte FP16 verisinin ne kadarı kalır?"}
  options:
    - text: {en: "0.125", tr: "0,125"}
    - text: {en: "0.25", tr: "0,25"}
      correct: true
    - text: {en: "0.5", tr: "0,5"}
- id: composite
  type: single
  stem:
    en: "A prime has no divisor other than 1 and itself. Which of these numbers is **NOT** prime?"
    tr: "Asal sayının 1 ve kendisinden başka böleni yoktur. Bu sayılardan hangisi asal **DEĞİLDİR**?"
  options:
    - text: 7
    - text: 9
      correct: true
    - text: 11
- id: resume-state
  type: multiple
  stem:
    en: "Beyond the model weights, what must be saved to resume training exactly? Select every one."
    tr: "Model ağırlıklarının yanı sıra, eğitimi tam olarak sürdürmek için hangi durumlar kaydedilmelidir? Hepsini seçin."
  options:
    - text: {en: "Optimizer moments", tr: "Optimize edici momentleri"}
      correct: true
    - text: {en: "RNG state", tr: "RNG durumu"}
      correct: true
    - text: {en: "The dashboard layout", tr: "Pano düzeni"}
    - text: {en: "The model card", tr: "Model kartı"}
- id: earth
  type: true_false
  stem: {en: "The Earth orbits the Sun.", tr: "Dünya Güneş'in etrafında döner."}
  answer: true
"""


@pytest.mark.parametrize("rule", [rule for rule in all_rules() if rule.code[0] in "KW"],
                         ids=lambda rule: f"{rule.code}-{rule.name}")
def test_no_false_alarms_on_good_items(tmp_path, rule):
    assert findings_of(tmp_path, GOOD_ITEMS, rule.code) == []


def test_no_writing_or_key_findings_on_the_project_content(run):
    if not list(CONTENT.glob("*.quiz.yaml")):
        pytest.skip("no content/*.quiz.yaml in this checkout")
    result = run("lint", "--format", "json", "--no-cache", "--select", "K,W", "--extend-select", "k-type",
                 str(CONTENT))
    assert json.loads(result.stdout) == [] and result.exit_code == 0


# --- through the CLI ----------------------------------------------------------------------------------

def cli_findings(run, write_quiz, tmp_path, items_yaml: str, select: str, languages: str) -> list[str]:
    """The finding lines (not the summary) of ``quizlint lint --select SELECT`` on a quiz of ``items_yaml``."""
    path = write_quiz(items_yaml, languages=languages)
    return run("lint", "--select", select, "--no-cache", str(path), cwd=tmp_path).stdout.splitlines()[:-1]


def test_writing_flaws_through_the_cli(run, write_quiz, tmp_path):
    path = write_quiz("""
        - id: not-prime
          stem: {en: "Which of these numbers is not prime?", tr: "Bu sayılardan hangisi asal değildir?"}
          options:
            - text: 16
            - text: 9
              correct: true
            - text: 7
            - text: {en: "None of the above", tr: "Hiçbiri"}
              fixed: true
    """)
    result = run("lint", "--select", "W", str(path), cwd=tmp_path)
    assert result.exit_code == 0, result.output  # warnings do not fail the run by default
    lines = result.stdout.splitlines()
    assert lines[:2] == [
        'demo.quiz.yaml:7:16: W003 [warning] negative question: "not" (en), "değildir" (tr) not emphasised; '
        "ask positively, or write it as **NOT** / **DEĞİLDİR**",
        'demo.quiz.yaml:13:20: W002 [warning] option D is "none of the above": "None of the above" (en), '
        '"Hiçbiri" (tr)',
    ]
    assert run("lint", "--select", "W", "--fail-on", "warning", str(path), cwd=tmp_path).exit_code == 1


def test_a_hedged_two_word_absolute_term_is_not_reported_through_the_cli(run, write_quiz, tmp_path):
    # "hemen hemen her" (almost every) was an exception, but "her zaman" runs past its end and was reported
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: loss
          stem: "Kayıp ne olur?"
          options: [{text: Azalır, correct: true}, {text: Hemen hemen her zaman yakınsar},
                    {text: hemen hemen hiçbir zaman değişmez}, {text: Hemen hemen her durumda patlar},
                    {text: Her durumda patlar}]
    """, "W004", "tr")
    assert found == [
        'demo.quiz.yaml:10:22: W004 [warning] distractor E uses the absolute term "Her durumda" (tr)']


def test_contracted_and_turkish_clause_final_hedges_are_not_reported_through_the_cli(run, write_quiz, tmp_path):
    # "isn't always" and "her zaman gerekli değildir" (negation at the end of the clause) were reported, though
    # "not always" was not
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: gpu
          stem: {en: "What is true of a GPU?", tr: "GPU hakkında hangisi doğrudur?"}
          options:
            - {text: {en: It speeds up matrix products, tr: Matris çarpımlarını hızlandırır}, correct: true}
            - text: {en: It is not always needed for training, tr: "Eğitim için her zaman değil, bazen gerekir"}
            - text: {en: It isn't always needed for training, tr: Eğitim için her zaman gerekli değildir}
            - text: {en: It doesn’t always help, tr: Her zaman yardımcı olmaz}
            - text: {en: It never helps, tr: Hiçbir zaman yardımcı olmaz}
    """, "W004", "en, tr")
    assert found == [
        'demo.quiz.yaml:13:20: W004 [warning] distractor E uses the absolute term "never" (en), "Hiçbir zaman" (tr)']


def test_inflected_turkish_all_and_none_are_absolute_terms_through_the_cli(run, write_quiz, tmp_path):
    # only the bare "hepsi", "hiçbir" were on the list: "Tümünü sıfırlar", "Hepsini siler" were not reported
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: clip
          stem: {tr: "Gradyan kırpma ne yapar?", en: "What does gradient clipping do?"}
          options: [{text: {tr: Gradyan normunu sınırlar, en: It bounds the gradient norm}, correct: true},
                    {text: {tr: Tümünü sıfırlar, en: It zeroes all of them}},
                    {text: {tr: Hepsini siler, en: It deletes every one of them}},
                    {text: {tr: Tümce yapısını bozar, en: It breaks the sentence structure}}]
    """, "W004", "tr, en")
    assert found == [
        'demo.quiz.yaml:9:27: W004 [warning] distractor B uses the absolute term "Tümünü" (tr), "all" (en)',
        'demo.quiz.yaml:10:27: W004 [warning] distractor C uses the absolute term "Hepsini" (tr), "every" (en)',
    ]


def test_positive_turkish_questions_that_look_negative_are_not_reported_through_the_cli(run, write_quiz, tmp_path):
    # "yamayan" (that patches) matched *mayan*, and "dışında yer alır" (lies outside) matched dışında*
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: patch
          stem: {en: "Which update patches the OpenSSL vulnerability?",
                 tr: "OpenSSL açığını yamayan güncelleme hangisidir?"}
          options: [{text: "3.0.7", correct: true}, {text: "3.0.1"}]
        - id: outside
          stem: {en: "Which planet lies outside the asteroid belt?",
                 tr: "Hangi gezegen asteroit kuşağının dışında yer alır?"}
          options: [{text: {en: Jupiter, tr: Jüpiter}, correct: true}, {text: {en: Earth, tr: Dünya}}]
        - id: except
          stem: {en: "Which of these is NOT in the belt?", tr: "Bunlardan hangisi kuşağın dışındadır?"}
          options: [{text: {en: Jupiter, tr: Jüpiter}, correct: true}, {text: {en: Ceres, tr: Ceres}}]
    """, "W003", "en, tr")
    assert found == ['demo.quiz.yaml:15:58: W003 [warning] negative question: "dışındadır" (tr) not emphasised; '
                     "ask positively, or write it as **NOT** / **DEĞİLDİR**"]


def test_turkish_except_which_questions_through_the_cli(run, write_quiz, tmp_path):
    # "hangisi dışında" (all but which) is the EXCEPT of test writing and was not reported: "dışında" alone is not
    # counted, as it is as often a place ("kuşağın dışında", outside the belt) or "apart from" ("bellek dışında")
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: except-which
          stem: {tr: "Aşağıdakilerden hangisi dışında diğerleri model eğitimi için gereklidir?"}
          options: [{text: GPU}, {text: Veri}, {text: Yazıcı, correct: true}]
        - id: except-which-plural
          stem: {tr: "Aşağıdakilerden hangileri dışında diğerleri asal sayıdır?"}
          options: [{text: "2 ve 3"}, {text: "4 ve 9", correct: true}]
        - id: emphasised
          stem: {tr: "Aşağıdakilerden hangisi **DIŞINDA** diğerleri model eğitimi için gereklidir?"}
          options: [{text: GPU}, {text: Veri}, {text: Yazıcı, correct: true}]
        - id: apart-from
          stem: {tr: "Aşağıdakilerden hangisi, bellek dışında, model eğitimi için gereklidir?"}
          options: [{text: GPU, correct: true}, {text: Yazıcı}]
        - id: place
          stem: {tr: "Aşağıdakilerden hangisi Güneş sisteminin dışında yer alır?"}
          options: [{text: Proxima Centauri, correct: true}, {text: Mars}]
    """, "W003", "tr")
    assert found == [
        'demo.quiz.yaml:7:16: W003 [warning] negative question: "dışında" (tr) not emphasised; '
        "ask positively, or write it as **NOT** / **DEĞİLDİR**",
        'demo.quiz.yaml:10:16: W003 [warning] negative question: "dışında" (tr) not emphasised; '
        "ask positively, or write it as **NOT** / **DEĞİLDİR**",
    ]


def test_turkish_negative_participles_and_yanlis_make_a_negative_question_through_the_cli(run, write_quiz, tmp_path):
    # "gerektirmeyen" (that does not need) and "yanlış" (false) were not negative words, while the English
    # "not" and "false" of the same questions were
    found = cli_findings(run, write_quiz, tmp_path, """
        - id: gpu
          stem: {tr: "Aşağıdakilerden hangisi GPU gerektirmeyen bir yöntemdir?", en: "Which method does not need a GPU?"}
          options: [{text: {tr: Mantıksal regresyon, en: Logistic regression}, correct: true}, {text: CNN}]
        - id: false-statement
          stem: {tr: "Aşağıdakilerden hangisi yanlış bir ifadedir?", en: "Which of these statements is false?"}
          options: [{text: {tr: Adam uyarlamalıdır, en: Adam is adaptive}}, {text: SGD is Newton, correct: true}]
        - id: in-an-option
          stem: {tr: "Hangi yöntem GPU ister?", en: "Which method needs a GPU?"}
          options: [{text: CNN, correct: true}, {text: {tr: GPU gerektirmeyen bir yöntem, en: A method that does not need a GPU}}]
    """, "W003", "tr, en")
    assert found == [
        'demo.quiz.yaml:7:16: W003 [warning] negative question: "gerektirmeyen" (tr), "not" (en) not emphasised; '
        "ask positively, or write it as **NOT** / **DEĞİLDİR**",
        'demo.quiz.yaml:10:16: W003 [warning] negative question: "yanlış" (tr), "false" (en) not emphasised; '
        "ask positively, or write it as **NOT** / **DEĞİLDİR**",
    ]


def test_decomposed_texts_are_read_in_nfc_by_every_word_list_rule(run, write_quiz, tmp_path):
    # NFD splits "ğ", "ü", "İ" into a letter and a combining mark: read as written, "değildir", "Çoğunlukla" and
    # "hiçbiri" were broken words and every word-list rule missed them
    import unicodedata

    items = """
        - id: neg
          stem: {en: "Which of these numbers is not prime?", tr: "Bu sayılardan hangisi asal değildir?"}
          options: [{text: 16}, {text: 9, correct: true}, {text: {en: "None of the above", tr: "Yukarıdakilerin hiçbiri"}}]
        - id: vague
          stem: {en: "Which step usually comes first?", tr: "Çoğunlukla hangi adım önce gelir?"}
          options: [{text: {en: "Loading", tr: "Yükleme"}, correct: true}, {text: {en: "Always saving", tr: "Her zaman kaydetme"}}]
        - id: tf
          stem: {en: "Is 7 prime?", tr: "7 asal mıdır?"}
          options: [{text: {en: "True", tr: "Doğru"}, correct: true}, {text: {en: "False", tr: "Yanlış"}}]
    """
    composed = run("lint", "--select", "W", "--ignore", "W009", str(write_quiz(items)), cwd=tmp_path).stdout
    decomposed_path = write_quiz(unicodedata.normalize("NFD", items), name="nfd.quiz.yaml")
    assert unicodedata.normalize("NFD", "ğ") in decomposed_path.read_text(encoding="utf-8")
    decomposed = run("lint", "--select", "W", "--ignore", "W009", str(decomposed_path), cwd=tmp_path).stdout
    assert [line.split(" ", 1)[1] for line in composed.splitlines()] == [
        line.split(" ", 1)[1] for line in decomposed.splitlines()]
    assert {"W002", "W003", "W004", "W005", "W008"} <= {line.split()[1] for line in decomposed.splitlines()[:-1]}


def test_numeric_order_is_marked_fixable_in_the_text_report(run, write_quiz, tmp_path):
    path = write_quiz("""
        - id: bits
          stem: {en: "How many bits are in a byte?", tr: "Bir baytta kaç bit vardır?"}
          options: [{text: 16}, {text: 4}, {text: 8, correct: true}]
    """)
    result = run("lint", "--select", "numeric-order", str(path), cwd=tmp_path)
    first = result.stdout.splitlines()[0]
    assert first.startswith("demo.quiz.yaml:8:5: W009 [warning] numeric options are not in order (16, 4, 8)")
    assert "[*]" in first and "1 fixable" in result.stdout


def test_numeric_order_quotes_the_options_as_written_and_leaves_versions_alone(run, write_quiz, tmp_path):
    # the values used to be shown ("2.5" for "2.50", "3.1" for "3.10") and versions sorted as decimals (3.10 < 3.8)
    path = write_quiz("""
        - id: price
          stem: {en: "How much is it?", tr: "Kaç lira?"}
          options: [{text: 2.50, correct: true}, {text: 1.25}, {text: 3.75}]
        - id: python
          stem: {en: "Which Python version added `match`?", tr: "`match` hangi Python sürümüyle geldi?"}
          options: [{text: 3.10, correct: true}, {text: 3.9}, {text: 3.11}, {text: 2.70}]
    """)
    result = run("lint", "--select", "numeric-order", str(path), cwd=tmp_path)
    assert result.stdout.splitlines()[:-1] == [
        "demo.quiz.yaml:8:5: W009 [warning] numeric options are not in order (2.50, 1.25, 3.75); sort them in "
        "ascending order [*]"]
    fixed = run("fix", "--diff", str(path), cwd=tmp_path)
    assert "W009 price: sorted the numeric options in ascending order (1.25, 2.50, 3.75)" in fixed.stderr
    assert "python:" not in fixed.stderr
    changed = [line for line in fixed.stdout.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")]
    assert changed and not [line for line in changed if "3.10" in line]


def test_negative_stem_in_a_language_without_its_own_list_counts_only_english_in_capitals(run, write_quiz,
                                                                                         tmp_path):
    # German has no list of negative words: the English one counts only in capitals, as the German noun "Not"
    # (need: "in der Not") is no English "not"
    write_quiz("""
        - id: need
          stem: {en: "Which tool helps a team in an emergency?", de: "Welches Werkzeug hilft einem Team in der Not?"}
          options: [{text: A, correct: true}, {text: B}]
        - id: not-prime
          stem: {en: "Which of these numbers is not prime?", de: "Welche dieser Zahlen ist NOT prim?"}
          options: [{text: 7}, {text: 9, correct: true}]
    """, languages="en, de")
    result = run("lint", "--no-cache", "--select", "W003", ".", cwd=tmp_path)
    assert result.stdout.count("W003") == 1 and 'negative question: "not" (en) not emphasised' in result.stdout
    (tmp_path / "quizlint.toml").write_text("[rules.negative-stem]\nrequire-emphasis = false\n", encoding="utf-8")
    result = run("lint", "--no-cache", "--select", "W003", ".", cwd=tmp_path)
    assert result.stdout.count("W003") == 1 and 'negative question: "not" (en), "NOT" (de);' in result.stdout


def test_rule_options_come_from_the_configuration_and_are_checked(run, run_process, write_quiz, tmp_path):
    write_quiz("""
        - id: not-prime
          stem: {en: "Which of these numbers is **NOT** prime?", tr: "Bu sayılardan hangisi asal **DEĞİLDİR**?"}
          options: [{text: 7}, {text: 9, correct: true}, {text: 11}]
    """)
    config = tmp_path / "quizlint.toml"
    assert run("lint", "--select", "W003", ".", cwd=tmp_path).stdout.startswith("All clean")
    config.write_text("[rules.negative-stem]\nrequire-emphasis = false\n", encoding="utf-8")
    result = run("lint", "--select", "W003", ".", cwd=tmp_path)
    assert 'W003 [warning] negative question: "NOT" (en), "DEĞİLDİR" (tr); ask the question positively' in result.stdout
    config.write_text('[rules.negative-stem]\nrequire-emphasis = "yes"\n', encoding="utf-8")
    result = run_process("lint", "--no-cache", "--select", "W003", ".", cwd=tmp_path)
    assert result.returncode == 2
    assert "option 'require-emphasis' of rule W003 must be true or false, not \"yes\"" in result.stderr

