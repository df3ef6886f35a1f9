"""Turkish word forms: which endings glued to a Turkish word leave it that word.

A Turkish word takes a chain of suffixes (ağ → ağlar, ağda, ağlarımızdan, ağdaki, ağdır) whose vowels follow
the word's last vowel (vowel harmony) and whose first letter depends on the word's last letter (a buffer y, n
or s after a vowel). It also makes words of the same root with a few suffixes of derivation (parça → parçalı,
parçalama; yük → yükleme), and a verb takes its voices, tenses and participles (nicele → nicelenmiş,
niceleme). ``endings(word)`` tells where a word that starts with ``word`` ends when it is that word (or a word
of its root): after a suffix after an apostrophe (GPU'da), a chain of inflections, or one of those suffixes of
derivation followed by anything. Other continuations make another word: yüksek (high) is not a form of yük
(load), nor ağırlık (weight) of ağ (network).

The suffixes are written as ``after a consonant/after a vowel`` (several forms: ``a,b``; one form for both: no
``/``; none: empty; a final k also stands for ğ, as before a vowel), where A is a or e and I is ı, i, u or ü by
vowel harmony, D is d or t and C is c or ç (t and ç come after a voiceless consonant; either is accepted after
any letter: "yükde" is no other word).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Inflections, which chain (each is followed by another one, or by the end of the word).
INFLECTIONS = (
    "lAr",  # plural
    "Im/m", "In/n", "ImIz/mIz", "InIz/nIz",  # possessive: my, your, our, your
    "I/sI,yI,nI",  # possessive (its); accusative (after a possessive -sI: -nI)
    "A/yA,nA", "DA/DA,nDA", "DAn/DAn,nDAn", "In/nIn", "lA/ylA",  # dative, locative, ablative, genitive, with
    "ki",  # ağdaki, ağınki
    "DIr", "DI/yDI", "mIş/ymIş", "sA/ysA", "ken/yken",  # copula: is, was, reportedly, if, while
)
# Suffixes of derivation that keep a noun's root and meaning (parçalı: sharded; parçala: to shard; yükçü), after
# which anything may follow (parçalanmış, parçalama, yükleyici).
NOUN_DERIVATIONS = ("lI", "sIz", "lIk", "CI", "lA")
# What a verb stem takes first (nicelen, niceleme, nicelenmiş, niceleyici, niceler), after which anything may
# follow: voices (passive, causative), negation and verbal nouns (-mA, -mAk), participles, tenses, converbs.
# Not the aorist after a consonant (-Ar, -Ir), which would make "ağır" (heavy) a verb form of "ağ" (network).
VERB_SUFFIXES = (
    "Il,In/n", "DIr/t", "mA", "Iş/yIş", "IcI/yIcI", "An/yAn", "Iyor/yor", "/r", "Abil/yAbil", "AmA/yAmA", "DI",
    "mIş", "DIk", "AcAk/yAcAk", "Ip/yIp", "ArAk/yArAk", "IncA/yIncA",
)
# Endings that make a verb stem of a rendering: verbs made from nouns (nicele, parçala, yüklen), and infinitives
# (yüklemek: the stem yükle).
_VERB_MAKERS = ("la", "le", "laş", "leş", "lan", "len")
_INFINITIVES = ("mak", "mek")

VOWELS = "aeıioöuüâîû"
# Vowel harmony: a vowel → the class of the vowels after it (a: back unrounded, o: back rounded, e: front
# unrounded, ö: front rounded), and what A and I are after a vowel of each class.
_HARMONY = {"a": "a", "ı": "a", "â": "a", "o": "o", "u": "o", "û": "o", "e": "e", "i": "e", "î": "e", "ö": "ö",
            "ü": "ö"}
_A = {"a": "a", "o": "a", "e": "e", "ö": "e"}
_I = {"a": "ı", "o": "u", "e": "i", "ö": "ü"}
_OTHER_BACKNESS = {"a": "e", "e": "a", "o": "ö", "ö": "o"}
_EITHER = {"D": "dt", "C": "cç"}
_APOSTROPHE_SUFFIX = re.compile(r"['’][^\W\d_]+(?!\w)")
_LETTERS = re.compile(r"[^\W\d_]*")
_WORD_REST = re.compile(r"\w*")


@dataclass(frozen=True)
class _Suffix:
    surface: str  # as written after a vowel of some class
    after_vowel: bool | None  # whether it comes after a vowel (True), a consonant (False) or either (None)
    harmony: str  # the class of the vowels after it

    def fits(self, rest: str, before: str) -> bool:
        return rest.startswith(self.surface) and (self.after_vowel is None or (before in VOWELS) == self.after_vowel)


def _forms(suffix: str) -> list[tuple[str, bool | None]]:
    """A suffix as written in the lists → (form, what letter it comes after: see ``_Suffix.after_vowel``)."""
    after_consonant, _, after_vowel = suffix.partition("/") if "/" in suffix else (suffix, "", suffix)
    consonant_forms = _softened_too(form for form in after_consonant.split(",") if form)
    vowel_forms = _softened_too(form for form in after_vowel.split(",") if form)
    return [(form, None if form in vowel_forms else False) for form in consonant_forms] + [
        (form, True) for form in vowel_forms if form not in consonant_forms]


def _softened_too(forms) -> list[str]:
    """The forms, and those ending in k also with it softened, as before a vowel (-DIk: yüklediği)."""
    return [softened for form in forms for softened in ([form, form[:-1] + "ğ"] if form.endswith("k") else [form])]


def _surfaces(form: str, harmony: str) -> list[tuple[str, str]]:
    """A suffix form after a vowel of class ``harmony`` as written (several, for D and C), each with the class
    of the vowels after it."""
    surfaces = [""]
    for letter in form:
        if letter == "A":
            harmony = _A[harmony]
            surfaces = [surface + harmony for surface in surfaces]
        elif letter == "I":
            surfaces = [surface + _I[harmony] for surface in surfaces]
        elif letter in _EITHER:
            surfaces = [surface + either for surface in surfaces for either in _EITHER[letter]]
        else:
            harmony = _HARMONY.get(letter, harmony)
            surfaces = [surface + letter for surface in surfaces]
    return [(surface, harmony) for surface in surfaces]


@lru_cache(maxsize=None)
def _suffixes(kind: tuple[str, ...], harmony: str) -> tuple[_Suffix, ...]:
    """The suffixes of a list (``INFLECTIONS``…) after a vowel of class ``harmony``."""
    return tuple(dict.fromkeys(_Suffix(surface, after_vowel, following) for suffix in kind
                               for form, after_vowel in _forms(suffix)
                               for surface, following in _surfaces(form, harmony)))


@lru_cache(maxsize=65536)
def _is_chain(rest: str, before: str, harmony: str) -> bool:
    """Whether ``rest`` (letters) is a chain of inflections (none included) after the letter ``before``, after
    a vowel of class ``harmony``. (Remembered: every way to cut a word into suffixes is tried once.)"""
    return not rest or any(suffix.fits(rest, before) and _is_chain(rest[len(suffix.surface):],
                                                                   suffix.surface[-1], suffix.harmony)
                           for suffix in _suffixes(INFLECTIONS, harmony))


@dataclass(frozen=True)
class Endings:
    """What may follow a word and leave it that word (see ``endings``)."""

    harmonies: tuple[str, ...]  # the classes the first suffix may be in
    verb: bool
    vowel_first: bool

    def end(self, text: str, at: int) -> int | None:
        """Where the word that goes on at ``at`` in ``text`` (casefolded) ends, when it ends as a form of the
        word before ``at`` (the letter before ``at`` is the word's last); else None."""
        if not self.vowel_first and (at == len(text) or not (text[at].isalnum() or text[at] in "_'’")):
            return at  # (the word as it is: the usual case)
        if not self.vowel_first and (apostrophe := _APOSTROPHE_SUFFIX.match(text, at)) is not None:
            return apostrophe.end()
        rest = _LETTERS.match(text, at).group(0)
        if self.vowel_first and not (rest and rest[0] in VOWELS):
            return None
        before = text[at - 1] if at else ""
        end = _WORD_REST.match(text, at).end()
        if len(rest) == end - at and any(_is_chain(rest, before, harmony) for harmony in self.harmonies):
            return end
        derivations = NOUN_DERIVATIONS + (VERB_SUFFIXES if self.verb else ())
        if any(suffix.fits(rest, before) for harmony in self.harmonies for suffix in _suffixes(derivations, harmony)):
            return end
        return None


def verb_stem(word: str) -> str | None:
    """The verb stem of a rendering (casefolded) that is a verb: one made from a noun (nicele, parçalan) as it
    is, an infinitive (yüklemek) without its ending; None for any other word, which is taken for a noun."""
    last = word.rpartition(" ")[2]
    if last.endswith(_INFINITIVES) and len(last) > 4:
        return word[:-3]
    return word if last.endswith(_VERB_MAKERS) and len(last) > 3 else None


def endings(word: str, verb: bool = False, vowel_first: bool = False) -> Endings:
    """What may follow ``word`` (casefolded) and leave it that word: a suffix after an apostrophe; a chain of
    inflections (none included) in harmony with its last vowel; a suffix of derivation (or of a verb's, for a
    ``verb`` stem), then anything. The first suffix may be front or back, as after many loanwords (kontrol →
    kontrolü, saat → saati); after a word without vowels (SQL), any harmony goes. With ``vowel_first``, only a
    suffix starting with a vowel (after a softened word: ağırlığ-ı)."""
    vowels = [_HARMONY[letter] for letter in word if letter in _HARMONY]
    harmonies = (vowels[-1], _OTHER_BACKNESS[vowels[-1]]) if vowels else tuple(_I)
    return Endings(harmonies, verb, vowel_first)
