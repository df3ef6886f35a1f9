"""The results cache of `quizlint lint` (issue 7): per-file entries keyed by content, invalidated by the
quizlint version and sources, the configuration and the glossary, and never a reason to report something
different."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import quiz_yaml

# An item with a wrong key (K002) and a text in the wrong field (T003: copied from the source).
FLAWED = """
- id: capital
  stem: {en: "Which city is the capital of Turkey?", tr: "Which city is the capital of Turkey?"}
  options:
    - text: {en: "Ankara", tr: "Ankara"}
      correct: true
    - text: {en: "Istanbul", tr: "İstanbul"}
      correct: true
"""
CLEAN = """
- id: river
  stem: {en: "Which river flows through Baghdad?", tr: "Bağdat'tan hangi nehir geçer?"}
  options:
    - text: {en: "The Tigris", tr: "Dicle"}
      correct: true
    - text: {en: "The Nile", tr: "Nil"}
"""


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    (tmp_path / "content").mkdir()
    (tmp_path / "content" / "a.quiz.yaml").write_text(quiz_yaml(FLAWED, quiz_id="a"), encoding="utf-8")
    (tmp_path / "content" / "b.quiz.yaml").write_text(quiz_yaml(CLEAN, quiz_id="b"), encoding="utf-8")
    return tmp_path


def entries(bank: Path) -> dict[str, dict]:
    """The cache entries of the bank's lint runs: linted path → entry."""
    found = {}
    for entry_file in (bank / ".quizlint_cache").glob("lint-*/*-*.json"):
        entry = json.loads(entry_file.read_text(encoding="utf-8"))
        found[entry["path"]] = {**entry, "file": entry_file}
    return found


def lint(run, bank: Path, *args: str):
    return run("lint", "--format", "json", *args, "content", cwd=bank)


def test_a_cached_run_reports_exactly_what_a_fresh_run_does(run, bank):
    fresh = lint(run, bank, "--no-cache")
    assert not (bank / ".quizlint_cache").exists()  # --no-cache writes nothing
    first, second = lint(run, bank), lint(run, bank)
    assert fresh.stdout == first.stdout == second.stdout
    assert {finding["code"] for finding in json.loads(second.stdout)} >= {"K002", "T003"}
    assert sorted(entries(bank)) == ["content/a.quiz.yaml", "content/b.quiz.yaml"]
    assert (bank / ".quizlint_cache" / ".gitignore").read_text(encoding="utf-8").splitlines()[-1] == "*"


def test_an_edit_rewrites_only_the_entry_of_the_edited_file(run, bank):
    lint(run, bank)
    before = {path: entry["file"].read_bytes() for path, entry in entries(bank).items()}
    edited = bank / "content" / "a.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("      correct: true\n", "", 1), encoding="utf-8")
    after_edit = lint(run, bank)
    assert json.loads(after_edit.stdout) == json.loads(lint(run, bank, "--no-cache").stdout)
    assert "K002" not in {finding["code"] for finding in json.loads(after_edit.stdout)}
    after = {path: entry["file"].read_bytes() for path, entry in entries(bank).items()}
    assert after["content/b.quiz.yaml"] == before["content/b.quiz.yaml"]
    assert after["content/a.quiz.yaml"] != before["content/a.quiz.yaml"]


def test_a_deleted_file_loses_its_entry(run, bank):
    lint(run, bank)
    (bank / "content" / "b.quiz.yaml").unlink()
    lint(run, bank)
    assert sorted(entries(bank)) == ["content/a.quiz.yaml"]


def test_another_configuration_does_not_reuse_the_results_of_the_first(run, bank):
    everything = lint(run, bank)
    only_keys = lint(run, bank, "--select", "K")
    assert {finding["code"][0] for finding in json.loads(only_keys.stdout)} == {"K"}
    (bank / "quizlint.toml").write_text('ignore = ["K002"]\n', encoding="utf-8")
    configured = lint(run, bank)
    assert "K002" not in {finding["code"] for finding in json.loads(configured.stdout)}
    assert "K002" in {finding["code"] for finding in json.loads(everything.stdout)}


