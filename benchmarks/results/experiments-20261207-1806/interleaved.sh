#!/bin/bash
# The runner of these experiments (kept as run; paths are this machine's): benchmarks/Interleaved over two
# `dotnet build benchmarks/Micro -c Release --artifacts-path DIR` builds, PROCESSES processes alternating which build is
# set up first, then the median of the processes' ratios. run-compare.sh's INTERLEAVED does the same from a commit.
# usage: interleaved.sh BASE_ARTIFACTS HEAD_ARTIFACTS OUTDIR PROCESSES cases...
T=/work/rc2-compare/artifacts-head/bin/FastFormatters.Benchmarks.Interleaved/release/FastFormatters.Benchmarks.Interleaved.dll
B=$1/bin/FastFormatters.Benchmarks.Micro/release; H=$2/bin/FastFormatters.Benchmarks.Micro/release; out=$3; n=$4; shift 4
mkdir -p $out
export FASTFORMATTERS_BENCHMARK_DATA=/work/shared/data
for p in $(seq 1 $n); do
  order=""; [ $((p % 2)) = 0 ] && order=--head-first
  flock /tmp/ff-build.lock env DOTNET_GCDynamicAdaptationMode=0 dotnet $T --base $B --head $H --pairs ${PAIRS:-100} $order --out $out/p$p.tsv "$@" > $out/p$p.log 2>&1
done
python3 - $out <<'PY'
import sys,glob,statistics,collections
d=collections.defaultdict(list)
for f in sorted(glob.glob(sys.argv[1]+"/p*.tsv")):
    for line in open(f):
        p=line.rstrip("\n").split("\t")
        if p[0]=="case": continue
        d[p[0]].append(float(p[5]))
for k,v in d.items():
    print(f"{k:60s} median {statistics.median(v):.3f}  ({min(v):.3f}-{max(v):.3f})  n={len(v)}  " + " ".join(f"{x:.3f}" for x in v))
PY
