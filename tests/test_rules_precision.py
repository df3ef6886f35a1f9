"""The false-alarm shapes of issue 24 (real banks), each with a positive and a negative case, English and Turkish.

The examples are written for these tests, after the shapes found on the corpus of benchmarks/realdata/.
"""

from __future__ import annotations

import json

import pytest

from test_rules_key import findings_of
from test_rules_writing import one_item


def messages(tmp_path, item: str, rule: str, languages: str = "en, tr") -> list[str]:
    return [f.message for f in findings_of(tmp_path, item, rule, languages)]


# --- W003 negative-stem --------------------------------------------------------------------------------

@pytest.mark.parametrize("stem, lang, negative", [
    ('"Uygun olmayan koşullar bitkide neyi gösterir?"', "tr", False),  # participle describing a noun
    ('"Yağış almayan bölgelerde hangi tarım yapılır?"', "tr", False),
    ('"Aşağıdakilerden hangisi bu koşullara uygun olmayan?"', "tr", True),
    ('"Bu koşullara uygun olmayan hangisidir?"', "tr", True),  # the participle is what is asked
    ('"Hangisi doğru değildir?"', "tr", True),
    ('"Which word is \\"not\\" in the quotation?"', "en", False),  # negation inside a quotation
    ('"The law is not a rule but a habit, says the author. What does he mean?"', "en", False),  # not X but Y
    ('"Which of these is not a prime number?"', "en", True),
    ('"Before facing He-Who-Must-Not-Be-Named, whom did Harry meet?"', "en", False),  # a name
    ('"This tank was built in 1943. It never saw battle."', "en", False),  # a clue, not a question
    ('"Which of these is never true:"', "en", True),  # no "?", but a question
    ('"This is what you see once in a minute but never in a year."', "en", False),  # a riddle
    ('"How old was he at his first miracle (Biblical, not Apocryphal)?"', "en", False),  # an aside
    ('"Bu olay (savaş değil) hangi yıl oldu?"', "tr", False),
    ('"How is a boolean false value written in JSON?"', "en", False),
    ('"Which operator returns true if the two values are not equal?"', "en", False),  # a subordinate clause
    ('"How do you write a Lambda in a language that AWS does not support?"', "en", False),
    ('"Which of these artists did not play at Woodstock, a festival that changed music?"', "en", True),
])
def test_negative_stem_shapes(tmp_path, stem, lang, negative):
    found = messages(tmp_path, one_item(stem, "A1", "B2", "C3"), "W003", lang)
    assert bool(found) is negative, found


# --- W004 absolute-terms -------------------------------------------------------------------------------

@pytest.mark.parametrize("options, lang, flagged", [
    (["Only water", "Water and salt", "Salt"], "en", []),  # the key has the absolute word
    (["Water and salt", "Only water", "Salt"], "en", ['distractor B uses the absolute term "Only" (en)']),
    (["Water and salt", "Only water", "Only salt"], "en", ['distractor B uses the absolute term "Only" (en)',
                                                           'distractor C uses the absolute term "Only" (en)']),
    (["Every 5 hours", "Every 2 days", "Once a week"], "en", []),  # amounts: and most options have it
    (["Twice a day", "Every 5 hours", "Once a week", "Weekly"], "en", []),  # an amount, not a determiner
    (["A printer", "An all-in-one device", "A scanner", "A plotter"], "en", []),  # a compound
    (["Su ve tuz", "Sadece su", "Tuz", "Şeker"], "tr", ['distractor B uses the absolute term "Sadece" (tr)']),
    (["Sadece su", "Su ve tuz", "Tuz", "Şeker"], "tr", []),
    (["Faturayla", "Garanti belgesiyle", "Makbuzla", "Fişle"], "tr", []),  # a noun, a warranty
    (["Hiçbir kuş uçamaz", "Bazı kuşlar uçamaz", "Tüm kuşlar uçar", "Hiçbir kuş ötmez"], "tr", []),  # quantifiers
])
def test_absolute_term_shapes(tmp_path, options, lang, flagged):
    stem = '"Which is it?"' if lang == "en" else '"Hangisidir?"'
    assert messages(tmp_path, one_item(stem, *(f'"{o}"' for o in options)), "W004", lang) == flagged


