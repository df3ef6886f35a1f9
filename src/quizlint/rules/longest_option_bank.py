"""The key is the longest option far more often than chance.

## What it does
Over the single-answer items with one key, counts the items whose key is the longest option (in characters
as students see them, in the source language: a link by its text, not its URL; a backslash escape such as
`\\*` as the character it shows; in NFC, so "ü" typed as u and a combining mark is one character) and tests
the count with a one-sided exact binomial test against chance.
By chance the key is the longest option of an n-option item with probability 1/n. When k options tie for the
longest, the item counts 1/k if the key is one of them (and its chance k/n of that is worth 1/k): ties count
fractionally on both sides, so options of equal length never look like a cue. The count is tested with an exact
(weighted) binomial test; a bank is tested as a whole and its files with Holm's correction (see the policy of the
statistical bank rules in the README). A p-value below `alpha` is reported, e.g. `the key is the
longest option in 7 of 8 items in this quiz (chance: 2 of 8), binomial p=0.0004`.

The bank is tested as a whole, and each quiz file on its own with Holm's correction over the files tested
(the message says so: "in this quiz, Holm-corrected over 13 quiz files"), so that a bank without bias stays
silent however many files it has. A file significant after correction is reported at its quiz `id:` line;
when none is, a significant bank is reported at the first file's quiz `id:` line ("across the bank").
A bank of one file is tested at `alpha`, uncorrected. Quizzes (or banks) with fewer than `min-items` such items are not tested. For single items with a
conspicuously long key, see longest-option-key.

## Why it matters
"Keep the length of choices about equal" is one of the item-writing guidelines of Haladyna, Downing &
Rodriguez (2002, "A review of multiple-choice item-writing guidelines for classroom assessment", *Applied
Measurement in Education* 15(3)): writers qualify the right answer until it is unassailable and leave the
distractors short, and test-wise students learn to pick the longest option. One long key is often harmless;
a bank where the key is usually the longest option rewards guessing.

## Example
```yaml
quizlint: 1
id: networking
languages: [en]
title: Networking
items:
  - {id: dns, stem: "What does DNS do?", options: [{text: "Translates host names into IP addresses", correct: true}, {text: Encrypts e-mail}, {text: Routes packets}, {text: Assigns MAC addresses}]}
  - {id: dhcp, stem: "What does DHCP do?", options: [{text: Blocks ports}, {text: "Hands out IP addresses and settings to hosts", correct: true}, {text: Names hosts}, {text: Sends e-mail}]}
  - {id: tcp, stem: "What does TCP add to IP?", options: [{text: Colour}, {text: Faster links}, {text: "Reliable, ordered delivery with retransmission", correct: true}, {text: Shorter cables}]}
  - {id: firewall, stem: "What is a firewall?", options: [{text: A cable}, {text: A web browser}, {text: A power supply}, {text: "A filter that allows or blocks traffic by rules", correct: true}]}
  - {id: https, stem: "What does HTTPS protect?", options: [{text: "The confidentiality and integrity of web traffic", correct: true}, {text: Disk space}, {text: CPU time}, {text: Screen size}]}
  - {id: latency, stem: "What is latency?", options: [{text: Link width}, {text: "The delay before data reaches its destination", correct: true}, {text: Packet colour}, {text: Cable length}]}
  - {id: nat, stem: "What does NAT do?", options: [{text: Sorts files}, {text: Prints pages}, {text: "Maps private addresses to a shared public one", correct: true}, {text: Cools servers}]}
  - {id: mac, stem: "What is a MAC address?", options: [{text: A hardware address, correct: true}, {text: "A postal address that providers use for billing"}, {text: A URL}, {text: A domain}]}
```

## Use instead
```yaml
quizlint: 1
id: networking
languages: [en]
title: Networking
items:
  - {id: dns, stem: "What does DNS do?", options: [{text: "Translates host names into IP addresses", correct: true}, {text: "Encrypts e-mail on its way between mail servers"}, {text: Routes packets}, {text: Assigns MAC addresses}]}
  - {id: dhcp, stem: "What does DHCP do?", options: [{text: "Blocks ports that a host does not use"}, {text: "Hands out IP addresses to hosts", correct: true}, {text: "Gives every host a permanent name"}, {text: Sends e-mail}]}
  - {id: tcp, stem: "What does TCP add to IP?", options: [{text: "Encryption of every packet"}, {text: "Faster links between routers"}, {text: "Reliable, ordered delivery", correct: true}, {text: "Shorter routes across networks"}]}
  - {id: firewall, stem: "What is a firewall?", options: [{text: "A cable that isolates a network"}, {text: "A browser setting for cookies"}, {text: "A power supply with surge protection"}, {text: "A filter that allows or blocks traffic", correct: true}]}
  - {id: https, stem: "What does HTTPS protect?", options: [{text: "Web traffic in transit", correct: true}, {text: "The disk space of the server"}, {text: "The CPU time of the browser"}, {text: "The files stored on the server"}]}
  - {id: latency, stem: "What is latency?", options: [{text: "The width of a link in bits per second"}, {text: "The delay before data arrives", correct: true}, {text: "The share of packets that are lost"}, {text: "The physical length of a cable"}]}
  - {id: nat, stem: "What does NAT do?", options: [{text: "Sorts incoming files by type"}, {text: "Translates domain names to addresses"}, {text: "Maps private addresses to a public one", correct: true}, {text: "Encrypts traffic between sites"}]}
  - {id: mac, stem: "What is a MAC address?", options: [{text: A hardware address, correct: true}, {text: "A postal address that providers use for billing"}, {text: A URL}, {text: A domain}]}
```

## How to fix
Lengthen the distractors with the same care as the key (plausible qualifiers, the same level of detail), or
shorten the key, until the key is no longer predictably the longest option. `quizlint fix` cannot do this.

## Options
- `alpha` (default `0.05`): significance level; a p-value below it is reported.
- `min-items` (default `8`): fewest eligible items worth testing.
"""

from quizlint.rules._bank_scope import STATISTICAL_LIMITS, Rate, one_group, rate_problems, single_key_items

CODE = "B005"
NAME = "longest-option-bank"
SEVERITY = "warning"
SCOPE = "bank"
DEFAULT_ENABLED = True
FIXABLE = False
OPTIONS = {"alpha": 0.05, "min-items": 8}
OPTION_LIMITS = STATISTICAL_LIMITS


def keyed_items(items):
    return single_key_items(items, movable_only=False)


def keys_longest(items) -> Rate:
    """How many keys are the longest option, a key tied with others for the longest counting 1/k (k tied), and
    for each item the chance that its key is among the k longest (k / n), each such hit worth 1/k: ties count
    fractionally on both sides, so an item whose options are all as long counts 1/n, as chance says."""
    longest = [max(item.lengths) for item in items]
    ties = [item.lengths.count(top) for item, top in zip(items, longest)]
    hits = sum(1 / tie for item, top, tie in zip(items, longest, ties) if item.lengths[item.keys[0]] == top)
    return Rate(hits, [tie / item.n_options for item, tie in zip(items, ties)], ties)


def check(ctx):
    yield from rate_problems(ctx, one_group(keyed_items), keys_longest, "the key is the longest option")
