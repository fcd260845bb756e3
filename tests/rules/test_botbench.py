"""``manage.py bench_bots``' figures: played from the seeds, the same whether one process plays or several."""
from __future__ import annotations

import json

import pytest

from games.rules.botbench import StaleRecord, read_records, run_pairing, wilson
from games.rules.bots import Settings

SMALL = Settings(runs=1, seconds=60, samples=1, max_lines=50)


def test_a_pairing_gives_the_same_figures_in_one_process_or_two() -> None:
    seen: list[tuple[int, float, int]] = []
    alone = run_pairing("carcassonne", "easy", "random", 4, SMALL, seed=5,
                        progress=lambda n, won, diff: seen.append((n, won, diff)))
    shared = run_pairing("carcassonne", "easy", "random", 4, SMALL, seed=5, jobs=2)
    figures = ("games", "win_rate", "ci95", "score_diff")
    assert {k: alone[k] for k in figures} == {k: shared[k] for k in figures}
    assert alone["pairing"] == "easy-random" and alone["games"] == 4 and [n for n, _, _ in seen] == [0, 1, 2, 3]
    assert alone["win_rate"] == sum(won for _, won, _ in seen) / 4
    assert alone["score_diff"] == round(sum(diff for _, _, diff in seen) / 4, 1)
    assert alone["turn_ms_median"] is not None and alone["turn_ms_p95"] >= alone["turn_ms_median"]
    assert alone["plan_ms_median"] is not None and alone["plan_ms_p95"] >= alone["plan_ms_median"]
    assert alone["turn_cpu_ms_median"] is not None and alone["turn_cpu_ms_p95"] >= alone["turn_cpu_ms_median"]


def test_the_interval_is_wilsons() -> None:
    assert wilson(81, 100) == [0.722, 0.875]  # 0.7222 to 0.8749
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_a_recorded_sample_is_taken_up_where_it_stopped_and_refused_once_the_code_plays_otherwise(tmp_path) -> None:
    record = tmp_path / "sample.jsonl"
    figures = ("games", "win_rate", "ci95", "score_diff")
    whole = run_pairing("carcassonne", "easy", "random", 4, SMALL, seed=2)
    run_pairing("carcassonne", "easy", "random", 3, SMALL, seed=2, record=record)
    assert [line["seed"] for line in read_records(record)] == [2, 3, 4]
    played: list[int] = []
    resumed = run_pairing("carcassonne", "easy", "random", 4, SMALL, seed=2, record=record,
                          progress=lambda n, won, diff: played.append(n))
    assert played == [3]  # only the game the file did not hold
    assert {k: resumed[k] for k in figures} == {k: whole[k] for k in figures}
    assert len(read_records(record)) == 4
    other = run_pairing("carcassonne", "medium", "easy", 1, SMALL, seed=2, record=record)
    assert other["games"] == 1 and len(read_records(record)) == 5  # another pairing's games are its own

    lines = record.read_text().splitlines()
    first = json.loads(lines[0])
    record.write_text("\n".join([json.dumps({**first, "moves": "0" * 16}), *lines[1:]]) + "\n")
    with pytest.raises(StaleRecord):  # the held game, played again, does not give the recorded steps
        run_pairing("carcassonne", "easy", "random", 5, SMALL, seed=2, record=record)
    assert len(read_records(record)) == 5  # and nothing was added to the file
