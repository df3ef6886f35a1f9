"""The workers of a lint run's process pool end when quizlint is killed: after a SIGTERM (the pool terminates
them) or a SIGKILL (an OOM kill, a CI timeout's ``kill -9``: a worker finds the pool's pipes closed once its
chunk is done), no worker is left behind holding memory and the pipes of whoever reads quizlint's output (a
``subprocess.run(..., capture_output=True)`` or ``quizlint lint | cat`` would hang)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import generate_bank

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process states from /proc")

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


def _kill_when_it_has_children(process: subprocess.Popen, count: int, how: int = signal.SIGKILL) -> None:
    """Send ``how`` to ``process`` once it has at least ``count`` children, then check that those all end and
    that the pipes of its output reach their end (whoever holds them), within ``GRACE`` seconds."""
    children: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 60
        while len(children) < count:
            assert process.poll() is None, f"the run ended before it had {count} children: {process.communicate()}"
            assert time.monotonic() < deadline, f"no {count} children after a minute: {children}"
            time.sleep(0.01)
            children = _children(process.pid)
        process.send_signal(how)
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


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_a_killed_cold_run_leaves_no_worker_and_no_open_pipe(large_bank, how):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: a run lints in its own process, with no pool")
    process = subprocess.Popen([sys.executable, "-m", "quizlint", "lint", "--no-cache", "content", "-j", "2"],
                               cwd=large_bank, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _kill_when_it_has_children(process, 2, how)  # the two workers of the pool


def _ignores_ctrl_c(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
            mask = next(line for line in handle if line.startswith("SigIgn:")).split()[1]
    except (OSError, StopIteration):
        return False
    return bool(int(mask, 16) & (1 << (signal.SIGINT - 1)))


def test_ctrl_c_ends_the_run_and_its_workers_with_one_word(large_bank):
    if (os.cpu_count() or 1) < 2:
        pytest.skip("one core: a run lints in its own process, with no pool")
    # (Ctrl-C: the terminal sends SIGINT to every process of the foreground group, the workers too)
    process = subprocess.Popen([sys.executable, "-m", "quizlint", "lint", "--no-cache", "content", "-j", "2"],
                               cwd=large_bank, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    children: dict[int, str] = {}
    try:
        deadline = time.monotonic() + 60
        while len(children) < 2 or not all(map(_ignores_ctrl_c, children)):  # (once their initializer ran)
            assert process.poll() is None and time.monotonic() < deadline, process.communicate()
            time.sleep(0.01)
            children = _children(process.pid)
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=GRACE)
        assert process.returncode == 130
        assert stderr.decode().split() == ["interrupted"]  # (no worker's traceback)
        deadline = time.monotonic() + GRACE
        while _running(children) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _running(children) == []
    finally:
        process.kill()
        for pid in _running(children):
            os.kill(pid, signal.SIGKILL)
        process.communicate()


_PARENT_THAT_DIES = """
import multiprocessing, os, sys, time
from quizlint.lint import parallel
pool = multiprocessing.Pool(1, initializer=parallel._initialize, initargs=(None, None, [], os.getpid()))
pool.apply_async(time.sleep, (3600,))  # (a worker that waits for something that never comes)
time.sleep(0.5)
print(pool._pool[0].pid, flush=True)
os._exit(0)  # (as a kill -9 would: the pool cannot end its worker)
"""


def test_a_worker_ends_by_itself_once_quizlint_is_gone_whatever_it_waits_for(tmp_path):
    """A worker blocked where no closed pipe reaches it (a pool's new worker in place of one killed while it held
    the task queue's lock waits for that lock forever) must still end once its parent is gone."""
    with open(tmp_path / "out", "w+", encoding="utf-8") as out:  # (not a pipe: the worker would hold it open)
        subprocess.run([sys.executable, "-c", _PARENT_THAT_DIES], stdout=out, timeout=60, check=True)
        out.seek(0)
        worker = int(out.read().split()[0])
    try:
        started = _stat(worker)
        deadline = time.monotonic() + GRACE
        while started is not None and _running({worker: started[19]}) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert started is None or _running({worker: started[19]}) == [], "the worker outlived quizlint"
    finally:
        if (fields := _stat(worker)) is not None and fields[0] not in "ZX":
            os.kill(worker, signal.SIGKILL)