def test_a_glossary_change_invalidates_the_results(run, bank):
    glossary = bank / "content" / "glossary.yaml"
    glossary.write_text("terms:\n  - term: Baghdad\n    translations: {tr: Bağdat}\n", encoding="utf-8")
    assert "T005" not in lint(run, bank).stdout
    glossary.write_text("terms:\n  - term: Baghdad\n    translations: {tr: Kahire}\n", encoding="utf-8")
    assert "T005" in lint(run, bank).stdout  # the translation no longer uses the glossary's term


def test_a_new_quizlint_version_does_not_reuse_the_results_of_the_old(run, bank, monkeypatch):
    import quizlint.lint.cache

    lint(run, bank)
    monkeypatch.setattr(quizlint.lint.cache, "__version__", "0.0.0-other")
    lint(run, bank)
    assert len(list((bank / ".quizlint_cache").glob("lint-*"))) == 2


def test_other_quizlint_sources_of_the_same_version_do_not_reuse_the_results(run, bank, monkeypatch):
    import quizlint.lint.cache

    lint(run, bank)
    monkeypatch.setattr(quizlint.lint.cache, "source_stamp", lambda package: "edited-rules")
    lint(run, bank)
    assert len(list((bank / ".quizlint_cache").glob("lint-*"))) == 2


def test_the_source_stamp_follows_edits_of_python_sources_only(tmp_path):
    from quizlint.lint.cache import source_stamp

    package = tmp_path / "pkg"
    (package / "rules" / "__pycache__").mkdir(parents=True)
    rule = package / "rules" / "some_rule.py"
    rule.write_text("CODE = 'W999'\n", encoding="utf-8")
    stamps = [source_stamp.__wrapped__(str(package))]
    (package / "rules" / "__pycache__" / "some_rule.cpython-311.pyc").write_bytes(b"compiled")
    (package / "notes.txt").write_text("not a source", encoding="utf-8")
    stamps.append(source_stamp.__wrapped__(str(package)))
    rule.write_text("CODE = 'W998'\n", encoding="utf-8")
    os.utime(rule, ns=(1, 1))  # even with a modification time from the past
    stamps.append(source_stamp.__wrapped__(str(package)))
    assert stamps[0] == stamps[1] != stamps[2]


def test_a_cache_entry_is_not_trusted_for_other_content(run, bank):
    lint(run, bank)
    entry = entries(bank)["content/a.quiz.yaml"]
    clean_entry = entries(bank)["content/b.quiz.yaml"]
    # the entry of a.quiz.yaml now holds b's (clean) result under a's name and hash of other bytes
    forged = {"path": entry["path"], "hash": clean_entry["hash"], "result": clean_entry["result"]}
    entry["file"].write_text(json.dumps(forged), encoding="utf-8")
    assert "K002" in lint(run, bank).stdout


def test_after_an_edit_only_the_edited_file_is_linted_afresh_and_in_this_process(run, bank, monkeypatch):
    import quizlint.lint.parallel
    import quizlint.lint.runner

    linted, pools = [], []
    real_lint_files, real_pool = quizlint.lint.runner.lint_files, quizlint.lint.parallel.lint_in_pool
    monkeypatch.setattr(quizlint.lint.runner, "lint_files",
                        lambda todo, *args, **kwargs: linted.append([display for _, display in todo])
                        or real_lint_files(todo, *args, **kwargs))
    monkeypatch.setattr(quizlint.lint.parallel, "lint_in_pool", lambda *args: pools.append(1) or real_pool(*args))
    for path in (bank / "content").glob("*.quiz.yaml"):
        _age(path)  # (the file index trusts what it recorded of files not changed just before)
    lint(run, bank)
    assert linted == [["content/a.quiz.yaml", "content/b.quiz.yaml"]]
    edited = bank / "content" / "b.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("The Nile", "The Euphrates"), encoding="utf-8")
    linted.clear()
    after_edit = lint(run, bank)
    assert linted == [["content/b.quiz.yaml"]] and pools == []
    assert after_edit.stdout == lint(run, bank, "--no-cache").stdout
    assert sorted(entries(bank)) == ["content/a.quiz.yaml", "content/b.quiz.yaml"]
    _age(edited)
    lint(run, bank)
    linted.clear()
    assert lint(run, bank).stdout == after_edit.stdout
    assert linted == []  # nothing changed since the last run: nothing linted afresh


