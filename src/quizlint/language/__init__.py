"""Language identification for the rules: lingua restricted to a quiz's languages, with quick looks from cached
trigram scores (``trigram_look``) and a run-wide memory of answers (``identify.Services``), which the results
cache keeps across runs."""
