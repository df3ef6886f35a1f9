"""Answer-key rules (K001–K007) on failing and passing items in English and Turkish, through the engine and the
CLI."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import quiz_yaml
from quizlint.lint.engine import lint_bank, lint_file
from quizlint.rules.base import Selection, find_rule

_COUNTER = itertools.count()


def findings_of(tmp_path, items_yaml: str, rule_key: str, languages: str = "en, tr", **options):
    """Lint a quiz of ``items_yaml`` with only the rule ``rule_key``; its findings (the file must load cleanly)."""
    rule = find_rule(rule_key)
    assert rule is not None, rule_key
    path = tmp_path / f"q{next(_COUNTER)}.quiz.yaml"
    path.write_text(quiz_yaml(items_yaml, languages=languages), encoding="utf-8")
    selection = Selection({rule.code: rule}, options={rule.code: {key.replace("_", "-"): value
                                                                  for key, value in options.items()}})
    findings = lint_bank([lint_file(path, path.name, selection)], selection).findings
    assert not [f for f in findings if f.code[0] in "YS"], findings
    return [f for f in findings if f.code == rule.code]


def position_of(tmp_path, needle: str, occurrence: int = 1) -> tuple[int, int]:
    """Line and column (1-based) of the ``occurrence``-th ``needle`` in the last quiz written by findings_of."""
    path = max(tmp_path.glob("q*.quiz.yaml"), key=lambda p: int(p.stem.split(".")[0][1:]))
    hits = [(number, line.index(needle) + 1)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line]
    return hits[occurrence - 1]


def line_of(tmp_path, needle: str, occurrence: int = 1) -> int:
    return position_of(tmp_path, needle, occurrence)[0]


# --- K001 missing-key, K002 multiple-keys ----------------------------------------------------------------

def test_missing_key_on_single_multiple_and_true_false(tmp_path):
    found = findings_of(tmp_path, """
        - id: a
          stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
          options: [{text: Ankara}, {text: İzmir}]
        - id: b
          type: multiple
          stem: {en: "Which are even?", tr: "Hangileri çifttir?"}
          options: [{text: 2}, {text: 3}]
        - id: c
          type: true_false
          stem: {en: "Water boils at 100 °C at sea level.", tr: "Su deniz seviyesinde 100 °C'de kaynar."}
        - id: d
          type: true_false
          stem: {en: "Ice is hot.", tr: "Buz sıcaktır."}
          answer: false
    """, "missing-key")
    assert [f.item for f in found] == ["a", "b", "c"]
    assert "single-answer" in found[0].message and "multiple-answer" in found[1].message


def test_multiple_keys_points_at_the_second_key(tmp_path):
    found = findings_of(tmp_path, """
        - id: even-prime
          stem: {en: "Which number is an even prime?", tr: "Hangi sayı çift bir asal sayıdır?"}
          options:
            - text: 2
              correct: true
            - text: 3
              correct: true
            - text: 9
    """, "K002")
    assert len(found) == 1 and "(A, B)" in found[0].message
    assert found[0].line == line_of(tmp_path, "correct: true", 2)


# --- K003 too-few-options --------------------------------------------------------------------------------

def test_too_few_options(tmp_path):
    found = findings_of(tmp_path, """
        - id: one
          stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
          options: [{text: Ankara, correct: true}]
        - id: none
          type: multiple
          stem: {en: "Which are prime?", tr: "Hangileri asaldır?"}
        - id: two
          stem: {en: "Capital of France?", tr: "Fransa'nın başkenti?"}
          options: [{text: Paris, correct: true}, {text: Lyon}]
        - id: tf
          type: true_false
          stem: {en: "Paris is in France.", tr: "Paris Fransa'dadır."}
          answer: true
    """, "too-few-options")
    assert [(f.item, f.message) for f in found] == [
        ("one", "single-answer item has only 1 option; it needs at least 2"),
        ("none", "multiple-answer item has no options; it needs at least 2"),
    ]
    assert found[0].line == line_of(tmp_path, "options: [{text: Ankara")
    assert found[1].line == line_of(tmp_path, "id: none")


def test_too_few_options_threshold_is_an_option(tmp_path):
    items = """
        - id: two
          stem: {en: "Capital of France?", tr: "Fransa'nın başkenti?"}
          options: [{text: Paris, correct: true}, {text: Lyon}]
    """
    assert findings_of(tmp_path, items, "K003", min_options=3)[0].message.endswith("at least 3")
    assert findings_of(tmp_path, items, "K003") == []


# --- K004 duplicate-option -------------------------------------------------------------------------------

CITY_ITEM = """
- id: city
  stem: {{en: "Which city is the capital?", tr: "Başkent hangi şehirdir?"}}
  options:
    - text: Ankara
      correct: true
    - text: {first}
    - text: {second}
