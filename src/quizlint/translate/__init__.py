"""The translation workflow: machine-translate missing texts, protect what must not change, track review.

Imported only by ``quizlint translate`` and ``quizlint review``; never by the lint path (deep-translator and
requests are imported lazily, inside the provider code).
"""
