using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using MessagePack;
using MessagePack.Resolvers;

namespace FastFormatters.CoverageFuzzing;

/// <summary>
/// The check each fuzzed input gets, the differential oracle of docs/reliability.md: FastFormatters and the ecosystem's
/// reader both read it as a <see cref="FuzzDocument"/>. Where both accept it they must read the same value (compared as
/// System.Text.Json writes the two); FastFormatters may refuse it only with a <see cref="FormatReadException"/>. Anything
/// else escapes, which the fuzzer counts as a crash. An input only one reader accepts is fine here; the differential
/// tests count those classes.
/// </summary>
public static class FuzzOracle
{
    private static readonly JsonSerializerOptions s_web = new(JsonSerializerDefaults.Web);
    private static readonly JsonSerializerOptions s_webWithComments = new(JsonSerializerDefaults.Web) { ReadCommentHandling = JsonCommentHandling.Skip };
    private static readonly FastFormattersSerializer s_fast = new(null, s_web);
    private static readonly MessagePackSerializerOptions s_messagePack = ContractlessStandardResolver.Options;
    private static readonly MessagePackSerializerOptions s_lz4 = ContractlessStandardResolver.Options.WithCompression(MessagePackCompression.Lz4BlockArray);

    // How two values are compared: every member, numbers that JSON cannot spell as literals included.
    private static readonly JsonSerializerOptions s_describe = new(JsonSerializerDefaults.General) { NumberHandling = JsonNumberHandling.AllowNamedFloatingPointLiterals };

    /// <summary>Checks one input.</summary>
    /// <exception cref="OracleViolation">Both readers accepted <paramref name="input"/> with different values.</exception>
    public static void Check(FuzzedReader target, byte[] input)
    {
        FuzzDocument? ours;
        try
        {
            ours = s_fast.Deserialize<FuzzDocument>(Format(target), input);
        }
        catch (FormatReadException)
        {
            return;
        }

        if (!TryReadByReference(target, input, out var reference))
        {
            return;
        }

        string oursText = JsonSerializer.Serialize(ours, s_describe);
        string referenceText = JsonSerializer.Serialize(reference, s_describe);
        if (oursText != referenceText)
        {
            throw new OracleViolation($"{target}: both readers accept {Convert.ToHexString(input)} with different values:\n  reference: {referenceText}\n  FastFormatters: {oursText}");
        }
    }

    /// <summary>Valid inputs of <paramref name="target"/> to start the fuzzer from: the seed corpus.</summary>
    public static IEnumerable<(string Name, byte[] Input)> Seeds(FuzzedReader target)
    {
        foreach (var (name, document) in SeedDocuments())
        {
            switch (target)
            {
                case FuzzedReader.Json:
                    yield return (name + ".json", JsonSerializer.SerializeToUtf8Bytes(document, s_web));
                    break;
                case FuzzedReader.Jmc1:
                    var jmc = new System.Buffers.ArrayBufferWriter<byte>();
                    s_fast.Serialize(FastFormat.Jsonc, jmc, document);
                    yield return (name + ".jsonc", jmc.WrittenSpan.ToArray());
                    break;
                case FuzzedReader.MessagePack:
                    yield return (name + ".msgpack", global::MessagePack.MessagePackSerializer.Serialize(document, s_messagePack));
                    break;
                default:
                    yield return (name + ".lz4blockarray", global::MessagePack.MessagePackSerializer.Serialize(document, s_lz4));
                    yield return (name + ".lz4block", global::MessagePack.MessagePackSerializer.Serialize(document, s_messagePack.WithCompression(MessagePackCompression.Lz4Block)));
                    break;
            }
        }
    }

    private static FastFormat Format(FuzzedReader target) => target switch
    {
        FuzzedReader.Json => FastFormat.Json,
        FuzzedReader.Jmc1 => FastFormat.Jsonc,
        _ => FastFormat.MessagePack,
    };

    // What the ecosystem's reader reads; false where it refuses the input (any exception it throws for bad input).
    private static bool TryReadByReference(FuzzedReader target, byte[] input, out FuzzDocument? value)
    {
        try
        {
            value = target switch
            {
                FuzzedReader.Json => JsonSerializer.Deserialize<FuzzDocument>(input, s_web),
                FuzzedReader.Jmc1 => JsonSerializer.Deserialize<FuzzDocument>(input, s_webWithComments),
                FuzzedReader.MessagePack => global::MessagePack.MessagePackSerializer.Deserialize<FuzzDocument>(input, s_messagePack),
                _ => global::MessagePack.MessagePackSerializer.Deserialize<FuzzDocument>(input, s_lz4),
            };
            return true;
        }
        catch (Exception ex) when (ex is JsonException or MessagePackSerializationException or NotSupportedException or InvalidOperationException
            or ArgumentException or FormatException or OverflowException or EndOfStreamException or DecoderFallbackException)
        {
            value = null;
            return false;
        }
    }

    private static IEnumerable<(string Name, FuzzDocument Document)> SeedDocuments()
    {
        yield return ("empty", new FuzzDocument());
        yield return ("small", new FuzzDocument { Name = "a", Count = 1, Kind = FuzzKind.Small, Numbers = [1, 2, 3] });
        var full = new FuzzDocument
        {
            Name = "Ünïcode \"quoted\" \\ / \u0001 \U0001F600",
            Count = int.MinValue,
            Big = long.MaxValue,
            Small = 255,
            Ratio = -1.5e-300,
            Flag = true,
            Id = new Guid("6f9619ff-8b86-d011-b42d-00cf4fc964ff"),
            Price = 79228162514264337593543950335m,
            Kind = FuzzKind.Large,
            Maybe = 0,
            Data = [0, 1, 2, 254, 255],
            Numbers = [0, -1, 127, 128, 32767, 65536, int.MaxValue],
            Labels = new() { ["k"] = "v", ["ключ"] = "значение", [""] = "" },
            Items = [new() { Label = "x", Value = short.MinValue, Children = [new() { Label = "y" }] }, new()],
        };
        full.Child = new FuzzDocument { Name = "child", Child = new FuzzDocument { Numbers = [] } };
        yield return ("full", full);
        var many = new FuzzDocument { Items = [.. Enumerable.Range(0, 40).Select(i => new FuzzItem { Label = "item " + i, Value = (short)i })] };
        yield return ("many", many);
    }
}
