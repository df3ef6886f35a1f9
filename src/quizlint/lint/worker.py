"""The worker side of a lint run in several processes: a worker of the pool, or the early worker that lints the
few files changed since the last run (see ``runner``). Kept apart from the runner so that a worker forked as
quizlint starts (``prestart``) imports only what linting needs, not the command line's configuration."""

from __future__ import annotations

import gc
from pathlib import Path

from quizlint.lint.engine import FileResult, lint_file
from quizlint.lint.services import Services

_state: dict = {}


def init_pool_worker(selection, glossary, known: list) -> None:
    gc.disable()  # see cycle_collector_paused; a worker ends with the run
    _state.update(selection=selection, glossary=glossary, services=_services(known))


def _services(known: list) -> Services:
    # the pool keeps every core busy: lingua's batch calls in a worker need no threads of their own
    services = Services(threads=False, defer_full_looks=True)
    services.remember(known)
    return services


def prepare_early_worker(root: Path) -> None:
    """Start an early worker before it has work: the models' validators, the rule modules, and the language
    identifications of earlier runs (from the cache under ``root``)."""
    gc.disable()  # (as in init_pool_worker; the imports run faster too)
    from quizlint.lint.cache import IdentificationCache
    from quizlint.model.build import prepare_validators
    from quizlint.rules.base import all_rules

    prepare_validators()
    all_rules()
    _state["services"] = _services(IdentificationCache(root).rows)


def lint_batch(todo: list[tuple[str, str]], selection, glossary_source: tuple | None) -> list[FileResult]:
    """Lint ``todo`` in an early worker, which loads the glossary itself from its (path, bytes) (its findings
    are the run's to report)."""
    from quizlint.bank import load_glossary

    _state.update(selection=selection, glossary=load_glossary(*glossary_source)[0] if glossary_source else None)
    return lint_chunk(todo)


def lint_chunk(jobs: list[tuple[str, str]]) -> list[FileResult]:
    return [_lint_one(job) for job in jobs]


def _lint_one(job: tuple[str, str]) -> FileResult:
    path, display = job
    services = _state["services"]
    result = lint_file(path, display, _state["selection"], _state["glossary"], services)
    result.learned = services.take_learned()
    return result
