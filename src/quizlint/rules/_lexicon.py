"""The word lists moved to :mod:`quizlint.lexicon` (``fix`` and ``export`` use them too); this alias keeps
imports written against the old place working."""

from quizlint.lexicon import *  # noqa: F401,F403
