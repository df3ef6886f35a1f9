"""Lint speed, measured in one run and printed as ratios (so the targets hold on any machine).

    python benchmarks/run.py [--items 10000] [--keep DIR]

Measures, on a generated bank (benchmarks/generate.py: N items of 4 options, English and Turkish, N/100
files):
- the parse bound: loading the same files with ``yaml.load(..., Loader=yaml.CSafeLoader)`` and nothing else;
- ``quizlint lint`` cold (empty cache), warm (nothing changed) and after editing one file;
- peers on the same files, when installed: check-jsonschema with schema/quiz.schema.json, and yamllint;
- one 100-item bilingual file without a cache against ``yamllint -d relaxed`` on the same file (when yamllint
  is installed: ``pip install yamllint``; measured with ``--no-peers`` too, it takes a second);
- start-up: ``quizlint lint`` on one small file against ``python -c "import yaml, pydantic"``;
- peak memory of the cold lint: the proportional set size (PSS) of the whole process tree, which counts a
  page shared by several processes (the workers of the pool share what the parent loaded before forking
  them, lingua's models among it) once; the sum of their resident sets (RSS), which counts it in each, is
  printed beside it.
Every command runs as a fresh process, timed from start to exit; each figure is the median of ``--repeat``
runs, taken in rounds (parse bound, cold, warm, after an edit; then again) so that a machine whose speed
drifts moves both sides of a ratio alike. Targets (issue 23) are printed beside the ratios. quizlint is
byte-compiled first, as an install does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from generate import generate  # noqa: E402

PYTHON = sys.executable
BIN = Path(PYTHON).parent


def _tree_memory_kib(pid: int) -> tuple[int, int]:
    """Proportional and resident memory (PSS, RSS) of a process and all its descendants (Linux /proc), in KiB."""
    pss, rss, stack = 0, 0, [pid]
    while stack:
        current = stack.pop()
        try:
            with open(f"/proc/{current}/smaps_rollup") as handle:
                for line in handle:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as handle:
                    stack.extend(int(child) for child in handle.read().split())
        except (OSError, ValueError):
            continue
    return pss, rss


def timed(command: list[str], cwd: Path,
          watch_memory: bool = False) -> tuple[float, tuple[int, int], subprocess.CompletedProcess]:
    """Wall time of a command, its peak tree PSS and RSS in KiB (when watched), and its completed process."""
    peak = [0, 0]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if watch_memory:
        def poll() -> None:
            while process.poll() is None:
                peak[:] = map(max, peak, _tree_memory_kib(process.pid))
                time.sleep(0.02)

        watcher = threading.Thread(target=poll, daemon=True)
        watcher.start()
    out, err = process.communicate()
    elapsed = time.perf_counter() - start
    if watch_memory:
        watcher.join()
    return elapsed, (peak[0], peak[1]), subprocess.CompletedProcess(command, process.returncode, out, err)


def run_time(command: list[str], cwd: Path, before=None) -> float:
    if before:
        before()
    elapsed, _, done = timed(command, cwd)
    if done.returncode not in (0, 1):
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(command)}\n{done.stderr[-2000:]}")
    return elapsed


def interleaved_medians(steps: list[tuple[list[str], object]], cwd: Path, repeat: int) -> list[float]:
    """The median time of each (command, before) step, the steps run one after the other in each of ``repeat``
    rounds: a machine whose speed drifts during the run (other work, clock changes) moves every figure of a
    ratio alike, where timing one command ``repeat`` times and then the next would not."""
    rounds = [[run_time(command, cwd, before) for command, before in steps] for _ in range(repeat)]
    return [statistics.median(column) for column in zip(*rounds)]


PARSE_BOUND = (
    "import sys, yaml\n"
    "for path in sys.argv[1:]:\n"
    "    with open(path, 'rb') as handle:\n"
    "        yaml.load(handle.read().decode('utf-8'), Loader=yaml.CSafeLoader)\n"
)


def tool(name: str) -> str | None:
    candidate = BIN / name
    return str(candidate) if candidate.exists() else shutil.which(name)


def row(label: str, seconds: float, ratio: float | None = None, target: str = "", ok: bool | None = None) -> None:
    ratio_text = f"{ratio:7.3f}x" if ratio is not None else " " * 8
    verdict = "" if ok is None else ("  PASS" if ok else "  FAIL")
    print(f"  {label:<46} {seconds:8.3f} s  {ratio_text}  {target}{verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="generate the bank here and keep it")
    parser.add_argument("--no-peers", action="store_true", help="skip check-jsonschema and yamllint (slow)")
    args = parser.parse_args(argv)

    # Byte-compile quizlint as an ordinary install does (an editable install run with PYTHONDONTWRITEBYTECODE
    # would otherwise compile every module from source on every run, and the start-up figures would show it).
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(ROOT / "src" / "quizlint")], check=False)
    work = args.keep or Path(tempfile.mkdtemp(prefix="quizlint-bench-"))
    bank = work / "bank"
    if bank.exists():
        shutil.rmtree(bank)
    files = generate(bank, args.items)
    names = [str(path.relative_to(work)) for path in files]
    cache = work / ".quizlint_cache"
    quizlint = [tool("quizlint") or "quizlint"]
    lint = [*quizlint, "lint", "bank", "--quiet", "--exit-zero"]
    print(f"bank: {args.items} items in {len(files)} files ({sum(p.stat().st_size for p in files) / 1e6:.1f} MB), "
          f"{os.cpu_count()} cores, median of {args.repeat} runs\n")

    def clear_cache() -> None:
        shutil.rmtree(cache, ignore_errors=True)

    edited = files[len(files) // 2]
    original = edited.read_text(encoding="utf-8")
    counter = [0]

    def edit_one_file() -> None:
        counter[0] += 1
        edited.write_text(original.replace("tags: [synthetic]", f"tags: [synthetic, edit{counter[0]}]", 1), "utf-8")

    # one round: the parse bound, a cold run (which fills the cache), a warm run, a run after an edit
    bound, cold, warm, after_edit = interleaved_medians(
        [([PYTHON, "-c", PARSE_BOUND, *names], None), (lint, clear_cache), (lint, None), (lint, edit_one_file)],
        work, args.repeat)
    edited.write_text(original, encoding="utf-8")
    _, (peak_kib, peak_rss_kib), _ = timed([*lint, "--no-cache"], work, watch_memory=True)

    small = work / "small.quiz.yaml"
    small.write_text(files[0].read_text(encoding="utf-8").split("  - id: bank-0000-q1")[0], encoding="utf-8")
    small_lint = [*quizlint, "lint", "small.quiz.yaml", "--quiet", "--exit-zero"]
    startup_base, startup, startup_cold = interleaved_medians(
        [([PYTHON, "-c", "import yaml, pydantic"], None), (small_lint, None), ([*small_lint, "--no-cache"], None)],
        work, args.repeat * 2)

    yamllint = tool("yamllint")
    one_file = [*quizlint, "lint", names[0], "--no-cache", "--quiet", "--exit-zero"]
    if yamllint:
        one_quizlint, one_yamllint = interleaved_medians(
            [(one_file, None), ([yamllint, "-d", "relaxed", names[0]], None)], work, args.repeat * 2)

    print("lint")
    row("parse bound: yaml.load(CSafeLoader)", bound, 1.0)
    row("quizlint lint, cold (no cache)", cold, cold / bound, "target <= 1.3 x parse bound", cold <= 1.3 * bound)
    row("quizlint lint, warm (nothing changed)", warm, warm / cold, "x cold")
    row("quizlint lint, after editing one file", after_edit, after_edit / cold, "target <= 0.15 x cold",
        after_edit <= 0.15 * cold)
    print("one file of 100 items, no cache")
    if yamllint:
        row("yamllint -d relaxed", one_yamllint, 1.0)
        row("quizlint lint --no-cache", one_quizlint, one_quizlint / one_yamllint, "target <= 1.5 x yamllint",
            one_quizlint <= 1.5 * one_yamllint)
    else:
        print("  yamllint: not installed (pip install yamllint)")
    print("peers (same files)")
    schema = ROOT / "schema" / "quiz.schema.json"
    checker = None if args.no_peers else tool("check-jsonschema")
    if checker:
        peer = run_time([checker, "--schemafile", str(schema), *names], work)
        row("check-jsonschema --schemafile quiz.schema.json", peer, peer / bound, "x parse bound")
    else:
        print("  check-jsonschema: not installed (pip install check-jsonschema)")
    if yamllint and not args.no_peers:
        peer = run_time([yamllint, "-d", "relaxed", "bank"], work)
        row("yamllint -d relaxed", peer, peer / bound, "x parse bound")
    elif not yamllint:
        print("  yamllint: not installed (pip install yamllint)")
    print("start-up (one small file)")
    row('python -c "import yaml, pydantic"', startup_base, 1.0)
    row("quizlint lint small.quiz.yaml (cached)", startup, startup / startup_base, "target <= 2.0 x",
        startup <= 2 * startup_base)
    row("quizlint lint small.quiz.yaml --no-cache", startup_cold, startup_cold / startup_base, "x import")
    print("memory")
    print(f"  peak memory (PSS of the process tree), cold lint of {args.items} items: {peak_kib / 1024:.0f} MB "
          f"(target <= 300 MB){'  PASS' if peak_kib / 1024 <= 300 else '  FAIL'}; "
          f"the sum of the resident sets: {peak_rss_kib / 1024:.0f} MB")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
