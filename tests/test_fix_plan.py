"""The rebalancing planner: even targets, fewest moves, determinism, immovable keys, several files."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from quizlint.fix.balance import Candidate, Settled, even_targets, plan_rebalance
from quizlint.fix.flow import MinCostFlow


def bank(*files: list[int], n_options: int = 4, immovable: dict[str, set[int]] | None = None) -> list[Candidate]:
    """Candidates from per-file key lists: ``bank([0, 0, 1], [2])`` is file f0 with keys A, A, B and f1 with C."""
    candidates = []
    for number, keys in enumerate(files):
        name = f"f{number}"
        fixed_here = (immovable or {}).get(name, set())
        for index, key in enumerate(keys):
            candidates.append(Candidate((name, index), f"{name}.quiz.yaml", name, f"q{index}", n_options, key,
                                        index not in fixed_here))
    return candidates


def final_keys(candidates: list[Candidate]) -> dict:
    keys = {candidate.ref: candidate.key for candidate in candidates}
    for move in plan_rebalance(candidates):
        assert keys[move.ref] == move.source
        keys[move.ref] = move.target
    return keys


def counts(candidates: list[Candidate], keys: dict, file: str | None = None, n_options: int = 4) -> list[int]:
    found = Counter(keys[c.ref] for c in candidates if c.n_options == n_options and (file is None or c.file == file))
    return [found.get(position, 0) for position in range(n_options)]


def spread(values: list[int]) -> int:
    return max(values) - min(values)


def test_even_targets_share_out_the_remainder():
    assert even_targets(15, [0, 0, 0, 0]).base == (3, 3, 3, 3)
    assert even_targets(15, [0, 0, 0, 0]).spare == 3
    # two immovable keys at A: the other positions are filled around them
    targets = even_targets(9, [5, 0, 0, 0])
    assert targets.base == (5, 1, 1, 1) and targets.spare == 1 and targets.eligible == (1, 2, 3)


def test_the_issue_bank_10_2_2_1_is_balanced_with_the_fewest_moves():
    candidates = bank([0] * 10 + [1] * 2 + [2] * 2 + [3])
    moves = plan_rebalance(candidates)
    result = counts(candidates, final_keys(candidates))
    assert sorted(result) == [3, 4, 4, 4]
    assert result[0] == 4  # the extra stays where keys are to spare: only 6 keys leave A
    assert len(moves) == 6 and all(move.source == 0 for move in moves)


def test_a_balanced_bank_is_left_alone():
    assert plan_rebalance(bank([0, 1, 2, 3, 0, 1, 2, 3], [3, 2, 1, 0, 0, 1, 2, 3])) == []
    assert plan_rebalance(bank([0, 1, 2], n_options=4)) == []  # three keys in three positions: as even as it gets


def test_the_plan_does_not_depend_on_input_order_or_on_random_state():
    candidates = bank([0] * 9 + [1] * 3, [2] * 7 + [0, 1], [3] * 5)
    expected = plan_rebalance(candidates)
    shuffled = list(candidates)
    for seed in range(5):
        random.Random(seed).shuffle(shuffled)
        random.seed(seed)
        assert sorted(plan_rebalance(shuffled), key=repr) == sorted(expected, key=repr)


def test_immovable_keys_count_but_never_move():
    # f0: six keys at A, of which items 0-3 may not move (numeric options); targets fill B, C, D around them
    candidates = bank([0] * 6 + [1, 2], immovable={"f0": {0, 1, 2, 3}})
    moves = plan_rebalance(candidates)
    assert sorted(move.ref for move in moves) == [("f0", 4), ("f0", 5)]
    result = counts(candidates, final_keys(candidates))
    assert result[0] == 4 and sorted(result[1:]) == [1, 1, 2]


def test_option_counts_are_balanced_separately():
    three = bank([0] * 9, n_options=3)
    five = [Candidate(("g", index), "g.quiz.yaml", "g", f"r{index}", 5, 4, True) for index in range(10)]
    keys = final_keys(three + five)
    assert counts(three, keys, n_options=3) == [3, 3, 3]
    assert counts(five, keys, n_options=5) == [2, 2, 2, 2, 2]


def test_every_file_and_the_bank_are_even_when_the_bias_is_shared():
    # three files of nine items, every key at A: each file 3/2/2/2 at best, but the bank must not be 9/6/6/6
    candidates = bank([0] * 9, [0] * 9, [0] * 9)
    keys = final_keys(candidates)
    for file in ("f0.quiz.yaml", "f1.quiz.yaml", "f2.quiz.yaml"):
        assert spread(counts(candidates, keys, file)) == 1
    assert spread(counts(candidates, keys)) == 1


def test_a_second_plan_moves_nothing():
    candidates = bank([0] * 10 + [1] * 2 + [2] * 2 + [3], [1] * 7, [2, 2, 2, 0, 0], immovable={"f1": {0, 1}})
    keys = final_keys(candidates)
    again = [Candidate(c.ref, c.file, c.quiz, c.item, c.n_options, keys[c.ref], c.movable) for c in candidates]
    assert plan_rebalance(again) == []


def test_the_extra_keys_do_not_always_go_to_the_same_positions():
    """With nothing to choose between them, the positions that take the remainder vary from bank to bank."""
    second_extra = Counter()
    for number in range(40):
        # six keys at A: targets 1 each plus two extras; one stays at A (a saving), the other is a free choice
        candidates = [Candidate(i, "x.quiz.yaml", f"quiz-{number}", f"q{i}", 4, 0, True) for i in range(6)]
        result = counts(candidates, final_keys(candidates))
        assert result[0] == 2 and sorted(result[1:]) == [1, 1, 2]
        second_extra[result.index(2, 1)] += 1
    assert set(second_extra) == {1, 2, 3}


def brute_force_best(candidates: list[Candidate], n_options: int) -> tuple[int, int]:
    """(sum of squares of the bank counts, moves) of the best plan, by trying every choice of extras."""
    files = sorted({c.file for c in candidates})
    options_per_file, fixed_bank = [], [0] * n_options
    for file in files:
        mine = [c for c in candidates if c.file == file]
        movable = Counter(c.key for c in mine if c.movable)
        floors = [sum(1 for c in mine if not c.movable and c.key == p) for p in range(n_options)]
        if not movable:
            fixed_bank = [a + b for a, b in zip(fixed_bank, floors)]
            continue
        targets = even_targets(len(mine), floors)
        choices = []
        for extra in itertools.combinations(targets.eligible, targets.spare):
            final = [targets.base[p] + (p in extra) for p in range(n_options)]
            moves = sum(max(0, movable.get(p, 0) - (final[p] - floors[p])) for p in range(n_options))
            choices.append((final, moves))
        options_per_file.append(choices)
    best = None
    for combination in itertools.product(*options_per_file):
        totals = list(fixed_bank)
        for final, _ in combination:
            totals = [a + b for a, b in zip(totals, final)]
        score = (sum(value * value for value in totals), sum(moves for _, moves in combination))
        best = score if best is None or score < best else best
    return best


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 4), st.lists(st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=9),
                                   min_size=1, max_size=3))
def test_the_plan_is_optimal_for_evenness_then_moves(n_options, files):
    candidates = [Candidate((f, i), f"f{f}", f"quiz{f}", f"q{i}", n_options, key % n_options, movable or i % 3 != 0)
                  for f, keys in enumerate(files) for i, (key, movable) in enumerate(keys)]
    keys = final_keys(candidates)
    moves = sum(1 for c in candidates if keys[c.ref] != c.key)
    assert all(keys[c.ref] == c.key for c in candidates if not c.movable)
    totals = counts(candidates, keys, n_options=n_options)
    assert (sum(value * value for value in totals), moves) == brute_force_best(candidates, n_options)
    for file in {c.file for c in candidates if c.movable}:  # every file with movable keys is as even as it can be
        mine = [c for c in candidates if c.file == file]
        floors = [sum(1 for c in mine if not c.movable and c.key == p) for p in range(n_options)]
        targets = even_targets(len(mine), floors)
        final = counts(mine, keys, file, n_options)
        assert all(final[p] - targets.base[p] in (0, 1) for p in range(n_options))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(2, 4), st.booleans(),
                          st.lists(st.tuples(st.integers(0, 3), st.booleans()), min_size=1, max_size=8)),
                min_size=1, max_size=6))
def test_settled_keys_plan_as_the_immovable_candidates_they_stand_for(files):
    candidates = [Candidate((f, i), f"f{f}", f"quiz{f % 3}", f"q{i}", n_options, key % n_options, movable and not settled)
                  for f, (n_options, settled, keys) in enumerate(files) for i, (key, movable) in enumerate(keys)]
    settled_files = {f"f{f}" for f, (_, settled, _) in enumerate(files) if settled}
    counts: Counter = Counter()
    quizzes: dict[int, set[str]] = {}
    for candidate in candidates:
        if candidate.file in settled_files:
            counts[candidate.n_options, candidate.key] += 1
            quizzes.setdefault(candidate.n_options, set()).add(candidate.quiz)
    rest = [candidate for candidate in candidates if candidate.file not in settled_files]
    assert plan_rebalance(rest, Settled(dict(counts), quizzes)) == plan_rebalance(candidates)


def test_min_cost_flow_prefers_cheap_paths_and_convex_edges_spread_the_flow():
    solver = MinCostFlow(4)
    cheap = solver.add_edge(0, 1, 5, cost=0)
    dear = solver.add_edge(0, 2, 5, cost=3)
    solver.add_edge(1, 3, 5, marginal=lambda k: 2 * k)  # each unit costs more than the one before
    solver.add_edge(2, 3, 5, cost=0)
    assert solver.solve(0, 3, 4) == 4
    # via node 1 the units cost 0, 2, 4, …; via node 2, 3 each: two go each way
    assert solver.flow_on(cheap) == 2 and solver.flow_on(dear) == 2