"""


@pytest.mark.parametrize("first, second, languages", [
    ("İstanbul", "istanbul", "tr"),  # Turkish: İ folds to i
    ("ISTANBUL", "ıstanbul", "tr"),  # Turkish: I folds to ı
    ("İstanbul", "istanbul", "tr, en"),  # language-neutral options are the same text in every language
    ('"  İzmir. "', "izmir", "tr"),  # whitespace and punctuation do not count
    ("İzmir", '"I\u0307zmir"', "tr"),  # NFC: a decomposed İ is the same letter
    ("Istanbul", "ISTANBUL!", "en"),
    ('"**İzmir**"', '"(izmir)"', "tr"),  # nor emphasis markers and the brackets around a word
    ('"`bursa`"', '"Bursa."', "en"),  # nor the backticks of inline code
    ('"`Foo Bar`"', '"`Foo` `Bar`"', "en"),
    ('"`NULL` or `None`"', '"`NULL` OR `None`"', "tr"),  # the prose between code folds
    ('"**Bursa.**"', "Bursa", "en"),  # nor punctuation inside emphasis
    ('"*Bursa!*"', '"**\\"bursa\\"**"', "en"),
])
def test_duplicate_options_after_turkish_aware_normalisation(tmp_path, first, second, languages):
    found = findings_of(tmp_path, CITY_ITEM.format(first=first, second=second), "duplicate-option", languages)
    assert [f.message for f in found] == ["option C duplicates option B"]
    assert found[0].line == line_of(tmp_path, "- text:", 3)


@pytest.mark.parametrize("first, second, languages", [
    ("ISTANBUL", "ıstanbul", "en"),  # in English, I folds to i, not ı: different words
    ("İstanbul", "İzmir", "tr"),
    ("İstanbul", "İstanbul'da", "tr"),
    # signs and operators carry meaning: they are not punctuation to ignore
    ('"C#"', '"C++"', "en"),
    ('"C"', '"C#"', "en"),
    ('"`i++`"', '"`++i`"', "en"),
    ('"-1"', '"1"', "en"),
    ('"`a < b`"', '"`a > b`"', "en"),
    ('"7 * 3"', '"7 ** 3"', "en"),
    ('"`*args`"', '"`args`"', "en"),
    # code is case-sensitive: inline code keeps its case (and Turkish folding does not touch its I)
    ('"`None`"', '"`none`"', "en"),
    ('"`null`"', '"`NULL`"', "en"),
    ('"`True`"', '"`TRUE`"', "tr"),
    ('"`IF`"', '"`ıf`"', "tr"),
    ('"`SELECT a FROM t`"', '"`select a from t`"', "en"),
    ('"`x = Foo()`"', '"`x = foo()`"', "en"),
    # formulas, genotypes and symbols: case, quotes and brackets are meaning, in any language
    ("AaBb", "aaBb", "en"),
    ("AaBb", "aabb", "tr"),
    ("CoCl2", "COCl2", "en"),
    ("NaCl", "NACL", "tr"),
    ('"\'101\'"', "101", "en"),
    ('"f(x)"', '"F(x)"', "en"),
    ('"x = 1"', '"X = 1"', "tr"),
])
def test_different_options_are_not_duplicates(tmp_path, first, second, languages):
    assert findings_of(tmp_path, CITY_ITEM.format(first=first, second=second), "K004", languages) == []


def test_duplicate_in_every_language_is_reported_once_at_the_source_text(tmp_path):
    found = findings_of(tmp_path, """
        - id: city
          stem: {en: "Which city is the capital?", tr: "Başkent hangi şehirdir?"}
          options:
            - text: {en: "Ankara", tr: "Ankara"}
              correct: true
            - text: {en: "Istanbul", tr: "İstanbul"}
            - text: {en: "istanbul", tr: "İSTANBUL"}
            - text: {en: "ISTANBUL", tr: "istanbul"}
    """, "K004")
    assert [f.message for f in found] == ["option C duplicates option B", "option D duplicates option B"]
    assert found[0].line == line_of(tmp_path, 'en: "istanbul"')


# most items are let through on the first and last words of their option keys, worked out from the first and last
# chunks of the texts: that must never hide two options with the same key
_AWKWARD_TEXTS = ["İstanbul", "istanbul", "ISTANBUL", "I\u0307zmir", "\u0301Ankara", "Straße", "STRASSE",
                  "`Foo Bar`", "`Foo` `Bar`", "`foo bar`", "`None`", "`none`", "`a` b`", "`a b` c`",
                  "<code>Foo Bar</code>", "<CODE>Foo Bar</CODE>", "<code>foo bar</code>", "<code>Foo", "Bar</code>",
                  "snake_case", "a  b", " a b ", "a\nb", "a\tb", "x\ua66ey", "!!!", "4-bit", "4 bit", "ΣΑΣ", "σας",
                  "ﬁle", "file", "e\u0301", "é", "Ankara,", "ankara", "\u00a0Ankara", "K\u212a", "kk", "a -b", "a- b",
                  "a b -", "- a b", "a\u2000b", "", " ", "\u1100 \u1161", "\u1100\u1161"]


def _options(texts, lang):
    return {lang: list(texts)}  # (each option's text per language)


def _check_option_keys(texts, lang):
    from quizlint.rules.duplicate_option import _keys_may_repeat
    from quizlint.text import comparison_key

    present = [key for text in texts if (key := comparison_key(text, lang))]
    if len(set(present)) < len(present):
        assert _keys_may_repeat(_options(texts, lang), [lang]), texts


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_options_with_the_same_key_are_never_let_through(lang):
    import random

    rng = random.Random(7)
    groups = [list(pair) for pair in itertools.combinations(_AWKWARD_TEXTS, 2)]
    groups += [rng.sample(_AWKWARD_TEXTS, rng.randint(1, 5)) for _ in range(300)]
    for texts in groups:
        _check_option_keys(texts, lang)


_KEY_PIECES = ["a", "A", "b", "İ", "I", "ı", "i", "ss", "ß", "a-b", "a_b", "-", "!", "ﬁ", "fi", "K", "k", "é", "e\u0301",
               "\u0301", "x\ua66e", " ", " ", "  ", "\t", "\u00a0", " - ",
               "\\", "\\*", "*", "("]  # (Markdown backslash escapes)


@settings(max_examples=1000, deadline=None)
@given(texts=st.lists(st.lists(st.sampled_from(_KEY_PIECES), max_size=6).map("".join), min_size=2, max_size=5),
       lang=st.sampled_from(["en", "tr"]))
def test_generated_options_with_the_same_key_are_never_let_through(texts, lang):
    _check_option_keys(texts, lang)


# --- K005 copied-option ----------------------------------------------------------------------------------

def test_options_that_differ_only_in_one_language_are_a_copy_error(tmp_path):
    items = """
        - id: city
          stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
          options:
            - text: {en: "Ankara", tr: "Ankara"}
              correct: true
            - text: {en: "Izmir", tr: "ANKARA"}
            - text: {en: "Bursa", tr: "Bursa"}
    """
    found = findings_of(tmp_path, items, "copied-option")
    assert len(found) == 1
    assert found[0].message.startswith("options A and B are the same in tr but differ in en")
    assert (found[0].line, found[0].column) == position_of(tmp_path, '"ANKARA"')
    assert findings_of(tmp_path, items, "duplicate-option") == []  # one rule per pair


def test_a_duplicate_in_the_source_only_is_reported_at_the_source(tmp_path):
    found = findings_of(tmp_path, """
        - id: city
          stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
          options:
            - text: {en: "Ankara", tr: "Ankara"}
              correct: true
            - text: {en: "Bursa", tr: "Bursa"}
            - text: {en: "bursa", tr: "İzmir"}
    """, "K005")
    assert [f.message.split(":")[0] for f in found] == ["options B and C are the same in en but differ in tr"]
    assert found[0].line == line_of(tmp_path, 'en: "bursa"')


def test_translated_options_are_not_copies(tmp_path):
    assert findings_of(tmp_path, """
        - id: city
          stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
          options:
            - text: {en: "Ankara, in Central Anatolia", tr: "İç Anadolu'daki Ankara"}
              correct: true
            - text: {en: "Izmir, on the Aegean coast", tr: "Ege kıyısındaki İzmir"}
            - text: {en: "Istanbul", tr: null}
            - text: {en: "", tr: ""}
    """, "K005") == []


# --- K006 key-is-all-or-none ---------------------------------------------------------------------------

@pytest.mark.parametrize("key_text, languages", [
    ('{en: "All of the above", tr: "Hepsi"}', "en, tr"),
    ('{en: "None of these", tr: "Hiçbiri"}', "en, tr"),
    ('"Yukarıdakilerin HEPSİ doğrudur."', "tr"),
    ('"Yukarıdakilerin hiçbiri"', "tr"),
])
def test_key_that_is_all_or_none_of_the_above(tmp_path, key_text, languages):
    found = findings_of(tmp_path, f"""
        - id: primes
          stem: {{en: "Which of these numbers is prime?", tr: "Bu sayılardan hangisi asaldır?"}}
          options:
            - text: 2
            - text: 3
            - text: {key_text}
              correct: true
    """, "K006", languages)
    assert len(found) == 1 and found[0].severity == "info"
    assert found[0].message.startswith("the key (option C) is ")


def test_all_or_none_as_a_distractor_is_not_a_key_problem(tmp_path):
    assert findings_of(tmp_path, """
        - id: primes
          stem: {en: "Which of these numbers is prime?", tr: "Bu sayılardan hangisi asaldır?"}
          options:
            - text: 5
              correct: true
            - text: {en: "None of the above", tr: "Hiçbiri"}
            - text: {en: "All of the above layers", tr: "Yukarıdaki katmanların hepsi"}
    """, "K006") == []


# --- K007 answer-mismatch ------------------------------------------------------------------------------

def test_answer_on_a_choice_item_and_options_on_a_true_false_item(tmp_path):
    found = findings_of(tmp_path, """
        - id: choice-with-answer
          stem: {en: "Capital of Turkey?", tr: "Türkiye'nin başkenti?"}
          answer: true
          options: [{text: Ankara, correct: true}, {text: İzmir}]
        - id: tf-with-options
          type: true_false
          stem: {en: "The Earth is round.", tr: "Dünya yuvarlaktır."}
          answer: true
          options: [{text: {en: "True", tr: "Doğru"}}, {text: {en: "False", tr: "Yanlış"}}]
        - id: fine
          type: true_false
          stem: {en: "Ice is hot.", tr: "Buz sıcaktır."}
          answer: false
    """, "answer-mismatch")
    assert [(f.item, f.line) for f in found] == [
        ("choice-with-answer", line_of(tmp_path, "answer: true", 1)),
        ("tf-with-options", line_of(tmp_path, "options: [{text: {en"))]
    assert "only to true_false items" in found[0].message and "2 option(s)" in found[1].message


# --- through the CLI -----------------------------------------------------------------------------------

def test_key_errors_through_the_cli(run, write_quiz, tmp_path):
    path = write_quiz("""
        - id: city
          stem: {en: "Which city is the capital of Turkey?", tr: "Türkiye'nin başkenti hangi şehirdir?"}
          options:
            - text: {en: "Ankara", tr: "Ankara"}
              correct: true
            - text: {en: "Izmir", tr: "ankara"}
            - text: İstanbul
            - text: istanbul
    """, languages="tr, en")
    result = run("lint", "--select", "K", "--format", "json", str(path), cwd=tmp_path)
    assert result.exit_code == 1, result.output
    found = [(f["code"], f["line"]) for f in json.loads(result.stdout)]
    assert found == [("K005", 11), ("K004", 13)]
    text = run("lint", "--select", "duplicate-option,copied-option", str(path), cwd=tmp_path)
    assert "demo.quiz.yaml:13:15: K004 [error] option D duplicates option C" in text.stdout


def test_code_options_that_differ_in_case_are_different_options_through_the_cli(run, write_quiz, tmp_path):
    # code is case-sensitive: each option is another literal of Python; they were reported as duplicates (error)
    path = write_quiz("""
        - id: py-null
          stem: {en: "Which literal is Python's null value?", tr: "Python'un boş değer sabiti hangisidir?"}
          options: [{text: "`None`", correct: true}, {text: "`none`"}, {text: "`null`"}, {text: "`NULL`"}]
        - id: py-true
          stem: {en: "Which literal is Python's boolean true?", tr: "Python'da mantıksal doğru sabiti hangisidir?"}
          options:
            - {text: "`True`", correct: true}
            - text: "`true`"
            - text: "`TRUE`"
            - text: "`None`"
            - text: "`None`"
    """)
    assert _duplicate_and_copied_options(run, path) == [("K004", 16, "option E duplicates option D")]


def test_html_code_options_that_differ_in_case_are_different_options_through_the_cli(run, write_quiz, tmp_path):
    # HTML inline code is code as backtick code is: it keeps its case (its tags do not: <CODE> is <code>); it was
    # casefolded, so `<code>None</code>` and `<code>none</code>` were reported as duplicates (error)
    path = write_quiz("""
        - id: py-null
          stem: {en: "Which literal is Python's null value?", tr: "Python'un boş değer sabiti hangisidir?"}
          options:
            - {text: "<code>None</code>", correct: true}
            - text: "<code>none</code>"
            - text: "<code class=\\"py\\">NULL</code>"
            - text: "<code>null</code> or <CODE>Nil</CODE>"
            - text: "<CODE>null</CODE> OR <code>Nil</code>"
            - text: "<code>Null</code>"
    """)
    assert _duplicate_and_copied_options(run, path) == [("K004", 13, "option E duplicates option D")]


def test_escaped_markers_are_the_characters_they_show_through_the_cli(run, write_quiz, tmp_path):
    # "\*" and "\```" (as `quizlint import` writes a text that is only a marker) show * and ```: both were keyed as
    # the bare backslash left once their markers were stripped, and reported as duplicates (error)
    path = write_quiz(r"""
        - id: ops
          stem: {en: "Which one multiplies?", tr: "Hangisi çarpar?"}
          options: [{text: "\\*", correct: true}, {text: "\\```"}, {text: "+"}, {text: "\\***"}, {text: "\\_"}]
        - id: star
          stem: {en: "Which sign is the asterisk?", tr: "Yıldız işareti hangisidir?"}
          options: [{text: "\\*", correct: true}, {text: "#"}, {text: "*"}, {text: "\\*Paris\\*"}, {text: "*Paris*"}]
    """)
    assert _duplicate_and_copied_options(run, path) == [("K004", 11, "option C duplicates option A")]


def _duplicate_and_copied_options(run, path) -> list[tuple[str, int, str]]:
    """The K004 and K005 findings of ``quizlint lint`` on ``path``: code, line, message."""
    result = run("lint", "--select", "K004,K005", "--format", "json", str(path), cwd=path.parent)
    return [(f["code"], f["line"], f["message"]) for f in json.loads(result.stdout)]


def code_option(return_indent: str, correct: bool = False) -> str:
    """An option with a Python block whose `return` stands at ``return_indent``."""
    lines = ["```python", "def total(xs):", "    s = 0", "    for x in xs:", "        s += x",
             f"{return_indent}return s", "```"]
    body = "\n".join("        " + line for line in lines)
    return "    - text: |\n" + body + ("\n      correct: true" if correct else "")


CODE_ITEM = "\n".join([
    "- id: code",
    '  stem: {en: "Which function returns the sum?", tr: "Hangi fonksiyon toplamı döndürür?"}',
    "  options:",
    code_option("    ", correct=True),
    code_option("        "),
    '    - text: "`sum()`"',
]) + "\n"


def test_code_blocks_that_differ_only_in_indentation_are_different_options(tmp_path):
    assert findings_of(tmp_path, CODE_ITEM, "K004") == []


def test_the_same_code_block_twice_is_still_a_duplicate(tmp_path):
    doubled = CODE_ITEM.replace(code_option("        "), code_option("    "))
    assert [f.message for f in findings_of(tmp_path, doubled, "K004")] == ["option B duplicates option A"]


@pytest.mark.parametrize("first, second, languages", [
    ("PARIS", "Paris", "en"),  # prose still folds
    ('"Türkiye\'nin başkenti"', '"TÜRKİYE\'NİN BAŞKENTİ"', "tr"),
    ('"**İzmir**"', "izmir", "tr"),
])
def test_prose_still_folds_case_next_to_the_symbol_rule(tmp_path, first, second, languages):
    found = findings_of(tmp_path, CITY_ITEM.format(first=first, second=second), "K004", languages)
    assert [f.message for f in found] == ["option C duplicates option B"]


def test_stems_that_differ_in_a_formula_or_code_are_not_duplicate_stems(tmp_path):
    items = """
