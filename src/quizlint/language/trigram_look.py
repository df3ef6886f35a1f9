"""lingua's quick look (low-accuracy mode), answered from cached trigram scores instead of one call per text.

In low-accuracy mode lingua scores a text, per language, by the sum of the log-probabilities of the distinct
trigrams of its words (words are the runs of letters of the lowercased text; a trigram never crosses a word)
that the language's model knows; a language that knows none of them is left out, and the scores become
confidences by a softmax. Before that, rules may decide: letters that only some of the languages use (ğ, ş,
ı, ö for Turkish among English and Turkish), in enough of the words, make lingua answer 1.0 for one language.

So a bank needs lingua once per distinct word and trigram, not once per text: a word's own look tells
whether it can trigger a rule, and a trigram's look — the trigram among one-letter filler words, which carry
no trigram and keep one word from deciding anything, with a reference trigram when some language does not
know it — gives its score differences and which languages know it. A text's confidences then follow exactly
from the scores of its trigrams when no word of it can trigger a rule; when its words can trigger rules for
the declared language only, no rule can decide against that language, so a confident sum still confirms it.
Everything else (a word that can trigger a rule for another language, a letter outside the scripts handled
here, a sum within rounding of the threshold) is left to lingua itself: the verdict is then ``None``.
"""

from __future__ import annotations

import math
import re
from itertools import chain
from typing import Callable, NamedTuple, Sequence

from quizlint.memo import Memo

# One-letter words carry no trigram, and count as words: one rule-triggering word among them decides nothing.
_FILLER = " a b c d e f g h"
# Reference trigrams (each a word by itself): the first that every language knows measures the others.
_REFERENCES = ("ter", "ion", "ent", "and", "ama", "ani", "est", "ste", "tra", "per")
_LETTER_RUNS = re.compile(r"[^\W\d_]+")
# Scripts whose words lingua splits exactly as ``lingua_words`` does (Latin, Greek, Cyrillic).
_SCRIPT_LIMIT = "\u0530"
# A confidence this close (in log-odds) to the threshold is left to lingua: sums in another order may differ.
_TOLERANCE = 1e-6
# Tokens remembered by the two-language look before it starts afresh (bounds its memory on huge banks).
_TOKEN_LIMIT = 200_000

NORMAL = -1  # the word alone gets a confidence for every language: it cannot trigger a rule
OPAQUE = -2  # the word is outside what this module models: texts with it go to lingua

Identify = Callable[[list[str]], Sequence[Sequence[float]]]


class WordLook(NamedTuple):
    decided: int  # NORMAL, OPAQUE, or the index of the only language lingua gives the word alone
    trigrams: frozenset[str]
    scores: tuple[float, ...]  # the sum of its trigrams' scores, per language
    known: int  # bit mask of the languages that know one of its trigrams
    opaque: bool  # one of its trigrams is not modelled


def lingua_words(text: str) -> list[str]:
    """The words lingua sees in ``text``: the maximal runs of letters of the lowercased text."""
    words = _LETTER_RUNS.findall(text.lower())
    if "".join(words).isalpha() or not words:
        return words
    split: list[str] = []  # numeric characters such as "²" are word characters for ``\\w``, not letters
    for word in words:
        split.extend([word] if word.isalpha() else
                     _LETTER_RUNS.findall("".join(ch if ch.isalpha() else " " for ch in word)))
    return split


def trigrams_of(word: str) -> frozenset[str]:
    return frozenset(word[index:index + 3] for index in range(len(word) - 2))


