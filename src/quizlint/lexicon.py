"""The word lists: English and Turkish, each list in one place, and how their terms are matched.

The item-writing rules use them, and so do the stages after the linter (``quizlint fix``, the exporters, via
:mod:`quizlint.model.order`), which is why they live here and not among the rules.

Every list is a :class:`WordList` in :data:`LISTS`, with a term tuple per language and, where a word has
an innocent use too, a tuple of exceptions. Languages without their own list use the English one.
``quizlint rule CODE`` prints the lists a rule uses, so this module is also their documentation.

A term is matched against the words of a text (``quizlint.text`` casefolding, so Turkish İ/i and I/ı fold
correctly) and is written in a small pattern language:

- words separated by spaces must follow each other: ``all of the above``;
- ``a|b`` is one word out of several: ``answers|options``;
- ``(...)`` is optional and may hold several alternatives of one or more words: ``hepsi (de) (doğru|doğrudur)``;
- ``*`` at the end of a word matches any continuation (``guarantee*``: guaranteed, guarantees), at the start
  any beginning (``*maz``: olamaz, kullanılmaz; ``*n't``: isn't, doesn't);
- ``...`` between two words stands for up to six other words of the same clause: words that are not
  :data:`CLAUSE_JOINERS` (``her zaman ... değil*``: "her zaman gerekli değildir").

Punctuation between words is ignored; an apostrophe stays inside its word (``GPU'da``, ``isn't``).
A ``whole`` list matches only a text that consists of one term and nothing else (an option that *is*
"All of the above"), the others match anywhere in the text.

An exception (same pattern language) takes out a match whose first word it holds: "not always" takes out
"always", and "hemen hemen her" takes out "her zaman" in "hemen hemen her zaman" (almost always), although the
term goes on past the exception's end. An exception with a gap (``...``) holds within one clause: it does not
count when punctuation (``,;:.!?``) stands between its words.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field
from collections.abc import Iterable, Sequence
from functools import cached_property, lru_cache
from itertools import chain

from quizlint.memo import Memo
from quizlint.text import casefold, is_turkic, nfc, primary_subtag

FALLBACK = "en"


@dataclass(frozen=True)
class WordList:
    description: str
    terms: dict[str, tuple[str, ...]]
    exceptions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    whole: bool = False  # the whole text must be one term


# Turkish negative predicates, which end their clause: "değildir", and the negative verb forms (olmaz,
# gerekmez, olamaz; kullanılmıyor; yapılmamalı; olmamıştır; olmayabilir; yaramadı). "her zaman" followed by one
# of them in its clause is the hedge "not always" ("her zaman gerekli değildir", "her zaman yardımcı olmaz").
_TR_NEGATIVE_PREDICATES = "|".join((
    "değil*", "*maz", "*mez", "*mazlar", "*mezler", "*mıyor*", "*miyor*", "*muyor*", "*müyor*", "*mamalı*",
    "*memeli*", "*mamıştır", "*memiştir", "*mamaktadır", "*memektedir", "*mayabilir*", "*meyebilir*", "*madı*",
    "*medi*",
))
# Turkish "all" and "none" pronouns take case endings (hepsini, tümünü, hiçbirini, tamamına): the stem with
# ``*``. Not ``tüm*`` nor ``bütün*``: tümce (sentence), tümevarım (induction), bütünleşik (integrated).
_TR_ALL_INFLECTED = ("hiçbir*", "hepsi*", "tümü*", "tamamı*")
# The absolute words that "hemen hemen" and "neredeyse" (almost) hedge, as "almost" does in English.
_TR_HEDGED = "|".join(("her", "tüm", "bütün", "tamamen", "bütünüyle", *_TR_ALL_INFLECTED))

LISTS: dict[str, WordList] = {
    "all-of-the-above": WordList(
        'Options that mean "all of the above" (the whole option text).',
        {
            "en": (
                "all (of) (the) above (answers|options|choices|statements) (are correct|are true|apply)",
                "all of these|them (are correct|are true|apply)",
                "all (of) (the) answers|options|choices|statements (above|listed|given) (are correct|are true)",
                "all are correct|true",
                "all the above (are correct|are true)", "all of those (are correct|are true)",
                "all of these|them|those answers|options|choices (are correct|are true)",
                "both of these|them|those answers|options|choices", "both a and b", "both",
                "both (of) (the) above|these (are correct|are true)",
                "both are correct|true",
            ),
            "tr": (
                "(yukarıdakilerin|yukarıdakilerden|yukardakilerin|yukardakilerden|verilenlerin|verilenlerden|"
                "seçeneklerin|yukarıdaki seçeneklerin) hepsi|tümü|tamamı (de) (doğru|doğrudur|geçerlidir)",
                "tüm|bütün seçenekler|cevaplar|şıklar (doğru|doğrudur)",
                "tüm|bütün bu seçenekler|cevaplar|şıklar (doğru|doğrudur)",
                "her ikisi (de) (doğru|doğrudur)",
            ),
        },
        whole=True,
    ),
    "none-of-the-above": WordList(
        'Options that mean "none of the above" (the whole option text). A bare "None" is not one: it is a '
        "legitimate answer in programming questions.",
        {
            "en": (
                "none (of) (the) above (answers|options|choices|statements) (is correct|are correct|is true|"
                "are true|applies|apply)",
                "none of these|them (is correct|are correct|is true|are true|applies|apply)",
                "none (of) (the) answers|options|choices|statements (above|listed|given) (is correct|are correct|"
                "is true|are true)",
                "none is|are correct|true",
                "neither (of) (the) above|these (is correct|is true)",
                "neither is correct|true",
                "none of these|them|those answers|options|choices (is correct|are correct|is true|are true)",
                "neither of these|them|those answers|options|choices", "neither (one)",
            ),
            "tr": (
                "(yukarıdakilerin|yukarıdakilerden|yukardakilerin|yukardakilerden|verilenlerin|verilenlerden|"
                "seçeneklerin|yukarıdaki seçeneklerin) hiçbiri (doğru|geçerli) (değildir|değil)",
                "(yukarıdakilerin|yukarıdakilerden|yukardakilerin|yukardakilerden|verilenlerin|verilenlerden|"
                "seçeneklerin|yukarıdaki seçeneklerin) hiç biri (doğru|geçerli) (değildir|değil)",
                "hiç biri (doğru|geçerli) (değildir|değil)",
                "bunların hiçbiri (doğru|geçerli) (değildir|değil)",
                "bu seçeneklerin|cevapların|şıkların hiçbiri (doğru|geçerli) (değildir|değil)",
                "hiçbir seçenek|cevap|şık doğru (değildir|değil)",
                "ikisi de (doğru) değildir|değil",
            ),
        },
        whole=True,
    ),
    "negative-words": WordList(
        "Negative words in the question sentence of a stem.",
        {
            "en": ("not", "*n't", "cannot", "except", "least", "false", "incorrect", "untrue", "never"),
            "tr": (
                "değil*", "yanlış olan*", "yanlış", "yanlıştır", "yoktur", "hariç", "olamaz", "söylenemez",
                # "outside" as test writing uses it for EXCEPT: "hangisi … dışındadır?", "… dışında kalır?"; not
                # "dışında" alone, which is as often a place ("kuşağın dışında yer alır": lies outside the belt);
                # "hangisi dışında" is in ``except-which``
                "dışındadır*", "dışında kal*",
                # negative participles, the Turkish "that does not": olmayan, gerektirmeyen, kullanılmayanlar
                "*mayan*", "*meyen*",
            ),
        },
        exceptions={
            "en": (
                "at least", "not only", "whether or not", "false positive*|negative*|sharing|alarm*",
                "boolean false", "false value*", "true or false value*",
                "true or false", "false or true", "least recently|frequently used", "least squares",
                "least significant", "least common multiple|denominator", "least privilege",
            ),
            "tr": (
                "değil de", "değil mi", "yanlış pozitif*|negatif*|alarm*|sınıflandır*|etiketlen*",
                "doğru (veya|ya da|mu|mı|mudur|ve) yanlış", "yanlış (veya|ya da|ve) doğru",
                "mayan*|meyen*",  # the word itself ("Mayan"), not a participle ending in it
                # positive participles of verbs whose stem ends in -ma: yama-yan (that patches), not yap-ma-yan
                "yamayan*",
            ),
        },
    ),
    "except-which": WordList(
        'The EXCEPT question of Turkish test writing: "hangisi dışında" (all but which: "Aşağıdakilerden hangisi '
        'dışında diğerleri gereklidir?"). Its negative word is "dışında", which alone is not one: it is as often a '
        'place ("kuşağın dışında", outside the belt) or "apart from" ("bellek dışında").',
        {"en": (), "tr": ("hangisi|hangileri dışında",)},
    ),
    "negative-endings": WordList(
        "Negative verb endings, looked for on the last word of a question sentence (Turkish puts the verb, "
        "and its negation, last: kullanılmaz, gerekmez, söylenemez).",
        {
            "en": (),
            "tr": (
                "*maz", "*mez", "*mazlar", "*mezler", "*mamıştır", "*memiştir", "*mamaktadır", "*memektedir",
                "*mamalıdır", "*memelidir", "*mamalı", "*memeli",
            ),
        },
        exceptions={"tr": ("memeli*",)},  # memeli: mammal ("Hangileri memelidir?" asks which are mammals)
    ),
    "absolute-terms": WordList(
        "Specific determiners: words of absolute frequency, extent or certainty. Modal verbs (must, cannot) are "
        "left out on purpose: they are the ordinary way to state a wrong technical claim.",
        {
            "en": (
                "always", "never", "only", "all", "every", "none", "nothing", "completely", "entirely", "absolutely",
                "totally", "invariably", "guarantee*", "impossible", "certainly",
            ),
            "tr": (
                "her zaman|durumda|koşulda", "hiçbir zaman|durumda|koşulda", "asla", "daima", "sadece",
                "yalnızca", "tamamen", "tümüyle", "bütünüyle", "kesinlikle", "mutlaka", "imkânsız*",
                "imkansız*", "tüm", "bütün", *_TR_ALL_INFLECTED,
            ),
        },
        exceptions={
            "en": (
                "not|cannot|*n't|almost|nearly always|all|every|only|completely|entirely|certainly|necessarily",
                "almost|nearly never|none|nothing", "if and only if", "all reduce|gather|to", "to all",
                "all in one", "read|write|append only",
            ),
            "tr": (
                "her zaman değil*", f"her zaman|durumda|koşulda ... {_TR_NEGATIVE_PREDICATES}",
                f"hemen hemen {_TR_HEDGED}", f"neredeyse {_TR_HEDGED}",
            ),
        },
    ),
    "vague-terms": WordList(
        "Vague frequency words, which readers interpret very differently.",
        {
            "en": (
                "usually", "often", "sometimes", "frequently", "generally", "typically", "rarely", "commonly",
                "mostly", "seldom", "occasionally", "most of the time", "in most cases",
            ),
            "tr": (
                "genellikle", "genelde", "bazen", "sıklıkla", "sık sık", "çoğunlukla", "nadiren", "çoğu zaman|kez",
                "tipik olarak", "yaygın olarak", "ara sıra", "zaman zaman", "çoğu durumda",
            ),
        },
        exceptions={  # a question about a frequency is not a vague frequency
            "en": ("how often|frequently|commonly",),
            "tr": ("ne sıklıkla|sıklıkta",),
        },
    ),
    "true-answers": WordList(
        "Options that are just a yes/true answer (the whole option text).",
        {"en": ("true", "yes", "correct", "right"), "tr": ("doğru", "doğrudur", "evet")},
        whole=True,
    ),
    "false-answers": WordList(
        "Options that are just a no/false answer (the whole option text).",
        {"en": ("false", "no", "incorrect", "wrong"), "tr": ("yanlış", "yanlıştır", "hayır")},
        whole=True,
    ),
    "k-type-only": WordList(
        'Words that single out statements in combination options ("Only I", "Yalnız I", "I and II only").',
        {"en": ("only", "both", "neither"), "tr": ("yalnız", "yalnızca", "sadece", "hem")},
    ),
    "k-type-joiners": WordList(
        'Words that join statements in combination options ("I and II", "I, II ve III").',
        {"en": ("and", "or", "nor", "and also"), "tr": ("ve", "veya", "ya da", "ile", "hem")},
    ),
    "stopwords": WordList(
        "Words of 4 or more letters that never make a clang association: function words and the usual wording "
        "of questions.",
        {
            "en": (
                "about", "above", "after", "also", "among", "answer", "because", "been", "being", "before", "below",
                "best", "between", "both", "cannot", "choice", "correct", "could", "describe*", "does", "doing",
                "done", "during", "each", "either", "following", "from", "have", "having", "here", "into", "just",
                "least", "like", "main", "many", "more", "most", "much", "must", "need", "only", "option*", "other",
                "over", "same", "should", "some", "statement*", "such", "than", "that", "their", "them", "then",
                "there", "these", "they", "this", "those", "through", "true", "false", "under", "used", "using",
                "very", "were", "what", "when", "where", "whether", "which", "while", "whose", "will", "with",
                "within", "without", "would", "your",
            ),
            "tr": (
                "ancak", "aşağıda*", "bazı", "bile", "bunlar*", "bunu", "bunun", "çünkü", "daha", "diğer", "doğru*",
                "durum*", "gibi", "göre", "hangi*", "hem", "için", "ifade*", "ile", "ise", "kadar", "nasıl", "neden",
                "nedir", "olan", "olarak", "olur", "sonra", "şekilde", "seçenek*", "şunlar*", "tarafından", "veya",
                "yanlış*", "yani", "yine", "yukarıda*", "önce", "çok", "değil*", "kendi", "bir", "biri", "birçok",
                "aynı", "temel", "başlıca",
            ),
        },
    ),
}

# Words that join two clauses (a gap, ``...``, does not run over them): "Her zaman çalışır ama hızlı değildir"
# is not "not always".
CLAUSE_JOINERS = {
    "en": ("and", "but", "or", "nor", "because", "while", "although", "though", "so", "yet", "whereas"),
    "tr": ("ama", "fakat", "ancak", "lakin", "ve", "veya", "ya", "yahut", "ise", "çünkü", "oysa", "halbuki",
           "ki"),
}
_GAP = "..."
_GAP_WORDS = 6
_CLAUSE_BREAK = re.compile(r"[,;:.!?…]")

# How many leading letters of a word count when comparing words for a clang association; languages not
# listed use DEFAULT_STEM_LETTERS. Turkish words are compared on their first four letters so that inflected
# forms match (parçalara, parçası → parç; ürün, ürünün, ürünler → ürün).
STEM_LETTERS = {"tr": 4}
DEFAULT_STEM_LETTERS = 6
MIN_CONTENT_LETTERS = 4

# Languages that write a decimal comma (0,5) and group thousands with a dot or a space (1.000).
DECIMAL_COMMA = {
    "tr", "az", "de", "fr", "es", "it", "pt", "nl", "ru", "uk", "pl", "cs", "sk", "sl", "hr", "sr", "bs", "bg",
    "ro", "hu", "fi", "sv", "nb", "nn", "da", "el", "lt", "lv", "et", "id", "vi",
}
# Languages that write a decimal point (0.5) and group thousands with a comma (1,000).
DECIMAL_POINT = {"en", "ja", "zh", "ko", "he", "hi", "th", "ga", "mt"}
# Regions that write another decimal mark than their language (CLDR): Mexico and most of Central America write
# 0.5 and 1,024 in Spanish, Switzerland 0.5 in German and Italian, South Africa and much of Europe 0,5 in English.
REGIONAL_DECIMAL_MARK = {
    **dict.fromkeys(("es-419", "es-mx", "es-us", "es-pr", "es-do", "es-gt", "es-hn", "es-ni", "es-pa", "es-sv",
                     "es-cu", "es-pe", "es-bz", "de-ch", "de-li", "it-ch"), "."),
    **dict.fromkeys(("en-za", "en-de", "en-at", "en-be", "en-nl", "en-dk", "en-fi", "en-se", "en-no", "en-si"), ","),
}
# Turkish writes the percent sign before the number (%50); both positions are accepted in every language.
# Languages that capitalise their common nouns: in them, a capitalised word inside a sentence is not a name.
CAPITALISED_NOUNS = frozenset({"de", "lb"})

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)
_PART = re.compile(r"\(([^)]*)\)|(\S+)")
_LETTER = re.compile(r"[^\W\d_]")
_ASCII_LETTER = re.compile(r"[A-Za-z]")


@dataclass(frozen=True)
class Match:
    term: str  # the words matched, casefolded
    start: int  # span in the original text
    end: int
    text: str  # the original text of the span


@dataclass(frozen=True)
class _Tokens:
    folded: str  # casefolded words joined by single spaces
    starts: tuple[int, ...]  # where each word starts in ``folded``
    spans: tuple[tuple[int, int], ...]  # where each word stands in the original text


@lru_cache(maxsize=256)
def language_key(lang: str | None) -> str:
    return primary_subtag(lang) if lang else FALLBACK


@lru_cache(maxsize=None)
def decimal_mark(lang: str) -> str | None:
    """The decimal mark ``lang`` writes ("," for Turkish, "." for English and Mexican Spanish), None when not
    known: its region's (``REGIONAL_DECIMAL_MARK``, by the tag's language and region), else its language's."""
    language, _, rest = lang.replace("_", "-").lower().partition("-")
    regional = REGIONAL_DECIMAL_MARK.get(f"{language}-{rest.rsplit('-', 1)[-1]}") if rest else None
    if regional:
        return regional
    return "," if language in DECIMAL_COMMA else "." if language in DECIMAL_POINT else None


