"""The provider's answer has limits (issue 27): an overall deadline on each request (a server that trickles a
byte at a time cannot hold the run), a cap on an answer's size (a reply far longer than its text is a
failure). Through the CLI, against a fake LibreTranslate on 127.0.0.1 driven by deep-translator's own client;
the file stays unchanged and the exit status is 1."""

from __future__ import annotations

import time

import pytest

from conftest import quiz_yaml
from quizlint.translate.http import HttpClient, HttpPolicy, ProviderError
from quizlint.translate.providers import longest_reply

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server

ITEM = """\
- id: hide
  stem: {en: "To hide the weights", tr: "Ağırlıkları gizlemek için"}
  options:
    - text: {en: "The file"}
      correct: true
    - text: {en: "Checkpoint", tr: "Kontrol noktası"}
"""


@pytest.fixture
def quiz(tmp_path):
    path = tmp_path / "demo.quiz.yaml"
    path.write_text(quiz_yaml(ITEM), encoding="utf-8")
    return path


def translate(run, quiz, libre, *args):
    return run("translate", "--provider", "libre", "--url", libre.url, "--no-cache", *args, quiz.name,
               cwd=quiz.parent)


def failed_run(run, quiz, libre, answer: str, *args):
    """Translate against a server that answers ``answer``: the run fails (exit 1) and the file is unchanged."""
    libre.default = answer
    before = quiz.read_text(encoding="utf-8")
    result = translate(run, quiz, libre, *args)
    assert result.exit_code == 1
    assert quiz.read_text(encoding="utf-8") == before
    assert "Traceback" not in result.output
    return result


def wait_for_trickles_to_end(libre, count: int = 1) -> None:
    """The fake server's trickle is bounded: it has stopped by itself (no thread outlives the test)."""
    stop = time.monotonic() + libre.trickle_seconds + 5
    while libre.trickles_ended < count and time.monotonic() < stop:
        time.sleep(0.05)
    assert libre.trickles_ended >= count


@pytest.mark.parametrize("answer", ["trickle", "trickle-headers"])
def test_trickling_server_hits_the_overall_deadline(run, quiz, libre, answer):
    started = time.monotonic()
    result = failed_run(run, quiz, libre, answer, "--timeout", "1", "--retries", "0")
    elapsed = time.monotonic() - started
    assert elapsed < libre.trickle_seconds - 1, elapsed  # the deadline, not the end of the trickle, ended the request
    assert f"option A (tr): libre: no answer from http://127.0.0.1:{libre.port} within 1 s [error]" in result.stderr
    assert "0 translated, 0 skipped, 1 failed; changed 0 files" in result.stderr
    wait_for_trickles_to_end(libre)


def test_trickling_server_deadline_is_per_attempt_and_retried(run, quiz, libre):
    libre.script.extend(["trickle"])
    result = translate(run, quiz, libre, "--timeout", "1", "--retries", "1")
    assert result.exit_code == 0, result.output  # the second attempt is answered at once
    assert "1 translated" in result.stderr and len(libre.received) == 2
    wait_for_trickles_to_end(libre)


def test_huge_reply_is_a_failure_and_nothing_is_written(run, quiz, libre):
    result = failed_run(run, quiz, libre, "huge")
    assert (f"option A (tr): libre gave an unusable answer ({len(libre.huge_reply):,} characters for a text of 8: a "
            "translation is at most 10 times as long as its text, plus 1000 characters) [error]") in result.stderr
    assert "0 translated, 0 skipped, 1 failed; changed 0 files" in result.stderr


def test_huge_reply_is_not_cached(run, quiz, libre):
    libre.default = "huge"
    assert run("translate", "--provider", "libre", "--url", libre.url, quiz.name, cwd=quiz.parent).exit_code == 1
    libre.default = "ok"
    result = run("translate", "--provider", "libre", "--url", libre.url, quiz.name, cwd=quiz.parent)
    assert result.exit_code == 0, result.output
    assert "0 cache hit(s)" in result.stderr
    assert 'tr: "dosya"' in quiz.read_text(encoding="utf-8")


def test_huge_reply_of_more_than_4_mib_is_refused_while_it_arrives(run, quiz, libre):
    result = failed_run(run, quiz, libre, "flood")
    assert (f"option A (tr): libre: the answer from http://127.0.0.1:{libre.port} is over 4,194,304 bytes: "
            "refused [error]") in result.stderr


def test_reply_cap_allows_a_long_translation_of_a_short_text():
    assert longest_reply("Evet") == 1040  # a short text may become a sentence
    assert longest_reply("x" * 1000) == 11000


def test_http_client_refuses_a_declared_length_over_the_cap(libre):
    libre.default = "huge"  # about 80 kB
    client = HttpClient("libre", HttpPolicy(timeout=5, retries=3, max_reply_bytes=10_000))
    with pytest.raises(ProviderError, match="is over 10,000 bytes: refused"):
        client.request("POST", libre.url + "translate", params={"q": "x", "source": "en", "target": "tr"})
    assert client.requests_sent == 1  # not retried: the same server gives the same answer


def test_http_client_answer_within_the_deadline_is_read_whole(libre):
    client = HttpClient("libre", HttpPolicy(timeout=5))
    response = client.request("POST", libre.url + "translate", params={"q": "the file", "source": "en",
                                                                       "target": "tr"})
    assert response.json() == {"translatedText": "dosya"} and response.status_code == 200
