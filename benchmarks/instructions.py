"""Instructions per quiz file, counted by valgrind's callgrind, as ratios to the parse bound's.

    python benchmarks/instructions.py [--files 6]

Wall-clock ratios (``run.py``) on a shared machine move by a tenth from one minute to the next, which hides
the few per cent a change to one stage saves; a count of instructions does not move. On a generated bank
(``generate.py``, 100 items a file) it counts, per file, after a first file that loads what linting loads:

- the parse bound: ``run.py``'s (``yaml.load(..., Loader=yaml.CSafeLoader)``);
- loading and validating (``read_quiz``), of which the C parser's events alone;
- the language step (``engine.identify_languages``, with the loading);
- the whole lint of a file (``engine.lint_file``, one process, no cache).

Each figure is the difference between a run over ``--files`` files and a run over none, divided by the files.
Instructions are not time (lingua's compiled code does more per cycle than the interpreter), so compare a
stage with itself across versions. Needs valgrind (``apt install valgrind``); about a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402
from run import PARSE_BOUND  # noqa: E402

STAGE = r"""
import gc, sys
import yaml
from quizlint.language.identify import Services
from quizlint.lint.engine import identify_languages, lint_file
from quizlint.model import read_quiz
from quizlint.rules.base import Selection

gc.disable()  # (as ``quizlint.cli`` does)
stage, count, paths = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
selection, services = Selection.default(), Services(threads=False)
rules = [(rule, selection.options_for(rule)) for rule in selection.enabled.values() if rule.scope == "item"]
lint_file(paths[0], paths[0], selection, None, services)
for path in paths[1:1 + count]:
    if stage == "events":
        with open(path, "rb") as handle:
            parser = yaml.cyaml.CParser(handle.read().decode("utf-8"))
        while type(parser.get_event()) is not yaml.StreamEndEvent:
            pass
    elif stage == "load":
        read_quiz(path, path)
    elif stage == "language":
        identify_languages(read_quiz(path, path)[0], rules, None, services)
    else:
        lint_file(path, path, selection, None, services)
"""
STAGES = (("bound", "parse bound: yaml.load(CSafeLoader)"), ("events", "  the C parser's events alone"),
          ("load", "loading and validating (read_quiz)"), ("language", "  with the language step"),
          ("lint", "whole lint of a file (lint_file)"))


def instructions(stage: str, count: int, paths: list[str]) -> int:
    """The instructions of a run of ``stage`` over ``count`` files after the first (which loads what the stage
    loads on first use), as callgrind counts them: the parse bound is ``run.py``'s script, the other stages
    ``STAGE``'s."""
    script = [PARSE_BOUND, *paths[:1 + count]] if stage == "bound" else [STAGE, stage, str(count), *paths]
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                           *script], capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed for {stage}:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=6)
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    work = Path(tempfile.mkdtemp(prefix="quizlint-instructions-"))
    try:
        paths = [str(path) for path in generate(work / "bank", 100 * (args.files + 1))]
        runs = [(stage, count) for stage, _ in STAGES for count in (0, args.files)]
        with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
            counted = dict(zip(runs, pool.map(lambda run: instructions(*run, paths), runs)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    per_file = {stage: (counted[stage, args.files] - counted[stage, 0]) / args.files for stage, _ in STAGES}
    print(f"instructions per file of 100 bilingual items (mean of {args.files} files)\n")
    for stage, label in STAGES:
        print(f"  {label:<40} {per_file[stage] / 1e6:8.1f} M  {per_file[stage] / per_file['bound']:6.2f}x parse bound")
    return 0


if __name__ == "__main__":
    sys.exit(main())