def has_own_terms(category: str, lang: str | None) -> bool:
    """Whether ``lang`` has its own list of ``category`` (else it is given the English one)."""
    return language_key(lang) in LISTS[category].terms


def terms(category: str, lang: str | None) -> tuple[str, ...]:
    """The terms of ``category`` for ``lang`` (its own list, else English)."""
    word_list = LISTS[category]
    return word_list.terms.get(language_key(lang), word_list.terms[FALLBACK])


def _exceptions(category: str, lang: str | None, gap: bool) -> tuple[str, ...]:
    """The exceptions of a list with a gap (``...``), or those without."""
    word_list = LISTS[category]
    key = language_key(lang)
    exceptions = word_list.exceptions.get(key if key in word_list.terms else FALLBACK, ())
    return tuple(exception for exception in exceptions if (_GAP in exception.split()) == gap)


def _fold(text: str, lang: str | None) -> str:
    return casefold(text, lang).replace("’", "'")


def _word_regex(word: str, lang: str | None) -> str:
    alternatives = []
    for choice in word.split("|"):
        prefix, suffix = choice.startswith("*"), choice.endswith("*") and len(choice) > 1
        core = re.escape(_fold(choice.strip("*"), lang))
        alternatives.append(("[^ ]*" if prefix else "") + core + ("[^ ]*" if suffix else ""))
    return alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"


