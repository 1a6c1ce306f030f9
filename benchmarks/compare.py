"""The summary of a run-compare.sh run: the working tree ÷ base ratio of each figure, its median over rounds (min-max).

Usage: python3 benchmarks/compare.py benchmarks/results/compare-<timestamp>

HTTP: results.tsv (run-http.sh's columns after a side column); the ratio is taken within each round, where both sides
ran back to back. Microbenchmarks: each side's BenchmarkDotNet CSV reports (micro-<side>-round<n>/results/*-report.csv);
the ratio is of the medians of each side's means. Interleaved microbenchmarks: interleaved-process<n>.tsv, one per
process (benchmarks/Interleaved); the ratio is the median of the processes' ratios, each the median of its pairs.
"""
import csv
import glob
import os
import re
import statistics
import sys

STAT_COLUMNS = {"Mean", "Error", "StdDev", "Median", "Min", "Max", "Q1", "Q3", "Op/s", "Ratio", "RatioSD", "Gen0", "Gen1",
                "Gen2", "Allocated", "Alloc Ratio", "Code Size", "Completed Work Items", "Lock Contentions", "StdErr"}
TIME_UNITS = {"ns": 1.0, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}
SIZE_UNITS = {"B": 1.0, "KB": 1024.0, "MB": 1024.0 ** 2, "GB": 1024.0 ** 3}


def spread(values):
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def http(folder):
    rows = {}
    path = os.path.join(folder, "results.tsv")
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 12 or fields[0] not in ("base", "head"):
                continue
            side, round_, endpoint, fmt, mode = fields[0], int(fields[1]), fields[2], fields[3], fields[4]
            rows[(side, round_, endpoint, fmt, mode)] = {"rps": float(fields[5]), "cpu": float(fields[10]),
                                                         "alloc": float(fields[7])}
    cases = sorted({key[2:] for key in rows})
    rounds = sorted({key[1] for key in rows})
    if not cases:
        return
    print("## HTTP: server CPU per request, working tree ÷ base (below 1: the working tree spends less)\n")
    print("| case | mode | CPU µs/req, base | CPU µs/req, working tree | ratio, median (min–max) | req/s ratio | B/req, base → working tree |")
    print("| --- | --- | ---: | ---: | --- | --- | --- |")
    for endpoint, fmt, mode in cases:
        pairs = [(rows[("base", r, endpoint, fmt, mode)], rows[("head", r, endpoint, fmt, mode)]) for r in rounds
                 if ("base", r, endpoint, fmt, mode) in rows and ("head", r, endpoint, fmt, mode) in rows]
        if not pairs:
            continue
        cpu = [head["cpu"] / base["cpu"] for base, head in pairs]
        rps = [head["rps"] / base["rps"] for base, head in pairs]
        print(f"| {endpoint} {fmt} | {mode} | {statistics.median(b['cpu'] for b, _ in pairs):,.0f} | "
              f"{statistics.median(h['cpu'] for _, h in pairs):,.0f} | {spread(cpu)} | {spread(rps)} | "
              f"{statistics.median(b['alloc'] for b, _ in pairs):,.0f} → {statistics.median(h['alloc'] for _, h in pairs):,.0f} |")
    print(f"\n{len(rounds)} rounds, sides alternating.\n")


def quantity(text, units):
    match = re.match(r"^\s*([0-9.,]+)\s*(\S+)\s*$", text or "")
    if not match or match.group(2) not in units:
        return None
    return float(match.group(1).replace(",", "")) * units[match.group(2)]


def micro_side(folder, side):
    """{(class, key columns): [(mean ns, allocated B)]} over the side's rounds."""
    runs = {}
    for report in glob.glob(os.path.join(folder, f"micro-{side}-round*", "results", "*-report.csv")):
        benchmark_class = os.path.basename(report)[: -len("-report.csv")].split(".")[-1]
        with open(report, encoding="utf-8-sig") as handle:
            for row in csv.DictReader(handle):
                key = (benchmark_class,) + tuple(f"{k}={v}" for k, v in row.items() if k not in STAT_COLUMNS)
                mean = quantity(row.get("Mean"), TIME_UNITS)
                if mean is not None:
                    runs.setdefault(key, []).append((mean, quantity(row.get("Allocated"), SIZE_UNITS)))
    return runs


def micro(folder):
    base, head = micro_side(folder, "base"), micro_side(folder, "head")
    keys = sorted(set(base) & set(head))
    if not keys:
        return
    print("## Microbenchmarks: mean time, working tree ÷ base (median of each side's runs)\n")
    print("| benchmark | base | working tree | ratio | allocated, base → working tree |")
    print("| --- | ---: | ---: | ---: | --- |")
    for key in keys:
        # The columns that tell the rows of one class apart (the method, its parameters), not the job's.
        varying = [part for i, part in enumerate(key[1:], 1)
                   if len({other[i] for other in keys if other[0] == key[0] and len(other) == len(key)}) > 1]
        label = f"{key[0]} {' '.join(part.split('=', 1)[1] for part in varying)}"
        b = statistics.median(mean for mean, _ in base[key])
        h = statistics.median(mean for mean, _ in head[key])
        allocated = [a for _, a in base[key] + head[key]]
        alloc = "n/a" if None in allocated else f"{base[key][0][1]:,.0f} → {head[key][0][1]:,.0f} B"
        print(f"| {label} | {b / 1e3:,.2f} µs | {h / 1e3:,.2f} µs | {h / b:.3f} | {alloc} |")
    print()


def interleaved(folder):
    cases = {}
    files = sorted(glob.glob(os.path.join(folder, "interleaved-process*.tsv")))
    for path in files:
        with open(path, encoding="utf-8") as handle:
            for row in csv.DictReader(handle, delimiter="\t"):
                cases.setdefault(row["case"], []).append(row)
    if not cases:
        return
    print("## Microbenchmarks in one process: time per call, working tree ÷ base (below 1: the working tree is faster)\n")
    print("| case | base | working tree | ratio, median of processes (min–max) | widest 95 % CI within a process |")
    print("| --- | ---: | ---: | --- | --- |")
    for case, rows in cases.items():
        ratios = [float(row["ratio"]) for row in rows]
        widest = max(rows, key=lambda row: float(row["ratio_hi"]) - float(row["ratio_lo"]))
        print(f"| {case} | {statistics.median(float(r['base_ns']) for r in rows) / 1e3:,.2f} µs | "
              f"{statistics.median(float(r['head_ns']) for r in rows) / 1e3:,.2f} µs | {spread(ratios)} | "
              f"{float(widest['ratio_lo']):.3f}–{float(widest['ratio_hi']):.3f} |")
    print(f"\n{len(files)} processes, the build set up first alternating; each process's ratio is the median of its pairs of batches.\n")


def main(folder):
    with open(os.path.join(folder, "about.txt"), encoding="utf-8") as about:
        print("".join(f"- {line}" for line in about))
    print()
    http(folder)
    micro(folder)
    interleaved(folder)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
