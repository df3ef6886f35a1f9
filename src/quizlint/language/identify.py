"""Shared, lazily built tools for rules: language identification (lingua is imported only when needed)."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Sequence

from quizlint.language.trigram_look import TrigramLook
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


@lru_cache(maxsize=16)
def _load_models_at_once(languages: tuple[str, ...], detector) -> None:
    """Load every model of lingua's high-accuracy mode for ``languages`` on a thread per core: it needs them all
    for any text it gets (they are shorter than ``LOW_ACCURACY_FROM``), and lingua keeps them for the process,
    whatever detector asks. About 0.2 s instead of 0.3 s on two cores. (Not in a worker of a pool, whose
    process may have been forked from one that has lingua's threads: see ``Services.threads``.)"""
    from lingua import Language, LanguageDetector, LanguageDetectorBuilder

    if isinstance(detector, LanguageDetector):  # (lingua's own, not a test's stand-in)
        members = [getattr(Language, _LINGUA_NAMES[code]) for code in languages]
        LanguageDetectorBuilder.from_languages(*members).with_preloaded_language_models().build()


# Language identification is reliable long before this many characters; longer texts are cut at a space
# (lingua's cost grows with the length of the text). Measured on this project's content, the seeds and
# 7,000 shuffled bank texts: no false alarm from 90 characters on, in either accuracy mode.
IDENTIFY_CHARS = 90
# From this length on, lingua's low-accuracy mode (trigrams only, about twice as fast) is as good: the
# high-accuracy mode only pays off on short phrases.
LOW_ACCURACY_FROM = 60
# The quick look of ``confirm_languages``: low-accuracy mode on the first words only. It settles about 98%
# of the texts of a bank (a text in its declared language) at a third of the cost of a full look; most
# quick looks are answered from scores of words and trigrams cached for the run (``trigram_look``).
QUICK_CHARS = 40
QUICK_CONFIDENCE = 0.99
_CACHE_LIMIT = 200_000
_PARALLEL_FROM = 64


# The kind of identification of the words and trigrams learned by the trigram look (beside quick and full).
_LOOK = "look"


def _sample(text: str | list[str], limit: int = IDENTIFY_CHARS) -> str:
    """The start of ``text`` (or of its words joined) that is identified: its words up to ``limit`` characters."""
    text = " ".join(text.split() if isinstance(text, str) else text)
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit]


def _sample_tokens(text: str | list[str], limit: int) -> list[str]:
    """``_sample(text, limit).split()``, without the join for a text that is short anyway, nor for one given as
    its words."""
    if isinstance(text, str):
        return text.split() if len(text) <= limit else _sample(text, limit).split()
    joined = " ".join(text)
    if len(joined) <= limit:
        return text
    # as ``_sample`` cuts, at the last space within the limit: the words before it (as many as the spaces within
    # the limit), else the first word cut
    spaces = joined.count(" ", 0, limit)
    return text[:spaces] if spaces else [joined[:limit]]


def identifiable_languages(languages: Iterable[str]) -> tuple[str, ...]:
    """The primary subtags of ``languages`` that lingua identifies, sorted."""
    return _identifiable(tuple(languages))


@lru_cache(maxsize=64)
def _identifiable(languages: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted({primary_subtag(lang) for lang in languages} & _LINGUA_NAMES.keys()))