def _words_regex(words: str, lang: str | None) -> str:
    return " ".join(_word_regex(word, lang) for word in words.split())


def _gap_regex(lang: str | None) -> str:
    """Up to ``_GAP_WORDS`` words that are not clause joiners, each with the space before it (as few as will
    do)."""
    joiners = CLAUSE_JOINERS.get(language_key(lang), CLAUSE_JOINERS[FALLBACK])
    not_a_joiner = "(?!(?:" + "|".join(re.escape(_fold(word, lang)) for word in joiners) + ")(?![^ ]))"
    return f"(?: {not_a_joiner}[^ ]+){{0,{_GAP_WORDS}}}?"


def term_regex(term: str, lang: str | None) -> str:
    """The regular expression (over casefolded words joined by spaces) of one term."""
    pieces: list[tuple[bool, str, str]] = []  # (optional, regex, the space before it once a word went before)
    for optional, required in _PART.findall(term):
        if required == _GAP:
            pieces.append((False, _gap_regex(lang), ""))  # (its words bring their spaces)
        elif required:
            pieces.append((False, _words_regex(required, lang), " "))
        else:
            choices = "|".join(_words_regex(choice, lang) for choice in optional.split("|"))
            pieces.append((True, f"(?:{choices})", " "))
    if all(optional for optional, _, _ in pieces):
        raise ValueError(f"term {term!r} has no required word")
    first_required = next(index for index, (optional, _, _) in enumerate(pieces) if not optional)
    regex = ""
    for index, (optional, piece, space) in enumerate(pieces):
        if index < first_required:
            regex += f"(?:{piece} )?"
        elif optional:
            regex += f"(?: {piece})?"
        else:
            regex += piece if index == first_required else space + piece
    return regex