def test_what_workers_learn_about_languages_is_kept_for_the_next_run(run, bank, monkeypatch):
    # A pool's workers identify the words of the texts (lingua, low-accuracy); the run keeps what they learned,
    # so that after an edit that adds no new word the run linting the edited file needs no lingua at all.
    from quizlint.language.identify import Services

    fresh = lint(run, bank, "--no-cache")
    assert lint(run, bank, "-j", "2").stdout == fresh.stdout
    assert sorted(entries(bank)) == ["content/a.quiz.yaml", "content/b.quiz.yaml"]
    rows = json.loads((bank / ".quizlint_cache" / "identifications.json").read_text(encoding="utf-8"))["rows"]
    assert any(kind == "look" for _, kind, _, _ in rows)  # the workers' word and trigram looks
    edited = bank / "content" / "b.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("id: river", "id: river2"), encoding="utf-8")
    expected = lint(run, bank, "--no-cache").stdout

    def no_lingua(*args):
        raise AssertionError("lingua was asked again")

    monkeypatch.setattr(Services, "_lingua_rows", no_lingua)
    assert lint(run, bank).stdout == expected


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_each_result_is_written_to_the_cache_as_it_comes(run, bank, jobs, monkeypatch):
    # (while the next files are linted, here or in a pool's worker: after the last result, only the bank rules
    # and the report are left to do)
    import quizlint.lint.engine
    import quizlint.lint.parallel
    import quizlint.lint.runner

    log = bank / "written-before.jsonl"
    real_lint_file = quizlint.lint.engine.lint_file

    def lint_file(path, display, *args):
        with open(log, "a", encoding="utf-8") as handle:  # (a file: a worker process writes it too)
            handle.write(json.dumps([display, sorted(entries(bank))]) + "\n")
        return real_lint_file(path, display, *args)

    monkeypatch.setattr(quizlint.lint.runner, "lint_file", lint_file)
    monkeypatch.setattr(quizlint.lint.parallel, "lint_file", lint_file)
    expected = lint(run, bank, "--no-cache").stdout
    log.unlink()
    assert lint(run, bank, "-j", jobs).stdout == expected
    written_before = dict(json.loads(line) for line in log.read_text(encoding="utf-8").splitlines())
    assert written_before == {"content/a.quiz.yaml": [], "content/b.quiz.yaml": ["content/a.quiz.yaml"]}
    assert sorted(entries(bank)) == ["content/a.quiz.yaml", "content/b.quiz.yaml"]


def _age(path: Path, seconds: int = 3600) -> None:
    """Give ``path`` a time of change ``seconds`` in the past (as a file not touched for a while has)."""
    status = path.stat()
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns - seconds * 10**9))


def test_files_whose_status_is_unchanged_are_not_read_again(run, bank, monkeypatch):
    import quizlint.lint.runner

    for path in (bank / "content").glob("*.quiz.yaml"):
        _age(path)
    first = lint(run, bank)
    read = []
    real_read = quizlint.lint.runner._read_bytes
    monkeypatch.setattr(quizlint.lint.runner, "_read_bytes", lambda path: read.append(path.name) or real_read(path))
    assert lint(run, bank).stdout == first.stdout
    assert read == []  # size, mode and time of change as recorded: the recorded content hashes hold
    edited = bank / "content" / "a.quiz.yaml"
    edited.write_text(edited.read_text(encoding="utf-8").replace("      correct: true\n", "", 1), encoding="utf-8")
    after_edit = lint(run, bank)
    assert read == ["a.quiz.yaml"]
    assert "K002" not in {finding["code"] for finding in json.loads(after_edit.stdout)}