def test_none_answering_how_many_is_a_number(tmp_path):
    item = one_item('"How many moons does Venus have?"', "None", "One", "Two", "Three")
    assert messages(tmp_path, item, "W004", "en") == []
    item = one_item('"Venüs\'ün kaç uydusu vardır?"', "Hiçbiri", "Bir", "İki", "Üç")
    assert messages(tmp_path, item, "W004", "tr") == []


# --- W005 vague-terms ----------------------------------------------------------------------------------

def test_vague_words_in_a_reading_passage_are_not_the_question(tmp_path):
    passage = '"Farmers usually plant in spring. Rain often comes late. What should a farmer do first?"'
    assert messages(tmp_path, one_item(passage, "Plough", "Sow", "Wait"), "W005", "en") == []
    tr = '"Çiftçiler genellikle baharda eker. Yağmur bazen geç gelir. Buna göre çiftçi önce ne yapmalıdır?"'
    assert messages(tmp_path, one_item(tr, "Sürmek", "Ekmek", "Beklemek"), "W005", "tr") == []


def test_vague_words_in_the_question_sentence_or_an_option_are_reported(tmp_path):
    assert messages(tmp_path, one_item('"Rain comes late. What do farmers usually do?"', "Plough", "Sow"),
                    "W005", "en") == ['stem uses the vague term "usually" (en)']
    assert messages(tmp_path, one_item('"Yağmur geç gelir. Çiftçi ne yapar?"', "Genellikle bekler", "Eker"),
                    "W005", "tr") == ['option A uses the vague term "Genellikle" (tr)']


# --- W010 clang-association ----------------------------------------------------------------------------

def test_turkish_inflection_of_a_shared_word_breaks_the_cue(tmp_path):
    stem = '"Bir ürünün fiyatı neye göre belirlenir?"'
    shared = one_item(stem, '"Ürünün maliyetine göre"', '"Ürün talebine göre"', '"Havaya göre"')
    assert messages(tmp_path, shared, "W010", "tr") == []  # ürün and ürünün are one word
    cue = one_item(stem, '"Ürünün maliyetine göre"', '"Havaya göre"', '"Mevsime göre"')
    assert messages(tmp_path, cue, "W010", "tr") == ['the key (option A) repeats "Ürünün" (tr) from the stem and '
                                                     "no distractor does"]


# --- recall of all / none of the above -----------------------------------------------------------------

@pytest.mark.parametrize("text, lang, rule", [
    ("Yukardakilerin hepsi", "tr", "W001"),
    ("Verilenlerin hepsi", "tr", "W001"),
    ("Yukarıdakilerin tümü", "tr", "W001"),
    ("All the above", "en", "W001"),
    ("all of these answers", "en", "W001"),
    ("Both A and B", "en", "W001"),
    ("none of these answers", "en", "W002"),
    ("Neither one", "en", "W002"),
    ("Hiçbiri", "tr", "W002"),
    ("tüm bu cevaplar", "tr", "W001"),
    ("Bu cevapların hiçbiri", "tr", "W002"),
    ("Hiç biri doğru değildir", "tr", "W002"),
    ("Yukardakilerden hiçbiri", "tr", "W002"),
])
def test_all_and_none_of_the_above_variants_are_found(tmp_path, text, lang, rule):
    stem = '"Which is it?"' if lang == "en" else '"Hangisidir?"'
    assert messages(tmp_path, one_item(stem, "Alfa", "Beta", f'"{text}"'), rule, lang)


@pytest.mark.parametrize("text, lang", [("Hiçbir şey", "tr"), ("Hepsinden önce", "tr"), ("All hands", "en"),
                                        ("Both are string literals.", "en"), ("Neither inside nor outside", "en")])
def test_words_that_only_start_like_all_or_none_are_not_those_options(tmp_path, text, lang):
    stem = '"Which is it?"' if lang == "en" else '"Hangisidir?"'
    item = one_item(stem, "Alfa", "Beta", f'"{text}"')
    assert messages(tmp_path, item, "W001", lang) == [] and messages(tmp_path, item, "W002", lang) == []