def _alternation(patterns: tuple[str, ...], lang: str | None, kind: str) -> re.Pattern | None:
    """``kind``: ``whole`` (fullmatch the text), ``words`` (find words), ``overlapping`` (group 1 of each
    match; matches may overlap, as exceptions do in "all-to-all")."""
    if not patterns:
        return None
    body = "|".join(term_regex(term, lang) for term in patterns)
    if kind == "whole":
        return re.compile(f"(?:{body})")
    if kind == "overlapping":
        return re.compile(f"(?<![^ ])(?=((?:{body}))(?![^ ]))")
    return re.compile(f"(?<![^ ])(?:{body})(?![^ ])")


@lru_cache(maxsize=None)
def _compiled(category: str, lang: str) -> tuple[re.Pattern | None, re.Pattern | None]:
    """The terms of a list and its exceptions without a gap."""
    word_list = LISTS[category]
    return (_alternation(terms(category, lang), lang, "whole" if word_list.whole else "words"),
            _alternation(_exceptions(category, lang, gap=False), lang, "overlapping"))


@lru_cache(maxsize=None)
def _compiled_with_gap(category: str, lang: str) -> re.Pattern | None:
    """The exceptions of a list with a gap (``...``), which hold within one clause."""
    return _alternation(_exceptions(category, lang, gap=True), lang, "overlapping")


