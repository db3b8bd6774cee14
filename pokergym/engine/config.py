"""Game settings for heads-up no-limit hold'em."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pokergym.errors import ConfigError

__all__ = ["DEFAULT_CONFIG", "GameConfig"]


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Blinds and starting stacks of a heads-up no-limit hold'em hand.

    The defaults are the ACPC / Slumbot setting: blinds 50/100 and 20,000 chips
    (200 big blinds) for both seats. Stacks may differ between the seats.

    Attributes:
        small_blind: chips the button posts.
        big_blind: chips the other seat posts; also the minimum bet.
        stacks: starting chips of seat 0 and seat 1 (blinds included).

    Example:
        >>> GameConfig().stacks
        (20000, 20000)
        >>> GameConfig(stacks=(500, 20000)).effective_stack
        500
        >>> GameConfig(small_blind=0)
        Traceback (most recent call last):
        ...
        pokergym.errors.ConfigError: blinds must satisfy 0 < small_blind <= big_blind, got 0/100
    """

    small_blind: int = 50
    big_blind: int = 100
    stacks: tuple[int, int] = (20000, 20000)

    def __post_init__(self) -> None:
        """Validate the settings."""
        if not all(isinstance(b, int) and not isinstance(b, bool) for b in (self.small_blind, self.big_blind)):
            raise ConfigError(f"blinds must be integers (chips), got {self.small_blind!r}/{self.big_blind!r}")
        if not 0 < self.small_blind <= self.big_blind:
            raise ConfigError(
                f"blinds must satisfy 0 < small_blind <= big_blind, got {self.small_blind}/{self.big_blind}"
            )
        if isinstance(self.stacks, str | bytes) or not hasattr(self.stacks, "__iter__"):
            raise ConfigError(f"stacks must be two integers, got {self.stacks!r}")
        stacks = tuple(self.stacks)
        if len(stacks) != 2 or not all(isinstance(s, int) and not isinstance(s, bool) for s in stacks):
            raise ConfigError(f"stacks must be two integers, got {self.stacks!r}")
        if min(stacks) <= 0:
            raise ConfigError(f"stacks must be positive, got {self.stacks!r}")
        object.__setattr__(self, "stacks", (int(stacks[0]), int(stacks[1])))

    @property
    def effective_stack(self) -> int:
        """The smaller of the two starting stacks."""
        return min(self.stacks)

    @property
    def max_actions(self) -> int:
        """An upper bound on the actions in one hand.

        Every bet or raise except a seat's one all-in for less moves at least
        a big blind from its stack; each can be called once (the big blind as
        well); each street has at most two checks; a fold ends the hand.

        Example:
            >>> GameConfig().max_actions
            814
        """
        raises = sum(self.stacks) // self.big_blind + 2
        return 2 * raises + 1 + 2 * 4 + 1

    @classmethod
    def from_big_blinds(cls, stack_bb: float, small_blind: int = 50, big_blind: int = 100) -> GameConfig:
        """Build a config with equal stacks given in big blinds.

        Raises:
            ConfigError: if ``stack_bb`` is not a finite number (the chips are then checked as usual).

        Example:
            >>> GameConfig.from_big_blinds(50).stacks
            (5000, 5000)
        """
        if isinstance(stack_bb, bool) or not isinstance(stack_bb, int | float) or not math.isfinite(stack_bb):
            raise ConfigError(f"stack_bb must be a finite number of big blinds, got {stack_bb!r}")
        chips = round(stack_bb * big_blind)
        return cls(small_blind=small_blind, big_blind=big_blind, stacks=(chips, chips))


DEFAULT_CONFIG = GameConfig()
"""Blinds 50/100, 20,000-chip stacks."""
