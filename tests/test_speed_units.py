"""Unit tests of the machinery that makes linting fast without changing its findings: the trigram look that
answers lingua's quick look from cached scores, deferred full looks, the compact results cache, positions read
from the node tree on demand, and the shortcuts of the lexicon and of prose extraction."""

from __future__ import annotations

import math
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.language.trigram_look import NORMAL, OPAQUE, TrigramLook, lingua_words, trigrams_of

# --- a stand-in for lingua's low-accuracy algorithm, to test the look against exactly ---------------------

_SCORES = {  # per language: log-probability of the trigrams it knows
    "en": {"the": -1.0, "mod": -2.0, "ode": -2.5, "del": -2.0, "che": -1.5, "hec": -3.0, "eck": -2.0,
           "sta": -1.8, "tat": -2.2, "ate": -1.2, "yük": -9.0, "ter": -1.1},
    "tr": {"the": -6.0, "mod": -1.5, "ode": -2.0, "del": -1.8, "che": -5.0, "hec": -6.5, "eck": -6.0,
           "sta": -2.5, "tat": -3.0, "ate": -3.5, "yük": -1.0, "ükl": -1.1, "kle": -1.3, "dön": -1.2,
           "ter": -1.4},
}
_RULE_LETTERS = {"tr": set("şğı")}  # a word with one of these is a rule word for Turkish
_LANGUAGES = ("en", "tr")


def _toy_lingua(text: str) -> tuple[float, ...]:
    """Confidences (en, tr) as lingua's low-accuracy mode computes them, on the toy model above."""
    words = lingua_words(text)
    for index, lang in enumerate(_LANGUAGES):
        ruled = sum(1 for word in words if set(word) & _RULE_LETTERS.get(lang, set()))
        if words and ruled * 2 >= len(words):
            return tuple(1.0 if other == index else 0.0 for other in range(len(_LANGUAGES)))
    trigrams = set().union(*(trigrams_of(word) for word in words)) if words else set()
    scores = {}
    for lang in _LANGUAGES:
        known = [_SCORES[lang][trigram] for trigram in trigrams if trigram in _SCORES[lang]]
        if known:
            scores[lang] = sum(known)
    if not scores:
        return (0.0, 0.0)
    top = max(scores.values())
    total = sum(math.exp(score - top) for score in scores.values())
    return tuple(math.exp(scores[lang] - top) / total if lang in scores else 0.0 for lang in _LANGUAGES)


def _toy_identify(texts):
    return [_toy_lingua(text) for text in texts]


def test_lingua_words_split_on_everything_but_letters():
    assert lingua_words("GPU'da model3x, İstanbul e-posta x²y") == ["gpu", "da", "model", "x", "i", "stanbul", "e",
                                                                      "posta", "x", "y"]
    assert trigrams_of("model") == frozenset({"mod", "ode", "del"})
    assert trigrams_of("ab") == frozenset()


def test_word_looks_tell_rule_words_and_opaque_words():
    look = TrigramLook(2, _toy_identify)
    look.learn({"model", "şey", "日本語", "zzz"})
    assert look._words["model"].decided == NORMAL
    assert look._words["şey"].decided == _LANGUAGES.index("tr")  # a rule decides the word alone
    assert look._words["日本語"].decided == OPAQUE  # outside the scripts modelled
    assert look._words["zzz"].decided == OPAQUE  # a word of three letters no language knows


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("threshold", [0.99, 0.25])  # the quick look's, and ``_beyond_margin``'s for a margin of 0.5
def test_verdicts_agree_with_the_algorithm_they_follow(seed, threshold):
    rng = random.Random(seed)
    vocabulary = ["the", "model", "checkpoint", "state", "yükle", "dön", "şu", "modeldel", "ab", "statement"]
    samples = [" ".join(rng.choice(vocabulary) for _ in range(rng.randint(1, 6))) for _ in range(300)]
    declared = [rng.randrange(2) for _ in samples]
    look = TrigramLook(2, _toy_identify)
    verdicts = look.verdicts(samples, declared, threshold)
    decided = 0
    for sample, lang, verdict in zip(samples, declared, verdicts):
        truth = _toy_lingua(sample)[lang] >= threshold
        if verdict is not None:
            decided += 1
            assert verdict == truth, sample
    assert decided >= len(samples) // 4  # the look answers many texts itself (lingua the rest)


