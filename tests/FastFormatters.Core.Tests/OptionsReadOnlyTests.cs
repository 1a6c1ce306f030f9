using FastFormatters.MessagePack;

namespace FastFormatters.Core.Tests;

/// <summary>
/// Options become read-only when a serializer is built from them, as System.Text.Json's do when first used: every
/// later change throws instead of being silently ignored, and the serializer keeps the values it was built with.
/// </summary>
public sealed class OptionsReadOnlyTests
{
    public static TheoryData<string> Changes() =>
    [
        "Unified.MaxDepth", "RejectDuplicateKeys", "JsonContract", "Unified.NamingPolicy", "Unified.OmitNullMembers", "Unified.EnumsAsNumbers",
        "Json.MaxRequestBodySize", "Jsonc.MaxRequestBodySize", "MessagePack.MaxRequestBodySize", "Converters", "ConverterProviders", "ContractModifiers",
        "TypeShapeProviders.Clear", "MessagePack.Contract", "MessagePack.MaxDepth", "MessagePack.EnumsAsStrings",
        "MessagePack.Compression", "MessagePack.MaxDecompressedSize", "MessagePack.ExternalSerializers",
    ];

    [Theory]
    [MemberData(nameof(Changes))]
    public void Every_change_after_a_serializer_is_built_throws(string change)
    {
        var options = new FastSerializerOptions { JsonContract = FastFormatters.Json.JsonContractKind.Unified, Unified = { MaxDepth = 8 } };
        options.Json.MaxRequestBodySize = 100;
        Assert.False(options.IsReadOnly);
        Apply(options, change);

        var serializer = new FastFormattersSerializer(options);

        Assert.True(options.IsReadOnly);
        var thrown = Assert.Throws<InvalidOperationException>(() => Apply(options, change));
        Assert.Contains(nameof(FastSerializerOptions), thrown.Message, StringComparison.Ordinal);
        var output = new System.Buffers.ArrayBufferWriter<byte>();
        serializer.Serialize(FastFormat.Json, output, new[] { 1 });
        Assert.Equal("[1]", System.Text.Encoding.UTF8.GetString(output.WrittenSpan));
    }

    [Fact]
    public void Reading_read_only_options_is_allowed()
    {
        var options = new FastSerializerOptions();
        options.MessagePack.MaxRequestBodySize = 10;
        _ = new FastFormattersSerializer(options);

        Assert.Equal(64, options.Unified.MaxDepth);
        Assert.Equal(10, options.MessagePack.MaxRequestBodySize);
        Assert.Empty(options.Converters);
        Assert.Equal(500, options.MessagePack.MaxDepth);
    }

    private static void Apply(FastSerializerOptions options, string change)
    {
        switch (change)
        {
            case "Unified.MaxDepth": options.Unified.MaxDepth = 9; break;
            case "RejectDuplicateKeys": options.RejectDuplicateKeys = true; break;
            case "JsonContract": options.JsonContract = global::FastFormatters.Json.JsonContractKind.Unified; break;
            case "Unified.NamingPolicy": options.Unified.NamingPolicy = null; break;
            case "Unified.OmitNullMembers": options.Unified.OmitNullMembers = false; break;
            case "Unified.EnumsAsNumbers": options.Unified.EnumsAsNumbers = false; break;
            case "Json.MaxRequestBodySize": options.Json.MaxRequestBodySize = 5; break;
            case "Jsonc.MaxRequestBodySize": options.Jsonc.MaxRequestBodySize = 5; break;
            case "MessagePack.MaxRequestBodySize": options.MessagePack.MaxRequestBodySize = 5; break;
            case "Converters": options.Converters.Clear(); break;
            case "ConverterProviders": options.ConverterProviders.Clear(); break;
            case "ContractModifiers": options.ContractModifiers.Add(static _ => { }); break;
            case "TypeShapeProviders.Clear": options.TypeShapeProviders.Clear(); break;
            case "MessagePack.Contract": options.MessagePack.Contract = MessagePackContract.MessagePackCSharp; break;
            case "MessagePack.MaxDepth": options.MessagePack.MaxDepth = 20; break;
            case "MessagePack.EnumsAsStrings": options.MessagePack.EnumsAsStrings = false; break;
            case "MessagePack.Compression": options.MessagePack.Compression = MessagePackCompressionMode.None; break;
            case "MessagePack.MaxDecompressedSize": options.MessagePack.MaxDecompressedSize = 1024; break;
            case "MessagePack.ExternalSerializers": options.MessagePack.ExternalSerializers.Clear(); break;
            default: throw new ArgumentOutOfRangeException(nameof(change), change, null);
        }
    }
}
