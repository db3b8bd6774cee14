"""Game settings on which the kernel backends are checked against the Python engine."""

from pokergym.engine import GameConfig

CONFIGS = {  # a name for each setting: stacks, blinds, buttons, sizes and slots that stress the kernels
    "default": {},
    "short_learner": {"config": GameConfig(stacks=(500, 20000)), "button": 0},
    "short_opponent": {"config": GameConfig(stacks=(20000, 350)), "button": "random", "history_slots": 2},
    "odd_blinds": {
        "config": GameConfig(small_blind=100, big_blind=100, stacks=(1000, 1500)),
        "raise_fractions": (0.5, 1.0),
        "history_slots": 1,
        "button": 1,
    },
    "deep": {"config": GameConfig(small_blind=25, big_blind=50, stacks=(30000, 9000)), "raise_fractions": (0.4, 3.0)},
}
