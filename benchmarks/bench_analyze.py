"""Time `quizlint analyze` on simulated responses: quizlint's long CSV of N response rows (default 100,000:
5,000 respondents × 20 items) and Moodle's Responses report of the same attempts, each in a fresh process.

    python benchmarks/bench_analyze.py [--rows 100000] [--keep DIR]

The responses are drawn from a 3PL item-response model (tests/analyze_support.py, fixed seed).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from analyze_support import SimItem, Simulation, long_csv, moodle_responses_csv, quiz_yaml, write  # noqa: E402

ITEMS = 20


def generate(folder: Path, rows: int) -> dict[str, Path]:
    items = [SimItem(f"item-{number:02d}", a=1.0, b=0.0, true_answer=number % 4) for number in range(ITEMS)]
    for item in items:
        item.bank_key = item.true_answer
    sim = Simulation(items, respondents=max(1, rows // ITEMS), seed=3).run()
    write(folder / "bank.quiz.yaml", quiz_yaml(items, "bench"))
    return {"long CSV": write(folder / "long.csv", long_csv(sim)),
            "Moodle Responses": write(folder / "moodle.csv", moodle_responses_csv(sim))}


def timed(path: Path, bank: Path) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "quizlint", "analyze", str(path), str(bank), "--format", "json"],
                   check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--keep", type=Path, help="generate into this folder and keep it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = args.keep or Path(temporary)
        folder.mkdir(parents=True, exist_ok=True)
        files = generate(folder, args.rows)
        for name, path in files.items():
            size = path.stat().st_size / 1e6
            seconds = timed(path, folder / "bank.quiz.yaml")
            print(f"{name:<18} {args.rows:>9,} responses  {size:7.1f} MB  {seconds:6.2f} s")


if __name__ == "__main__":
    main()
