"""A trained MaskablePPO policy as plain numpy: the forward pass that plays without torch.

:class:`PolicyNetwork` holds the actor half of a Stable-Baselines3
``MultiInputPolicy`` (``CombinedExtractor`` then ``MlpExtractor``'s policy
layers then ``action_net``): the observation entries flattened and
concatenated in the observation space's key order, hidden layers with the
activation used in training, and the logits masked to the legal ids before a
softmax, as sb3-contrib's ``MaskableCategorical`` does. :meth:`from_sb3`
exports a live model's weights (needs torch), :meth:`save` and :meth:`load`
keep them in one ``.npz`` file (``float32`` weights and the layout as JSON).

Example:
    >>> import numpy as np
    >>> net = PolicyNetwork(
    ...     keys=("action_mask", "observation"),
    ...     sizes=(3, 2),
    ...     layers=[(np.zeros((4, 5), np.float32), np.zeros(4, np.float32))],
    ...     head=(np.eye(3, 4, dtype=np.float32), np.array([0.0, 1.0, 2.0], np.float32)),
    ...     activation="tanh",
    ... )
    >>> probs = net.probabilities({"action_mask": np.array([1, 1, 0], np.int8), "observation": np.zeros(2)})
    >>> [round(float(p), 3) for p in probs]
    [0.269, 0.731, 0.0]
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from baselines.ppo._forward import masked_probabilities, pack
from pokergym.errors import ConfigError

__all__ = ["ACTIVATIONS", "PolicyNetwork"]

Floats = npt.NDArray[np.float32]

ACTIVATIONS = ("tanh", "relu")
"""Hidden-layer activations the network reproduces (SB3's ``nn.Tanh`` and ``nn.ReLU``)."""


class PolicyNetwork:
    """The actor of a ``MultiInputPolicy`` as numpy arrays.

    Args:
        keys: the observation entries, in the order the policy concatenates them.
        sizes: each entry's flattened size.
        layers: the hidden layers as ``(weight, bias)``, weight shaped ``(out, in)``.
        head: the action layer as ``(weight, bias)``.
        activation: ``"tanh"`` or ``"relu"``.

    Raises:
        ConfigError: if the shapes do not chain or the activation is unknown.
    """

    def __init__(
        self,
        *,
        keys: Sequence[str],
        sizes: Sequence[int],
        layers: Sequence[tuple[Floats, Floats]],
        head: tuple[Floats, Floats],
        activation: str,
    ) -> None:
        """Check and keep the weights (see the class docstring)."""
        if activation not in ACTIVATIONS:
            raise ConfigError(f"activation must be one of {ACTIVATIONS}, got {activation!r}")
        if len(keys) != len(sizes) or not keys:
            raise ConfigError(f"need one size per observation key, got keys {list(keys)} and sizes {list(sizes)}")
        self.keys = tuple(keys)
        self.sizes = tuple(int(size) for size in sizes)
        self.activation = activation
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.head = (np.asarray(head[0], np.float32), np.asarray(head[1], np.float32))
        width = sum(self.sizes)
        for weight, bias in [*self.layers, self.head]:
            if weight.ndim != 2 or weight.shape[1] != width or bias.shape != (weight.shape[0],):
                raise ConfigError(f"layer of shape {weight.shape} (bias {bias.shape}) does not take {width} inputs")
            width = weight.shape[0]
        self.actions = width
        self._input = np.zeros(sum(self.sizes), np.float32)
        bounds = np.cumsum([0, *self.sizes]).tolist()
        self._slices = [(key, bounds[k], bounds[k + 1]) for k, key in enumerate(self.keys)]
        chain = [*self.layers, self.head]
        # the compiled pass (baselines.ppo._forward) needs a layer after the first; a bare head stays in numpy
        self._compiled = len(chain) > 1
        self._first = (np.ascontiguousarray(chain[0][0].T), chain[0][1])
        self._later = pack(chain[1:])
        self._relu = activation == "relu"

    def logits(self, observation: Mapping[str, Any]) -> Floats:
        """The unmasked action logits of one observation dict.

        Raises:
            ConfigError: if an entry is missing or has the wrong size.
        """
        return self._forward(self.flat_input(observation))

    def flat_input(self, observation: Mapping[str, Any]) -> Floats:
        """The observation's entries concatenated in the policy's key order (a buffer reused per call).

        Raises:
            ConfigError: if an entry is missing or has the wrong size.
        """
        x = self._input
        for key, start, stop in self._slices:
            entry = observation.get(key)
            if entry is None:
                raise ConfigError(f"the observation has no {key!r} entry (the policy reads {list(self.keys)})")
            if not (isinstance(entry, np.ndarray) and entry.ndim == 1):
                entry = np.ravel(entry)
            if entry.shape[0] != stop - start:
                raise ConfigError(f"observation entry {key!r} has {entry.size} values, the policy reads {stop - start}")
            x[start:stop] = entry
        return x

    def _forward(self, x: Floats) -> Floats:
        """The logits of the flat input ``x``.

        The first layer reads only the rows of its transposed weight where ``x`` is not zero: an
        observation is mostly zeros (one-hot cards and actions), so this reads about a tenth of the weight.
        """
        tanh = self.activation == "tanh"
        for k, (weight, bias) in enumerate(self.layers):
            if k == 0:  # self._first holds this layer's weight transposed
                live = np.flatnonzero(x)
                x = x[live] @ self._first[0][live]
            else:
                x = weight @ x
            x += bias
            if tanh:
                np.tanh(x, out=x)
            else:
                np.maximum(x, 0.0, out=x)
        out: Floats = self.head[0] @ x
        out += self.head[1]
        return out

    def flat_probabilities(self, x: Floats, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.float64]:
        """:meth:`probabilities` of an input already flat and checked: the caller vouches for it.

        Args:
            x: ``float32``, the observation entries concatenated in :attr:`keys` order (:meth:`flat_input`).
            mask: ``int8``, one entry per action id, at least one non-zero.

        Returns:
            The action probabilities, illegal ids at exactly zero.
        """
        if self._compiled:
            weights = np.empty(self.actions)
            first_rows, first_bias = self._first
            later, shapes = self._later
            masked_probabilities(x, mask, first_rows, first_bias, later, shapes, self._relu, weights)
            return weights
        legal = mask != 0
        logits = self._forward(x).astype(np.float64)[legal]
        weights = np.zeros(self.actions)
        weights[legal] = np.exp(logits - logits.max())
        weights /= weights.sum()
        return weights

    def probabilities(self, observation: Mapping[str, Any]) -> npt.NDArray[np.float64]:
        """The action probabilities with illegal ids (``action_mask`` 0) at exactly zero.

        Raises:
            ConfigError: if the observation does not fit, or its mask allows no action.
        """
        mask = np.ravel(observation["action_mask"]) != 0
        if mask.shape[0] != self.actions or not mask.any():
            raise ConfigError(f"the action mask needs {self.actions} entries, one legal; got {mask.astype(int)}")
        return self.flat_probabilities(self.flat_input(observation), mask.view(np.int8))

    @classmethod
    def from_sb3(cls, policy: Any) -> PolicyNetwork:
        """Export the actor of a trained ``MultiInputPolicy`` (``model.policy``) with Box entries.

        Raises:
            ConfigError: if the policy is not a ``MultiInputPolicy`` with an MLP actor of Linear layers.
        """
        import torch

        spaces = policy.observation_space.spaces
        keys = list(policy.features_extractor.extractors.keys())
        sizes = [int(np.prod(spaces[key].shape)) for key in keys]
        modules = list(policy.mlp_extractor.policy_net)
        linear = [m for m in modules if isinstance(m, torch.nn.Linear)]
        acts = {type(m).__name__ for m in modules if not isinstance(m, torch.nn.Linear)}
        if len(acts) > 1 or len(linear) * 2 != len(modules):
            raise ConfigError(f"the policy's actor is not alternating Linear and one activation: {modules}")
        activation = {"Tanh": "tanh", "ReLU": "relu"}.get(next(iter(acts), "Tanh"), "")

        def arrays(layer: Any) -> tuple[Floats, Floats]:
            return layer.weight.detach().cpu().numpy(), layer.bias.detach().cpu().numpy()

        return cls(
            keys=keys,
            sizes=sizes,
            layers=[arrays(layer) for layer in linear],
            head=arrays(policy.action_net),
            activation=activation,
        )

    def into_sb3(self, policy: Any) -> None:
        """Copy these weights into the actor of ``policy`` (a ``MultiInputPolicy``; the critic is left as it is).

        The inverse of :meth:`from_sb3`: a policy of the same layout acts as this network does afterwards.

        Raises:
            ConfigError: if the policy's observation entries, activation or layer shapes differ.
        """
        import torch

        target = PolicyNetwork.from_sb3(policy)
        if (target.keys, target.sizes, target.activation) != (self.keys, self.sizes, self.activation):
            raise ConfigError(
                f"the policy reads {target.keys} sized {target.sizes} with {target.activation}, "
                f"this network {self.keys} sized {self.sizes} with {self.activation}"
            )
        shapes = [weight.shape for weight, _ in [*target.layers, target.head]]
        if shapes != [weight.shape for weight, _ in [*self.layers, self.head]]:
            raise ConfigError(f"the policy's layers are {shapes}, this network's {[w.shape for w, _ in self.layers]}")
        linear = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
        with torch.no_grad():
            for layer, (weight, bias) in zip([*linear, policy.action_net], [*self.layers, self.head], strict=True):
                layer.weight.copy_(torch.as_tensor(weight))
                layer.bias.copy_(torch.as_tensor(bias))

    def save(self, path: str | Path) -> None:
        """Write the weights and layout to one ``.npz`` file."""
        arrays: dict[str, np.ndarray] = {"head_w": self.head[0], "head_b": self.head[1]}
        for k, (weight, bias) in enumerate(self.layers):
            arrays[f"w{k}"], arrays[f"b{k}"] = weight, bias
        meta = {"keys": list(self.keys), "sizes": list(self.sizes), "layers": len(self.layers)}
        meta["activation"] = self.activation
        arrays["meta"] = np.array(json.dumps(meta))
        np.savez_compressed(Path(path), **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> PolicyNetwork:
        """Read a network written by :meth:`save`.

        Raises:
            ConfigError: if the file is missing or not such a network.
        """
        try:
            with np.load(Path(path)) as data:
                meta = json.loads(str(data["meta"]))
                layers = [(data[f"w{k}"], data[f"b{k}"]) for k in range(int(meta["layers"]))]
                head = (data["head_w"], data["head_b"])
        except (OSError, KeyError, ValueError) as exc:
            raise ConfigError(f"{path} is not a saved policy network: {exc}") from exc
        return cls(keys=meta["keys"], sizes=meta["sizes"], layers=layers, head=head, activation=meta["activation"])