def test_verdicts_stay_the_same_when_the_look_forgets_its_tokens(monkeypatch):
    from quizlint.language import trigram_look

    samples = ["the model state", "checkpoint", "ab ab", "yükle şu", "modeldel statement the"]
    declared = [0, 0, 0, 1, 0]
    expected = TrigramLook(2, _toy_identify).verdicts(samples, declared, 0.99)
    monkeypatch.setattr(trigram_look, "_TOKEN_LIMIT", 4)
    look = TrigramLook(2, _toy_identify)
    for start in reversed(range(len(samples))):  # batches of known and new tokens, beyond the limit
        assert look.verdicts(samples[start:], declared[start:], 0.99) == expected[start:]


def test_shared_trigrams_count_once_as_in_lingua():
    look = TrigramLook(2, _toy_identify)
    words = lingua_words("model modeldel")
    look.learn(set(words))
    scores, known = look.scores(words)
    expected = [sum(_SCORES[lang][trigram] for trigram in ("mod", "ode", "del", "eld", "lde")
                    if trigram in _SCORES[lang]) for lang in _LANGUAGES]
    assert known == 0b11
    assert math.isclose(scores[0] - scores[1], expected[0] - expected[1], abs_tol=1e-9)


def test_verdicts_follow_real_lingua_on_both_languages():
    pytest.importorskip("lingua")
    from quizlint.language.identify import QUICK_CONFIDENCE, Services

    services = Services(threads=False)
    look = services._trigram_look(("en", "tr"))
    assert look is not None
    texts = ["Which extra state is needed to resume training", "Eğitime devam etmek için hangi ek durum gerekir",
             "Which extra state is needed", "Kontrol noktası dosyası neyi kaydeder", "model state",
             "Optimizer and scheduler state", "Kontrol panelinin ekran görüntüsü", "Bu bir kedi", "the cat is here"]
    for lang in (0, 1):
        verdicts = look.verdicts(texts, [lang] * len(texts), QUICK_CONFIDENCE)
        rows = services._lingua_rows(("en", "tr"), texts, True)
        for text, verdict, row in zip(texts, verdicts, rows):
            if verdict is not None:
                assert verdict == (row[lang] >= QUICK_CONFIDENCE), (text, lang)


# --- language identification, the engine's step ---------------------------------------------------------------


# Texts in the wrong language under tr: a long one (the stem) and a short one (an option), which lingua's
# high-accuracy mode identifies.
WRONG_LANGUAGE_ITEMS = """
  - id: left-in-english
    stem: {en: "Which extra state is needed to resume training?", tr: "Which extra state is needed to resume training?"}
    options:
      - text: {en: "Optimizer and scheduler state", tr: "Optimize edici ve zamanlayıcı durumu"}
        correct: true
      - text: {en: "A screenshot of the dashboard", tr: "the cat is here and it is fine"}
"""


def _quiz(write_quiz):
    return write_quiz(WRONG_LANGUAGE_ITEMS)


def test_the_engine_identifies_the_texts_a_rule_names_and_the_rule_reports_from_the_answers(write_quiz):
    pytest.importorskip("lingua")
    from quizlint.lint.engine import identify_languages, lint_file
    from quizlint.language.identify import Services
    from quizlint.model import read_quiz
    from quizlint.model.texts import item_text_fields
    from quizlint.rules.base import Selection, find_rule

    path = _quiz(write_quiz)
    rule = find_rule("T004")
    quiz_file, _ = read_quiz(path, "demo.quiz.yaml")
    identified = identify_languages(quiz_file, [(rule, rule.options)], None, Services())
    [item] = identified["T004"]  # one item; the texts a quick look did not confirm in their declared language
    labels = [field.label for field in item_text_fields(quiz_file.quiz.items[0])]  # (a text names its field's position)
    confidences = {(labels[entry.text.field], entry.text.lang): entry.confidences for entry in item}
    assert {("stem", "tr"), ("option B", "tr")} <= confidences.keys()
    assert ("option A", "tr") not in confidences  # Turkish, as declared: a quick look confirms it
    assert all(confidences[key]["en"] > confidences[key]["tr"] for key in (("stem", "tr"), ("option B", "tr")))
    findings = lint_file(path, "demo.quiz.yaml", Selection({"T004": rule}), None, Services()).findings
    assert sorted(finding.message.split(":")[0] for finding in findings) == ["option B", "stem"]
    assert all(isinstance(finding.message, str) and "looks like English" in finding.message for finding in findings)


