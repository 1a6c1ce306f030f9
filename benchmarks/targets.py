"""The performance targets from a run of run-targets.sh: ratios taken within each round, then their median and (min-max).

Usage: python3 benchmarks/targets.py benchmarks/results/targets-<timestamp>/results.tsv

The input has run-http.sh's results.tsv columns (round, endpoint, format, mode, rps, p99_us, alloc_per_req, bytes,
errors, cpu_us_per_req, work_items_per_req), one row per case and round.
"""
import statistics
import sys

# (target, case, baseline); a case is (endpoint, format, mode).
RATIOS = [
    ("feed JSON ÷ stj-sg (≥ 1.7)", ("statuses", "json", "fast"), ("statuses", "json", "stj-sg")),
    ("feed MessagePack ÷ mpcs (≥ 1.3)", ("statuses", "msgpack", "fast"), ("statuses", "msgpack", "mpcs")),
    ("CITM MessagePack ÷ mpcs (≥ 1.2)", ("citm", "msgpack", "fast"), ("citm", "msgpack", "mpcs")),
    ("feed JSON ÷ prebaked (≥ 0.6)", ("statuses", "json", "fast"), ("statuses", "json", "prebaked")),
    ("feed MessagePack ÷ prebaked (≥ 0.6)", ("statuses", "msgpack", "fast"), ("statuses", "msgpack", "prebaked")),
    ("feed JMC1 ÷ prebaked (≥ 0.6)", ("statuses", "jsonc", "fast"), ("statuses", "jsonc", "prebaked")),
    ("book JSON ÷ prebaked (≥ 0.85)", ("book", "json", "fast"), ("book", "json", "prebaked")),
    ("book MessagePack ÷ prebaked (≥ 0.85)", ("book", "msgpack", "fast"), ("book", "msgpack", "prebaked")),
    ("book JMC1 ÷ prebaked (≥ 0.85)", ("book", "jsonc", "fast"), ("book", "jsonc", "prebaked")),
    ("POST ticker MessagePack ÷ builtin JSON (≥ 2)", ("ticker", "msgpack", "fast"), ("ticker", "json", "builtin")),
    ("POST ticker JMC1 ÷ builtin JSON (≥ 2)", ("ticker", "jsonc", "fast"), ("ticker", "json", "builtin")),
    ("feed JMC1 ÷ our JSON (≥ 0.95)", ("statuses", "jsonc", "fast"), ("statuses", "json", "fast")),
    ("CITM JMC1 ÷ our JSON (≥ 0.95)", ("citm", "jsonc", "fast"), ("citm", "json", "fast")),
]


def load(path):
    cases = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 11 or not fields[0].isdigit():
                continue
            cases[(int(fields[0]), fields[1], fields[2], fields[3])] = {
                "rps": float(fields[4]), "alloc": float(fields[6]), "cpu": float(fields[9]), "work": float(fields[10])}
    return cases


def spread(values, digits):
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}–{max(values):,.{digits}f})"


def main(path):
    cases = load(path)
    rounds = sorted({key[0] for key in cases})
    print(f"{len(rounds)} rounds; ratios of req/s within each round, median (min–max), then each round's\n")
    print("| target | median (min–max) | per round |")
    print("| --- | --- | --- |")
    for name, case, baseline in RATIOS:
        ratios = [cases[(r, *case)]["rps"] / cases[(r, *baseline)]["rps"]
                  for r in rounds if (r, *case) in cases and (r, *baseline) in cases]
        if ratios:
            print(f"| {name} | {spread(ratios, 2)} | {' / '.join(f'{x:.2f}' for x in ratios)} |")

    print("\n| allocated beyond prebaked (≤ 1 KB), B/request | JSON | MessagePack | JMC1 |")
    print("| --- | ---: | ---: | ---: |")
    for endpoint in ("statuses", "citm", "book"):
        cells = []
        for fmt in ("json", "msgpack", "jsonc"):
            extra = [cases[(r, endpoint, fmt, "fast")]["alloc"] - cases[(r, endpoint, fmt, "prebaked")]["alloc"]
                     for r in rounds if (r, endpoint, fmt, "fast") in cases and (r, endpoint, fmt, "prebaked") in cases]
            cells.append(spread(extra, 0) if extra else "n/a")
        print(f"| {endpoint} | {' | '.join(cells)} |")

    print("\n| case | mode | req/s, median (min–max) | allocated B/req | server CPU µs/req | work items/req |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for key in sorted({key[1:] for key in cases}):
        runs = [cases[(r, *key)] for r in rounds if (r, *key) in cases]
        print(f"| {key[0]} {key[1]} | {key[2]} | {spread([c['rps'] for c in runs], 0)} | "
              f"{statistics.median(c['alloc'] for c in runs):,.0f} | {statistics.median(c['cpu'] for c in runs):,.0f} | "
              f"{statistics.median(c['work'] for c in runs):.2f} |")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
