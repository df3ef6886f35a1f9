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
def _detector(languages: tuple[str, ...]):
    from lingua import Language, LanguageDetectorBuilder

    members = [getattr(Language, _LINGUA_NAMES[code]) for code in languages]
    return LanguageDetectorBuilder.from_languages(*members).build()


class Services:
    """Per-run shared tools. Cheap to create; everything heavy is built on first use."""

    def identifiable(self, languages: Iterable[str]) -> tuple[str, ...]:
        return tuple(sorted({primary_subtag(lang) for lang in languages} & _LINGUA_NAMES.keys()))

    def language_confidences(self, text: str, languages: Iterable[str]) -> dict[str, float]:
        """Confidence per declared language (primary subtags) that ``text`` is written in it.

        Empty when fewer than two of the languages can be identified.
        """
        codes = self.identifiable(languages)
        if len(codes) < 2:
            return {}
        detector = _detector(codes)
        by_name = {_LINGUA_NAMES[code]: code for code in codes}
        return {by_name[value.language.name]: value.value for value in detector.compute_language_confidence_values(text)}