# --- the compact results cache ---------------------------------------------------------------------------------


def test_cached_results_round_trip(write_quiz):
    from quizlint.lint.cache import result_from_json, result_to_json
    from quizlint.lint.engine import lint_file
    from quizlint.language.identify import Services
    from quizlint.rules.base import Selection

    path = _quiz(write_quiz)
    result = lint_file(path, "demo.quiz.yaml", Selection.default(), None, Services())
    assert result.findings and result.summary is not None
    again = result_from_json(result_to_json(result))
    assert again.findings == result.findings
    assert [finding.fixable for finding in again.findings] == [finding.fixable for finding in result.findings]
    assert again.summary == result.summary
    assert again.suppressions == result.suppressions


def test_a_cached_result_of_the_wrong_shape_is_refused():
    from quizlint.lint.cache import result_from_json

    with pytest.raises((TypeError, ValueError, KeyError)):
        result_from_json({"path": "a.quiz.yaml", "findings": [{"line": 1}], "summary": None, "suppressions": None})


# --- positions read from the node tree -------------------------------------------------------------------------


def test_positions_are_read_on_demand_from_the_nodes():
    from quizlint.load import load_text

    document, findings = load_text("quizlint: 1\nid: q\nitems:\n  - id: a\n    stem: {en: x, tr: y}\n")
    assert findings == []
    assert document.position(("items", 0, "stem", "tr")) == (5, 23)
    assert document.key_position(("items", 0, "stem")) == (5, 5)
    assert document.position(("items", 0, "options", 3)) == (4, 5)  # the nearest existing ancestor
    assert document.position(("items", 7)) == (4, 3)
    assert ("items", 0, "id") in document.positions and ("items", 1) not in document.positions


def test_a_duplicate_key_names_where_it_was_first_defined():
    from quizlint.load import load_text

    _, findings = load_text("quizlint: 1\nid: q\nid: r\n")
    assert [(f.code, f.line, f.column) for f in findings] == [("Y002", 3, 1)]
    assert "first defined at line 2, column 1" in findings[0].message


# --- shortcuts of the lexicon and of prose ------------------------------------------------------------------


def test_the_lexicon_prefilter_never_hides_a_term():
    from quizlint import lexicon

    for category, word_list in lexicon.LISTS.items():
        for lang, terms in word_list.terms.items():
            for term in terms:
                plain = " ".join(part.strip("()*").split("|")[0] for part in term.split())
                plain = " ".join(word for word in plain.split() if word)
                text = plain if word_list.whole else f"x {plain} y"
                if lexicon.find_all(category, text, lang):
                    continue
                # the regex itself may not match this crude spelling; the prefilter must not be the reason
                pattern, exceptions = lexicon._compiled(category, lexicon.language_key(lang))
                words = lexicon.folded_words(text, lexicon.language_key(lang))
                if exceptions is not None and exceptions.search(words):
                    continue  # an exception of the list ("memeli*" of "*memelidir"): not the prefilter
                assert not (pattern.fullmatch(words) if word_list.whole else pattern.search(words)), (category, term)


def test_prose_by_tokens_equals_prose_of_the_whole_text():
    from quizlint.model.types import Glossary
    from quizlint.rules._translation import neutral_prose

    glossary = Glossary.model_validate({"terms": [{"term": "GPU", "translate": False},
                                                  {"term": "safetensors", "translate": False}]})
    assert neutral_prose("Save the GPU'da weights as safetensors files (INT8, 4-bit).", glossary) == \
        "Save the weights as files"
    assert neutral_prose("Use `torch.save` and see https://x.y/z", glossary) == "Use and see"
    assert neutral_prose("Model  ağırlıkları\n  kaydedilir", None) == "Model ağırlıkları kaydedilir"