class Services:
    """Per-run shared tools. Cheap to create; everything heavy is built on first use.

    Language identification results are cached by (languages, text) for the whole run, so a text that
    occurs many times in a bank (and every text of a file, identified in one batch) costs one lingua call.
    """

    def __init__(self, threads: bool = True) -> None:
        self._confidences: dict[tuple, tuple[float, ...]] = {}
        self._looks: dict[tuple[str, ...], TrigramLook | None] = {}
        self._new: dict[tuple, tuple[float, ...]] = {}  # what lingua answered in this run (see ``learned``)
        # lingua's batch calls may use a thread per core; a worker process of a pool leaves the cores to the pool
        self.threads = threads

    def identifiable(self, languages: Iterable[str]) -> tuple[str, ...]:
        """The primary subtags of ``languages`` that lingua identifies, sorted."""
        return identifiable_languages(languages)

    def language_confidences(self, text: str, languages: Iterable[str]) -> dict[str, float]:
        """Confidence per declared language (primary subtags) that ``text`` is written in it.

        Empty when fewer than two of the languages can be identified.
        """
        return self.language_confidences_many([text], languages)[0]

    def language_confidences_many(self, texts: Iterable[str], languages: Iterable[str]) -> list[dict[str, float]]:
        """``language_confidences`` for many texts at once (uncached ones go to lingua in one batch)."""
        codes = self.identifiable(languages)
        samples = [_sample(text) for text in texts]
        if len(codes) < 2:
            return [{} for _ in samples]
        rows = self._rows(codes, samples, quick=False)
        return [dict(zip(codes, rows[sample])) for sample in samples]

    def confirm_languages(self, texts: Sequence[Sequence], languages: Iterable[str],
                          margin: float | None = None) -> list[dict[str, float] | None]:
        """For each text, given as a sequence whose first two elements are the text and its declared language
        (a (text, language) pair, or a rule's ``TextToIdentify``): None when a quick look confirms the declared
        language, else the full ``language_confidences`` of the text. A quick look
        never accuses a text, it only spares the full look to the great majority that are in their declared
        language. With ``margin`` (two languages): also None when the full look surely does not make the other
        language win by ``margin`` (worked out from cached trigram scores where the full look is lingua's
        low-accuracy mode, which they follow exactly). A text may be given as its words (``text.split()``):
        it is joined only when the quick look does not confirm it."""
        codes = self.identifiable(languages)
        if len(codes) < 2:
            return [{} for _ in texts]
        indexes = {lang: codes.index(code) if (code := primary_subtag(lang)) in codes else -1
                   for lang in {text[1] for text in texts}}
        declared = [indexes[text[1]] for text in texts]
        look = self._trigram_look(codes)
        confirmed: list[bool | None] = (
            look.token_verdicts([_sample_tokens(text[0], QUICK_CHARS) for text in texts], declared, QUICK_CONFIDENCE)
            if look is not None else [None] * len(texts))
        if None in confirmed:
            unsure = [index for index, verdict in enumerate(confirmed) if verdict is None]
            quick_samples = {index: _sample(texts[index][0], QUICK_CHARS) for index in unsure}
            quick = self._rows(codes, [quick_samples[index] for index in unsure], quick=True)
            for index in unsure:
                confirmed[index] = declared[index] >= 0 and (
                    quick[quick_samples[index]][declared[index]] >= QUICK_CONFIDENCE)
        results: list = [None] * len(texts)
        doubtful = [index for index, verdict in enumerate(confirmed) if not verdict]
        samples = {index: _sample(texts[index][0]) for index in doubtful}
        if look is not None and len(codes) == 2 and margin is not None and 0 < margin < 1:
            doubtful = self._beyond_margin(look, doubtful, samples, declared, margin)
        full = self.language_confidences_many([samples[index] for index in doubtful], languages)
        for index, confidences in zip(doubtful, full):
            results[index] = confidences
        return results

    @staticmethod
    def _beyond_margin(look: TrigramLook, doubtful: list[int], samples: dict[int, str], declared: list[int],
                       margin: float) -> list[int]:
        """The doubtful texts whose full look may make the other of two languages win by ``margin``: those
        left to lingua's high-accuracy mode, and those whose trigram scores give the declared language a
        confidence of at most (1 - margin) / 2 (the other has the rest)."""
        long = [index for index in doubtful if len(samples[index]) >= LOW_ACCURACY_FROM]
        if not long:
            return doubtful
        settled = look.verdicts([samples[index] for index in long], [declared[index] for index in long],
                                (1 - margin) / 2)
        spared = {index for index, verdict in zip(long, settled) if verdict}
        return [index for index in doubtful if index not in spared]

    def _rows(self, codes: tuple[str, ...], samples: list[str], quick: bool) -> dict[str, tuple[float, ...]]:
        known: dict[str, tuple[float, ...]] = {}
        for sample in dict.fromkeys(samples):
            row = self._confidences.get((codes, quick, sample))
            if row is not None:
                known[sample] = row
        pending = [sample for sample in dict.fromkeys(samples) if sample not in known]
        for low_accuracy in (False, True):
            batch = [sample for sample in pending if (quick or len(sample) >= LOW_ACCURACY_FROM) == low_accuracy]
            if batch:
                known.update(self._identify(codes, batch, low_accuracy, quick))
        return known

    def _identify(self, codes: tuple[str, ...], texts: list[str], low_accuracy: bool,
                  quick: bool) -> dict[str, tuple[float, ...]]:
        if len(self._confidences) + len(texts) > _CACHE_LIMIT:
            self._confidences.clear()
        found = {}
        for text, row in zip(texts, self._lingua_rows(codes, texts, low_accuracy)):
            found[text] = self._confidences[(codes, quick, text)] = self._new[(codes, quick, text)] = row
        return found

    def _look_rows(self, codes: tuple[str, ...], texts: list[str]) -> list[tuple[float, ...]]:
        """lingua's low-accuracy confidences of the words and trigrams the trigram look learns (remembered
        like other identifications, so that a file edited since the last run seldom needs lingua at all)."""
        missing = [text for text in texts if (codes, _LOOK, text) not in self._confidences]
        for text, row in zip(missing, self._lingua_rows(codes, missing, True) if missing else ()):
            self._confidences[(codes, _LOOK, text)] = self._new[(codes, _LOOK, text)] = row
        return [self._confidences[(codes, _LOOK, text)] for text in texts]

    def learned(self) -> list[list]:
        """The identifications lingua made in this run, as JSON rows (kept across runs by the results cache:
        after an edit, the unchanged texts of a file need no lingua, and its big models are not loaded)."""
        return [[list(codes), quick, sample, list(row)] for (codes, quick, sample), row in self._new.items()]

    def take_learned(self) -> list[list]:
        """``learned``, then forgotten as new (a worker hands what it learned to the process running the pool)."""
        rows = self.learned()
        self._new.clear()
        return rows

    def adopt(self, rows: list[list]) -> None:
        """Take identifications a worker process made in this run (rows of ``learned``): remembered, and saved
        with this process's own (see ``learned``)."""
        for row in rows:
            codes, quick, sample, values = row
            key = (tuple(codes), quick, sample)
            self._confidences[key] = self._new[key] = tuple(values)

    def remember(self, rows: Iterable) -> None:
        """Take identifications of earlier runs (rows of ``learned``); malformed rows are skipped."""
        for row in rows:
            try:
                codes, quick, sample, values = row
                key = (tuple(codes), quick if quick == _LOOK else bool(quick), sample)
                if isinstance(sample, str) and len(values) == len(key[0]):
                    self._confidences[key] = tuple(float(value) for value in values)
            except (TypeError, ValueError):
                continue

    def _lingua_rows(self, codes: tuple[str, ...], texts: list[str], low_accuracy: bool) -> list[tuple[float, ...]]:
        """lingua's confidences of each text, in the order of ``codes`` (0.0 for a language it leaves out)."""
        detector = _detector(codes, low_accuracy)
        if self.threads and not low_accuracy:
            _load_models_at_once(codes, detector)
        if self.threads and len(texts) >= _PARALLEL_FROM:
            results = detector.compute_language_confidence_values_in_parallel(texts)
        else:
            results = [detector.compute_language_confidence_values(text) for text in texts]
        position = {_LINGUA_NAMES[code]: index for index, code in enumerate(codes)}
        rows = []
        for values in results:
            row = [0.0] * len(codes)
            for value in values:
                row[position[value.language.name]] = value.value
            rows.append(tuple(row))
        return rows

    def _trigram_look(self, codes: tuple[str, ...]) -> TrigramLook | None:
        """The quick look from cached trigram scores; None unless the detector is lingua's own (the look
        follows lingua's algorithm, so another detector, such as a test's stand-in, is always asked)."""
        if codes not in self._looks:
            from lingua import LanguageDetector

            genuine = isinstance(_detector(codes, True), LanguageDetector)
            self._looks[codes] = TrigramLook(len(codes), lambda texts: self._look_rows(codes, texts)) \
                if genuine else None
        return self._looks[codes]


def language_name(code: str) -> str:
    """An English name for a language tag, for messages ("tr" → "Turkish"); the tag itself when unknown."""
    name = _LINGUA_NAMES.get(primary_subtag(code))
    return name.title() if name else code
