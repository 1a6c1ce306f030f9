using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using FastFormatters.Benchmarks.Infrastructure;
using MessagePack;

namespace FastFormatters.Benchmarks;

/// <summary>
/// Serialize and deserialize one whole benchmark document (twitter.json, citm_catalog.json) in every format, at its
/// own size and with its main collection repeated ten times. The derived classes say how to load and grow the document.
/// </summary>
/// <remarks>
/// Serializing writes into one reused buffer. Deserializing reads byte arrays made in the setup: FastFormatters' JMC1
/// and MessagePack and MessagePack-CSharp each read their own format; FastFormatters JSON and both System.Text.Json
/// variants read the same JSON (the document as FastFormatters writes it: compact, UTF-8 unescaped, like the minified
/// original). The text formats are grouped against System.Text.Json by reflection, the MessagePack ones against
/// MessagePack-CSharp, so each group's Ratio column compares with the peer of that kind.
/// </remarks>
public abstract class DocumentBenchmarks<TDocument>
    where TDocument : class
{
    private const string Serialize = "Serialize";
    private const string Deserialize = "Deserialize";
    private const string SerializeMessagePack = "SerializeMessagePack";
    private const string DeserializeMessagePack = "DeserializeMessagePack";

    private TDocument _document = null!;
    private byte[] _json = [];
    private byte[] _jmc = [];
    private byte[] _messagePack = [];
    private byte[] _messagePackCSharp = [];
    private ReusedOutput _output = null!;

    /// <summary>1: the document as it is; 10: its main collection (statuses, events and performances) ten times over.</summary>
    [Params(1, 10)]
    public int Scale { get; set; }

    /// <summary>The document's file name in the data folder.</summary>
    protected abstract string FileName { get; }

    /// <summary>System.Text.Json's source-generated metadata for the document.</summary>
    protected abstract JsonTypeInfo<TDocument> SourceGenerated { get; }

    /// <summary>The document with its main collection repeated <paramref name="scale"/> times.</summary>
    protected abstract TDocument Repeat(TDocument document, int scale);

    [GlobalSetup]
    public void Setup()
    {
        string name = FileName;
        byte[] original = BenchmarkData.Read(FileName);

        // Both serializers read the file into the same data...
        var readByStj = JsonSerializer.Deserialize<TDocument>(original, Serializers.Stj)!;
        var readByFast = Serializers.Fast.Deserialize<TDocument>(FastFormat.Json, original);
        Verify.SameData($"{name}: {FileName} read by FastFormatters and by System.Text.Json", readByStj, readByFast);

        // ...and the model holds all of it: written back, it is the file's document again.
        Verify.SameJson($"{name}: {FileName} read and written back by System.Text.Json", original, Serializers.StjJson(readByStj));
        Verify.SameJson($"{name}: {FileName} read and written back by FastFormatters", original, Serializers.FastJson(readByFast));

        _document = Repeat(readByFast, Scale);
        _json = Serializers.FastJson(_document);
        _jmc = Serializers.FastJmc(_document);
        _messagePack = Serializers.FastMessagePack(_document);
        _messagePackCSharp = Serializers.MessagePackCSharpBytes(_document);

        // Every serializer writes the same document...
        Verify.SameJson($"{name}: FastFormatters JSON and System.Text.Json output", Serializers.StjJson(_document), _json);
        Verify.SameJson(
            $"{name}: System.Text.Json source-generated and reflection output",
            Serializers.StjJson(_document),
            JsonSerializer.SerializeToUtf8Bytes(_document, SourceGenerated));

        // ...and every deserializer reads the same data back from its input.
        Verify.SameData($"{name}: FastFormatters JSON read", _document, Serializers.Fast.Deserialize<TDocument>(FastFormat.Json, _json));
        Verify.SameData($"{name}: FastFormatters JMC1 read", _document, Serializers.Fast.Deserialize<TDocument>(FastFormat.Jsonc, _jmc));
        Verify.SameData($"{name}: FastFormatters MessagePack read", _document, Serializers.Fast.Deserialize<TDocument>(FastFormat.MessagePack, _messagePack));
        Verify.SameData($"{name}: System.Text.Json reflection read", _document, JsonSerializer.Deserialize<TDocument>(_json, Serializers.Stj)!);
        Verify.SameData($"{name}: System.Text.Json source-generated read", _document, JsonSerializer.Deserialize(_json, SourceGenerated)!);
        Verify.SameData(
            $"{name}: MessagePack-CSharp read",
            _document,
            MessagePackSerializer.Deserialize<TDocument>(_messagePackCSharp, Serializers.MessagePackCSharp));

        byte[] stjJson = Serializers.StjJson(_document);
        _output = new ReusedOutput(2 * Math.Max(stjJson.Length, Math.Max(_jmc.Length, _json.Length)));
        Console.WriteLine(
            $"// {name} Scale={Scale}: FastFormatters JSON {_json.Length:N0} B, JMC1 {_jmc.Length:N0} B, MessagePack {_messagePack.Length:N0} B; " +
            $"System.Text.Json {stjJson.Length:N0} B (it escapes non-ASCII by default); " +
            $"MessagePack-CSharp {_messagePackCSharp.Length:N0} B (CLR member names as keys)");
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Serialize)]
    public int Serialize_StjReflection()
    {
        JsonSerializer.Serialize(_output.ResetJsonWriter(), _document, Serializers.Stj);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_StjSourceGen()
    {
        JsonSerializer.Serialize(_output.ResetJsonWriter(), _document, SourceGenerated);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_FastJson()
    {
        Serializers.Fast.Serialize(FastFormat.Json, _output.Reset(), _document);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_FastJmc()
    {
        Serializers.Fast.Serialize(FastFormat.Jsonc, _output.Reset(), _document);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(SerializeMessagePack)]
    public int Serialize_MessagePackCSharp()
    {
        MessagePackSerializer.Serialize(_output.Reset(), _document, Serializers.MessagePackCSharp);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory(SerializeMessagePack)]
    public int Serialize_FastMessagePack()
    {
        Serializers.Fast.Serialize(FastFormat.MessagePack, _output.Reset(), _document);
        return _output.Buffer.WrittenCount;
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Deserialize)]
    public TDocument Deserialize_StjReflection() => JsonSerializer.Deserialize<TDocument>(_json, Serializers.Stj)!;

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public TDocument Deserialize_StjSourceGen() => JsonSerializer.Deserialize(_json, SourceGenerated)!;

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public TDocument Deserialize_FastJson() => Serializers.Fast.Deserialize<TDocument>(FastFormat.Json, _json);

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public TDocument Deserialize_FastJmc() => Serializers.Fast.Deserialize<TDocument>(FastFormat.Jsonc, _jmc);

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(DeserializeMessagePack)]
    public TDocument Deserialize_MessagePackCSharp()
        => MessagePackSerializer.Deserialize<TDocument>(_messagePackCSharp, Serializers.MessagePackCSharp);

    [Benchmark]
    [BenchmarkCategory(DeserializeMessagePack)]
    public TDocument Deserialize_FastMessagePack() => Serializers.Fast.Deserialize<TDocument>(FastFormat.MessagePack, _messagePack);
}
