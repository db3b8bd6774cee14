"""CFR+ bucket policy: the LiveGTO method, with its flaws fixed.

The pipeline: a card abstraction (:mod:`~baselines.cfr.abstraction`: 5 flop
textures x 9 hand buckets), Monte Carlo bucket-pair weights and equities per
street (:mod:`~baselines.cfr.equity`), a single-street betting tree
(:mod:`~baselines.cfr.game`), a vectorised CFR/CFR+ core with exact best
responses (:mod:`~baselines.cfr.solver`, checked on Kuhn poker in
:mod:`~baselines.cfr.kuhn`), versioned JSON strategies
(:mod:`~baselines.cfr.export`, shipped in ``data/``) and the agent that plays
them (:class:`CFRBucketAgent`). :func:`solve_main` is the command line
behind ``pokergym solve cfr``.

Example:
    >>> from baselines.cfr import CFRBucketAgent
    >>> CFRBucketAgent().name
    'cfr'
"""

from __future__ import annotations

from baselines.cfr.agent import CFRBucketAgent
from baselines.cfr.cli import solve_main

__all__ = ["CFRBucketAgent", "solve_main"]
