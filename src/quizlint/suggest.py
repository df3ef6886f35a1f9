"""Did-you-mean: the known names closest to a mistyped one (``explenation`` → ``explanation``,
``wrong-langauge`` → ``wrong-language``, ``multi`` → ``multiple``), for every message that names an unknown key,
value, rule, option or setting. Matching ignores case (``t04`` finds ``T004``); the names are shown as they
are spelled where they are defined."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

CUTOFF = 0.6  # difflib's ratio below which a name is not offered (as get_close_matches: `explenation` scores 0.91)
CLOSE_AS_THE_BEST = 0.05  # how much less than the best a name may score and still be offered beside it


def close_names(word: str, known: Iterable[str], limit: int = 3, cutoff: float = CUTOFF) -> list[str]:
    """The known names closest to ``word``, best first (none when ``word`` is itself known)."""
    spelled = {}
    for name in known:
        spelled.setdefault(str(name).casefold(), str(name))
    wanted = str(word).strip().casefold()
    if not wanted or str(word) in spelled.values():
        return []
    if wanted in spelled:  # (only the case differs: `Multiple` is `multiple`)
        return [spelled[wanted]]
    scored = []
    matcher = difflib.SequenceMatcher(b=wanted)
    for key in spelled:
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() >= cutoff and matcher.quick_ratio() >= cutoff and matcher.ratio() >= cutoff:
            scored.append((matcher.ratio(), key))
    scored.sort(key=lambda pair: (-pair[0], pair[1]))
    # (only the names about as close as the best: `absolute-term` is `absolute-terms`, not also `vague-terms`)
    return [spelled[key] for ratio, key in scored[:limit] if ratio >= scored[0][0] - CLOSE_AS_THE_BEST]


def did_you_mean(word: str, known: Iterable[str], quote: bool = True, cutoff: float = CUTOFF) -> str:
    """``"; did you mean 'explanation'?"`` (or ``"; did you mean 'a' or 'b'?"``), or ``""`` when no known name
    is close: appended to a message that names an unknown ``word``. (A higher ``cutoff`` where a word other than
    a typo is likely: ``enable`` is not a misspelt ``disable``.)"""
    found = close_names(word, known, cutoff=cutoff)
    if not found:
        return ""
    shown = [repr(name) if quote else name for name in found]
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]
    return f"; did you mean {listed}?"


def rule_did_you_mean(key: str) -> str:
    """:func:`did_you_mean` among the codes and names of every rule (and the checks of suppression comments)."""
    from quizlint.rules.base import rules_by_key

    return did_you_mean(key, rules_by_key(), quote=False)


__all__ = ["close_names", "did_you_mean", "rule_did_you_mean"]
