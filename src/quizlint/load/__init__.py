"""Stage 1: read quiz and glossary files safely and compose them into plain data with positions."""

from quizlint.load.discover import find_quiz_files
from quizlint.load.document import Document, LoadLimits, load_document, load_source, load_text, read_source

__all__ = ["Document", "LoadLimits", "find_quiz_files", "load_document", "load_source", "load_text", "read_source"]
