"""The async backend: bounded concurrency, results identical to the local backend, failures voided alike."""

from __future__ import annotations

import asyncio

import pytest
from arena_agents import AsyncExploder, Cheater, Diarist, Exploder, Mute

from pokergym.agents import CallAgent, RandomAgent
from pokergym.arena import AsyncRunner, make_runner, match, tournament
from pokergym.cli import main


def test_runner_keeps_k_calls_in_flight_and_yields_in_order() -> None:
    running = peak = 0

    async def slow_square(x: int) -> int:
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.001 * (x % 3))
        running -= 1
        return x * x

    for concurrency in (1, 3):
        running = peak = 0
        with AsyncRunner(concurrency) as runner:
            assert list(runner.map(slow_square, range(10))) == [x * x for x in range(10)]
        assert peak == concurrency


def test_closers_run_once_in_the_loop_and_close_twice_is_harmless() -> None:
    calls: list[bool] = []

    async def closer() -> None:
        calls.append(asyncio.get_running_loop() is not None)

    runner = AsyncRunner()
    runner.on_close(closer)
    runner.on_close(closer)
    runner.close()
    runner.close()
    assert calls == [True]
    with pytest.raises(ValueError, match="concurrency"):
        make_runner("async", concurrency=0)


@pytest.mark.parametrize("concurrency", [1, 4])
def test_async_backend_gives_the_local_result_and_histories(concurrency: int, tmp_path) -> None:
    for first, second in [(RandomAgent(), Exploder()), (Cheater(), Diarist()), (Mute(), CallAgent())]:
        paths = [tmp_path / f"{backend}.jsonl" for backend in ("local", "async")]
        kwargs = {"pairs": 24, "seed": 13, "block_size": 5}
        local = match(first, second, histories=paths[0], **kwargs)
        together = match(first, second, backend="async", concurrency=concurrency, histories=paths[1], **kwargs)
        assert together == local  # voided hands included, traceback text and all
        assert paths[1].read_text() == paths[0].read_text()


def test_an_async_agent_is_awaited_and_its_failures_void_the_pair() -> None:
    agent = AsyncExploder()
    kwargs = {"pairs": 40, "seed": 1, "block_size": 3}
    local = match(agent, CallAgent(), **kwargs)
    together = match(agent, CallAgent(), backend="async", concurrency=4, **kwargs)
    assert agent.awaited == 0 and agent.closed == 1  # the copies were awaited; the runner closed the original
    assert together.voided and together.pairs + together.voided_pairs == 40
    assert together.pair_chips == local.pair_chips
    assert [(v.pair, v.hand, v.seat, v.kind) for v in together.voided] == [
        (v.pair, v.hand, v.seat, v.kind) for v in local.voided
    ]
    assert all("kaboom, asynchronously" in v.detail for v in together.voided)
    assert all("act_async" not in v.detail for v in local.voided)


def test_tournament_and_cli_on_the_async_backend(capsys) -> None:
    agents = [RandomAgent(), CallAgent(), Diarist()]
    local = tournament(agents, pairs=12, seed=3, block_size=4)
    assert tournament(agents, pairs=12, seed=3, block_size=4, backend="async", concurrency=3) == local
    outputs = []
    for backend in (["--backend", "local"], ["--backend", "async", "--concurrency", "3"]):
        assert main(["match", "random", "call", "--pairs", "20", "--block-size", "2", *backend]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and "mbb/hand" in outputs[0]
