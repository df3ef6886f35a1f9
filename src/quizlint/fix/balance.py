"""Planning the rebalancing of answer positions: which items move their key, and to which position.

The position-bias rules (key-position-bias, key-middle-bias) count, per number of options, where the key of
each single-answer item sits, in each quiz file and over the whole bank. The plan makes both levels as even
as possible while moving as few keys as possible:

1. Each quiz file gets target counts per position, as equal as possible: ``total // n`` keys everywhere and
   the ``total % n`` remaining keys ("extras") in distinct positions. Items that count but may not move (their
   options are numbers, whose order is meaningful) keep their keys; the other positions are filled around them.
2. Which positions of which file take the extras is decided for the whole bank at once, as a min-cost flow:
   first the bank's counts must be as even as possible (least sum of squares), then as many extras as
   possible go where a file already has a key to spare (each such extra saves a move), and remaining ties are
   broken by a stable hash of the bank's quiz ids and the position — deterministic, and not always the middle.
   Files that are alike for this choice are pooled (:class:`_Kind`), so the flow stays small on large banks.
3. Each file then moves the keys it has too many of, in over-full positions, to its under-full positions;
   the items that move are the ones with the smallest stable hash of their quiz and item ids.

The result is the minimum number of moves for those targets: every moved key leaves an over-full position
and enters an under-full one. A move is a swap of two options (see :mod:`quizlint.fix.plan`).

The position-bias rules plan the same way to tell which of their findings ``quizlint fix`` would move a key
for (:func:`fixable_groups`): only those are marked fixable.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Callable, Container, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from quizlint.fix.flow import MinCostFlow
from quizlint.rules._bank_scope import is_movable_item

if TYPE_CHECKING:
    from quizlint.lint.context import ItemSummary, QuizSummary

Ref = tuple[int, int]  # (index of the quiz in the bank, index of the item among the quiz's items)

_TIE_RANGE = 1024


class Candidate(NamedTuple):
    """A single-answer item that the position-bias rules count. (A tuple: the rules plan a bank of 10,000
    items on every lint run that reports a bias, see ``fixable_groups``.)"""

    ref: Hashable  # how the caller finds the item again
    file: str  # its quiz file: each file is balanced on its own as well as with the bank
    quiz: str  # the quiz id (stable seed for tie-breaking)
    item: str  # the item id (stable seed for choosing which items move)
    n_options: int
    key: int  # the key's position, 0-based
    movable: bool  # False: it counts, but its options must stay in their order


def bank_candidates(quizzes: Sequence[QuizSummary], may_move: Callable[[Ref, ItemSummary], bool],
                    files: Container[str] | None = None) -> list[Candidate]:
    """The items of the bank (of its ``files`` only, if given) that the position-bias rules count, as the planner
    sees them: an item may move when ``may_move(ref, item)`` (a rule reports its group, and nothing else keeps it)
    and its options' order means nothing (see :attr:`ItemSummary.ordered`: numbers, "none of the above"…)."""
    return [Candidate((quiz_index, position), item.file, item.quiz, item.item, item.n_options, item.keys[0],
                      not item.ordered and may_move((quiz_index, position), item))
            for quiz_index, quiz in enumerate(quizzes) if files is None or quiz.file in files
            for position, item in enumerate(quiz.items) if is_movable_item(item)]


def fixable_groups(quizzes: list[QuizSummary], groups: list[list[ItemSummary]],
                   kept_in_place: frozenset[tuple[str, str]] = frozenset()) -> list[bool]:
    """For each group of items a position-bias rule reports in the bank ``quizzes``, whether ``quizlint fix``
    moves one of its keys when it rebalances those groups: whether the finding is fixable. (It is not when the
    keys that cannot move make the bias: among them those of ``kept_in_place``, the (file, item id) of the items
    where a rule that moves keys is disabled.)"""
    reported = {id(item) for group in groups for item in group}
    touched = {item.file for group in groups for item in group}
    # only the files with a reported item may move keys: the others count as their keys stand (``settled``)
    moves = plan_rebalance(bank_candidates(quizzes, lambda _ref, item: id(item) in reported
                                           and (item.file, item.item) not in kept_in_place, touched),
                           settled_keys(quiz for quiz in quizzes if quiz.file not in touched))
    moved = {id(quizzes[quiz_index].items[position]) for quiz_index, position in (move.ref for move in moves)}
    return [any(id(item) in moved for item in group) for group in groups]


