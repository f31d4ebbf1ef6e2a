"""Long runs release the GIL (another Python thread runs meanwhile) and Ctrl-C stops a long
simulate between chunks of trials with KeyboardInterrupt, the interpreter still usable."""

import _thread
import os
import threading
import time

import pytest

import costsim


def long_scenario(src):
    # OU spot prices with jumps, Daly checkpoints, 200 h of work: ~10^5 trials/s per core.
    return os.path.join(src, "bench", "scenarios", "rich.json")


def test_another_thread_runs_while_simulate_runs(src):
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.005)

    t = threading.Thread(target=count)
    t.start()
    begin = time.monotonic()
    costsim.simulate(long_scenario(src), trials=100000, threads=1)
    end = time.monotonic()
    stop.set()
    t.join()
    during = [x for x in ticks if begin < x < end]
    # With the GIL held for the whole run, the counter could not tick in between.
    assert end - begin > 0.2 and len(during) >= 10


def test_ctrl_c_stops_a_long_simulate(src):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    begin = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        costsim.simulate(long_scenario(src), trials=3_000_000, threads=1)
    timer.cancel()
    assert time.monotonic() - begin < 30
    # The interpreter and the module still work afterwards.
    assert costsim.simulate(long_scenario(src), trials=100).trials == 100
