using System.Globalization;
using System.Text;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastFormatters.Benchmarks.Infrastructure;

namespace FastFormatters.Benchmarks;

/// <summary>
/// One value type at a time, 1,000 of them, in every format: where each serializer spends its time per kind of data
/// (string transcoding and escaping, integer and floating-point formatting and parsing, map keys).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DataTypeMatrixBenchmarks
{
    private const string Serialize = "Serialize";
    private const string Deserialize = "Deserialize";

    private MatrixCase _case = null!;

    /// <summary>The kind of data; see <see cref="MatrixCase.Create"/>.</summary>
    [Params("AsciiStrings", "UnicodeStrings", "Ints", "RandomDoubles", "ShortDoubles", "TinyDoubles", "StringIntMap", "NestedMaps")]
    public string Case { get; set; } = "";

    [GlobalSetup]
    public void Setup()
    {
        _case = MatrixCase.Create(Case);
        _case.Verify();
        Console.WriteLine($"// DataTypeMatrixBenchmarks Case={Case}: {_case.Sizes}");
    }

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Serialize)]
    public int Serialize_StjReflection() => _case.SerializeStj();

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_FastJson() => _case.SerializeFastJson();

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_FastJmc() => _case.SerializeFastJmc();

    [Benchmark]
    [BenchmarkCategory(Serialize)]
    public int Serialize_FastMessagePack() => _case.SerializeFastMessagePack();

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Deserialize)]
    public object Deserialize_StjReflection() => _case.DeserializeStj();

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public object Deserialize_FastJson() => _case.DeserializeFastJson();

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public object Deserialize_FastJmc() => _case.DeserializeFastJmc();

    [Benchmark]
    [BenchmarkCategory(Deserialize)]
    public object Deserialize_FastMessagePack() => _case.DeserializeFastMessagePack();
}

/// <summary>One case of the matrix: a value and its encodings, with the generic calls made for its exact type.</summary>
internal abstract class MatrixCase
{
    private const int Count = 1_000;

    public abstract string Sizes { get; }

    /// <summary>
    /// AsciiStrings: 8-40 letters, digits and spaces. UnicodeStrings: CJK text with emoji (surrogate pairs).
    /// Ints: magnitudes from 1 to 10 digits, both signs. RandomDoubles: uniform in [0, 1), 15-17 significant digits.
    /// ShortDoubles: 1.5, 1.1 and 2.25 in turn. TinyDoubles: 1e-20. StringIntMap: 1,000 entries "key0000": int.
    /// NestedMaps: 100 maps of 10 entries each (1,000 integers), keyed by string.
    /// </summary>
    public static MatrixCase Create(string name)
    {
        var random = new Random(20240501);
        return name switch
        {
            "AsciiStrings" => new MatrixCase<string[]>(Enumerable.Range(0, Count).Select(_ => AsciiString(random)).ToArray()),
            "UnicodeStrings" => new MatrixCase<string[]>(Enumerable.Range(0, Count).Select(_ => UnicodeString(random)).ToArray()),
            "Ints" => new MatrixCase<int[]>(Enumerable.Range(0, Count).Select(_ => (random.Next() >> random.Next(0, 31)) * (random.Next(2) == 0 ? 1 : -1)).ToArray()),
            "RandomDoubles" => new MatrixCase<double[]>(Enumerable.Range(0, Count).Select(_ => random.NextDouble()).ToArray()),
            "ShortDoubles" => new MatrixCase<double[]>(Enumerable.Range(0, Count).Select(i => (i % 3) switch { 0 => 1.5, 1 => 1.1, _ => 2.25 }).ToArray()),
            "TinyDoubles" => new MatrixCase<double[]>(Enumerable.Repeat(1e-20, Count).ToArray()),
            "StringIntMap" => new MatrixCase<Dictionary<string, int>>(
                Enumerable.Range(0, Count).ToDictionary(i => "key" + i.ToString("D4", CultureInfo.InvariantCulture), _ => random.Next())),
            "NestedMaps" => new MatrixCase<Dictionary<string, Dictionary<string, int>>>(
                Enumerable.Range(0, Count / 10).ToDictionary(
                    i => "group" + i.ToString("D3", CultureInfo.InvariantCulture),
                    _ => Enumerable.Range(0, 10).ToDictionary(j => "item" + j.ToString(CultureInfo.InvariantCulture), _ => random.Next(0, 100_000)))),
            _ => throw new ArgumentOutOfRangeException(nameof(name), name, "Unknown case."),
        };
    }

