"""Finding glossary terms and their renderings in texts.

Matching is case-insensitive unless the term is ``case_sensitive``, and always starts at a word boundary. The
term and the text are folded alike (``quizlint.text.casefold``), in every way that applies, and a match in any
of them counts (``_foldings``): plain Unicode casefolding (INT8 matches "int8" and the term "api" matches "API"
in a Turkish text too), and Turkish casefolding (I→ı, İ→i) when the text's language or the term's is Turkic
("İSTANBUL" is "istanbul" in the English text of a Turkish quiz). A do-not-translate term is written in the
quiz's source language; renderings, in the language they are listed for. Words of a multi-word term match
across any run of spaces or hyphens ("fine-tuning" = "fine tuning").

- In a Turkic language (Turkish…), a term or a rendering (but a name in a target text: see below) is a word
  with its forms (``inflected_pattern``, ``quizlint.rules._turkish``), not the start of any word: it may be
  followed by a suffix after an apostrophe (GPU'da), a chain of inflections (plural, possessive, case,
  copula, -ki, in vowel harmony) or a suffix that derives a word of the same root and anything after it
  (parçalı, parçalama; a verb, made from a noun or given as an infinitive, also takes the forms of a verb:
  nicelenmiş), so "ağ" (network) is found in "ağlar" and "ağdaki" but not in "ağırlık" (weight), nor "yük"
  (load) in "yüksek" (high). A compound noun of two words or more ending in the compound suffix (-ı/-i/-u/-ü,
  -sı/-si/-su/-sü) is also found without it, as inflection replaces it ("kontrol noktası": "kontrol
  noktaları"), and a final ç/k/p/t of a word of two syllables or more also softened (c/ğ/b/d) before a suffix
  that starts with a vowel ("belirteç": "belirteci"; "ağırlık": "ağırlığı"; but "kat" not in "kadar").
- In a SOURCE text in another language, a term (or its rendering in the source language, from
  ``translations``) is present when it stands as a whole word, optionally followed by a suffix after an
  apostrophe (GPU's) or by one of the language's inflectional endings (``SOURCE_ENDINGS``: English plurals,
  -ed, -ing; a final consonant + y also as -ies, -ied: query → queries).
- In a TARGET text in another language, a required rendering and a forbidden one are matched as stems:
  "checkpoint" matches "checkpointing".
- In a TARGET text in any language, Turkish included, a term that must stay untranslated (a name) is matched
  as a stem: it is not a word of the text's language ("GPUs" has "GPU").

Terms and renderings are found in the words of a text only: code, math, URLs, link targets and HTML tags
(``strip_untranslatable``) are not text to translate, and a term there is part of a name or an address. A
text is searched again without them only when it has a match and markup (``has_markup``): most texts have
neither, and cost one search.

Matchers are built once per glossary (``matcher_for``) and find candidate terms through an index of their
first letters, so a large glossary costs little per text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only (a cached lint run loads no pydantic)
    from quizlint.model import Glossary, GlossaryTerm
from quizlint.memo import Memo
from quizlint.rules import _turkish
from quizlint.rules._markup import has_markup, prose, strip_untranslatable
from quizlint.text import casefold, is_turkic, nfc, primary_subtag

# Endings a term may carry in a source text of that language and still be the term (one list per language).
SOURCE_ENDINGS: dict[str, tuple[str, ...]] = {
    "en": ("s", "es", "ed", "d", "ing"),
    "tr": (),  # Turkish is agglutinative: its endings are chains of suffixes (see _is_stem_language, _turkish)
}
# Endings a do-not-translate name may carry in a text of any language (GPUs): those of every source language.
_NAME_ENDINGS = tuple(dict.fromkeys(ending for endings in SOURCE_ENDINGS.values() for ending in endings))
# Turkish compound-noun (possessive) suffix, which changes with inflection: noktası → noktaları, parçası →
# parçaları; -sI after a vowel, -I after a consonant.
_TURKISH_VOWELS = "aeıioöuü"
_TURKISH_COMPOUND_AFTER_VOWEL = ("sı", "si", "su", "sü")
_TURKISH_COMPOUND_AFTER_CONSONANT = ("ı", "i", "u", "ü")
_SEPARATOR = r"[\s\-‐‑]+"
_APOSTROPHE = "['’]"
_APOSTROPHE_THEN_SUFFIX = _APOSTROPHE + r"[^\W\d_]+"
# Languages whose plurals add an ending to each word of a phrase ("points de contrôle", "puntos de control").
_PLURAL_WORDS_LANGUAGES = frozenset({"en", "fr", "es", "pt", "it", "ca"})
_PLURAL_ENDING = "(?:e?s|x)?"
_APOSTROPHE_SUFFIX = f"(?:{_APOSTROPHE_THEN_SUFFIX})?"
_KEY_LENGTH = 4
_WORD_START = re.compile(r"(?<!\w)\w{1,%d}" % _KEY_LENGTH)


def _is_stem_language(lang: str) -> bool:
    return is_turkic(lang)


_PLAIN = None  # (as the language of a folding: casefolding without any language's special rules)


@lru_cache(maxsize=256)
def _foldings(lang: str, written_in: str | None = None) -> tuple[str | None, ...]:
    """The casefoldings under which a term written in ``written_in`` (None: not known) is looked for in a text
    in ``lang``, each given as the language ``casefold`` takes: plain, and Turkish when either is Turkic."""
    return (_PLAIN, "tr") if is_turkic(lang) or is_turkic(written_in) else (_PLAIN,)


@lru_cache(maxsize=256)  # a text is folded to be matched against several terms and renderings
def _fold_text(text: str, folding: str | None, case_sensitive: bool) -> str:
    return nfc(text) if case_sensitive else casefold(text, folding)


def _found_in_some_folding(pattern, term: str, text: str, lang: str, written_in: str | None,
                           case_sensitive: bool) -> str | None:
    """Where ``pattern(term, lang, case_sensitive, folding)`` finds the term in ``text`` folded the same way, in
    one of ``_foldings(lang, written_in)`` (case-sensitive terms: as written): the words it matched, as written
    in ``text`` (as folded, when folding changed the text's length); None when it finds nothing."""
    foldings = (_PLAIN,) if case_sensitive else _foldings(primary_subtag(lang), written_in)
    for folding in foldings:
        folded = _fold_text(text, folding, case_sensitive)
        match = pattern(term, lang, case_sensitive, folding).search(folded)
        if match is not None:
            return (text if len(text) == len(folded) else folded)[match.start():match.end()]
    return None


def _loose(text: str) -> str:
    """A fold under which every spelling the matchers accept looks alike (for the candidate index only)."""
    return casefold(text, "tr").replace("ı", "i")


def _phrase(folded: str, plural_words: bool = False) -> str:
    """The words of ``folded`` with any separators between them, an apostrophe either straight or typographic
    (d'apprentissage, d’apprentissage); with ``plural_words``, each word but the last (a stem already) may
    take a plural ending ("points de contrôle" for "point de contrôle")."""
    words = [_literal(word) for word in re.split(_SEPARATOR, folded.strip()) if word]
    if plural_words:
        words = [word + _PLURAL_ENDING for word in words[:-1]] + words[-1:]
    return _SEPARATOR.join(words)


def _literal(word: str) -> str:
    return "".join(_APOSTROPHE if char in "'’" else re.escape(char) for char in word)


def _without_compound_suffix(word: str) -> str | None:
    for suffixes, before_vowel in ((_TURKISH_COMPOUND_AFTER_VOWEL, True),
                                   (_TURKISH_COMPOUND_AFTER_CONSONANT, False)):
        for suffix in suffixes:
            stem = word[: -len(suffix)]
            if word.endswith(suffix) and len(stem) >= 3 and (stem[-1] in _TURKISH_VOWELS) == before_vowel:
                return stem
    return None


def _stem_forms(rendering: str, lang: str) -> list[str]:
    """The rendering, and in Turkish also: for a compound noun ("kontrol noktası", two words or more) the
    rendering without the compound suffix, which inflection replaces ("kontrol noktaları"); for a rendering
    ending in ç, k, p or t, its softened form, which a suffix starting with a vowel brings ("belirteç" →
    "belirteci", "ağırlık" → "ağırlığı", "renk" → "rengi")."""
    if not _is_stem_language(lang):
        return [rendering]
    softened = _softened(rendering)
    return _unsoftened_forms(rendering) + ([softened] if softened is not None else [])


def _unsoftened_forms(rendering: str) -> list[str]:
    """A Turkish rendering, and a compound noun also without its compound suffix (see ``_stem_forms``)."""
    head, _, last = rendering.rpartition(" ")
    stem = _without_compound_suffix(last) if head else None
    return [rendering] if stem is None else [rendering, f"{head} {stem}"]


_TURKISH_SOFTENING = {"ç": "c", "k": "ğ", "p": "b", "t": "d"}


def _softened(word: str) -> str | None:
    """``word`` with its final ç/k/p/t softened (c/ğ/b/d; k after n: g), None when it ends otherwise or has one
    syllable (casefolded): words of one syllable mostly keep their consonant (kat → katı, kart → kartı), and a
    softened "kad" or "kard" would match "kadar" and "kardeş"."""
    last_word = word.rpartition(" ")[2]
    if len(word) < 3 or word[-1] not in _TURKISH_SOFTENING or sum(map(_TURKISH_VOWELS.__contains__, last_word)) < 2:
        return None
    soft = "g" if word[-1] == "k" and word[-2] == "n" else _TURKISH_SOFTENING[word[-1]]
    return word[:-1] + soft


@lru_cache(maxsize=4096)
def stem_pattern(rendering: str, lang: str, case_sensitive: bool = False, folding: str | None = _PLAIN) -> re.Pattern:
    """A rendering as a stem at a word start (any ending, apostrophe suffixes included), in a text in ``lang``
    folded with ``_fold_text(…, folding, case_sensitive)``."""
    lang = primary_subtag(lang)
    plural_words = lang in _PLURAL_WORDS_LANGUAGES
    alternatives = [_phrase(form, plural_words)
                    for form in _stem_forms(_fold_text(rendering, folding, case_sensitive), lang)]
    return re.compile(r"(?<!\w)(?:" + "|".join(dict.fromkeys(alternatives)) + ")")


class _TurkishWord:
    """A Turkish rendering as a word with its forms, found with the ``search`` of a compiled pattern: a form of
    the rendering (``_stem_forms``; for a verb, also its stem) at a word start, then what ``_turkish.endings``
    accepts after it (a regex would be compiled per rendering and try every way to cut a long word into
    suffixes; the endings are one check for all renderings, which remembers what it tried)."""

    def __init__(self, rendering: str) -> None:
        verb = _turkish.verb_stem(rendering)
        self._forms = [(_word_start(form), _turkish.endings(form, verb=form == verb))
                       for form in _unsoftened_forms(rendering)]
        softened = _softened(rendering)
        if softened is not None:  # (only before a suffix that starts with a vowel)
            self._forms.append((_word_start(softened), _turkish.endings(rendering, vowel_first=True)))
        if verb is not None and verb != rendering:  # (an infinitive: yüklemek, and the forms of yükle-)
            self._forms.append((_word_start(verb), _turkish.endings(verb, verb=True)))
        self._any_form = re.compile("|".join(form.pattern for form, _ in self._forms))

    def search(self, text: str) -> _Span | None:
        """The first place in ``text`` where the rendering stands, inflected or not."""
        if self._any_form.search(text) is None:  # (most texts: one search)
            return None
        found = [span for form, after in self._forms if (span := self._first(form, after, text)) is not None]
        return min(found, key=_Span.start) if found else None

    @staticmethod
    def _first(form: re.Pattern, after: _turkish.Endings, text: str) -> _Span | None:
        for match in form.finditer(text):
            end = after.end(text, match.end())
            if end is not None:
                return _Span(match.start(), end)
        return None


def _word_start(phrase: str) -> re.Pattern:
    return re.compile(r"(?<!\w)" + _phrase(phrase))


@dataclass(frozen=True)
class _Span:
    """Where a ``_TurkishWord`` stands in a text (``start`` and ``end`` as those of a match)."""

    begin: int
    finish: int

    def start(self) -> int:
        return self.begin

    def end(self) -> int:
        return self.finish


@lru_cache(maxsize=4096)
def inflected_pattern(rendering: str, lang: str, case_sensitive: bool = False,
                      folding: str | None = _PLAIN) -> _TurkishWord:
    """A Turkish rendering as a word with its forms (``_turkish.endings``), in a text folded with
    ``_fold_text(…, folding, case_sensitive)``: "ağ" is found in "ağlar" and "ağda", not in "ağırlık"; "ağırlık"
    in "ağırlıklar" and, softened before a vowel, "ağırlığı"; "kontrol noktası" in "kontrol noktaları"."""
    return _TurkishWord(_fold_text(rendering, folding, case_sensitive))


def _optional_ending(endings: tuple[str, ...]) -> str:
    return "(?:" + "|".join(re.escape(end) for end in endings) + ")?" if endings else ""


@lru_cache(maxsize=4096)
def source_pattern(term: str, lang: str, case_sensitive: bool = False, folding: str | None = _PLAIN) -> re.Pattern:
    """A term as a whole word in a source text, with an apostrophe suffix or one of the language's endings."""
    lang = primary_subtag(lang)
    if _is_stem_language(lang):
        return inflected_pattern(term, lang, case_sensitive, folding)
    ending = _optional_ending(SOURCE_ENDINGS.get(lang, ()))
    folded = _fold_text(term, folding, case_sensitive)
    alternatives = _phrase(folded) + ending
    if lang == "en" and len(folded) > 2 and folded[-1] == "y" and folded[-2] not in "aeiou":
        alternatives += "|" + _phrase(folded[:-1]) + "(?:ies|ied)"  # query → queries, queried
    return re.compile(r"(?<!\w)(?:" + alternatives + ")" + _APOSTROPHE_SUFFIX + r"(?!\w)")


def _index_key(text: str) -> str:
    """Up to the first ``_KEY_LENGTH`` word characters of a term; empty when it starts with a symbol."""
    match = _WORD_START.match(_loose(text).lstrip())
    return match.group(0) if match else ""


class _Index:
    """Entries (anything) by the first letters of their text; entries starting with a symbol always match."""

    def __init__(self) -> None:
        self._by_key: dict[str, list] = {}
        self._lengths: set[int] = set()
        self._always: list = []
        # the keys in each chunk of text between whitespace, which texts of a bank share: casefolding never
        # joins characters across whitespace, and a word never spans it, so a text's keys are its chunks' keys
        self._chunk_keys = Memo(self._keys_in, limit=50_000)

    def add(self, text: str, entry) -> None:
        key = _index_key(text)
        if key:
            self._by_key.setdefault(key, []).append(entry)
            self._lengths.add(len(key))
            self._chunk_keys.clear()
        else:
            self._always.append(entry)

    def candidates(self, text: str) -> list:
        keys = _NO_KEYS.union(*map(self._chunk_keys.__getitem__, text.split())) if self._by_key else _NO_KEYS
        found = list(self._always)
        if not keys:
            return found  # (most texts)
        for key in sorted(keys):
            found.extend(self._by_key[key])
        return found

    def _keys_in(self, chunk: str) -> frozenset[str]:
        """The keys of entries that the first letters of a word of ``chunk`` start with."""
        return frozenset(key for start in _WORD_START.findall(_loose(chunk)) for length in self._lengths
                         if len(start) >= length and (key := start[:length]) in self._by_key)


_NO_KEYS: frozenset[str] = frozenset()


def _for_language(table: dict, lang: str):
    if lang in table:
        return table[lang]
    return table.get(primary_subtag(lang))


def _rendering_pattern(lang: str):
    """How a rendering is found in a text in ``lang``: see ``GlossaryMatcher.contains``."""
    return inflected_pattern if _is_stem_language(primary_subtag(lang)) else stem_pattern


@dataclass(frozen=True, eq=False)
class Found:
    """A glossary term found in a source text: through ``spelling`` (the term, or its rendering in the text's
    language), in ``word`` (the words of the text that matched it, as written)."""

    term: GlossaryTerm
    spelling: str
    word: str


@dataclass(frozen=True, eq=False)
class Forbidden:
    term: GlossaryTerm
    rendering: str


class GlossaryMatcher:
    """One glossary, ready for matching; build it with ``matcher_for``."""

    def __init__(self, glossary: Glossary):
        self.glossary = glossary
        self._source_indexes: dict[str, _Index] = {}
        self._forbidden_indexes: dict[str, _Index] = {}
        self._order = {id(term): position for position, term in enumerate(glossary.terms)}
        names = [term.term for term in glossary.terms if not term.translate]
        exact = tuple(term.term for term in glossary.terms if not term.translate and term.case_sensitive)
        self._names = _names_pattern(tuple(names), _NAME_ENDINGS, exact=exact) if names else None
        # a name of one word never spans a space: a text's prose without names can then be made token by token
        one_word = all(len(_words_of(name)) == 1 for name in names)
        self._prose_by_token = Memo(self._token_prose) if one_word else None

    # -- source side

    def _source_index(self, lang: str) -> _Index:
        index = self._source_indexes.get(lang)
        if index is None:
            index = _Index()
            for term in self.glossary.terms:
                for spelling in dict.fromkeys([term.term, _for_language(term.translations, lang) or term.term]):
                    index.add(spelling, (term, spelling))
            self._source_indexes[lang] = index
        return index

    def terms_in(self, text: str, lang: str) -> list[GlossaryTerm]:
        """Glossary terms present in ``text`` (a source text in ``lang``), in glossary order, each once."""
        return [hit.term for hit in self.found_in(text, lang)]

    def found_in(self, text: str, lang: str) -> list[Found]:
        """``terms_in``, each with the spelling found (the term, or its rendering in ``lang``) and where."""
        candidates = self._source_index(lang).candidates(text)
        if not candidates:
            return []
        found: dict[int, Found] = {}
        for term, spelling in candidates:
            if id(term) not in found and (word := _found_in_some_folding(
                    source_pattern, spelling, text, lang, lang, term.case_sensitive)) is not None:
                found[id(term)] = Found(term, spelling, word)
        if found and has_markup(text):  # (only the words count)
            return self.found_in(strip_untranslatable(text), lang)
        return sorted(found.values(), key=lambda hit: self._order[id(hit.term)])

    # -- target side

    @staticmethod
    def expected(term: GlossaryTerm, lang: str) -> str | None:
        """What a ``lang`` text must contain where the source has ``term`` (None: the glossary does not say)."""
        rendering = _for_language(term.translations, lang)
        if rendering:
            return rendering
        return term.term if not term.translate else None

    @staticmethod
    def contains(rendering: str, text: str, lang: str, case_sensitive: bool = False,
                 written_in: str | None = None, anywhere: bool = False) -> bool:
        """Whether the words of ``text`` (in ``lang``) have ``rendering`` (written in ``written_in``: by default,
        in ``lang``): in a Turkic language as a word with its inflections (``inflected_pattern``), in others as a
        stem. With ``anywhere``, for a name (a do-not-translate term), which code keeps as it is: in all of
        ``text``, code included, and as a stem in every language (a name is not a word of the text's language:
        "GPUs" has "GPU" in a Turkish text too)."""
        pattern = stem_pattern if anywhere else _rendering_pattern(lang)
        found = _found_in_some_folding(pattern, rendering, text, lang, written_in or lang, case_sensitive) is not None
        if found and not anywhere and has_markup(text):  # (only the words count)
            return _found_in_some_folding(pattern, rendering, strip_untranslatable(text), lang, written_in or lang,
                                          case_sensitive) is not None
        return found

    def _forbidden_index(self, lang: str) -> _Index:
        index = self._forbidden_indexes.get(lang)
        if index is None:
            index = _Index()
            for term in self.glossary.terms:
                for rendering in _for_language(term.forbidden, lang) or ():
                    index.add(rendering, Forbidden(term, rendering))
            self._forbidden_indexes[lang] = index
        return index

    def forbidden_in(self, text: str, lang: str) -> list[Forbidden]:
        """Forbidden renderings present in ``text`` (a text in ``lang``), in glossary order: one per term, the
        longest that matches ("emniyet tensörleri" rather than "emniyet tensör")."""
        candidates = self._forbidden_index(lang).candidates(text)
        if not candidates:
            return []
        if has_markup(text):  # (only the words count)
            text = strip_untranslatable(text)
        hits: dict[int, Forbidden] = {}
        for entry in candidates:
            known = hits.get(id(entry.term))
            if known is not None and len(known.rendering) >= len(entry.rendering):
                continue
            if _found_in_some_folding(_rendering_pattern(lang), entry.rendering, text, lang, lang,
                                      entry.term.case_sensitive) is not None:
                hits[id(entry.term)] = entry
        return sorted(hits.values(), key=lambda entry: self._order[id(entry.term)])

    # -- names

    def without_names(self, text: str) -> str:
        """``text`` with every do-not-translate term (with an ending, or a suffix after an apostrophe) blanked
        out."""
        return self._names.sub(" ", text) if self._names is not None else text

    def prose_without_names(self, text: str) -> str:
        """``prose(self.without_names(text))``, computed per token (cached) when that is exact."""
        if self._names is None:
            return prose(text)
        if self._prose_by_token is None or has_markup(text):
            return prose(self._names.sub(" ", text))
        return " ".join(filter(None, map(self._prose_by_token.__getitem__, text.split())))

    def _token_prose(self, token: str) -> str:
        return prose(self._names.sub(" ", token))


def _any_case(term: str) -> str:
    """``term`` in any case (with the Turkish i/ı, İ/i), composed or decomposed (NFC or NFD) alike."""
    return "".join("[iıIİ]\u0307?" if char in "iıIİ" else _composed_or_not(char) for char in nfc(term))


def _as_written(term: str) -> str:
    """``term`` in its own case, composed or decomposed alike."""
    return "".join(_composed_or_not(char) for char in nfc(term))


def _composed_or_not(char: str) -> str:
    """A character of an NFC term as a text may hold it: as it is, or decomposed ("ş" or "s" + cedilla)."""
    decomposed = unicodedata.normalize("NFD", char)
    return re.escape(char) if decomposed == char else f"(?:{re.escape(char)}|{re.escape(decomposed)})"


def _words_of(name: str) -> list[str]:
    return [word for word in re.split(_SEPARATOR, name.strip()) if word]


def _name_alternative(name: str, case_sensitive: bool) -> str:
    words = _SEPARATOR.join((_as_written(word) if case_sensitive else _any_case(word)) for word in _words_of(name))
    return f"(?-i:{words})" if case_sensitive else words


def _names_pattern(names: tuple[str, ...], endings: tuple[str, ...], apostrophe_suffix: bool = True,
                   exact: tuple[str, ...] = ()) -> re.Pattern:
    """Any of ``names`` as a word, with one of ``endings`` glued to it (GPUs), but not as the start of a longer
    word ("samples" is not the name SAM); with ``apostrophe_suffix`` also a suffix after an apostrophe (GPU'da,
    GPU's), which is in the text's language, not part of the name. Names in any case, but those also in
    ``exact`` (case-sensitive terms) only as written."""
    alternatives = sorted((_name_alternative(name, name in exact) for name in names), key=len, reverse=True)
    rest = _optional_ending(endings) + (_APOSTROPHE_SUFFIX if apostrophe_suffix else "") + r"(?!\w)"
    return re.compile(r"(?<!\w)(?:" + "|".join(alternatives) + r")" + rest, re.IGNORECASE)


_MATCHERS: dict[int, tuple[Glossary, GlossaryMatcher]] = {}
_MAX_MATCHERS = 8


def matcher_for(glossary: Glossary | None) -> GlossaryMatcher | None:
    """The matcher of ``glossary``, built once per glossary object (rules run per item)."""
    if glossary is None or not glossary.terms:
        return None
    cached = _MATCHERS.get(id(glossary))
    if cached is not None and cached[0] is glossary:
        return cached[1]
    if len(_MATCHERS) >= _MAX_MATCHERS:
        _MATCHERS.clear()
    matcher = GlossaryMatcher(glossary)
    _MATCHERS[id(glossary)] = (glossary, matcher)
    return matcher

