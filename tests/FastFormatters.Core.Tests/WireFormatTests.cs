using System.Buffers;
using System.Text.Json;
using FastFormatters.MessagePack;
using FastFormatters.Serialization.Shapes;
using Parcel = FastFormatters.Core.Tests.PublicSerializerTests.Parcel;

namespace FastFormatters.Core.Tests;

/// <summary>
/// What a <see cref="WireFormat"/> offers a host (the ASP.NET Core layer uses nothing else): a sequence written element
/// by element is the whole array's bytes, its writer refuses calls out of order and a count it does not keep,
/// per-response compression and a second set of JSON options share the converters, and the queries and schema sets
/// agree with what the format writes.
/// </summary>
public sealed class WireFormatTests
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
        var wireFormat = new FastFormattersSerializer(SuiteOptions.Create()).GetFormat(format);
        var whole = new ArrayBufferWriter<byte>();
        wireFormat.Serialize(whole, s_parcels);

        var streamed = new ArrayBufferWriter<byte>();
        var writer = wireFormat.CreateSequenceWriter<Parcel>(s_parcels.Length);
        writer.WriteStart(streamed);
        foreach (var parcel in s_parcels)
        {
            writer.Write(streamed, parcel);
        }

        writer.WriteEnd(streamed);
        Assert.Equal(whole.WrittenSpan.ToArray(), streamed.WrittenSpan.ToArray());
        Assert.Equal(s_parcels.Length, writer.WrittenCount);
    }

    [Theory]
    [InlineData(FastFormat.Json, false, "[{")]
    [InlineData(FastFormat.Jsonc, true, "/*JMC1*/[{")]
    [InlineData(FastFormat.MessagePack, true, "")]
    public void Without_its_count_a_sequence_takes_its_streamed_form(FastFormat format, bool needsCount, string opening)
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var wireFormat = serializer.GetFormat(format);
        Assert.Equal(needsCount, wireFormat.SequenceNeedsCount);
        var streamed = new ArrayBufferWriter<byte>();
        var writer = wireFormat.CreateSequenceWriter<Parcel>(-1);
        writer.WriteStart(streamed);
        foreach (var parcel in s_parcels)
        {
            writer.Write(streamed, parcel);
        }

        writer.WriteEnd(streamed);

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

        Assert.Throws<ArgumentOutOfRangeException>(() => wireFormat.CreateSequenceWriter<Parcel>(-2));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_sequence_writer_refuses_calls_out_of_order(FastFormat format)
    {
        var wireFormat = new FastFormattersSerializer(SuiteOptions.Create()).GetFormat(format);
        var output = new ArrayBufferWriter<byte>();

        var notStarted = wireFormat.CreateSequenceWriter<Parcel>(-1);
        Assert.Throws<InvalidOperationException>(() => notStarted.Write(output, s_parcels[0]));
        Assert.Throws<InvalidOperationException>(() => notStarted.WriteEnd(output));
        Assert.Equal(0, output.WrittenCount);

        var writer = wireFormat.CreateSequenceWriter<Parcel>(-1);
        writer.WriteStart(output);
        Assert.Throws<InvalidOperationException>(() => writer.WriteStart(output));
        writer.Write(output, s_parcels[0]);
        writer.WriteEnd(output);
        int written = output.WrittenCount;
        Assert.Throws<InvalidOperationException>(() => writer.Write(output, s_parcels[1]));
        Assert.Throws<InvalidOperationException>(() => writer.WriteEnd(output));
        Assert.Throws<InvalidOperationException>(() => writer.WriteStart(output));
        Assert.Equal(written, output.WrittenCount);
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_sequence_writer_keeps_the_count_it_promised(FastFormat format)
    {
        var wireFormat = new FastFormattersSerializer(SuiteOptions.Create()).GetFormat(format);
        var output = new ArrayBufferWriter<byte>();

        var tooFew = wireFormat.CreateSequenceWriter<Parcel>(2);
        tooFew.WriteStart(output);
        tooFew.Write(output, s_parcels[0]);
        Assert.Throws<InvalidOperationException>(() => tooFew.WriteEnd(output));

        var tooMany = wireFormat.CreateSequenceWriter<Parcel>(1);
        tooMany.WriteStart(output);
        tooMany.Write(output, s_parcels[0]);
        int written = output.WrittenCount;
        Assert.Throws<InvalidOperationException>(() => tooMany.Write(output, s_parcels[1]));
        Assert.Equal(written, output.WrittenCount);
        tooMany.WriteEnd(output);
    }

    [Fact]
    public void The_sequence_element_type_is_found_without_reflection_and_only_for_built_in_sequences()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());

        Assert.Equal(typeof(Parcel), serializer.MessagePack.VisitSequenceElementType(typeof(List<Parcel>), ElementType.Instance));
        Assert.Equal(typeof(Parcel), serializer.Json.VisitSequenceElementType(typeof(IAsyncEnumerable<Parcel>), ElementType.Instance));
        Assert.Equal(typeof(Parcel), serializer.Jsonc.VisitSequenceElementType(typeof(Parcel[]), ElementType.Instance));
        Assert.Null(serializer.Json.VisitSequenceElementType(typeof(Parcel), ElementType.Instance));
    }

    [Fact]
    public void A_per_response_compression_shares_the_converters_and_cannot_stream()
    {
        var messagePack = new FastFormattersSerializer(SuiteOptions.Create()).MessagePack;
        var compressed = messagePack.WithCompression(MessagePackCompressionMode.Lz4BlockArray);

        Assert.Same(messagePack, messagePack.WithCompression(MessagePackCompressionMode.None));
        Assert.Same(messagePack, compressed.WithCompression(MessagePackCompressionMode.None));
        Assert.Equal(MessagePackCompressionMode.Lz4BlockArray, compressed.Compression);
        var plain = new ArrayBufferWriter<byte>();
        var framed = new ArrayBufferWriter<byte>();
        var parcels = Enumerable.Repeat(s_parcels[0], 50).ToArray();
        messagePack.Serialize(plain, parcels);
        compressed.Serialize(framed, parcels);

        Assert.True(framed.WrittenCount < plain.WrittenCount, $"{framed.WrittenCount} compressed bytes against {plain.WrittenCount} plain.");
        Assert.Equal(parcels, messagePack.Deserialize<Parcel[]>(framed.WrittenSpan));
        var byHand = new ArrayBufferWriter<byte>();
        compressed.Compress(plain.WrittenSpan, byHand);
        Assert.Equal(framed.WrittenSpan.ToArray(), byHand.WrittenSpan.ToArray());

        // A compressed body is framed as a whole: the capability says so before any writer is made.
        Assert.True(messagePack.CanStreamSequences);
        Assert.False(compressed.CanStreamSequences);
        Assert.Throws<InvalidOperationException>(() => compressed.CreateSequenceWriter<Parcel>(1));
        Assert.Throws<ArgumentOutOfRangeException>(() => messagePack.WithCompression((MessagePackCompressionMode)42));
    }

    [Fact]
    public void Other_json_options_give_other_json_and_the_same_message_pack()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var snakeCase = new JsonSerializerOptions(JsonSerializerDefaults.Web) { PropertyNamingPolicy = JsonNamingPolicy.SnakeCaseLower };
        var other = serializer.WithJsonSerializerOptions(snakeCase);

        Assert.Same(snakeCase, other.JsonSerializerOptions);
        Assert.Same(other, other.WithJsonSerializerOptions(snakeCase));
        Assert.Same(serializer.MessagePack, other.MessagePack);
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

        Assert.Equal(typeof(Parcel), serializer.Json.GetWriteType(typeof(object), s_parcels[0]));
        Assert.Same(serializer.Jsonc, serializer.GetFormat(FastFormat.Jsonc));
        Assert.Throws<ArgumentOutOfRangeException>(() => serializer.GetFormat((FastFormat)3));
    }

    [Fact]
    public void A_schema_set_shares_its_definitions_across_types()
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var set = serializer.MessagePack.CreateJsonSchemaSet("MessagePack");

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