class Settled(NamedTuple):
    """Keys that stay where they are, as the planner counts them: per (number of options, key position), how many;
    per number of options, the quizzes they are in."""

    counts: dict[tuple[int, int], int]
    quizzes: dict[int, set[str]]


def settled_keys(quizzes: Iterable[QuizSummary]) -> Settled:
    """The keys of the items of ``quizzes`` that the position-bias rules count, as keys that do not move."""
    counts: Counter[tuple[int, int]] = Counter()
    quiz_ids: dict[int, set[str]] = defaultdict(set)
    for quiz in quizzes:
        items = list(filter(is_movable_item, quiz.items))
        counts.update((item.n_options, item.keys[0]) for item in items)
        for n_options, quiz_id in {(item.n_options, item.quiz) for item in items}:
            quiz_ids[n_options].add(quiz_id)
    return Settled(counts, quiz_ids)


@dataclass(frozen=True)
class Move:
    ref: Hashable
    source: int
    target: int


@dataclass(frozen=True)
class FileTargets:
    """A file's even target counts before the extras: ``base`` per position, ``spare`` extras to place at
    distinct positions among ``eligible``."""

    base: tuple[int, ...]
    spare: int
    eligible: tuple[int, ...]


def stable_rank(*parts: object) -> bytes:
    """A hash that is the same on every machine and in every run (unlike ``hash()``)."""
    return hashlib.sha256("\0".join(map(str, parts)).encode("utf-8")).digest()


def even_targets(total: int, floors: Sequence[int]) -> FileTargets:
    """Counts as equal as possible that add up to ``total``, with at least ``floors[p]`` at position ``p``
    (keys that cannot move)."""
    level = 0
    while sum(max(floor, level + 1) for floor in floors) <= total:
        level += 1
    base = tuple(max(floor, level) for floor in floors)
    eligible = tuple(position for position, floor in enumerate(floors) if floor <= level)
    return FileTargets(base, total - sum(base), eligible)


def plan_rebalance(candidates: Iterable[Candidate], settled: Settled = Settled({}, {})) -> list[Move]:
    """The key moves that balance ``candidates``, per number of options (see the module documentation), with the
    keys of ``settled`` counted as well, where they stand (the same plan as with them among ``candidates``, not
    movable)."""
    groups: dict[int, list[Candidate]] = defaultdict(list)
    for candidate in candidates:
        groups[candidate.n_options].append(candidate)
    moves: list[Move] = []
    for n_options in sorted(groups):
        moves.extend(_plan_group(n_options, groups[n_options], settled))
    return moves


@dataclass
class _File:
    name: str
    quiz: str
    movable: list[Candidate]
    counts: list[int]  # movable keys per position
    floors: list[int]  # immovable keys per position
    targets: FileTargets | None = None


def _files(n_options: int, candidates: list[Candidate]) -> list[_File]:
    files: dict[str, _File] = {}
    for candidate in candidates:
        entry = files.get(candidate.file)
        if entry is None:
            entry = files[candidate.file] = _File(candidate.file, candidate.quiz, [], [0] * n_options,
                                                  [0] * n_options)
        if candidate.movable:
            entry.movable.append(candidate)
            entry.counts[candidate.key] += 1
        else:
            entry.floors[candidate.key] += 1
    ordered = sorted(files.values(), key=lambda entry: (entry.quiz, entry.name))
    for entry in ordered:
        entry.targets = even_targets(len(entry.movable) + sum(entry.floors), entry.floors)
    return ordered


def _plan_group(n_options: int, candidates: list[Candidate], settled: Settled) -> list[Move]:
    files = [entry for entry in _files(n_options, candidates) if entry.movable]
    planned = {entry.name for entry in files}
    # files with nothing to move count as they are
    bank_floor = [settled.counts.get((n_options, position), 0) for position in range(n_options)]
    for candidate in candidates:
        if candidate.file not in planned:
            bank_floor[candidate.key] += 1
    seed = "\n".join(sorted({candidate.quiz for candidate in candidates} | settled.quizzes.get(n_options, set())))
    extras = choose_extras(n_options, [entry.targets for entry in files], [entry.counts for entry in files],
                           [entry.floors for entry in files], [entry.quiz for entry in files], bank_floor, seed)
    moves: list[Move] = []
    for entry, chosen in zip(files, extras):
        assert entry.targets is not None
        wanted = [entry.targets.base[p] - entry.floors[p] + (1 if p in chosen else 0) for p in range(n_options)]
        moves.extend(_moves_in_file(entry, wanted))
    return moves


