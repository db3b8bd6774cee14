"""Vector environments: many ``HUNL-v0`` tables stepped as one batch.

:class:`HUNLVectorEnv` is a Gymnasium :class:`~gymnasium.vector.VectorEnv`
(autoreset ``SAME_STEP``) with batched action masks. Against the default
calling station in the discrete action mode it steps all tables in one numba
kernel (:mod:`pokergym.envs.kernel`); otherwise it loops over ordinary
``HUNL-v0`` environments. Either way, table ``i`` plays exactly the hands of a
single environment under the same seed. It is also the vector
entry point of ``HUNL-v0`` (registered by ``import pokergym``), so
``gym.make_vec("HUNL-v0", num_envs=N, vectorization_mode="vector_entry_point")``
builds one.

Example:
    >>> import gymnasium as gym
    >>> import pokergym
    >>> env = gym.make_vec("HUNL-v0", num_envs=2, vectorization_mode="vector_entry_point")
    >>> type(env).__name__, env.num_envs
    ('HUNLVectorEnv', 2)
"""

from pokergym.vector.env import EnvWrapper, HUNLVectorEnv, OpponentSource

__all__ = ["EnvWrapper", "HUNLVectorEnv", "OpponentSource"]
