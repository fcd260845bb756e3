"""``manage.py bench_bots``' figures: played from the seeds, the same whether one process plays or several."""
from __future__ import annotations

from games.rules.botbench import run_pairing, wilson
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
