using System.Buffers;
using FastFormatters.Buffers;

namespace FastFormatters.Core.Tests.Buffers;

public sealed class EncodedBytesTests
{
    [Fact]
    public void Values_of_every_length_around_the_blocks_are_written_exactly_one_after_another()
    {
        // Each value's padding is written past its end and must be overwritten by the next value, never left behind.
        var values = Enumerable.Range(0, 70).Select(length => Bytes(length, seed: length)).ToArray();
        var expected = values.SelectMany(bytes => bytes).ToArray();

        var output = new ArrayBufferWriter<byte>();
        var cursor = new BufferCursor(output);
        foreach (var value in values)
        {
            cursor.Write(new EncodedBytes(value));
        }

        cursor.Flush();
        Assert.Equal(expected, output.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_value_is_never_split_when_the_output_gives_spans_no_larger_than_asked()
    {
        var values = new[] { 1, 15, 16, 17, 31, 32, 33, 100 }.Select(length => Bytes(length, seed: 7 * length)).ToArray();
        var output = new ExactSpanWriter();
        var cursor = new BufferCursor(output);
        for (int round = 0; round < 10; round++)
        {
            foreach (var value in values)
            {
                cursor.Write(new EncodedBytes(value));
            }
        }

        cursor.Flush();
        Assert.Equal(Enumerable.Repeat(values, 10).SelectMany(round => round.SelectMany(bytes => bytes)), output.Written);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(32)]
    [InlineData(33)]
    public void Span_is_the_value_without_its_padding(int length)
    {
        byte[] value = Bytes(length, seed: 3);
        var encoded = new EncodedBytes(value);
        Assert.Equal(length, encoded.Length);
        Assert.Equal(value, encoded.Span.ToArray());
    }

    private static byte[] Bytes(int length, int seed)
    {
        byte[] bytes = new byte[length];
        new Random(seed).NextBytes(bytes);
        return bytes;
    }

    /// <summary>Gives spans of exactly the size asked for, so any write past what was asked for would fail.</summary>
    private sealed class ExactSpanWriter : IBufferWriter<byte>
    {
        private byte[] _current = [];

        public List<byte> Written { get; } = [];

        public void Advance(int count) => Written.AddRange(_current.AsSpan(0, count).ToArray());

        public Memory<byte> GetMemory(int sizeHint = 0) => _current = new byte[Math.Max(sizeHint, 1)];

        public Span<byte> GetSpan(int sizeHint = 0) => GetMemory(sizeHint).Span;
    }
}
