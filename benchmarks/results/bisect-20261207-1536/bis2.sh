set -e
for c in 1a54a77 142473f; do dotnet build /work/bis-compare/$c/benchmarks/Micro/FastFormatters.Benchmarks.Micro.csproj -c Release -nologo -v quiet --artifacts-path /work/bis-compare/artifacts-$c > /tmp/bis2-build-$c.log 2>&1; done
M=bin/FastFormatters.Benchmarks.Micro/release
C="TwitterBenchmarks.Serialize_FastJson:Scale=1 TwitterBenchmarks.Serialize_FastMessagePack:Scale=1 CitmBenchmarks.Serialize_FastMessagePack:Scale=1"
/tmp/bisect.sh /tmp/bis/575-1a5 4 /work/objloop-compare/artifacts-base-575be593480a/$M /work/bis-compare/artifacts-1a54a77/$M $C > /dev/null 2>&1 || true
/tmp/bisect.sh /tmp/bis/1a5-142 4 /work/bis-compare/artifacts-1a54a77/$M /work/bis-compare/artifacts-142473f/$M $C > /dev/null 2>&1 || true
/tmp/bisect.sh /tmp/bis/142-head 4 /work/bis-compare/artifacts-142473f/$M /work/rc2-compare/artifacts-head/$M $C > /dev/null 2>&1 || true
