"""A bounded memo of a one-argument function: the per-word and per-token work of the linter is done once per
distinct word of a bank (a bank has far fewer distinct words than texts), then it is one dictionary look-up."""

from __future__ import annotations

from typing import Any, Callable


class Memo(dict):
    """``memo[key]`` is ``function(key)``, computed on first use; emptied when it reaches ``limit`` entries.

    The limit bounds memory, not speed: a bank's texts bring one-off tokens without end (numbers, names, a run's
    number in every stem), each worker of a pool keeps its own memos, and an entry costs about 100 bytes. Emptying
    costs at most one more call per entry added, and the common words are back after a few texts."""

    def __init__(self, function: Callable[[Any], Any], limit: int = 20_000):
        super().__init__()
        self.function, self.limit = function, limit

    def __missing__(self, key: Any) -> Any:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.function(key)
        return value