@lru_cache(maxsize=None)
def _longest_whole(category: str) -> int:
    """A length no text matching a ``whole`` list exceeds (twice the longest term, as written, is ample)."""
    return 2 * max(len(term) for terms_ in LISTS[category].terms.values() for term in terms_) + 16


def _fold_in_place(text: str, lang: str) -> str | None:
    """``text`` casefolded, when folding keeps every character at its index (almost always); else None."""
    folded = _fold(text, lang)
    return folded if len(folded) == len(text) and unicodedata.is_normalized("NFC", text) else None


def _fold_alone(word: str, key: str) -> str | None:
    """A word as written → its casefolded form, or None when folding changes its length (then the word does
    not fold alone as it does inside its text, and callers fold the whole text instead)."""
    folded = _fold(word, key)
    return folded if len(folded) == len(word) else None


@lru_cache(maxsize=None)
def _token_folds(key: str) -> Memo:
    return Memo(lambda word: _fold_alone(word, key))


@lru_cache(maxsize=8192)
def _words_folded_alone(text: str, key: str) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The words of ``text`` as written and casefolded, when every word folds to as many characters: then
    folding the whole text (non-words never change length) folds each word in place, as it does alone."""
    words = tuple(_TOKEN.findall(text))
    folded = tuple(map(_token_folds(key).__getitem__, words))
    return None if None in folded else (words, folded)


@lru_cache(maxsize=8192)
def folded_words(text: str, lang: str) -> str:
    """The casefolded words of ``text`` joined by single spaces: what terms are matched against."""
    alone = _words_folded_alone(text, lang)
    if alone is not None:
        return " ".join(alone[1])
    folded = _fold_in_place(text, lang)
    if folded is not None:
        return " ".join(_TOKEN.findall(folded))
    return " ".join(_fold(word, lang) for word in _TOKEN.findall(text))


@lru_cache(maxsize=4096)
def tokens(text: str, lang: str) -> _Tokens:
    """The words of ``text`` (casefolded for ``lang``) and where they stand."""
    spans = tuple([match.span() for match in _TOKEN.finditer(text)])
    folded = _fold_in_place(text, lang)
    if folded is not None:
        words = [folded[start:end] for start, end in spans]
    else:
        words = [_fold(text[start:end], lang) for start, end in spans]
    starts, offset = [], 0
    for word in words:
        starts.append(offset)
        offset += len(word) + 1
    return _Tokens(" ".join(words), tuple(starts), spans)


def _word_range(toks: _Tokens, start: int, end: int) -> tuple[int, int]:
    first = bisect_right(toks.starts, start) - 1
    last = bisect_right(toks.starts, max(start, end - 1)) - 1
    return first, last


def find_all(category: str, text: str | None, lang: str | None) -> list[Match]:
    """Every occurrence of a term of ``category`` in ``text`` (for a ``whole`` list: the text, if it is one).

    The text is read in NFC (a decomposed "ğ" is one letter, not a word break), and the spans of the matches
    are in ``nfc(text)``: a caller that looks at the text around them normalises it too (``nfc`` returns an NFC
    text itself, as almost every text is)."""
    if not text:
        return []
    if not text.isascii():
        text = nfc(text)
    whole = LISTS[category].whole
    if whole and len(text) > _longest_whole(category):
        return []
    key = language_key(lang)
    if category not in _possible_categories(text, key):
        return []
    pattern, exceptions = _compiled(category, key)
    if pattern is None:
        return []
    words = folded_words(text, key)
    if whole:
        return [_to_match(tokens(text, key), text, 0, len(words))] if words and pattern.fullmatch(words) else []
    found = [(match.start(), match.end()) for match in pattern.finditer(words)]
    if not found:
        return []
    toks = tokens(text, key)
    excluded = _exception_ranges(exceptions, toks) + [
        held for held in _exception_ranges(_compiled_with_gap(category, key), toks)
        if _in_one_clause(text, toks, held)]
    if excluded:
        found = [span for span in found if not _qualified(_word_range(toks, *span), excluded)]
    return [_to_match(toks, text, start, end) for start, end in found]


# A match of a term holds each of the term's required words as a word of the text. Looking the words of a
# text up in a table of the required words tells which categories may have a term there, and ``find_all``
# skips the regular expressions for the many texts where none can. The required words have numbered bits:
# one per required word of the terms of two or more required words, and one per category for its terms of
# one (any one of those is enough).
#
# Words never hold white space, so a text's words are the words of its white-space-separated chunks: what the
# word lists find in a chunk is worked out once per distinct chunk of a bank, as the chunk's *marks*, a
# frozenset of its content stems (strings) and the numbers of the bits of its required words (integers). A
# text's marks are the union of its chunks': one ``split``, a look-up per chunk and one ``union`` give both
# what ``find_all`` may find there and the content stems.
_UNSURE = -1  # a mark of a word that does not fold alone as in its text: every bit, and no stems known
_NO_MARKS: frozenset = frozenset()


def possible_categories(text: str, lang: str | None) -> frozenset[str]:
    """The categories that may have a term in ``text``: ``find_all`` finds nothing of the others there, nor in
    any of the texts that ``text`` joins with spaces or line breaks (a quick test of many texts at once)."""
    return _possible_categories(text if text.isascii() else nfc(text), language_key(lang))


def _possible_categories(text: str, key: str) -> frozenset[str]:
    """The categories one of whose terms has all its required words in ``text``."""
    return _categories(_NO_MARKS.union(*map(_chunk_marks(key).__getitem__, text.split())), key)


def _categories(marks: frozenset, key: str) -> frozenset[str]:
    index = _index(key)
    return index.categories[marks & index.bits]


@dataclass(frozen=True)
class _Index:
    anchors: _Anchors
    bits: frozenset[int]  # the numbers of all the bits, and _UNSURE: the marks of a word that is unsure
    categories: Memo  # the bits of a text → the categories one of whose terms has all its required words there


@lru_cache(maxsize=None)
def _index(key: str) -> _Index:
    anchors = _Anchors(key)
    needs: dict[str, list[frozenset[int]]] = {}  # category → per term, the bits of its required words
    for category in LISTS:
        needs[category] = []
        for term in terms(category, key):
            required = [word for _, word in _PART.findall(term) if word]
            if len(required) == 1:
                needs[category].append(frozenset({anchors.add(required[0], ("any word of", category))}))
            else:
                needs[category].append(frozenset(anchors.add(word, word) for word in required))
    return _Index(anchors, frozenset(range(len(anchors.bits))) | {_UNSURE}, Memo(lambda bits: frozenset(
        category for category, terms_ in needs.items() if any(need <= bits for need in terms_)), 20_000))


class _Anchors:
    """The required words of the terms, by how they match a word, with their bits."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.bits: dict[object, int] = {}  # name → the number of its bit
        self.words: dict[str, int] = {}  # the tables: how a word matches → a mask of the bits it has
        self.starts: dict[int, dict[str, int]] = {}  # by length: word beginnings
        self.ends: dict[int, dict[str, int]] = {}  # by length: word endings
        self.inside: list[tuple[str, int]] = []

    def add(self, word: str, name: object) -> int:
        """Adds a required word (``a|b*``) under the bit ``name`` (a new one, or shared); returns its number."""
        number = self.bits.setdefault(name, len(self.bits))
        for choice in word.split("|"):
            prefix, suffix = choice.startswith("*"), choice.endswith("*") and len(choice) > 1
            core = _fold(choice.strip("*"), self.key)
            if prefix and suffix:
                self.inside.append((core, 1 << number))
                continue
            table = self.words if not (prefix or suffix) else (self.ends if prefix else self.starts).setdefault(
                len(core), {})
            table[core] = table.get(core, 0) | 1 << number
        return number

    def bit_numbers(self, word: str) -> list[int]:
        """The numbers of the bits of the required words that ``word`` (casefolded) can be."""
        mask = self._mask(word)
        return [number for number in range(mask.bit_length()) if mask >> number & 1]

    def _mask(self, word: str) -> int:
        mask = self.words.get(word, 0)
        size = len(word)
        if word.startswith(self._starts):
            for length, table in self.starts.items():
                if length <= size:
                    mask |= table.get(word[:length], 0)
        if word.endswith(self._ends):
            for length, table in self.ends.items():
                if length <= size:
                    mask |= table.get(word[size - length:], 0)
        for core, bit in self.inside:
            if core in word:
                mask |= bit
        return mask

    @cached_property
    def all_have_letters(self) -> bool:
        """Whether every way of matching a required word needs a letter in the word (as in the lists)."""
        cores = chain(self.words, *self.starts.values(), *self.ends.values(), (core for core, _ in self.inside))
        return all(_LETTER.search(core) for core in cores)

    @cached_property
    def _starts(self) -> tuple[str, ...]:
        return tuple(chain.from_iterable(self.starts.values()))

    @cached_property
    def _ends(self) -> tuple[str, ...]:
        return tuple(chain.from_iterable(self.ends.values()))


