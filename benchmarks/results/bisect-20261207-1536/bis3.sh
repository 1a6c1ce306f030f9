M=bin/FastFormatters.Benchmarks.Micro/release
C="TwitterBenchmarks.Serialize_FastMessagePack:Scale=1 CitmBenchmarks.Serialize_FastMessagePack:Scale=1 CitmBenchmarks.Serialize_FastJson:Scale=1 CitmBenchmarks.Deserialize_FastJson:Scale=1"
/tmp/bisect.sh /tmp/bis/8f9-b4d 4 /work/codec-compare/artifacts-base-8f9cea4a20e5/$M /work/bis-compare/artifacts-b4dff30/$M $C > /dev/null 2>&1 || true
/tmp/bisect.sh /tmp/bis/b4d-ec9 4 /work/bis-compare/artifacts-b4dff30/$M /work/bis-compare/artifacts-ec9f513/$M $C > /dev/null 2>&1 || true
/tmp/bisect.sh /tmp/bis/ec9-585 4 /work/bis-compare/artifacts-ec9f513/$M /work/session-compare/artifacts-base-585a17ef6b60/$M $C > /dev/null 2>&1 || true