# --- a writing flaw only in a translation ---------------------------------------------------------------

def test_a_flaw_only_in_the_translation_is_info_naming_the_language(run, write_quiz):
    import json

    items = """
- id: t1
  stem: {en: "Which layer routes packets?", tr: "Paketleri genellikle hangi katman yönlendirir?"}
  options:
    - {text: {en: "Network", tr: "Ağ"}, correct: true}
    - {text: {en: "Physical", tr: "Fiziksel"}}
    - {text: {en: "Session", tr: "Oturum"}}
- id: t2
  stem: {en: "Which layer usually routes packets?", tr: "Paketleri genellikle hangi katman yönlendirir?"}
  options:
    - {text: {en: "Network", tr: "Ağ"}, correct: true}
    - {text: {en: "Physical", tr: "Fiziksel"}}
    - {text: {en: "Session", tr: "Oturum"}}
"""
    result = run("lint", "--select", "W005", "--format", "json", write_quiz(items))
    found = [(f["item"], f["severity"], f["message"]) for f in json.loads(result.stdout)]
    assert found == [
        ("t1", "info", 'stem uses the vague term "genellikle" (tr) (only in the tr translation; the en source is clean)'),
        ("t2", "warning", 'stem uses the vague term "usually" (en), "genellikle" (tr)'),
    ]
    assert result.exit_code == 0  # a warning and an info: no error


# --- T006 lost-markup: comments inside code may be translated ----------------------------------------------

@pytest.mark.parametrize("en, tr, lost", [
    ("`# This is a comment`", "`# Bu bir yorumdur`", False),
    ("`-- This is a comment`", "`-- Bu bir yorumdur`", False),
    ("`x = 5  # five`", "`x = 5  # beş`", False),
    ("`x = 5  # five`", "`x = 6  # beş`", True),  # the code changed
    ('`print("done")`', '`print("bitti")`', True),  # a string of inline code may decide what the code does
])
def test_translated_comments_are_not_lost_code(tmp_path, en, tr, lost):
    item = one_item('{en: "Which line?", tr: "Hangi satır?"}', f"{{en: '{en}', tr: '{tr}'}}", '"B"')
    assert bool(messages(tmp_path, item, "T006")) is lost


def test_a_message_translated_in_a_code_block_is_not_lost_code(tmp_path):
    block = "```python\nif ok:\n    print({msg})\n    return {value}\n```"
    en = block.format(msg='"Done"', value="True")
    for tr, lost in [(block.format(msg='"Bitti"', value="True"), False), (block.format(msg='"Bitti"', value="False"), True)]:
        item = one_item("{en: " + json.dumps(en) + ", tr: " + json.dumps(tr) + "}", '"A"', '"B"')
        assert bool(messages(tmp_path, item, "T006")) is lost


def test_a_short_source_kept_with_a_gloss_is_not_too_long(tmp_path):
    for target, reported in [("String (Chaîne de caractères)", False), ("moyenne arithmétique (mean)", False),
                             ("Bir karakter dizisi, yani metin", True)]:
        source = "mean" if "mean" in target else "String"
        item = one_item('{en: "Which type?", tr: "Hangi tür?"}', json.dumps({"en": source, "tr": target}), '"B"')
        assert bool(messages(tmp_path, item, "T007")) is reported, target


def test_a_name_every_option_shares_is_no_cue(tmp_path):
    stem = '"Atatürk\'ün hangi eseri Cumhuriyetin onuncu yılında okundu?"'
    shared = one_item(stem, '"Atatürk\'ün Onuncu Yıl Nutku"', '"Atatürk\'ün Gençliğe Hitabesi"',
                      '"Atatürk\'ün Nutuk adlı eseri"')
    assert [m for m in messages(tmp_path, shared, "W010", "tr") if "Atatürk" in m] == []
    english = one_item('"Which play by Shakespeare features Prospero?"', '"Shakespeare\'s The Tempest"',
                       '"Shakespeare\'s Hamlet"', '"Shakespeare\'s Macbeth"')
    assert messages(tmp_path, english, "W010", "en") == []
