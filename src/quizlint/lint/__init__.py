"""Stage 3: the linter: engine, contexts, suppressions and reports (rules live in ``quizlint.rules``)."""
