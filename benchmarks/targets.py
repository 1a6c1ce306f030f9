"""The performance targets from a run of run-targets.sh: server CPU per request, peer ÷ ours, taken within each round,
then their median and (min-max); req/s ratios beside.

Usage: python3 benchmarks/targets.py benchmarks/results/targets-<timestamp>/results.tsv

The input has run-http.sh's results.tsv columns (round, endpoint, format, mode, rps, p99_us, alloc_per_req, bytes,
errors, cpu_us_per_req, work_items_per_req), one row per case and round.
"""
import statistics
import sys

# (target, case, baseline, bound): the judged ratio is server CPU per request, baseline ÷ case, taken within each
# round; a target is met when the median of those ratios is at least its bound. Against prebaked (the same bytes sent
# from a cache) the bound is a floor: the case may spend at most 1 / bound times prebaked's CPU.
RATIOS = [
    ("feed JSON: stj-sg ÷ fast (≥ 1.8)", ("statuses", "json", "fast"), ("statuses", "json", "stj-sg"), 1.8),
    ("feed MessagePack: mpcs ÷ fast (≥ 1.7)", ("statuses", "msgpack", "fast"), ("statuses", "msgpack", "mpcs"), 1.7),
    ("CITM MessagePack: mpcs ÷ fast (≥ 1.6)", ("citm", "msgpack", "fast"), ("citm", "msgpack", "mpcs"), 1.6),
    ("CITM JSON: stj-sg ÷ fast (≥ 2.5)", ("citm", "json", "fast"), ("citm", "json", "stj-sg"), 2.5),
    ("feed JSON: prebaked ÷ fast (≥ 1/1.6)", ("statuses", "json", "fast"), ("statuses", "json", "prebaked"), 1 / 1.6),
    ("feed MessagePack: prebaked ÷ fast (≥ 1/1.6)", ("statuses", "msgpack", "fast"), ("statuses", "msgpack", "prebaked"), 1 / 1.6),
    ("feed JMC1: prebaked ÷ fast (≥ 1/1.6)", ("statuses", "jsonc", "fast"), ("statuses", "jsonc", "prebaked"), 1 / 1.6),
    ("book JSON: prebaked ÷ fast (≥ 0.85)", ("book", "json", "fast"), ("book", "json", "prebaked"), 0.85),
    ("book MessagePack: prebaked ÷ fast (≥ 0.85)", ("book", "msgpack", "fast"), ("book", "msgpack", "prebaked"), 0.85),
    ("book JMC1: prebaked ÷ fast (≥ 0.85)", ("book", "jsonc", "fast"), ("book", "jsonc", "prebaked"), 0.85),
    ("POST minimal ticker MessagePack: builtin JSON ÷ fast NegotiatedBody (≥ 2)", ("nticker", "msgpack", "fast"), ("mticker", "json", "builtin"), 2.0),
    ("POST minimal ticker JMC1: builtin JSON ÷ fast NegotiatedBody (≥ 1.6)", ("nticker", "jsonc", "fast"), ("mticker", "json", "builtin"), 1.6),
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
    print(f"{len(rounds)} rounds; server CPU per request, baseline ÷ case within each round: median (min–max), each round's; "
          "req/s ratios (case ÷ baseline) beside\n")
    print("| target | CPU ratio, median (min–max) | per round | met | req/s ratio, median (min–max) |")
    print("| --- | --- | --- | --- | --- |")
    for name, case, baseline, bound in RATIOS:
        pairs = [(cases[(r, *case)], cases[(r, *baseline)]) for r in rounds if (r, *case) in cases and (r, *baseline) in cases]
        if pairs:
            cpu = [b["cpu"] / c["cpu"] for c, b in pairs]
            rps = [c["rps"] / b["rps"] for c, b in pairs]
            met = "met" if statistics.median(cpu) >= bound else "**missed**"
            print(f"| {name} | {spread(cpu, 2)} | {' / '.join(f'{x:.2f}' for x in cpu)} | {met} | {spread(rps, 2)} |")

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
