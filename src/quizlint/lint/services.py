"""Shared, lazily built tools for rules: language identification (lingua is imported only when needed)."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from quizlint.text import primary_subtag

# ISO 639-1 → lingua's Language enum name, for the languages lingua knows.
_LINGUA_NAMES = {
    "af": "AFRIKAANS", "ar": "ARABIC", "az": "AZERBAIJANI", "be": "BELARUSIAN", "bg": "BULGARIAN", "bn": "BENGALI",
    "bs": "BOSNIAN", "ca": "CATALAN", "cs": "CZECH", "cy": "WELSH", "da": "DANISH", "de": "GERMAN", "el": "GREEK",
    "en": "ENGLISH", "eo": "ESPERANTO", "es": "SPANISH", "et": "ESTONIAN", "eu": "BASQUE", "fa": "PERSIAN",
    "fi": "FINNISH", "fr": "FRENCH", "ga": "IRISH", "gu": "GUJARATI", "he": "HEBREW", "hi": "HINDI",
    "hr": "CROATIAN", "hu": "HUNGARIAN", "hy": "ARMENIAN", "id": "INDONESIAN", "is": "ICELANDIC", "it": "ITALIAN",
    "ja": "JAPANESE", "ka": "GEORGIAN", "kk": "KAZAKH", "ko": "KOREAN", "la": "LATIN", "lg": "GANDA",
    "lt": "LITHUANIAN", "lv": "LATVIAN", "mi": "MAORI", "mk": "MACEDONIAN", "mn": "MONGOLIAN", "mr": "MARATHI",
    "ms": "MALAY", "nb": "BOKMAL", "nl": "DUTCH", "nn": "NYNORSK", "pa": "PUNJABI", "pl": "POLISH",
    "pt": "PORTUGUESE", "ro": "ROMANIAN", "ru": "RUSSIAN", "sk": "SLOVAK", "sl": "SLOVENE", "sn": "SHONA",
    "so": "SOMALI", "sq": "ALBANIAN", "sr": "SERBIAN", "st": "SOTHO", "sv": "SWEDISH", "sw": "SWAHILI",
    "ta": "TAMIL", "te": "TELUGU", "th": "THAI", "tl": "TAGALOG", "tn": "TSWANA", "tr": "TURKISH", "ts": "TSONGA",
    "uk": "UKRAINIAN", "ur": "URDU", "vi": "VIETNAMESE", "xh": "XHOSA", "yo": "YORUBA", "zh": "CHINESE",
    "zu": "ZULU",
}


@lru_cache(maxsize=16)
def _detector(languages: tuple[str, ...], low_accuracy: bool = False):
    from lingua import Language, LanguageDetectorBuilder

    members = [getattr(Language, _LINGUA_NAMES[code]) for code in languages]
    builder = LanguageDetectorBuilder.from_languages(*members)
    return (builder.with_low_accuracy_mode() if low_accuracy else builder).build()


# Language identification is reliable long before this many characters; longer texts are cut at a space
# (lingua's cost grows with the length of the text).
IDENTIFY_CHARS = 120
# From this length on, lingua's low-accuracy mode (trigrams only, about twice as fast) is as good: the
# high-accuracy mode only pays off on short phrases.
LOW_ACCURACY_FROM = 60
_CACHE_LIMIT = 200_000
_PARALLEL_FROM = 64


def _identification_sample(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= IDENTIFY_CHARS:
        return text
    cut = text.rfind(" ", 0, IDENTIFY_CHARS)
    return text[: cut if cut > 0 else IDENTIFY_CHARS]


class Services:
    """Per-run shared tools. Cheap to create; everything heavy is built on first use.

    Language identification results are cached by (languages, text) for the whole run, so a text that
    occurs many times in a bank (and every text of a file, identified in one batch) costs one lingua call.
    """

    def __init__(self) -> None:
        self._confidences: dict[tuple[tuple[str, ...], str], tuple[float, ...]] = {}
        self._memos: dict[str, dict] = {}

    def memo(self, name: str) -> dict:
        """A scratch dictionary that lives as long as this object (rules keep per-file work in it)."""
        return self._memos.setdefault(name, {})

    def identifiable(self, languages: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted({primary_subtag(lang) for lang in languages} & _LINGUA_NAMES.keys()))

    def language_confidences(self, text: str, languages: Iterable[str]) -> dict[str, float]:
        """Confidence per declared language (primary subtags) that ``text`` is written in it.

        Empty when fewer than two of the languages can be identified.
        """
        return self.language_confidences_many([text], languages)[0]

    def language_confidences_many(self, texts: Iterable[str], languages: Iterable[str]) -> list[dict[str, float]]:
        """``language_confidences`` for many texts at once (uncached ones go to lingua in one batch)."""
        texts = [_identification_sample(text) for text in texts]
        codes = self.identifiable(languages)
        if len(codes) < 2:
            return [{} for _ in texts]
        known: dict[str, tuple[float, ...]] = {}
        for text in dict.fromkeys(texts):
            row = self._confidences.get((codes, text))
            if row is not None:
                known[text] = row
        pending = [text for text in dict.fromkeys(texts) if text not in known]
        for low_accuracy in (False, True):
            batch = [text for text in pending if (len(text) >= LOW_ACCURACY_FROM) == low_accuracy]
            if batch:
                known.update(self._identify(codes, batch, low_accuracy))
        return [dict(zip(codes, known[text])) for text in texts]

    def _identify(self, codes: tuple[str, ...], texts: list[str], low_accuracy: bool) -> dict[str, tuple[float, ...]]:
        detector = _detector(codes, low_accuracy)
        if len(texts) >= _PARALLEL_FROM:
            results = detector.compute_language_confidence_values_in_parallel(texts)
        else:
            results = [detector.compute_language_confidence_values(text) for text in texts]
        if len(self._confidences) + len(texts) > _CACHE_LIMIT:
            self._confidences.clear()
        position = {_LINGUA_NAMES[code]: index for index, code in enumerate(codes)}
        found = {}
        for text, values in zip(texts, results):
            row = [0.0] * len(codes)
            for value in values:
                row[position[value.language.name]] = value.value
            found[text] = self._confidences[(codes, text)] = tuple(row)
        return found


_DEFAULT: Services | None = None


def default_services() -> Services:
    """A process-wide instance, for callers that were not handed one (rules run outside the engine)."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Services()
    return _DEFAULT


def language_name(code: str) -> str:
    """An English name for a language tag, for messages ("tr" → "Turkish"); the tag itself when unknown."""
    name = _LINGUA_NAMES.get(primary_subtag(code))
    return name.title() if name else code
