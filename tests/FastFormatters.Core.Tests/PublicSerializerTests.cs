using System.Buffers;
using System.IO.Pipelines;
using System.Text;
using FastFormatters.Serialization;

namespace FastFormatters.Core.Tests;

/// <summary>
/// <see cref="FastFormattersSerializer"/>, the serializers without ASP.NET Core: every format through every output
/// and input kind gives the formatters' bytes and reads them back, with their limits and errors.
/// </summary>
public sealed class PublicSerializerTests
{
    private static readonly Parcel s_parcel = new() { Id = 7, Label = "Zoë's parcel", Weights = [1.5, 2.25], Sent = new DateTimeOffset(2026, 11, 23, 10, 0, 0, TimeSpan.FromHours(1)) };

    public static TheoryData<FastFormat> Formats => new() { FastFormat.Json, FastFormat.Jsonc, FastFormat.MessagePack };

    [Theory]
    [MemberData(nameof(Formats))]
    public void Buffer_writer_output_is_the_formatters_bytes_and_reads_back(FastFormat format)
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        var output = new ArrayBufferWriter<byte>();

        serializer.Serialize(format, output, s_parcel);

        Assert.Equal(Internal(format, s_parcel), output.WrittenSpan.ToArray());
        Assert.Equal(s_parcel, serializer.Deserialize<Parcel>(format, output.WrittenSpan));
        Assert.Equal(s_parcel, serializer.Deserialize(format, output.WrittenSpan, typeof(Parcel)));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Streams_and_pipes_carry_the_same_bytes(FastFormat format)
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        byte[] expected = Internal(format, s_parcel);

        var stream = new MemoryStream();
        await serializer.SerializeAsync(format, stream, s_parcel);
        Assert.Equal(expected, stream.ToArray());
        stream.Position = 0;
        Assert.Equal(s_parcel, await serializer.DeserializeAsync<Parcel>(format, stream));
        Assert.True(stream.CanRead, "The caller's stream stays open.");

        var pipe = new Pipe();
        await serializer.SerializeAsync(format, pipe.Writer, s_parcel);
        await pipe.Writer.CompleteAsync();
        Assert.Equal(s_parcel, await serializer.DeserializeAsync<Parcel>(format, pipe.Reader));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public void A_sequence_of_many_segments_reads_as_one(FastFormat format)
    {
        byte[] bytes = Internal(format, s_parcel);
        var sequence = Segments.Split(bytes, 3);

        Assert.False(sequence.IsSingleSegment);
        Assert.Equal(s_parcel, new FastFormattersSerializer(SuiteOptions.Create()).Deserialize<Parcel>(format, sequence));
    }

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task Input_past_the_formats_limit_is_refused(FastFormat format)
    {
        var options = SuiteOptions.Create();
        switch (format)
        {
            case FastFormat.Json:
                options.Json.MaxRequestBodySize = 8;
                break;
            case FastFormat.Jsonc:
                options.Jsonc.MaxRequestBodySize = 8;
                break;
            default:
                options.MessagePack.MaxRequestBodySize = 8;
                break;
        }

        var serializer = new FastFormattersSerializer(options);

        var error = await Assert.ThrowsAsync<FormatReadException>(async () => await serializer.DeserializeAsync<Parcel>(format, new MemoryStream(Internal(format, s_parcel))));
        Assert.Contains("longer than the 8 bytes allowed", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Malformed_input_is_a_FormatReadException_with_its_path()
    {
        var error = Assert.Throws<FormatReadException>(() => new FastFormattersSerializer(SuiteOptions.Create()).Deserialize<Parcel>(FastFormat.Json, Encoding.UTF8.GetBytes("""{"id":"seven"}""")));

        Assert.Equal("json", error.Format);
        Assert.Equal("$.id", error.Path);
    }

    [Theory]
    [InlineData(FastFormat.Json, "null", "null is not a valid Point.")]
    [InlineData(FastFormat.Jsonc, "/*JMC1*/null", "null is not a valid Point.")]
    [InlineData(FastFormat.MessagePack, "c0", "nil is not a valid Point.")]
    public void Null_reads_as_a_null_object_and_is_an_error_for_a_struct(FastFormat format, string input, string message)
    {
        var serializer = new FastFormattersSerializer(SuiteOptions.Create());
        byte[] bytes = format == FastFormat.MessagePack ? Convert.FromHexString(input) : Encoding.UTF8.GetBytes(input);

        Assert.Null(serializer.Deserialize<Parcel>(format, bytes));
        Assert.Equal(message, Assert.Throws<FormatReadException>(() => serializer.Deserialize<Point>(format, bytes)).Message);
    }

    [Fact]
    public void The_options_decide_the_contract()
    {
        var unified = SuiteOptions.With(new FastSerializerOptions { JsonContract = FastFormatters.Json.JsonContractKind.Unified, Unified = { NamingPolicy = null } });
        var output = new ArrayBufferWriter<byte>();

        new FastFormattersSerializer(unified).Serialize(FastFormat.Json, output, s_parcel);

        Assert.StartsWith("""{"Id":7,""", Encoding.UTF8.GetString(output.WrittenSpan), StringComparison.Ordinal);
    }

    private static byte[] Internal<T>(FastFormat format, T value)
    {
        var serializer = new FastSerializer(SuiteOptions.Create());
        var output = new ArrayBufferWriter<byte>();
        switch (format)
        {
            case FastFormat.Json:
                serializer.SerializeJson(output, value);
                break;
            case FastFormat.Jsonc:
                serializer.SerializeJmc(output, value);
                break;
            default:
                serializer.SerializeMessagePack(output, value);
                break;
        }

        return output.WrittenSpan.ToArray();
    }

    public record struct Point(int X, int Y);

    public sealed record Parcel
    {
        public int Id { get; init; }

        public string Label { get; init; } = string.Empty;

        public double[] Weights { get; init; } = [];

        public DateTimeOffset Sent { get; init; }

        public bool Equals(Parcel? other)
            => other is not null && Id == other.Id && Label == other.Label && Weights.SequenceEqual(other.Weights) && Sent == other.Sent && Sent.Offset == other.Sent.Offset;

        public override int GetHashCode() => Id;
    }

    private sealed class Segments : ReadOnlySequenceSegment<byte>
    {
        private Segments(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public static ReadOnlySequence<byte> Split(byte[] bytes, int size)
        {
            var first = new Segments(bytes.AsMemory(0, size), 0);
            var last = first;
            for (int offset = size; offset < bytes.Length; offset += size)
            {
                var next = new Segments(bytes.AsMemory(offset, Math.Min(size, bytes.Length - offset)), offset);
                last.Next = next;
                last = next;
            }

            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }
    }
}
