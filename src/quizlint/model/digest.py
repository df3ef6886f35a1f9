"""The source digest: which source-language texts a translation was made from (one implementation, used by
the staleness rule, the translation workflow and review)."""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING

from quizlint.model.texts import item_text_fields, text_in

if TYPE_CHECKING:  # annotations only
    from quizlint.model.types import Item
from quizlint.text import nfc

DIGEST_LENGTH = 8


def source_digest(item: Item, source_language: str) -> str:
    parts = [
        [list(field.path), nfc(text_in(field.value, source_language) or "")] for field in item_text_fields(item)
    ]
    payload = json.dumps(parts, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return hashlib.sha256(payload).hexdigest()[:DIGEST_LENGTH]


def is_current_digest(recorded: str, digest: str) -> bool:
    """A recorded digest matches when it starts with the current one (longer digests are accepted)."""
    return recorded.lower()[: len(digest)] == digest