@lru_cache(maxsize=None)
def _word_marks(key: str) -> Memo:
    """Per language: a word as written → its marks, worked out from its casefolded form; every bit and
    _UNSURE when that has a different length (see ``_words_folded_alone``: then the text is folded as a whole,
    which the per-chunk caches do not mirror)."""
    index = _index(key)

    def marks(word: str) -> frozenset:
        folded = _fold_alone(word, key)
        if folded is None:
            return index.bits
        stem = _content_stem(folded, key)
        bits = index.anchors.bit_numbers(folded)
        return frozenset([stem, *bits] if stem else bits)

    return Memo(marks)


@lru_cache(maxsize=None)
def _chunk_marks(key: str) -> Memo:
    word_marks = _word_marks(key)
    anchors = _index(key).anchors

    def marks(chunk: str) -> frozenset:
        if _is_letterless(chunk) and anchors.all_have_letters:  # a number ("42", "3.14?"): texts have many
            return _NO_MARKS
        words = _TOKEN.findall(chunk)
        if len(words) == 1:  # the usual chunk
            return word_marks[words[0]]
        return _NO_MARKS.union(*map(word_marks.__getitem__, words))

    return Memo(marks)


def _is_letterless(chunk: str) -> bool:
    """Whether ``chunk`` is ASCII without a letter: its words are digits (and apostrophes), which fold to
    themselves and are no content words, and match no required word that has a letter."""
    return chunk.isascii() and _ASCII_LETTER.search(chunk) is None


