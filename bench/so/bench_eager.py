#!/usr/bin/env python3
"""Per-call time of PyTorch eager on the models of bench/torch_models.py, one intra-op thread.

    /usr/bin/python3 bench/so/bench_eager.py llama|mlp L [ROUNDS] [ROUND_MS]

Runs the model (`tm.llama_model(L)(**tm.llama_inputs(L))`, `tm.mlp_model(L)(x)`) under
torch.no_grad() (as computation.py runs) and under torch.inference_mode(), ROUNDS rounds (default
15) of a batch lasting about ROUND_MS ms (default 40), the two modes alternating. Prints

    EAGER <kind>_L<L> <mode> min_us median_us

per mode, the per-call thread CPU time (time.thread_time) over the rounds.
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import torch  # noqa: E402
import torch_models as tm  # noqa: E402


def main(argv):
    kind, layers = argv[1], int(argv[2])
    rounds = int(argv[3]) if len(argv) > 3 else 15
    round_ms = float(argv[4]) if len(argv) > 4 else 40.0
    torch.set_num_threads(1)
    if kind == "llama":
        model, kwargs = tm.llama_model(layers), tm.llama_inputs(layers)
        call = lambda: model(**kwargs)  # noqa: E731
    else:
        model, x = tm.mlp_model(layers), tm.mlp_inputs()
        call = lambda: model(x)  # noqa: E731
    modes = {"no_grad": torch.no_grad, "inference_mode": torch.inference_mode}

    def batch(mode, n):
        with modes[mode]():
            t0 = time.thread_time()
            for _ in range(n):
                call()
            return (time.thread_time() - t0) / n * 1e6

    for mode in modes:
        batch(mode, 10)  # warm-up
    n = max(1, int(round_ms * 1000 / max(batch(m, 5) for m in modes)))
    times = {m: [] for m in modes}
    for r in range(rounds):
        order = list(modes) if r % 2 == 0 else list(reversed(modes))
        for m in order:
            times[m].append(batch(m, n))
    for m in modes:
        print(f"EAGER {kind}_L{layers} {m} {min(times[m]):.2f} {statistics.median(times[m]):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