def test_a_file_changed_just_before_the_last_run_is_hashed_again(run, bank):
    # A coarse clock can give a file changed again right after a run the time of change the run recorded: the
    # record of a file changed shortly before it was written is not trusted (git's "racy" files).
    edited = bank / "content" / "a.quiz.yaml"
    assert "K002" in lint(run, bank).stdout
    status = edited.stat()
    text = edited.read_text(encoding="utf-8")
    edited.write_text(text.replace("correct: true\n", "correct: no  \n", 1), encoding="utf-8")  # same size
    os.utime(edited, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert edited.stat().st_size == status.st_size
    assert "K002" not in lint(run, bank).stdout


def test_an_edit_that_keeps_size_and_modification_time_is_seen(run, bank):
    # cp -p, rsync -t and tar x set the modification time back: the status change time still moves
    edited = bank / "content" / "a.quiz.yaml"
    _age(edited)
    assert "K002" in lint(run, bank).stdout
    status = edited.stat()
    edited.write_text(edited.read_text(encoding="utf-8").replace("correct: true\n", "correct: no  \n", 1),
                      encoding="utf-8")
    os.utime(edited, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert edited.stat().st_size == status.st_size and edited.stat().st_mtime_ns == status.st_mtime_ns
    assert lint(run, bank).stdout == lint(run, bank, "--no-cache").stdout
    assert "K002" not in lint(run, bank).stdout


def test_the_same_relative_path_from_two_folders_names_two_files(run, tmp_path):
    # files unpacked together have the same size and times; run from each folder, both are "a.quiz.yaml"
    (tmp_path / "quizlint.toml").write_text("", encoding="utf-8")
    flawed = quiz_yaml(FLAWED, quiz_id="a")
    first, last = flawed.index("correct: true"), flawed.rindex("correct: true")
    clean = flawed[:last] + "fixed: false " + flawed[last + len("correct: true"):]  # one key, the same size
    assert first != last and len(clean.encode()) == len(flawed.encode())
    for folder, text in (("en", clean), ("de", flawed)):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "a.quiz.yaml").write_text(text, encoding="utf-8")
    for folder in ("en", "de"):
        os.utime(tmp_path / folder / "a.quiz.yaml", ns=(10**18, 10**18))
    reports = {folder: run("lint", "--format", "json", "--select", "K002", "a.quiz.yaml", cwd=tmp_path / folder)
               for folder in ("en", "de")}
    assert reports["en"].stdout == "[]\n"
    assert [finding["code"] for finding in json.loads(reports["de"].stdout)] == ["K002"]


def test_a_damaged_file_index_only_means_hashing_again(run, bank):
    first = lint(run, bank)
    (bank / ".quizlint_cache" / "files.json").write_text('{"version": 1, "files": [', encoding="utf-8")
    assert lint(run, bank).stdout == first.stdout
    index = json.loads((bank / ".quizlint_cache" / "files.json").read_text(encoding="utf-8"))
    assert len(index["files"]) == 2  # written afresh
    assert all(len(entry) == 6 for entry in index["files"].values())


def test_a_run_on_part_of_the_bank_keeps_the_file_index_of_the_rest(run, bank):
    for path in (bank / "content").glob("*.quiz.yaml"):
        _age(path)
    lint(run, bank)
    run("lint", "--format", "json", "content/a.quiz.yaml", cwd=bank)
    index = json.loads((bank / ".quizlint_cache" / "files.json").read_text(encoding="utf-8"))
    assert sorted(Path(path).name for path in index["files"]) == ["a.quiz.yaml", "b.quiz.yaml"]


def test_an_edit_that_leaves_the_item_summaries_as_they_were_reuses_the_bank_findings(run, bank, monkeypatch):
    # The bank rules' findings are cached under a digest of the item summaries they read: an edit of a
    # translation leaves them as they were; an edit of a stem does not.
    copy = bank / "content" / "c.quiz.yaml"
    copy.write_text(quiz_yaml(CLEAN.replace("id: river", "id: river-again"), quiz_id="c"), encoding="utf-8")
    for path in (bank / "content").glob("*.quiz.yaml"):
        _age(path)
    assert "D002" in lint(run, bank).stdout  # the stem of b is repeated in c
    calls = _count_bank_rule_runs(monkeypatch)

    copy.write_text(copy.read_text(encoding="utf-8").replace('tr: "Nil"', 'tr: "Nil nehri"'), encoding="utf-8")
    translation_only = lint(run, bank)  # a translated option: keys, stems, lengths and positions as they were
    assert calls == []  # the cached findings stand
    assert translation_only.stdout == lint(run, bank, "--no-cache").stdout
    assert "D002" in translation_only.stdout and "Nil nehri" in copy.read_text(encoding="utf-8")

    _age(copy)
    lint(run, bank)
    copy.write_text(copy.read_text(encoding="utf-8").replace("flows through Baghdad", "flows through Cairo")
                    .replace("Bağdat'tan", "Kahire'den"), encoding="utf-8")
    calls.clear()
    new_stem = lint(run, bank)  # the stem changed: the bank rules run again
    assert calls == [1]
    assert new_stem.stdout == lint(run, bank, "--no-cache").stdout
    assert "D002" not in new_stem.stdout


def _count_bank_rule_runs(monkeypatch) -> list:
    """A list that gets an item each time the bank rules run."""
    import quizlint.lint.engine
    import quizlint.lint.runner

    calls: list = []
    real_bank_findings = quizlint.lint.engine.bank_findings
    for module in (quizlint.lint.engine, quizlint.lint.runner):
        monkeypatch.setattr(module, "bank_findings", lambda *args: calls.append(1) or real_bank_findings(*args))
    return calls


def test_the_bank_rules_run_again_only_when_the_summaries_they_read_change(run, bank, monkeypatch):
    for number in range(3):  # (enough items for the position-bias rules: every key first)
        (bank / "content" / f"k{number}.quiz.yaml").write_text(quiz_yaml(CLEAN.replace("id: river", f"id: k{number}"),
                                                                         quiz_id=f"k{number}"), encoding="utf-8")
    first = lint(run, bank)
    calls = _count_bank_rule_runs(monkeypatch)
    assert lint(run, bank).stdout == first.stdout == lint(run, bank, "--no-cache").stdout
    assert calls == [1]  # (the run without the cache)
    (bank_file,) = (bank / ".quizlint_cache").glob("lint-*/bank.json")

    edited = bank / "content" / "b.quiz.yaml"  # its key moves from the first option to the second
    edited.write_text(edited.read_text(encoding="utf-8").replace("      correct: true\n", "", 1)
                      .replace('tr: "Nil"}', 'tr: "Nil"}\n      correct: true'), encoding="utf-8")
    calls.clear()
    moved = lint(run, bank)
    assert calls == [1]
    assert moved.stdout == lint(run, bank, "--no-cache").stdout != first.stdout

    calls.clear()
    bank_file.write_text("{", encoding="utf-8")  # damaged: worked out again
    assert lint(run, bank).stdout == moved.stdout
    assert calls == [1]
    assert json.loads(bank_file.read_text(encoding="utf-8"))["findings"]


def test_a_run_on_a_few_files_does_not_read_the_entries_of_the_others(run, bank, monkeypatch):
    import quizlint.lint.cache

    (bank / "content" / "c.quiz.yaml").write_text(quiz_yaml(CLEAN.replace("id: river", "id: c1"), quiz_id="c"),
                                                  encoding="utf-8")
    lint(run, bank)
    read = []
    real_exists = quizlint.lint.cache.LintCache._file_exists
    monkeypatch.setattr(quizlint.lint.cache.LintCache, "_file_exists",
                        lambda self, name: read.append(name) or real_exists(self, name))
    (bank / "content" / "c.quiz.yaml").unlink()
    run("lint", "--format", "json", "content/a.quiz.yaml", cwd=bank)
    assert read == []  # a pre-commit hook's run on one file stays cheap however large the cache
    assert len(entries(bank)) == 3
    lint(run, bank)  # a run over the bank drops the entry of the deleted file
    assert sorted(entries(bank)) == ["content/a.quiz.yaml", "content/b.quiz.yaml"]


def _edited_while_linted(monkeypatch, path: Path, text: str) -> None:
    """Make the next run's linting of ``path`` see ``text``: written just as the linter reads the file, after
    the run hashed it (an editor saving while the run goes on)."""
    import quizlint.lint.engine

    real = quizlint.lint.engine.read_source

    def read_after_an_edit(source_path, *args, **kwargs):
        if Path(source_path).resolve() == path.resolve():
            path.write_text(text, encoding="utf-8")
            monkeypatch.setattr(quizlint.lint.engine, "read_source", real)
        return real(source_path, *args, **kwargs)

    monkeypatch.setattr(quizlint.lint.engine, "read_source", read_after_an_edit)


def test_a_file_edited_during_a_run_never_gets_the_result_of_its_other_content(run, bank, monkeypatch):
    quiz = bank / "content" / "a.quiz.yaml"
    original = quiz.read_text(encoding="utf-8")
    fixed = original.replace('tr: "Which city is the capital of Turkey?"', 'tr: "Türkiye\'nin başkenti hangisidir?"')
    _edited_while_linted(monkeypatch, quiz, fixed)
    during = lint(run, bank, "--jobs", "1")
    assert during.stdout == lint(run, bank, "--no-cache").stdout  # what was linted is the edited file
    quiz.write_text(original, encoding="utf-8")  # undo: back to the bytes the run hashed before the edit
    before = lint(run, bank, "--no-cache").stdout
    assert before != during.stdout
    assert lint(run, bank).stdout == before  # (it was given the edited file's result, cached under its hash)
    quiz.write_text(fixed, encoding="utf-8")
    assert lint(run, bank).stdout == during.stdout


def test_a_glossary_edited_during_a_run_never_gives_results_of_its_other_content(run, bank, monkeypatch):
    import quizlint.model

    glossary = bank / "content" / "glossary.yaml"
    kept = "terms:\n  - term: Baghdad\n    translations: {tr: Bağdat}\n"
    glossary.write_text(kept, encoding="utf-8")
    read_glossary = quizlint.model.read_glossary

    def edited_then_read(path, *args, **kwargs):
        glossary.write_text(kept.replace("Bağdat", "Kahire"), encoding="utf-8")
        return read_glossary(path, *args, **kwargs)

    monkeypatch.setattr(quizlint.model, "read_glossary", edited_then_read)
    assert "T005" not in lint(run, bank, "--jobs", "1").stdout  # the glossary as the run first read it
    monkeypatch.setattr(quizlint.model, "read_glossary", read_glossary)
    assert "T005" in lint(run, bank).stdout  # the edited glossary, under its own key
    glossary.write_text(kept, encoding="utf-8")
    assert lint(run, bank).stdout == lint(run, bank, "--no-cache").stdout


def test_a_first_run_reads_each_file_once_and_the_next_run_none(run, bank, monkeypatch):
    import quizlint.lint.runner

    for path in (bank / "content").glob("*.quiz.yaml"):
        _age(path)
    read = []
    real_read = quizlint.lint.runner._read_bytes
    monkeypatch.setattr(quizlint.lint.runner, "_read_bytes", lambda path: read.append(path.name) or real_read(path))
    first = lint(run, bank)
    assert read == []  # nothing cached to look up: a file is hashed as it is linted, not read twice
    index = json.loads((bank / ".quizlint_cache" / "files.json").read_text(encoding="utf-8"))["files"]
    from quizlint.lint.engine import content_hash

    for path in (bank / "content").glob("*.quiz.yaml"):
        assert index[str(path)][-1] == content_hash(path.read_bytes())
    assert lint(run, bank).stdout == first.stdout
    assert read == []
    assert {entry["path"] for entry in entries(bank).values()} == {"content/a.quiz.yaml", "content/b.quiz.yaml"}