class TrigramLook:
    """Quick-look verdicts for one set of languages, from looks at words and trigrams cached for the run.

    ``identify(texts)`` returns, per text, lingua's low-accuracy confidences in the order of the languages
    (zeros for languages lingua leaves out).
    """

    def __init__(self, languages: int, identify: Identify):
        self.languages = languages
        self._identify = identify
        self._all = (1 << languages) - 1
        self._words: dict[str, WordLook] = {}
        self._scores: list[dict[str, float]] = [{} for _ in range(languages)]  # per language: trigram → score
        self._known_by: dict[str, int] = {}  # trigrams some language does not know → bit mask of those that do
        self._opaque: set[str] = set()
        self._reference: tuple[str, list[float]] | None = None
        # lingua's words of a text are those of its whitespace-separated tokens, one after the other
        self._token_words = Memo(lingua_words)
        # for two languages: the words whose trigrams both languages know, with their trigrams; the score
        # differences (first minus second) of trigrams; the words that trigger a rule for each language
        self._paired_words: set[str] = set()
        self._trigram_sets: dict[str, frozenset[str]] = {}
        self._trigram_differences: dict[str, float] = {}
        self._decided: tuple[set[str], ...] = tuple(set() for _ in range(languages))
        # the same per whitespace-separated token (two languages), its trigrams with their score differences (a
        # text's trigrams are then a merge of its tokens' dictionaries, without looking the differences up): see
        # ``_pair_verdicts``
        self._token_differences: dict[str, dict[str, float]] = {}
        self._unpaired_tokens: set[str] = set()
        self._decided_tokens: tuple[set[str], ...] = tuple(set() for _ in range(languages))
        # per language, per token: how much its trigrams' score differences favour the language; and how much they
        # favour the other one, infinite for a token that keeps a text declared in the language from a sum
        # (unpaired, or with a word that may decide for the other language), which no bound then settles
        self._leanings: tuple[dict[str, float], ...] = tuple({} for _ in range(languages))
        self._against: tuple[dict[str, float], ...] = tuple({} for _ in range(languages))

    def verdicts(self, samples: Sequence[str], declared: Sequence[int], threshold: float) -> list[bool | None]:
        """Per sample: True when lingua's quick look gives the declared language (an index, -1 for none) a
        confidence of at least ``threshold``, False when it surely gives less, None when only lingua can tell."""
        return self.token_verdicts([sample.split() for sample in samples], declared, threshold)

    def token_verdicts(self, samples: Sequence[list[str]], declared: Sequence[int],
                       threshold: float) -> list[bool | None]:
        """``verdicts`` of samples given as their whitespace-separated tokens."""
        if self.languages == 2:
            return self._pair_verdicts(samples, declared, threshold)
        words = [self._words_of_tokens(tokens) for tokens in samples]
        self.learn({word for sample_words in words for word in sample_words})
        return [self._verdict(sample_words, lang, threshold) if lang >= 0 else None
                for sample_words, lang in zip(words, declared)]

    def _pair_verdicts(self, samples: Sequence[list[str]], declared: Sequence[int],
                       threshold: float) -> list[bool | None]:
        """``verdicts`` for two languages, per token rather than per word: a token's trigrams are worked out
        once for the run, so that most texts cost a bound from their tokens' leanings, else a merge of their
        trigrams and a sum of their score differences (lingua counts a trigram once per text). Texts with a token
        that has a word without pair differences, or a word that may trigger one of lingua's rules for the
        other language, take ``_blocked_verdict``."""
        odds = math.log(threshold / (1 - threshold))
        # a lower bound of a text's sum this far above ``odds`` settles it as the sum would, in whatever order
        # the sum is added up
        clear = odds + 2 * _TOLERANCE
        leanings = [leaning.__getitem__ for leaning in self._leanings]
        against = [opposed.__getitem__ for opposed in self._against]
        results: list[bool | None] = []
        unlearned: list[int] = []  # the texts with a token not learned yet: told once their tokens are learned
        for tokens, lang in zip(samples, declared):
            if lang < 0:
                results.append(None)
                continue
            # (infinite exactly when a token blocks the sum: see ``_against``; a KeyError for a token not learned,
            # which a bank's texts after its first few seldom have)
            try:
                opposed = sum(map(against[lang], tokens))
            except KeyError:
                unlearned.append(len(results))
                results.append(None)
                continue
            if opposed == math.inf:
                results.append(self._blocked_verdict(tokens, lang, threshold))
                continue
            # the union of the tokens' trigrams has all those of the token that favours the declared language
            # most, and of the trigrams that favour the other language, at most those of every token
            # (``max`` without ``default=``: a builtin called with a keyword parses its arguments slowly)
            strongest = max(map(leanings[lang], tokens)) if tokens else 0.0
            if strongest > 0.0 and strongest - opposed >= clear:
                results.append(True)
            else:
                results.append(self._summed_verdict(tokens, lang, odds))
        if unlearned:
            unlearned_samples = [samples[index] for index in unlearned]
            self._learn_tokens_of(unlearned_samples)
            verdicts = self._pair_verdicts(unlearned_samples, [declared[index] for index in unlearned], threshold)
            for index, verdict in zip(unlearned, verdicts):
                results[index] = verdict
        return results

    def _learn_tokens_of(self, samples: list[list[str]]) -> None:
        """Learn the tokens of ``samples`` not learned yet, in one batch (starting afresh beyond ``_TOKEN_LIMIT``)."""
        new = set().union(*samples).difference(self._token_differences, self._unpaired_tokens)
        if len(self._token_differences) + len(new) > _TOKEN_LIMIT:
            self._forget_tokens()
            new = set().union(*samples)
        self._learn_tokens(new)

    def _summed_verdict(self, tokens: list[str], lang: int, odds: float) -> bool | None:
        """The verdict from the sum of the score differences of the tokens' trigrams. A word that may trigger a
        rule for the declared language (only) keeps a text from False: the rule may decide for it."""
        union: dict[str, float] = {}  # (lingua counts a trigram once per text)
        for differences in map(self._token_differences.__getitem__, tokens):
            union |= differences
        if union:
            total = sum(union.values())
            margin = (total if lang == 0 else -total) - odds
            if margin >= _TOLERANCE:
                return True
            if margin > -_TOLERANCE:
                return None  # within rounding of the threshold: lingua tells
        # the declared language surely falls short (or no trigram: lingua finds nothing), unless a rule decides
        return False if self._decided_tokens[lang].isdisjoint(tokens) else None

    def _blocked_verdict(self, tokens: list[str], lang: int, threshold: float) -> bool | None:
        if not self._unpaired_tokens.isdisjoint(tokens):
            return self._verdict(self._words_of_tokens(tokens), lang, threshold)
        return None  # a rule may decide for the other language

    def _words_of_tokens(self, tokens: list[str]) -> list[str]:
        return list(chain.from_iterable(map(self._token_words.__getitem__, tokens)))

    def _learn_tokens(self, tokens: set[str]) -> None:
        """Per new token: its trigrams and its leanings, when every word of it has pair differences (else it is
        unpaired, and texts with it take ``_verdict``); which languages its words may make lingua decide for."""
        words_of = {token: self._token_words[token] for token in tokens}
        self.learn(set().union(*words_of.values()))
        for token, words in words_of.items():
            if not self._paired_words.issuperset(words):
                self._unpaired_tokens.add(token)
                for against in self._against:
                    against[token] = math.inf
                continue
            trigrams = frozenset().union(*map(self._trigram_sets.__getitem__, words))
            differences = self._token_differences[token] = {trigram: self._trigram_differences[trigram]
                                                            for trigram in trigrams}
            self._leanings[0][token] = sum((value for value in differences.values() if value > 0.0), 0.0)
            self._leanings[1][token] = sum((-value for value in differences.values() if value < 0.0), 0.0)
            for lang, against in enumerate(self._against):
                against[token] = self._leanings[1 - lang][token]
            for lang, decided in enumerate(self._decided):
                if not decided.isdisjoint(words):
                    self._decided_tokens[lang].add(token)
                    self._against[1 - lang][token] = math.inf

    def _forget_tokens(self) -> None:
        self._token_differences.clear()
        self._unpaired_tokens.clear()
        for memory in (*self._decided_tokens, *self._leanings, *self._against):
            memory.clear()

    def scores(self, words: Sequence[str]) -> tuple[list[float], int] | None:
        """Per-language scores (up to a common constant) of a text made of ``words`` (learned), and the bit
        mask of the languages that know one of its trigrams; None when it has no modelled trigram."""
        return self._scores_of([self._words[word] for word in dict.fromkeys(words)])

    def _scores_of(self, looks: list[WordLook]) -> tuple[list[float], int] | None:
        known = 0
        for look in looks:
            if look.opaque:
                return None
            known |= look.known
        if not known:
            return None  # no trigram
        if len(looks) == 1:
            return list(looks[0].scores), known
        sets = [look.trigrams for look in looks]
        union = frozenset().union(*sets)
        if len(union) == sum(map(len, sets)):  # no trigram shared by two words: add up the words
            return [sum(column) for column in zip(*[look.scores for look in looks])], known
        return [sum(map(table.__getitem__, union)) for table in self._scores], known

    def _verdict(self, words: list[str], declared: int, threshold: float) -> bool | None:
        looks = [self._words[word] for word in dict.fromkeys(words)]
        decided = False
        for look in looks:
            if look.decided != NORMAL:
                if look.decided != declared:
                    return None  # OPAQUE, or a rule may decide for another language
                decided = True
        found = self._scores_of(looks)
        if found is None:
            # no trigram: lingua finds nothing unless a rule decides
            return None if decided or any(look.opaque for look in looks) else False
        scores, known = found
        if not known >> declared & 1:
            return None if decided else False
        own = scores[declared]
        others = sum(math.exp(score - own) for index, score in enumerate(scores)
                     if index != declared and known >> index & 1)
        # confidence = 1 / (1 + others) >= threshold  <=>  log(others) <= log(1 / threshold - 1)
        distance = (math.log(others) if others > 0 else -math.inf) - math.log(1 / threshold - 1)
        if distance <= -_TOLERANCE:
            return True
        if distance >= _TOLERANCE and not decided:
            return False  # no rule can fire: lingua's answer is this sum
        return None

    # -- learning words and trigrams (lingua in batches)

    def learn(self, words: set[str]) -> None:
        new = sorted(word for word in words if word not in self._words)
        if not new:
            return
        modelled = [word for word in new if max(word) < _SCRIPT_LIMIT]
        decisions = dict(zip(modelled, self._identify(modelled))) if modelled else {}
        trigrams = {word: trigrams_of(word) for word in modelled}
        self._learn_trigrams(sorted({trigram for word in modelled for trigram in trigrams[word]
                                     if trigram not in self._scores[0] and trigram not in self._opaque}))
        for word in new:
            if word not in decisions:
                self._words[word] = WordLook(OPAQUE, frozenset(), (0.0,) * self.languages, 0, True)
                continue
            own = trigrams[word]
            opaque = not own.isdisjoint(self._opaque)
            scores = tuple(0.0 for _ in self._scores) if opaque else tuple(
                sum(table[trigram] for trigram in own) for table in self._scores)
            known = 0
            for trigram in own:
                known |= self._known_by.get(trigram, self._all)
            look = self._words[word] = WordLook(self._decision(decisions[word], len(word)), own, scores, known, opaque)
            if look.decided >= 0:
                self._decided[look.decided].add(word)
            if self.languages == 2 and look.decided != OPAQUE and known in (0, self._all) and not opaque:
                self._paired_words.add(word)
                self._trigram_sets[word] = own

    @staticmethod
    def _decision(confidences: Sequence[float], length: int) -> int:
        if all(value > 0.0 for value in confidences):
            return NORMAL
        if not any(confidences):
            return NORMAL if length < 3 else OPAQUE  # a short word has no trigram; a longer one must have
        winners = [index for index, value in enumerate(confidences) if value > 0.0]
        return winners[0] if len(winners) == 1 and confidences[winners[0]] == 1.0 else OPAQUE

    def _learn_trigrams(self, trigrams: list[str]) -> None:
        if not trigrams:
            return
        alone = dict(zip(trigrams, self._identify([trigram + _FILLER for trigram in trigrams])))
        partial = [trigram for trigram in trigrams if not all(value > 0.0 for value in alone[trigram])]
        reference = self._reference_look() if partial else None
        measured = {}
        if reference is not None:
            partial = [trigram for trigram in partial if trigram != reference[0]]
            texts = [f"{trigram} {reference[0]}{_FILLER}" for trigram in partial]
            measured = dict(zip(partial, self._identify(texts)))
        for trigram in trigrams:
            confidences = alone[trigram]
            if all(value > 0.0 for value in confidences):
                self._store(trigram, [math.log(value) for value in confidences], self._all)
                continue
            together = measured.get(trigram)
            if reference is None or together is None or not all(value > 0.0 for value in together):
                self._opaque.add(trigram)
                continue
            known = sum(1 << index for index, value in enumerate(confidences) if value > 0.0)
            self._store(trigram, [math.log(value) - base for value, base in zip(together, reference[1])], known)

    def _store(self, trigram: str, scores: list[float], known: int) -> None:
        for table, score in zip(self._scores, scores):
            table[trigram] = score
        if self.languages == 2:
            self._trigram_differences[trigram] = scores[0] - scores[1]
        if known != self._all:
            self._known_by[trigram] = known

    def _reference_look(self) -> tuple[str, list[float]] | None:
        if self._reference is None:
            for candidate, confidences in zip(_REFERENCES, self._identify([ref + _FILLER for ref in _REFERENCES])):
                if all(value > 0.0 for value in confidences):
                    self._reference = (candidate, [math.log(value) for value in confidences])
                    break
        return self._reference
