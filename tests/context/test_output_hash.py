"""Every output of the context engine, hashed over a fixed corpus, is the same as at commit 5572deb.

Refactors of the context engine must not change a single record, prompt or
feature. ``tests/context/output_corpus.py`` builds the corpus and the digest;
run it as a script for the full corpus (16,180 views, digest below).
"""

from __future__ import annotations

from tests.context.output_corpus import corpus, digest

FULL_DIGEST = "5a1a7dc1bd349c031534bb9e6c1371d1e7320ccaea9fc6f19ee677bd8acf7c4f"  # corpus(): 16,180 views


def test_small_corpus_digest_is_unchanged() -> None:
    views = corpus(random_hands=120, agent_hands=60)
    assert len(views) == 2860
    assert digest(views) == "a6cdeadc616e108c53dedceaa4ab9014baea9e3645cfba9fe2ae6216d59b777f"
