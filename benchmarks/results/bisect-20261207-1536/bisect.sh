#!/usr/bin/env bash
# usage: bisect.sh OUTDIR PROCESSES BASEBIN HEADBIN CASES...
set -e
out=$1; n=$2; b=$3; h=$4; shift 4
mkdir -p $out
export FASTFORMATTERS_BENCHMARK_DATA=/work/shared/data DOTNET_GCDynamicAdaptationMode=0
for p in $(seq 1 $n); do
  order=""; (( p % 2 )) || order="--head-first"
  dotnet /work/rc2-compare/artifacts-head/bin/FastFormatters.Benchmarks.Interleaved/release/FastFormatters.Benchmarks.Interleaved.dll \
    --base $b --head $h --pairs 100 $order --out $out/interleaved-process$p.tsv "$@" > $out/interleaved-process$p.log 2>&1
done
echo "- base: $b" > $out/about.txt; echo "- head: $h" >> $out/about.txt
python3 /work/main/benchmarks/compare.py $out
