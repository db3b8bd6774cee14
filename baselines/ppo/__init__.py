"""The league-trained MaskablePPO agent (``baselines.make("ppo")``), its numpy policy and its trainer.

- :class:`PPOAgent` plays the shipped policy with a numpy forward pass (no
  torch needed): ``data/ppo_league.npz`` before the flop, ``data/ppo_postflop.npz``
  (trained on from it with the league tilted towards rule) after it.
- :class:`PolicyNetwork` is that forward pass, exported from a trained
  Stable-Baselines3 model.
- :mod:`baselines.ppo.league` holds the league (prioritised sampling of
  baselines and snapshots); :mod:`baselines.ppo.train` the trainer
  (``python examples/train_league.py``; needs the ``rl`` extra).
"""

from baselines.ppo.agent import PPOAgent
from baselines.ppo.league import League, LeagueOpponent
from baselines.ppo.network import PolicyNetwork

__all__ = ["League", "LeagueOpponent", "PPOAgent", "PolicyNetwork"]