class Texts:
    """Texts of one language as the word lists see them: which categories may have a term in some of them,
    and their content words. Several rules ask this of the same texts (an item's stem and options), so each
    text is split and looked up once; the chunk caches make that cheap."""

    def __init__(self, texts: list[str | None], lang: str | None) -> None:
        # every text is NFC when they all are joined (a line break composes with nothing), as most texts are
        joined = "\n".join([text for text in texts if text])
        if not (joined.isascii() or unicodedata.is_normalized("NFC", joined)):  # (as ``find_all`` reads them)
            texts = [nfc(text) if text else text for text in texts]
            joined = "\n".join([text for text in texts if text])
        self.texts = texts
        self.joined = joined  # the texts that are not empty, one line break apart
        self.key = language_key(lang)
        self.index = _index(self.key)
        marks, union = _chunk_marks(self.key).__getitem__, _NO_MARKS.union
        self.marks = [union(*map(marks, text.split())) if text else _NO_MARKS for text in texts]

    def categories(self, indexes: Iterable[int]) -> frozenset[str]:
        """The categories that may have a term in one of the texts at ``indexes`` (a category left out has
        none: ``find_all`` would find nothing there)."""
        return self.index.categories[_NO_MARKS.union(*map(self.marks.__getitem__, indexes)) & self.index.bits]

    def first_and_rest_categories(self) -> tuple[frozenset[str], frozenset[str]]:
        """``categories([0])`` and ``categories`` of all the other texts (an item's stem and its options)."""
        marks, bits, categories = self.marks, self.index.bits, self.index.categories
        return categories[marks[0] & bits], categories[_NO_MARKS.union(*marks[1:]) & bits]

    def stems(self, indexes: Sequence[int]) -> frozenset[str]:
        """The stems of the ``content_words`` of the texts at ``indexes``."""
        marks = _NO_MARKS.union(*map(self.marks.__getitem__, indexes))
        if _UNSURE not in marks:
            return marks - self.index.bits
        return frozenset(stem for index in indexes for stem, _ in self._content_words(index))

    def echoed_words(self, index: int, source: int, others: Sequence[int]) -> list[str]:
        """The ``content_words`` of the text at ``index`` whose stems the text at ``source`` has too and none of
        the texts at ``others`` has."""
        marks = self.marks
        if _UNSURE in marks[index] or _UNSURE in marks[source]:
            stems = self.stems((index,)) & self.stems((source,))
        else:
            stems = (marks[index] & marks[source]) - self.index.bits  # (the few shared marks, then no bits)
        if stems:
            excluded = _NO_MARKS.union(*map(marks.__getitem__, others))
            stems -= excluded if _UNSURE not in excluded else self.stems(others)
        return self.words_with_stems(index, stems) if stems else []

    def words_with_stems(self, index: int, stems: frozenset[str]) -> list[str]:
        """The ``content_words`` of the text at ``index`` whose stems are among ``stems``."""
        if _UNSURE in self.marks[index]:
            return [word for stem, word in self._content_words(index) if stem in stems]
        found: dict[str, str] = {}
        chunk_marks, word_marks = _chunk_marks(self.key), _word_marks(self.key)
        for chunk in (self.texts[index] or "").split():
            if not stems.isdisjoint(chunk_marks[chunk]):
                for word in _TOKEN.findall(chunk):
                    for stem in stems.intersection(word_marks[word]):  # (a word has one stem at most)
                        found.setdefault(stem, word)
        return list(found.values())

    def _content_words(self, index: int) -> tuple[tuple[str, str], ...]:
        text = self.texts[index]
        return _content_words(text, self.key) if text else ()


def _exception_ranges(exceptions: re.Pattern | None, toks: _Tokens) -> list[tuple[int, int]]:
    """The words (ranges) that ``exceptions`` match in a text."""
    if exceptions is None:
        return []
    return [_word_range(toks, *match.span(1)) for match in exceptions.finditer(toks.folded)]


