using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.DotNetCli;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;

namespace FastFormatters.Benchmarks;

/// <summary>
/// The same FastFormatters serializer writing and reading Twitter and CITM with its converters
/// built by reflection (job <c>reflection</c>, the baseline), from the source generator's shapes (job <c>generated</c>:
/// the project built with <c>JsonSerializerIsReflectionEnabledByDefault=false</c>, as a trimmed or Native AOT app is),
/// and from PolyType's source-generated shapes translated into the core's (job <c>polytype</c>, built the same way: the
/// contract the core could have been built on instead of its own). All jobs take their JSON names from the same
/// System.Text.Json source-generated context, so they write the same bytes (checked in the setup). A fourth job,
/// <c>reflection-own-build</c>, is the control: reflection from a separate build and process, as the others are.
/// </summary>
[Config(typeof(Jobs))]
public class ContractProviderBenchmarks
{
    private const string ShapesVariable = "FASTFORMATTERS_BENCHMARK_SHAPES";

    private readonly FastFormattersSerializer _serializer = Create();
    private object _document = null!;
    private Type _type = null!;
    private byte[] _json = [];
    private byte[] _messagePack = [];
    private ReusedOutput _output = null!;

    [Params("twitter", "citm")]
    public string Document { get; set; } = "twitter";

    [GlobalSetup]
    public void Setup()
    {
        (_type, var typeInfo) = Document == "twitter"
            ? (typeof(TwitterDocument), (System.Text.Json.Serialization.Metadata.JsonTypeInfo)MicroJsonContext.Default.TwitterDocument)
            : (typeof(CitmCatalog), MicroJsonContext.Default.CitmCatalog);
        byte[] original = BenchmarkData.Read(Document == "twitter" ? BenchmarkData.TwitterFile : BenchmarkData.CitmFile);
        _document = _serializer.Deserialize(FastFormat.Json, original, _type)!;
        _json = Write(FastFormat.Json);
        _messagePack = Write(FastFormat.MessagePack);

        // Whichever provider built the converters, the JSON is System.Text.Json's for the same document.
        Verify.SameJson($"{Document}: FastFormatters ({Provider()}) and System.Text.Json source-generated output", JsonSerializer.SerializeToUtf8Bytes(_document, typeInfo), _json);
        _output = new ReusedOutput(2 * _json.Length);
        Console.WriteLine($"// {Document}: converters built by {Provider()}; JSON {_json.Length:N0} B, MessagePack {_messagePack.Length:N0} B");
    }

    [Benchmark]
    public int WriteJson()
    {
        _serializer.Serialize(FastFormat.Json, _output.Reset(), _document, _type);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    public object? ReadJson() => _serializer.Deserialize(FastFormat.Json, _json, _type);

    [Benchmark]
    public int WriteMessagePack()
    {
        _serializer.Serialize(FastFormat.MessagePack, _output.Reset(), _document, _type);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    public object? ReadMessagePack() => _serializer.Deserialize(FastFormat.MessagePack, _messagePack, _type);

    private static FastFormattersSerializer Create()
    {
        var options = new FastSerializerOptions();
        options.TypeShapeProviders.Add(UsesPolyType ? new PolyTypeShapes(PolyTypeWitness.GeneratedTypeShapeProvider) : MicroShapes.Default);
        return new FastFormattersSerializer(options, new JsonSerializerOptions { TypeInfoResolver = MicroJsonContext.Default });
    }

    private static bool UsesPolyType => Environment.GetEnvironmentVariable(ShapesVariable) == "polytype";

    private static string Provider()
        => !AppContext.TryGetSwitch("System.Text.Json.JsonSerializer.IsReflectionEnabledByDefault", out bool on) || on ? "reflection"
            : UsesPolyType ? "PolyType's generated shapes" : "FastFormatters' generated shapes";

    private byte[] Write(FastFormat format)
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        _serializer.Serialize(format, buffer, _document, _type);
        return buffer.WrittenSpan.ToArray();
    }

    private sealed class Jobs : ManualConfig
    {
        public Jobs()
        {
            var job = Job.Default.WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(9);
            AddJob(job.WithId("reflection").AsBaseline());
            var withoutReflection = job.WithArguments([new MsBuildArgument("/p:JsonSerializerIsReflectionEnabledByDefault=false")]);
            AddJob(withoutReflection.WithId("generated"));
            AddJob(withoutReflection.WithId("polytype").WithEnvironmentVariables(new EnvironmentVariable(ShapesVariable, "polytype")));

            // The control: reflection again, but from a build of its own as "generated" has, to show what a separate
            // build and process alone move (code layout, PGO).
            AddJob(job.WithId("reflection-own-build").WithArguments([new MsBuildArgument("/p:JsonSerializerIsReflectionEnabledByDefault=true")]));
        }
    }
}