# Texts on which folding a word alone differs from folding it in its text (İ outside Turkish, ß, a decomposed
# é, a dotless ı in English), mixed with the terms of the lists, punctuation, code and numbers.
_TRICKY_TEXTS = [
    "Which İstanbul district? İstanbul'da GPU'lar", "Straße STRASSE ßig", "cafe\u0301 Café", "ıI İi Iİ",
    "All of the above.", "(hepsi) doğrudur!", "Not `not` NOT isn't can’t", "Ara sıra, zaman zaman; her gün",
    "Her zaman GPU'da çalışır.", "in most cases 16 GB, %50 — 0,5", "x  y\n\nz\t", "", "   ",
]


def _term_texts():
    from quizlint import lexicon

    for category, word_list in lexicon.LISTS.items():
        for lang, terms in word_list.terms.items():
            for term in terms:
                plain = " ".join(word for word in (part.strip("()*").split("|")[0] for part in term.split()) if word)
                yield category, lang, plain
                yield category, lang, f"X {plain.upper()}, y."


def test_the_texts_of_an_item_never_hide_a_category_whose_expression_matches():
    from quizlint import lexicon

    cases = list(_term_texts()) + [(None, lang, text) for lang in ("en", "tr", "de") for text in _TRICKY_TEXTS]
    for _, lang, text in cases:
        key = lexicon.language_key(lang)
        found = lexicon.Texts([None, text, "filler words"], lang).categories(range(3))
        for category, word_list in lexicon.LISTS.items():
            pattern, _ = lexicon._compiled(category, key)
            words = lexicon.folded_words(text, key)
            if pattern is not None and (pattern.fullmatch(words) if word_list.whole else pattern.search(words)):
                assert category in found, (category, lang, text)


def test_a_category_needs_every_required_word_of_one_of_its_terms():
    from quizlint import lexicon

    def categories(text, lang):
        return lexicon.Texts([text], lang).categories([0])

    assert "vague-terms" not in categories("Sıra bizde", "tr") and "vague-terms" in categories("ara sıra", "tr")
    assert "absolute-terms" not in categories("her gün", "tr") and "absolute-terms" in categories("Her zaman", "tr")
    assert "vague-terms" not in categories("in 2024", "en") and "vague-terms" in categories("In most cases", "en")
    assert categories("İstanbul", "en") >= {"vague-terms", "negative-words"}  # folds unlike alone: every category
    texts = lexicon.Texts(["ara", None, "sıra"], "tr")  # the words of several texts count together
    assert "vague-terms" not in texts.categories([0]) and "vague-terms" in texts.categories([0, 2])


def test_a_number_has_the_marks_of_its_words():
    from quizlint import lexicon

    for lang in ("en", "tr", "de"):
        key = lexicon.language_key(lang)
        word_marks = lexicon._word_marks(key)
        for chunk in ("42", "3.14?", "12'34", "(1,000.5)", "%50", "2^10=1024", "#1:", "..."):
            assert lexicon._is_letterless(chunk)
            words = lexicon._TOKEN.findall(chunk)
            assert lexicon._chunk_marks(key)[chunk] == frozenset().union(*map(word_marks.__getitem__, words))
    assert not lexicon._is_letterless("3a") and not lexicon._is_letterless("٣")  # (an Arabic digit: not ASCII)


def test_the_stems_and_words_of_texts_are_those_of_content_words():
    from quizlint import lexicon

    texts = _TRICKY_TEXTS + [None, "Which of the following describes sharded checkpoints?",
                             "Aşağıdakilerden hangisi GPU'da parçalara ayrılır? Parçası İstanbul'da"]
    for lang in ("en", "tr", "de"):
        each = lexicon.Texts(texts, lang)
        for index, text in enumerate(texts):
            words = lexicon.content_words(text, lang)
            assert each.stems([index]) == set(words), (lang, text)
            some = frozenset(list(words)[::2])
            assert each.words_with_stems(index, some) == [word for stem, word in words.items() if stem in some]
        assert each.stems(range(len(texts))) == {stem for text in texts for stem in lexicon.content_words(text, lang)}


_SAMPLE_WORDS = st.lists(st.text(alphabet="abcçğış", min_size=1, max_size=45), max_size=12)


