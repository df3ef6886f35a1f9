"""The on-disk translation cache: a rerun does not pay twice for the same text.

One small JSON file per answer under ``.quizlint_cache/translate/``, named by the SHA-256 of (provider,
source language, target language, text sent). The entry repeats its key, so a collision or a corrupt file is
a miss, never a wrong translation. ``.quizlint_cache/.gitignore`` (``*``) keeps the cache out of git. Only
answers whose text passed every check are stored, and a rejected one is dropped
(:class:`~quizlint.translate.workflow.TextTranslator`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from quizlint.io import write_atomic
from quizlint.lint.cache import ensure_cache_dir

FORMAT = 1

class TranslationCache:
    def __init__(self, root: Path, provider: str):
        self.directory = ensure_cache_dir(root) / "translate"
        self.provider = provider
        self.hits = 0

    def _key(self, source: str, target: str, text: str) -> dict:
        return {"format": FORMAT, "provider": self.provider, "source": source, "target": target, "text": text}

    def _path(self, key: dict) -> Path:
        digest = hashlib.sha256(json.dumps(key, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()
        return self.directory / digest[:2] / f"{digest}.json"

    def get(self, source: str, target: str, text: str) -> str | None:
        key = self._key(source, target, text)
        try:
            entry = json.loads(self._path(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != key or not isinstance(entry.get("translation"), str):
            return None
        self.hits += 1
        return entry["translation"]

    def put(self, source: str, target: str, text: str, translation: str) -> None:
        key = self._key(source, target, text)
        entry = {"key": key, "translation": translation}
        try:
            write_atomic(self._path(key), json.dumps(entry, ensure_ascii=False, indent=1) + "\n")
        except OSError:
            pass  # a cache that cannot be written only costs a request next time

    def drop(self, source: str, target: str, text: str) -> None:
        """Forget the answer for ``text`` (it was rejected): the next run asks the provider again."""
        try:
            self._path(self._key(source, target, text)).unlink(missing_ok=True)
        except OSError:
            pass  # then the next run is served the same answer, and rejects it again


class NoCache:
    hits = 0

    def get(self, source: str, target: str, text: str) -> str | None:
        return None

    def put(self, source: str, target: str, text: str, translation: str) -> None:
        return None

    def drop(self, source: str, target: str, text: str) -> None:
        return None
