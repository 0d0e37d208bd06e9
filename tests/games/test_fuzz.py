"""R11.3: the judge's contract, fuzzed. For random text, mutated records in every notation and
file format, random bytes through the upload decoder and damaged XQF files: `judge` returns a
Judgement or raises RecordError — nothing else — within a second (hypothesis's deadline).
`make fuzz` runs the same generators for as long as asked, each input in a child process."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import Judgement, RecordError
from tests.games.fuzzing import GENERATORS, run


@pytest.mark.alone  # a 1 s deadline per input: beside other workers on a busy machine one took 1.3 s
@settings(max_examples=400, deadline=1000, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(rng=st.randoms(use_true_random=False), generator=st.sampled_from(sorted(GENERATORS)))
def test_r11_3_judge_returns_a_judgement_or_a_record_error(rng: random.Random, generator: str):
    outcome = run(GENERATORS[generator](rng))
    assert isinstance(outcome, (Judgement, RecordError))