@dataclass(frozen=True)
class _Kind:
    """Files that are interchangeable when placing extras: same number of extras, same eligible positions,
    and the same positions where an extra saves a move (where the file has a key to spare)."""

    spare: int
    eligible: tuple[int, ...]
    saving: tuple[int, ...]


def choose_extras(n_options: int, targets: Sequence[FileTargets], counts: Sequence[Sequence[int]],
                  floors: Sequence[Sequence[int]], quizzes: Sequence[str], bank_floor: Sequence[int] = (),
                  seed: str = "") -> list[set[int]]:
    """For each file, the positions that take its extra keys (see the module documentation, step 2).

    A min-cost flow from kinds of files (:class:`_Kind`) to positions: a position's cost grows with the square
    of the bank's count there (evenness first), an extra where a file has a key to spare earns a saving
    (fewest moves next), and each position has a small stable tie-breaking cost derived from ``seed``.
    """
    spare_total = sum(target.spare for target in targets)
    chosen: list[set[int]] = [set() for _ in targets]
    if spare_total == 0:
        return chosen
    kinds: dict[_Kind, list[int]] = {}
    for index, target in enumerate(targets):
        if target.spare:
            saving = tuple(p for p in target.eligible if counts[index][p] > target.base[p] - floors[index][p])
            kinds.setdefault(_Kind(target.spare, target.eligible, saving), []).append(index)
    bank = list(bank_floor) or [0] * n_options
    for target in targets:
        bank = [total + base for total, base in zip(bank, target.base)]
    tie_weight = 1
    saving_weight = _TIE_RANGE * (spare_total + 1)
    evenness_weight = saving_weight * (spare_total + 2)
    source, sink, first_position = 0, len(kinds) + n_options + 1, len(kinds) + 1
    solver = MinCostFlow(len(kinds) + n_options + 2)
    handles = []
    for number, (kind, members) in enumerate(kinds.items(), start=1):
        solver.add_edge(source, number, kind.spare * len(members))
        handles.append([(p, solver.add_edge(number, first_position + p, len(members),
                                            -saving_weight if p in kind.saving else 0)) for p in kind.eligible])
    for p in range(n_options):
        tie = int.from_bytes(stable_rank(seed, n_options, p)[:4], "big") % _TIE_RANGE
        room = sum(len(members) for kind, members in kinds.items() if p in kind.eligible)
        solver.add_edge(first_position + p, sink, room, marginal=lambda extra, level=bank[p], tie=tie:
                        evenness_weight * (2 * (level + extra) + 1) + tie_weight * tie)
    sent = solver.solve(source, sink, spare_total)
    assert sent == spare_total, "every file can always place its extras"
    for members, edges in zip(kinds.values(), handles):
        _deal(sorted(members, key=lambda index: stable_rank(quizzes[index])),
              [p for p, handle in edges for _ in range(solver.flow_on(handle))], chosen)
    return chosen


def _deal(members: list[int], positions: list[int], chosen: list[set[int]]) -> None:
    """Hand out ``positions`` (grouped, each at most ``len(members)`` times) in turn: no file gets one twice."""
    for turn, position in enumerate(positions):
        chosen[members[turn % len(members)]].add(position)


def _item_rank(item: Candidate) -> bytes:
    return stable_rank(item.quiz, item.item)


def _moves_in_file(entry: _File, wanted: list[int]) -> list[Move]:
    """Move keys from over-full to under-full positions: the fewest moves that reach ``wanted``."""
    leaving: list[Candidate] = []
    for position, want in enumerate(wanted):
        surplus = entry.counts[position] - want  # (the counts are those of ``entry.movable``)
        if surplus > 0:
            leaving.extend(sorted((item for item in entry.movable if item.key == position), key=_item_rank)[:surplus])
    slots = [position for position, want in enumerate(wanted) for _ in range(max(0, want - entry.counts[position]))]
    leaving.sort(key=_item_rank)
    assert len(leaving) == len(slots)
    return [Move(item.ref, item.key, target) for item, target in zip(leaving, slots)]