- {id: a, stem: {en: "Which gametes does AaBb form?", tr: "AaBb hangi gametleri oluşturur?"}, options: [{text: AB, correct: true}, {text: ab}]}
- {id: b, stem: {en: "Which gametes does aaBb form?", tr: "aaBb hangi gametleri oluşturur?"}, options: [{text: aB, correct: true}, {text: ab}]}
- {id: c, stem: {en: "What is the capital of Turkey?", tr: "Türkiye'nin başkenti neresidir?"}, options: [{text: Ankara, correct: true}, {text: İzmir}]}
- {id: d, stem: {en: "WHAT IS THE CAPITAL OF TURKEY?", tr: "TÜRKİYE'NİN BAŞKENTİ NERESİDİR?"}, options: [{text: Ankara, correct: true}, {text: Bursa}]}
"""
    found = findings_of(tmp_path, items, "D002")
    assert [(f.item, f.message.split(" (")[0]) for f in found] == [("d", "same stem as item 'c'")]


@pytest.mark.parametrize("options, key, stem", [
    # the item asks which form is right: three options fold to the key's text
    (['"\\"null\\""', '"NULL"', '"null"', "undefined"], 2, '"In JSON, how is a null value written?"'),
    (['"Şunları aldı: kalem silgi."', '"Şunları aldı: kalem, silgi."', '"Şunları aldı; kalem, silgi."',
      '"Şunları aldı kalem: silgi."'], 1, '"Hangisinde iki nokta doğru kullanılmıştır?"'),
    (['"the death of chivalry"', '"THE DEATH OF CHIVALRY"', '"The Death Of Chivalry"'], 2, '"What does PROPER return?"'),
    # a stem with code: the options are its output, as written
    (['"United States"', '"United states"', '"UNITED STATES"'], 1, '"What does `echo ${VAR^}` print?"'),
    # flags, keys with a colon, quoted strings
    (['"-d deletes the branch"', '"-D deletes the branch"', '"Nothing"'], 0, '"What does git branch do?"'),
    (['"aws:demo;aws:demo"', '"aws:demo;aws:DEMO"', '"none"'], 2, '"Which tags are valid?"'),
    (["Infinity", '"\\"Infinity\\""', '"1/0"', '"JSON has none"'], 3, '"How is infinity written in JSON?"'),
    (['"true, false, null"', '"true, false"', '"TRUE, FALSE, NULL"'], 0, '"How does JSON write truth and nullness?"'),
])
def test_items_about_the_form_of_an_answer_are_compared_as_written(tmp_path, options, key, stem):
    lines = ["- id: form", f"  stem: {{en: {stem}, tr: {stem}}}", "  options:"]
    for index, option in enumerate(options):
        lines.append(f"    - text: {option}" + ("\n      correct: true" if index == key else ""))
    assert findings_of(tmp_path, "\n".join(lines), "K004") == []


def test_the_same_output_twice_under_a_code_stem_is_still_a_duplicate(tmp_path):
    item = """
- id: out
  stem: {en: "What does `console.log(obj2.a, obj2.b)` print?", tr: "`console.log(obj2.a, obj2.b)` ne yazdırır?"}
  options:
    - {text: "0 2", correct: true}
    - {text: "undefined 2"}
    - {text: "undefined 2"}
"""
    assert [f.message for f in findings_of(tmp_path, item, "K004")] == ["option C duplicates option B"]