    /// <summary>Checks that every format writes and reads the same data; throws when one does not.</summary>
    public abstract void Verify();

    public abstract int SerializeStj();

    public abstract int SerializeFastJson();

    public abstract int SerializeFastJmc();

    public abstract int SerializeFastMessagePack();

    public abstract object DeserializeStj();

    public abstract object DeserializeFastJson();

    public abstract object DeserializeFastJmc();

    public abstract object DeserializeFastMessagePack();

    private static string AsciiString(Random random)
    {
        const string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789    ";
        return string.Create(random.Next(8, 41), random, (chars, r) =>
        {
            for (int i = 0; i < chars.Length; i++)
            {
                chars[i] = alphabet[r.Next(alphabet.Length)];
            }
        });
    }

    private static string UnicodeString(Random random)
    {
        string[] pieces = ["東京", "日本語", "テキスト", "中文字符", "한국어", "です", "🎉", "😀", "🚀", "✨", "，", "。"];
        var text = new StringBuilder();
        int length = random.Next(3, 10);
        for (int i = 0; i < length; i++)
        {
            text.Append(pieces[random.Next(pieces.Length)]);
        }

        return text.ToString();
    }
}

internal sealed class MatrixCase<T> : MatrixCase
    where T : class
{
    private readonly T _value;
    private readonly byte[] _json;
    private readonly byte[] _jmc;
    private readonly byte[] _messagePack;
    private readonly ReusedOutput _output;

    public MatrixCase(T value)
    {
        _value = value;
        _json = Serializers.FastJson(value);
        _jmc = Serializers.FastJmc(value);
        _messagePack = Serializers.FastMessagePack(value);
        _output = new ReusedOutput(2 * Math.Max(Serializers.StjJson(value).Length, _jmc.Length));
    }

    public override string Sizes
        => $"FastFormatters JSON {_json.Length:N0} B, JMC1 {_jmc.Length:N0} B, MessagePack {_messagePack.Length:N0} B; " +
            $"System.Text.Json {Serializers.StjJson(_value).Length:N0} B";

    public override void Verify()
    {
        string name = typeof(T).Name;
        Infrastructure.Verify.SameJson($"{name}: FastFormatters JSON and System.Text.Json output", Serializers.StjJson(_value), _json);
        Infrastructure.Verify.SameData($"{name}: FastFormatters JSON read", _value, Serializers.Fast.Deserialize<T>(FastFormat.Json, _json));
        Infrastructure.Verify.SameData($"{name}: FastFormatters JMC1 read", _value, Serializers.Fast.Deserialize<T>(FastFormat.Jsonc, _jmc));
        Infrastructure.Verify.SameData($"{name}: FastFormatters MessagePack read", _value, Serializers.Fast.Deserialize<T>(FastFormat.MessagePack, _messagePack));
        Infrastructure.Verify.SameData($"{name}: System.Text.Json read", _value, JsonSerializer.Deserialize<T>(_json, Serializers.Stj)!);
    }

    public override int SerializeStj()
    {
        JsonSerializer.Serialize(_output.ResetJsonWriter(), _value, Serializers.Stj);
        return _output.Buffer.WrittenCount;
    }

    public override int SerializeFastJson()
    {
        Serializers.Fast.Serialize(FastFormat.Json, _output.Reset(), _value);
        return _output.Buffer.WrittenCount;
    }

    public override int SerializeFastJmc()
    {
        Serializers.Fast.Serialize(FastFormat.Jsonc, _output.Reset(), _value);
        return _output.Buffer.WrittenCount;
    }

    public override int SerializeFastMessagePack()
    {
        Serializers.Fast.Serialize(FastFormat.MessagePack, _output.Reset(), _value);
        return _output.Buffer.WrittenCount;
    }

    public override object DeserializeStj() => JsonSerializer.Deserialize<T>(_json, Serializers.Stj)!;

    public override object DeserializeFastJson() => Serializers.Fast.Deserialize<T>(FastFormat.Json, _json);

    public override object DeserializeFastJmc() => Serializers.Fast.Deserialize<T>(FastFormat.Jsonc, _jmc);

    public override object DeserializeFastMessagePack() => Serializers.Fast.Deserialize<T>(FastFormat.MessagePack, _messagePack);
}
