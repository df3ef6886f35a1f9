"""The hard parts of the translation workflow, one by one: placeholders, glossary checks, HTTP policy,
providers, cache."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


from quizlint.model.types import Glossary
from quizlint.translate.cache import TranslationCache
from quizlint.translate.http import HttpClient, HttpPolicy, ProviderError, redact
from quizlint.translate.protect import DamagedPlaceholder, glossary_problems, keep_terms, protect
from quizlint.translate.providers import make_provider, mymemory_code

pytest_plugins = ["translate_support"]  # the `libre` fixture: a fake LibreTranslate server

GLOSSARY = Glossary.model_validate({"terms": [
    {"term": "safetensors", "translate": False},
    {"term": "GPU", "translate": False, "case_sensitive": True},
    {"term": "checkpoint", "translations": {"tr": "kontrol nokta"}, "forbidden": {"tr": ["denetim noktası"]}},
]})
TERMS = keep_terms(GLOSSARY, "en")


@pytest.mark.parametrize("text, kept", [
    ("Save it with `torch.save(model)` first", ["`torch.save(model)`"]),
    ("The loss is $L = -\\log p$ here", ["$L = -\\log p$"]),
    ("It costs $5 and $10", []),
    ("See https://example.org/a_b?x=1. Then stop", ["https://example.org/a_b?x=1"]),
    ("Read [the docs](https://hf.co/docs \"Docs\") now", ["](https://hf.co/docs \"Docs\")"]),
    ("Use **bold** and _stress_ but not snake_case", ["**", "**", "_", "_"]),
    ("A line<br>break", ["<br>"]),
    ("Store weights as safetensors, not SafeTensors-ish", ["safetensors", "SafeTensors"]),
    ("Two GPUs, not two gpus", ["GPUs"]),  # an ending kept with the term; the case of a case-sensitive term
    ("A GPU's memory", ["GPU"]),  # not a suffix after an apostrophe
    ("Store SAFETENSORS, not safetensorsish", ["SAFETENSORS"]),  # any case; a word, not the start of any word
    ("SAFETENSORS’ı GPU'da", ["SAFETENSORS", "GPU"]),  # after an apostrophe (in the source language)
    ("```python\nx = 1  # a checkpoint\n```\nDone", ["```python\nx = 1  # a checkpoint\n```"]),
])
def test_protect_hides_what_must_not_change(text, kept):
    protected = protect(text, TERMS)
    assert list(protected.spans) == kept
    for span in kept:  # every protected occurrence is gone from what is sent
        assert protected.text.count(span) == text.count(span) - kept.count(span)
    assert protected.restore(protected.text) == text


@given(st.lists(st.sampled_from(list("ab *_`$[]()<>/:.#-\n") + ["http://x.y", "safetensors", "QZ1"]),
                max_size=30).map("".join))
@settings(max_examples=300)
def test_restore_inverts_protect_for_any_text(text):
    protected = protect(text, TERMS)
    assert protected.restore(protected.text) == text


def test_units_are_lines_and_only_lines_with_words_are_sent():
    protected = protect("  First line with `code`\n\n- Second *line*\n`only code`\n", TERMS)
    sent = [piece for piece, send in protected.units() if send]
    assert sent == ["First line with [QZ1]", "[QZ2] Second [QZ3]line[QZ4]"]
    assert "".join(piece for piece, _ in protected.units()) == protected.text


@pytest.mark.parametrize("translated, problem", [
    ("Ağırlıkları [QZ1] ile kaydedin", None),
    ("Ağırlıkları [ qz1 ] ile kaydedin", None),
    ("Ağırlıkları ile kaydedin", "lost protected text 'safetensors'"),
    ("Ağırlıkları [QZ1] [QZ1] ile", "repeats protected text"),
    ("Ağırlıkları [QZ2] ile", "unknown placeholder"),
    ("Ağırlıkları [QZ1] QZ 1] ile", "mangled placeholder"),
])
def test_damaged_placeholders_are_detected(translated, problem):
    protected = protect("Save the weights with safetensors", TERMS)
    assert protected.text == "Save the weights with [QZ1]"
    if problem is None:
        assert protected.restore(translated) == "Ağırlıkları safetensors ile kaydedin"
    else:
        with pytest.raises(DamagedPlaceholder, match=problem):
            protected.restore(translated)


def test_glossary_is_checked_by_the_linters_own_rule_turkish_aware():
    source = "Why are checkpoints sharded?"
    assert glossary_problems(GLOSSARY, source, "KONTROL NOKTALARI neden bölünür?", "en", "tr") == []
    assert glossary_problems(GLOSSARY, source, "Denetim noktası neden bölünür?", "en", "tr") == [
        "'denetim noktası' is a forbidden tr rendering of glossary term 'checkpoint' (use 'kontrol nokta')"]
    assert glossary_problems(GLOSSARY, source, "Kayıtlar neden bölünür?", "en", "tr") == [
        "glossary term 'checkpoint' must be translated as 'kontrol nokta' in the tr text"]
    assert glossary_problems(GLOSSARY, "Use safetensors", "Güvenli tensörleri kullanın", "en", "tr") == [
        "glossary term 'safetensors' must stay as it is in the tr text"]
    assert glossary_problems(GLOSSARY, "Nothing relevant", "Alakasız", "en", "tr") == []
    names = Glossary.model_validate({"terms": [{"term": "api", "translate": False},
                                               {"term": "istanbul", "translate": False}]})
    assert glossary_problems(names, "Call the API", "API'yi çağırın", "en", "tr") == []  # not "apı"
    assert glossary_problems(names, "İSTANBUL nerede?", "Where is İSTANBUL?", "tr", "en") == []
    # a forbidden rendering in the SOURCE is the linter's to report, not the translation's fault
    turkish_source = Glossary.model_validate({"terms": [{"term": "safetensors", "translate": False,
                                                         "forbidden": {"tr": ["emniyet tensörleri"]}}]})
    assert glossary_problems(turkish_source, "emniyet tensörleri", "safetensors", "tr", "en") == []
    assert glossary_problems(turkish_source, "safetensors kullanın", "use safe tensors", "tr", "en") == [
        "glossary term 'safetensors' must stay as it is in the en text"]
    # a short Turkish rendering is a word, not the start of any word: "yük" (load) is not in "yüksek" (high)
    short = Glossary.model_validate({"terms": [{"term": "load", "translations": {"en": "load", "tr": "yük"}}]})
    assert glossary_problems(short, "Yüksek bir oran", "A high rate", "tr", "en") == []
    assert glossary_problems(short, "Yükü nedir?", "What is it?", "tr", "en") == [
        "glossary term 'load' must be translated as 'load' in the en text (the tr text has 'yük' in 'Yükü')"]
    assert glossary_problems(short, "What is the load?", "Yüksekliği nedir?", "en", "tr") == [
        "glossary term 'load' must be translated as 'yük' in the tr text"]


def test_redact_hides_keys_and_their_url_encoded_forms():
    assert redact("key a/b+c and a%2Fb%2Bc and a%2Fb%2Bc", ["a/b+c"]) == "key *** and *** and ***"
    assert redact("nothing to hide", [""]) == "nothing to hide"


def test_retries_wait_as_the_server_asks_then_back_off_exponentially(libre):
    waits: list[float] = []
    libre.script.extend(["429", "500", "500"])
    client = HttpClient("libre", HttpPolicy(timeout=5, retries=3, backoff=0.25, sleep=waits.append))
    response = client.request("POST", libre.url + "translate", params={"q": "shard", "source": "en", "target": "tr"})
    assert response.json() == {"translatedText": "parça"}
    assert waits == [0.0, 0.5, 1.0]  # Retry-After: 0, then 0.25 × 2¹, 0.25 × 2²
    assert client.requests_sent == 4


def test_retries_are_bounded_and_the_error_names_provider_and_status(libre):
    libre.default = "500"
    client = HttpClient("libre", HttpPolicy(timeout=5, retries=2, sleep=lambda seconds: None))
    with pytest.raises(ProviderError, match=r"libre refused the request: HTTP 500 .*failure 500.*after 3 attempts"):
        client.request("POST", libre.url + "translate", params={"q": "x"})
    assert len(libre.received) == 3


def test_a_negative_number_of_retries_still_makes_one_attempt(libre):
    # retries = -1 made no attempt at all and raised AssertionError("unreachable")
    libre.default = "500"
    client = HttpClient("libre", HttpPolicy(timeout=5, retries=-1, sleep=lambda seconds: None))
    with pytest.raises(ProviderError, match=r"libre refused the request: HTTP 500 .*failure 500\)$"):
        client.request("POST", libre.url + "translate", params={"q": "x"})
    assert len(libre.received) == 1


def test_a_refusal_is_not_retried_and_its_key_is_redacted(libre):
    libre.required_key = "the-right-key"
    client = HttpClient("libre", HttpPolicy(timeout=5, retries=3, sleep=lambda seconds: None), ["s3cret/key"])
    with pytest.raises(ProviderError) as caught:
        client.request("POST", libre.url + "translate", params={"q": "x", "api_key": "s3cret/key"})
    assert caught.value.status == 403
    assert "s3cret" not in caught.value.message and "Invalid API key ***" in caught.value.message
    assert len(libre.received) == 1


def test_libre_provider_sends_no_key_when_none_is_set(libre):
    provider = make_provider("libre", HttpPolicy(timeout=5), libre.url.rstrip("/"), environ={})
    assert provider.translate("shard", "en", "tr") == "parça"
    assert [(r.path, r.source, r.target, r.format, r.api_key) for r in libre.received] == [
        ("/translate", "en", "tr", "text", None)]


def test_libre_provider_takes_its_key_from_the_environment(libre):
    provider = make_provider("libre", HttpPolicy(timeout=5), libre.url,
                             environ={"LIBRETRANSLATE_API_KEY": "k1", "QUIZLINT_LIBRE_API_KEY": "k0"})
    provider.translate("shard", "en", "tr")
    assert libre.received[-1].api_key == "k0"


def test_garbage_answers_are_provider_errors(libre):
    libre.default = "garbage"
    provider = make_provider("libre", HttpPolicy(timeout=5, retries=0), libre.url, environ={})
    with pytest.raises(ProviderError, match="libre gave an unusable answer"):
        provider.translate("shard", "en", "tr")


@pytest.mark.parametrize("name, variable", [("deepl", "DEEPL_API_KEY"), ("microsoft", "MICROSOFT_TRANSLATOR_KEY")])
def test_providers_with_keys_say_which_variable_is_missing(name, variable):
    with pytest.raises(ProviderError, match=variable):
        make_provider(name, HttpPolicy(), environ={})


def test_mymemory_gets_regional_language_tags():
    from deep_translator.constants import MY_MEMORY_LANGUAGES_TO_CODES

    codes = list(MY_MEMORY_LANGUAGES_TO_CODES.values())
    assert mymemory_code("tr", codes) == "tr-TR"
    assert mymemory_code("de", codes) == "de-DE"
    assert mymemory_code("pt-BR", codes) == "pt-BR"
    assert mymemory_code("en", codes).startswith("en-")


def test_cache_is_keyed_by_provider_languages_and_text(tmp_path):
    cache = TranslationCache(tmp_path, "libre http://a/")
    cache.put("en", "tr", "shard", "parça")
    assert cache.get("en", "tr", "shard") == "parça"
    assert cache.get("en", "de", "shard") is None
    assert cache.get("en", "tr", "Shard") is None
    assert TranslationCache(tmp_path, "google").get("en", "tr", "shard") is None
    assert (tmp_path / ".quizlint_cache" / ".gitignore").read_text().splitlines()[-1] == "*"
    entry = next((tmp_path / ".quizlint_cache" / "translate").rglob("*.json"))
    entry.write_text(json.dumps({"key": "something else", "translation": "wrong"}))
    assert cache.get("en", "tr", "shard") is None  # a corrupt or colliding entry is a miss


def test_providers_that_get_go_through_the_same_timeout_and_retries(libre):
    """Google's client calls ``requests.get``: the same hook gives it a timeout and retries."""
    provider = make_provider("google", HttpPolicy(timeout=1, retries=1, sleep=lambda seconds: None), environ={})
    module = provider._deep_translator_module()
    provider._translator(module, "en", "tr")._base_url = libre.url + "m"  # the fake instead of Google
    libre.script.extend(["503"])
    assert provider.translate("shard", "en", "tr") == "parça"
    assert [(request.path, request.q, request.source, request.target) for request in libre.received] == [
        ("/m", "shard", "en", "tr")] * 2
    libre.default = "hang"
    with pytest.raises(ProviderError, match=r"google: no answer from http://127.0.0.1:\d+ within 1 s"):
        provider.translate("weights", "en", "tr")
