"""Every process quizlint forks ends when quizlint is killed (``quizlint.lint.lifeline``): after a SIGKILL (an OOM
kill, a CI timeout's ``kill -9``) no worker is left behind, holding memory and the pipes of whoever reads
quizlint's output (a ``subprocess.run(..., capture_output=True)`` or ``quizlint lint | cat`` would hang)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import generate_bank

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="the children end with their parent on Linux only (PR_SET_PDEATHSIG)")

# How long the children of a killed run may take to end, and its pipes to reach their end.
GRACE = 10.0


@pytest.fixture(scope="module")
def large_bank(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("orphans")
    generate_bank(root / "content", items=1_500)
    return root


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (state first), or None when there is no such
    process."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()


def _children(pid: int) -> dict[int, str]:
    """The processes whose parent is ``pid``: their pid, and their start time (which tells a process from a
    later one given the same pid)."""
    found = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None and fields[1] == str(pid):
            found[int(entry)] = fields[19]
    return found


def _running(processes: dict[int, str]) -> list[int]:
    """Those of ``processes`` still running (a zombie has ended: only its reaping is left)."""
    return [pid for pid, started in processes.items()
            if (fields := _stat(pid)) is not None and fields[19] == started and fields[0] not in "ZX"]


def _kill_when_it_has_children(process: subprocess.Popen, count: int) -> None:
    """SIGKILL ``process`` once it has at least ``count`` children, then check that those all end and that the
    pipes of its output reach their end (whoever holds them), within ``GRACE`` seconds."""
    children: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 60
        while len(children) < count:
            assert process.poll() is None, f"the run ended before it had {count} children: {process.communicate()}"
            assert time.monotonic() < deadline, f"no {count} children after a minute: {children}"
            time.sleep(0.01)
            children = _children(process.pid)
        process.kill()
        process.wait()
        try:
            process.communicate(timeout=GRACE)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the output's pipes of the killed run are still open {GRACE:.0f} s later "
                        f"(its children {_running(children)} still run)")
        deadline = time.monotonic() + GRACE
        while _running(children) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _running(children) == [], "children of the killed run are left running"
    finally:
        process.kill()
        for pid in _running(children):  # (what the test failed on: never left behind)
            os.kill(pid, signal.SIGKILL)
        process.communicate()


def test_a_killed_cold_run_leaves_no_worker_and_no_open_pipe(large_bank):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: a run lints in its own process, with no pool and no helper")
    env = {key: value for key, value in os.environ.items() if key != "QUIZLINT_NO_PRESTART"}
    process = subprocess.Popen([sys.executable, "-m", "quizlint", "lint", "--no-cache", "content"], cwd=large_bank,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # the full looks' helper (forked as quizlint starts, ``full_looks``), and at least two workers of the pool
    _kill_when_it_has_children(process, 3)


def test_a_killed_run_leaves_no_busy_child(tmp_path):
    # children at work when the run is killed (lingua's models loading in the helper, say) read no pipe that
    # would tell them it is gone: the early worker of a run (``runner``), and a child of ``pipes.fork_child``
    # (the helper, the worker forked as quizlint starts)
    code = textwrap.dedent("""
        import time
        from pathlib import Path

        from quizlint.lint import pipes, runner

        def busy(*args):
            time.sleep(120)

        runner.prepare_early_worker = busy  # (the early worker's start-up)
        early = runner._EarlyWorker(Path("."))
        pipes.fork_child(busy)
        time.sleep(120)
    """)
    process = subprocess.Popen([sys.executable, "-c", code], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    _kill_when_it_has_children(process, 2)