@settings(max_examples=2000, deadline=None)
@given(words=_SAMPLE_WORDS, limit=st.sampled_from([1, 3, 40, 90]))
def test_the_sample_of_words_is_that_of_the_words_joined(words, limit):
    from quizlint.language.identify import _sample, _sample_tokens

    text = " ".join(words)
    assert _sample_tokens(words, limit) == _sample(text, limit).split() == _sample_tokens(text, limit)
    assert _sample(words, limit) == _sample(text, limit)


@settings(max_examples=2000, deadline=None)
@given(text=st.text(alphabet="aZ İı1_.,'`$[]()<>:/w *\n", max_size=40))
def test_prose_words_are_the_words_of_prose(text):
    from quizlint.rules._markup import prose, prose_words

    assert prose_words(text) == prose(text).split()


@settings(max_examples=2000, deadline=None)
@given(text=st.one_of(st.text(alphabet="aZİIıiçÇßǅϒℂ1 _.'’", max_size=12),
                      st.text(alphabet=st.characters(max_codepoint=0x7f), max_size=12), st.text(max_size=8)))
def test_lower_after_the_first_character_is_the_test_of_the_slice(text):
    from quizlint.text import lower_after_first

    assert lower_after_first(text) == text[1:].islower()


# --- memos of words ---------------------------------------------------------------------------------------------


def test_a_memo_computes_each_key_once_and_empties_at_its_limit():
    from quizlint.memo import Memo

    calls = []
    memo = Memo(lambda key: calls.append(key) or key * 2, limit=3)
    assert [memo[key] for key in (1, 2, 1, 3)] == [2, 4, 2, 6] and calls == [1, 2, 3]
    assert memo[4] == 8 and dict(memo) == {4: 8}  # (full: emptied before 4 was added)
    assert memo[1] == 2 and calls == [1, 2, 3, 4, 1]


# --- comparison keys: the shortcut for plain texts ------------------------------------------------------------

_KEY_ALPHABET = "abcİIıiçşğüöÇŞĞÜÖ0123456789 _-?!.,:;'’\t\n\u00a0\u2003ßﬁK²³½ä\u0308ꙮ日Ⅻ`*+#()…\"“”[]¿«»‹›‘„{}¡"


@settings(max_examples=3000, deadline=None)
@given(text=st.text(alphabet=_KEY_ALPHABET, max_size=24), lang=st.sampled_from([None, "en", "tr", "az-Latn"]))
def test_comparison_keys_agree_with_the_word_by_word_keys_they_shortcut(text, lang):
    from quizlint.text import casefold_outside_code, comparison_key, is_symbolic, prose_key, symbolic_key, word_key

    folded = casefold_outside_code(text, lang)
    assert prose_key(text, lang) == " ".join(filter(None, map(word_key, folded.split())))
    # code, formulas and symbols are compared as written instead
    assert comparison_key(text, lang) == (symbolic_key(text) if is_symbolic(text) else prose_key(text, lang))


@given(st.integers(min_value=0, max_value=3000), st.integers(min_value=1, max_value=64))
def test_guided_chunks_cover_the_files_in_order_and_end_with_single_files(count, workers):
    from quizlint.lint.parallel import MAX_CHUNK, guided_chunks

    todo = list(range(count))
    chunks = guided_chunks(todo, workers)
    assert [job for chunk in chunks for job in chunk] == todo
    sizes = [len(chunk) for chunk in chunks]
    assert all(size >= 1 for size in sizes) and sizes == sorted(sizes, reverse=True)
    if count >= 2 * workers:  # enough to share: the last chunks are single files
        assert sizes[-workers:] == [1] * workers
    assert max(sizes, default=0) <= MAX_CHUNK  # (a worker holds a chunk's results until it hands them back)
    assert len(chunks) <= 2 * workers * (1 + math.log(count + 1)) + count / MAX_CHUNK  # few: little traffic


def test_the_characters_a_blank_text_may_start_with_are_every_whitespace_and_invisible_one():
    from quizlint.text import MAY_START_BLANK, is_blank

    assert {chr(code) for code in range(sys.maxunicode + 1) if chr(code).isspace()} <= MAY_START_BLANK
    assert all(is_blank(character * 2) for character in MAY_START_BLANK)
    assert not any(is_blank(character + "x") for character in MAY_START_BLANK)


