"""quizlint: lint, translate and export bilingual multiple-choice quiz banks kept as YAML."""

__version__ = "0.2.0"
