"""A Bayesian opponent-modelling agent in the manner of HaRDBot, for no-limit hold'em.

A corpus of played hands (:mod:`~baselines.bayes.corpus`, SQLite) says how
hands act in each betting situation; hands are compared through their
E, E2, PPOT and NPOT vectors (:mod:`~baselines.bayes.vectorise`), grouped in
five k-means buckets per board (:mod:`~baselines.bayes.buckets`). Bayes'
rule turns each opponent action into a new distribution over his hands,
with likelihoods adapted to the opponent by a smoothed online model that
also learns, from the hands he shows down, how far his actions follow his
cards (:mod:`~baselines.bayes.model`), and an expert system acts on it
(:mod:`~baselines.bayes.expert`). :class:`BayesAgent` puts it together.

Example:
    >>> BayesAgent().name
    'bayes'
"""

from baselines.bayes.agent import BayesAgent
from baselines.bayes.corpus import Corpus, CorpusError, CorpusFormatError, corpus_main

__all__ = ["BayesAgent", "Corpus", "CorpusError", "CorpusFormatError", "corpus_main"]
