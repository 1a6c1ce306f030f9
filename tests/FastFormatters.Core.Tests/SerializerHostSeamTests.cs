using System.Buffers;
using System.Text.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Shapes;
using Parcel = FastFormatters.Core.Tests.PublicSerializerTests.Parcel;

namespace FastFormatters.Core.Tests;

/// <summary>
/// What <see cref="FastFormattersSerializer"/> offers a host (the ASP.NET Core layer uses nothing else): a sequence
/// written element by element is the whole array's bytes, per-response compression and a second set of JSON options
/// share the converters, and the queries and schema sets agree with what the serializer writes.
/// </summary>
public sealed class SerializerHostSeamTests
{
    private static readonly Parcel[] s_parcels =
    [
        new() { Id = 1, Label = "one", Weights = [1.5], Sent = new DateTimeOffset(2026, 11, 23, 10, 0, 0, TimeSpan.Zero) },
        new() { Id = 2, Label = "two", Weights = [], Sent = new DateTimeOffset(2026, 11, 24, 10, 0, 0, TimeSpan.FromHours(2)) },
    ];

    public static TheoryData<FastFormat> Formats => new() { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack };

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_sequence_written_element_by_element_is_the_whole_arrays_bytes(FastFormat format)
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var whole = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, whole, s_parcels);

        var streamed = new ArrayBufferWriter<byte>();
        serializer.WriteSequenceStart(format, streamed, s_parcels.Length);
        for (int i = 0; i < s_parcels.Length; i++)
        {
            serializer.SerializeSequenceElement(format, streamed, s_parcels[i], first: i == 0);
        }

        serializer.WriteSequenceEnd(format, streamed);
        Assert.Equal(whole.WrittenSpan.ToArray(), streamed.WrittenSpan.ToArray());
    }

    [Theory]
    [InlineData(FastFormat.Json, false, "[{")]
    [InlineData(FastFormat.Jsonc, true, "/*JMC1*/[{")]
    [InlineData(FastFormat.MessagePack, true, "")]
    public void Without_its_count_a_sequence_takes_its_streamed_form(FastFormat format, bool needsCount, string opening)
    {
        Assert.Equal(needsCount, FastFormattersSerializer.SequenceNeedsCount(format));
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var streamed = new ArrayBufferWriter<byte>();
        serializer.WriteSequenceStart(format, streamed, -1);
        for (int i = 0; i < s_parcels.Length; i++)
        {
            serializer.SerializeSequenceElement(format, streamed, s_parcels[i], first: i == 0);
        }

        serializer.WriteSequenceEnd(format, streamed);

        if (format == FastFormat.MessagePack)
        {
            // Consecutive top-level values, each one whole.
            var rest = streamed.WrittenMemory;
            foreach (var parcel in s_parcels)
            {
                var reader = new FastMessagePackReader(rest.Span, 64);
                reader.Skip();
                Assert.Equal(parcel, serializer.Deserialize<Parcel>(format, rest.Span[..reader.Position]));
                rest = rest[reader.Position..];
            }

            Assert.True(rest.IsEmpty);
        }
        else
        {
            Assert.StartsWith(opening, System.Text.Encoding.UTF8.GetString(streamed.WrittenSpan), StringComparison.Ordinal);
            Assert.Equal(s_parcels, serializer.Deserialize<Parcel[]>(format, streamed.WrittenSpan));
        }

        Assert.Throws<ArgumentOutOfRangeException>(() => serializer.WriteSequenceStart(format, new ArrayBufferWriter<byte>(), -2));
    }

    [Fact]
    public void The_sequence_element_type_is_found_without_reflection_and_only_for_built_in_sequences()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());

        Assert.Equal(typeof(Parcel), serializer.VisitSequenceElementType(FastFormat.MessagePack, typeof(List<Parcel>), ElementType.Instance));
        Assert.Equal(typeof(Parcel), serializer.VisitSequenceElementType(FastFormat.Json, typeof(IAsyncEnumerable<Parcel>), ElementType.Instance));
        Assert.Null(serializer.VisitSequenceElementType(FastFormat.Json, typeof(Parcel), ElementType.Instance));
    }

    [Fact]
    public void A_per_response_compression_shares_the_converters_and_cannot_stream()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var compressed = serializer.WithMessagePackCompression(MessagePackCompressionMode.Lz4BlockArray);

        Assert.Same(serializer, serializer.WithMessagePackCompression(MessagePackCompressionMode.None));
        Assert.Equal(MessagePackCompressionMode.Lz4BlockArray, compressed.MessagePackCompression);
        var plain = new ArrayBufferWriter<byte>();
        var framed = new ArrayBufferWriter<byte>();
        var parcels = Enumerable.Repeat(s_parcels[0], 50).ToArray();
        serializer.Serialize(FastFormat.MessagePack, plain, parcels);
        compressed.Serialize(FastFormat.MessagePack, framed, parcels);

        Assert.True(framed.WrittenCount < plain.WrittenCount, $"{framed.WrittenCount} compressed bytes against {plain.WrittenCount} plain.");
        Assert.Equal(parcels, serializer.Deserialize<Parcel[]>(FastFormat.MessagePack, framed.WrittenSpan));
        var byHand = new ArrayBufferWriter<byte>();
        FastFormattersSerializer.CompressMessagePack(plain.WrittenSpan, byHand, MessagePackCompressionMode.Lz4BlockArray);
        Assert.Equal(framed.WrittenSpan.ToArray(), byHand.WrittenSpan.ToArray());
        Assert.Throws<InvalidOperationException>(() => compressed.WriteSequenceStart(FastFormat.MessagePack, new ArrayBufferWriter<byte>(), 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => serializer.WithMessagePackCompression((MessagePackCompressionMode)42));
    }

    [Fact]
    public void Other_json_options_give_other_json_and_the_same_message_pack()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var snakeCase = new JsonSerializerOptions(JsonSerializerDefaults.Web) { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower };
        var other = serializer.WithJsonSerializerOptions(snakeCase);

        Assert.Same(snakeCase, other.JsonSerializerOptions);
        Assert.Same(other, other.WithJsonSerializerOptions(snakeCase));
        Assert.Equal(JsonSerializer.Serialize(s_parcels[0], snakeCase), Text(other, FastFormat.Json, s_parcels[0]));
        Assert.Equal(Bytes(serializer, FastFormat.MessagePack, s_parcels[0]), Bytes(other, FastFormat.MessagePack, s_parcels[0]));
    }

    [Fact]
    public void The_queries_agree_with_what_is_written_and_read()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());

        Assert.True(serializer.CanSerialize(FastFormat.Json, typeof(Parcel)));
        Assert.True(serializer.CanDeserialize(FastFormat.MessagePack, typeof(Parcel)));
        Assert.Null(serializer.GetUnsupportedReason(FastFormat.Jsonc, typeof(Parcel), deserializing: true));

        // A delegate has no contract in any format: refused, and the reason names it.
        Assert.False(serializer.CanSerialize(FastFormat.MessagePack, typeof(Action)));
        Assert.Contains("Action", serializer.GetUnsupportedReason(FastFormat.MessagePack, typeof(Action), deserializing: false), StringComparison.Ordinal);
        Assert.Throws<NotSupportedException>(() => serializer.Serialize(FastFormat.MessagePack, new ArrayBufferWriter<byte>(), null, typeof(Action)));

        Assert.Equal(typeof(Parcel), serializer.GetWriteType(FastFormat.Json, typeof(object), s_parcels[0]));
    }

    [Fact]
    public void A_schema_set_shares_its_definitions_across_types()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var set = serializer.CreateJsonSchemaSet(FastFormat.MessagePack, "MessagePack");

        var one = set.GetSchema(typeof(Parcel));
        var many = set.GetSchema(typeof(IAsyncEnumerable<Parcel>));

        string reference = one["$ref"]!.GetValue<string>();
        Assert.StartsWith("#/$defs/", reference, StringComparison.Ordinal);
        Assert.EndsWith("ParcelMessagePack", reference, StringComparison.Ordinal);
        Assert.Equal("array", many["type"]!.GetValue<string>());
        Assert.Equal(reference, many["items"]!["$ref"]!.GetValue<string>());
        Assert.Equal(reference["#/$defs/".Length..], Assert.Single(set.Definitions).Key);
    }

    private static byte[] Bytes<T>(FastFormattersSerializer serializer, FastFormat format, T value)
    {
        var output = new ArrayBufferWriter<byte>();
        serializer.Serialize(format, output, value);
        return output.WrittenSpan.ToArray();
    }

    private static string Text<T>(FastFormattersSerializer serializer, FastFormat format, T value)
        => System.Text.Encoding.UTF8.GetString(Bytes(serializer, format, value));

    private sealed class ElementType : ITypeVisitor<Type>
    {
        public static readonly ElementType Instance = new();

        public Type Visit<T>() => typeof(T);
    }
}
