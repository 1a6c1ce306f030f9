#!/usr/bin/env bash
# The long differential pass: ./tests/differential.sh [mutations-per-model] [seed]
#
# Runs the bytes-level differential oracle with many more mutations than CI's fixed-seed pass (300 per model):
# MessagePack-CSharp 2.5.307's encoding of every compatibility sample, and System.Text.Json's document of every JSON
# parity model, mutated by a seeded generator and read by the reference serializer and by FastFormatters. A body both
# accept with different values, or a read of ours that throws anything but FormatReadException, fails the run. Per
# model it prints how many bodies both accepted, only one accepted, and both refused. The generated-values half writes a
# tenth as many seeded random values of each JSON model with both serializers, and cross-reads the documents.
#
# Defaults: 20,000 mutations per model, seed 20261127 (CI's). Needs only the .NET 10 SDK. Exits non-zero on a finding.
set -euo pipefail
cd "$(dirname "$0")/.."

mutations="${1:-20000}"
seed="${2:-20261127}"
if ! [[ "$mutations" =~ ^[0-9]+$ ]] || [ "$mutations" -lt 1 ] || ! [[ "$seed" =~ ^[0-9]+$ ]]; then
  echo "usage: $0 [mutations-per-model] [seed]" >&2
  exit 2
fi
if ! command -v dotnet >/dev/null 2>&1; then
  echo "The .NET SDK (dotnet) is not on PATH; install the .NET 10 SDK." >&2
  exit 2
fi

export FASTFORMATTERS_MUTATIONS="$mutations"
export FASTFORMATTERS_SEED="$seed"
log="$PWD/artifacts/differential"
rm -rf "$log"
mkdir -p "$log"

echo "Differential pass: $mutations mutations per model, seed $seed (Release build)..."
status=0
dotnet test tests/FastFormatters.Compatibility.Tests -c Release --filter "FullyQualifiedName~MutatedMessagePackTests" \
  --logger "console;verbosity=detailed" > "$log/messagepack.log" 2>&1 || status=$?
dotnet test tests/FastFormatters.IntegrationTests -c Release --filter "FullyQualifiedName~MutatedJsonTests|FullyQualifiedName~GeneratedValuesTests" \
  --logger "console;verbosity=detailed" > "$log/json.log" 2>&1 || status=$?

# Each model's line of counts, once (the detailed logger prints test output twice).
grep -h ' mutations; ' "$log/messagepack.log" "$log/json.log" | sed 's/^ *//' | sort -u
grep -h -E '^(Passed|Failed)!' "$log/messagepack.log" "$log/json.log" || true
if [ "$status" -ne 0 ]; then
  echo "Findings: see $log/messagepack.log and $log/json.log." >&2
fi
exit "$status"
