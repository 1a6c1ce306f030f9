using FastFormatters.CoverageFuzzing;
using SharpFuzz;

// dotnet FastFormatters.CoverageFuzzing.dll <json|jmc1|msgpack|lz4>             the fuzz target, for afl-fuzz (stdin)
// dotnet FastFormatters.CoverageFuzzing.dll --seeds <json|jmc1|msgpack|lz4> DIR  writes the seed corpus into DIR
if (args is ["--seeds", var seedTarget, var directory])
{
    Directory.CreateDirectory(directory);
    foreach (var (seed, input) in FuzzOracle.Seeds(Parse(seedTarget)))
    {
        File.WriteAllBytes(Path.Combine(directory, seed), input);
    }

    return 0;
}

if (args is not [var targetName])
{
    Console.Error.WriteLine("usage: FastFormatters.CoverageFuzzing <json|jmc1|msgpack|lz4> | --seeds <target> <directory>");
    return 2;
}

var target = Parse(targetName);

// In process: an exception that escapes the check is a crash; the readers' depth limits keep recursion bounded.
Fuzzer.Run(stream =>
{
    using var input = new MemoryStream();
    stream.CopyTo(input);
    FuzzOracle.Check(target, input.ToArray());
});
return 0;

static FuzzedReader Parse(string name) => name switch
{
    "json" => FuzzedReader.Json,
    "jmc1" => FuzzedReader.Jmc1,
    "msgpack" => FuzzedReader.MessagePack,
    "lz4" => FuzzedReader.Lz4,
    _ => throw new ArgumentException($"Unknown target '{name}': json, jmc1, msgpack or lz4.", nameof(name)),
};