def _in_one_clause(text: str, toks: _Tokens, words: tuple[int, int]) -> bool:
    """Whether no punctuation stands between the words ``words`` (a range) of ``text``."""
    return _CLAUSE_BREAK.search(text, toks.spans[words[0]][1], toks.spans[words[1]][0]) is None


def _qualified(words: tuple[int, int], ranges: list[tuple[int, int]]) -> bool:
    """Whether one of the exception ``ranges`` (of words) holds the first word of a match: a term is read from
    its first word, so a hedge that ends on that word qualifies the whole term ("hemen hemen her" in "hemen
    hemen her zaman", as "almost" qualifies "always"), and an exception that starts later in the match does
    not."""
    return any(first <= words[0] <= last for first, last in ranges)


def _to_match(toks: _Tokens, text: str, start: int, end: int) -> Match:
    first, last = _word_range(toks, start, end)
    begin, finish = toks.spans[first][0], toks.spans[last][1]
    return Match(toks.folded[start:end], begin, finish, text[begin:finish])


def first(category: str, text: str | None, lang: str | None) -> Match | None:
    found = find_all(category, text, lang)
    return found[0] if found else None


def matches(category: str, text: str | None, lang: str | None) -> bool:
    """Whether ``text`` contains (for a ``whole`` list: is) a term of ``category``."""
    return bool(find_all(category, text, lang))


def stem_letters(lang: str | None) -> int:
    return STEM_LETTERS.get(language_key(lang), DEFAULT_STEM_LETTERS)


_ENGLISH_ENDINGS = ("ing", "ed", "es", "s")


def word_stem(word: str, lang: str | None) -> str:
    """The part of a casefolded word compared for clang associations.

    Turkish: the first five letters before any apostrophe (GPU'da → gpu, parçalara → parça); other languages:
    without an -ing, -ed, -es or -s ending, the first six letters (models → model, sharded → shard,
    quantized/quantization → quanti).
    """
    return _stem(word.split("'", 1)[0], is_turkic(lang), stem_letters(lang))


def _stem(word: str, turkic: bool, letters: int) -> str:
    if not turkic and not word.endswith("ss"):
        for ending in _ENGLISH_ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= MIN_CONTENT_LETTERS:
                word = word[: -len(ending)]
                break
    return word[:letters]


@lru_cache(maxsize=None)
def _stopwords(lang: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """Stopwords of ``lang`` as exact words and as prefixes (terms ending in ``*``)."""
    words = [_fold(term, lang) for term in terms("stopwords", lang)]
    return (frozenset(word for word in words if not word.endswith("*")),
            tuple(word[:-1] for word in words if word.endswith("*")))


def content_words(text: str | None, lang: str | None) -> dict[str, str]:
    """Content words of ``text``: stem → the word as written (the first occurrence).

    Words of at least four letters, without digits, that are not stopwords.
    """
    if not text:
        return {}
    key = language_key(lang)
    return dict(_content_words(nfc(text), key))


@lru_cache(maxsize=8192)
def _content_words(text: str, key: str) -> tuple[tuple[str, str], ...]:
    alone = _words_folded_alone(text, key)
    if alone is None:
        return _content_words_of_tokens(text, key)
    stems = _content_stems(key)
    found: dict[str, str] = {}
    for word, folded in zip(*alone):  # one look-up per word
        stem = stems[folded]
        if stem and stem not in found:
            found[stem] = word
    return tuple(found.items())


@lru_cache(maxsize=None)
def _content_stems(key: str) -> Memo:
    """Per language: a casefolded word → its stem when it is a content word, else "" (filled as words come)."""
    return Memo(lambda word: _content_stem(word, key))


def _content_stem(word: str, key: str) -> str:
    exact, prefixes = _stopwords(key)
    bare = word.split("'", 1)[0] if "'" in word else word
    if len(bare) < MIN_CONTENT_LETTERS or bare in exact or not bare.isalpha() or bare.startswith(prefixes):
        return ""
    return _stem(bare, is_turkic(key), stem_letters(key))


def _content_words_of_tokens(text: str, key: str) -> tuple[tuple[str, str], ...]:
    toks = tokens(text, key)
    exact, prefixes = _stopwords(key)
    turkic, letters = is_turkic(key), stem_letters(key)
    found: dict[str, str] = {}
    for word, (start, end) in zip(toks.folded.split(" ") if toks.folded else [], toks.spans):
        bare = word.split("'", 1)[0] if "'" in word else word
        if len(bare) < MIN_CONTENT_LETTERS or bare in exact or not bare.isalpha() or bare.startswith(prefixes):
            continue
        stem = _stem(bare, turkic, letters)
        if stem not in found:
            found[stem] = text[start:end]
    return tuple(found.items())


def describe(category: str) -> str:
    """The list as Markdown, for ``quizlint rule``."""
    word_list = LISTS[category]
    lines = [f"### {category}", word_list.description, ""]
    for lang, items in sorted(word_list.terms.items()):
        lines.append(f"- {lang}: " + (", ".join(f"`{item}`" for item in items) if items else "(none)"))
    for lang, items in sorted(word_list.exceptions.items()):
        lines.append(f"- {lang}, not counted: " + ", ".join(f"`{item}`" for item in items))
    return "\n".join(lines)
