"""Every output of the context engine, hashed over a fixed corpus, is the same as at commit 5572deb.

Refactors of the context engine must not change a single record, prompt or
feature. ``tests/context/output_corpus.py`` builds the corpus and the digest;
run it as a script for the full corpus (16,180 views, digest below).

One change since, on purpose (2026-11-30): the prompt of the big blind facing a
limp, where checking is free, gives its range table as ``raise X%, check Y%``
instead of ``call 0%, fold Y%`` (the share the rule agent checks). Of the small
corpus's 2,860 views exactly the 105 such views' prompts changed, nothing else.
"""

from __future__ import annotations

from tests.context.output_corpus import corpus, digest

FULL_DIGEST = "c0d23bdbaee94a303ed596e18005a6ae6f488152e01474b7af4114b264739382"  # corpus(): 16,180 views


def test_small_corpus_digest_is_unchanged() -> None:
    views = corpus(random_hands=120, agent_hands=60)
    assert len(views) == 2860
    assert digest(views) == "51e8cf2fe6a2c5bca63eb1799dfd50de42d0c500709d7fc82070a7c6c7c681b5"
