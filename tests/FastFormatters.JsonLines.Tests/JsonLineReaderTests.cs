using System.Buffers;
using System.Text;

namespace FastFormatters.JsonLines.Tests;

/// <summary>
/// How a body is cut into lines and each line read, over a contiguous body (a request's) and over a body in many
/// pieces (a response read as it arrives), which must agree whatever the piece boundaries.
/// </summary>
public sealed class JsonLineReaderTests
{
    private static readonly FastFormattersSerializer s_serializer = new();

    public static TheoryData<string, int[]> Bodies() => new()
    {
        { "", [] },
        { "1", [1] },
        { "1\n", [1] },
        { "1\n2\n3\n", [1, 2, 3] },
        { "1\n2\n3", [1, 2, 3] },
        { "1\r\n2\r\n", [1, 2] },
        { "1\r\n2", [1, 2] },
        { " 1 \n\t2\t\n", [1, 2] },
    };

    [Theory]
    [MemberData(nameof(Bodies))]
    public void A_body_is_one_value_per_line(string body, int[] expected)
    {
        Assert.Equal(expected, ReadContiguous<int>(body));
        foreach (int pieceLength in new[] { 1, 2, 3, 7 })
        {
            Assert.Equal(expected, ReadInPieces<int>(body, pieceLength));
        }
    }

    [Theory]
    [InlineData("1\n\n2\n", 2, 2)]
    [InlineData("\n1\n", 1, 0)]
    [InlineData("1\n\r\n", 2, 2)]
    [InlineData("1\n  \n2", 2, 2)]
    [InlineData("1\n2\n \t", 3, 4)]
    [InlineData("\n", 1, 0)]
    public void An_empty_or_blank_line_is_refused_with_its_number(string body, int line, long position)
    {
        var contiguous = Assert.Throws<FormatReadException>(() => ReadContiguous<int>(body));
        var inPieces = Assert.Throws<FormatReadException>(() => ReadInPieces<int>(body, 1));

        foreach (var error in new[] { contiguous, inPieces })
        {
            Assert.Equal("jsonl", error.Format);
            Assert.StartsWith($"Line {line} is empty", error.Message, StringComparison.Ordinal);
            Assert.Equal(position, error.BytePosition);
        }
    }

    [Fact]
    public void A_bad_line_names_its_number_and_its_byte_in_the_body()
    {
        const string body = "{\"id\":1}\n{\"id\":2}\n{\"id\":x}\n{\"id\":4}\n";
        var contiguous = Assert.Throws<FormatReadException>(() => ReadContiguous<Item>(body));
        var inPieces = Assert.Throws<FormatReadException>(() => ReadInPieces<Item>(body, 3));

        foreach (var error in new[] { contiguous, inPieces })
        {
            Assert.Equal("jsonl", error.Format);
            Assert.StartsWith("Line 3", error.Message, StringComparison.Ordinal);
            var json = Assert.IsType<FormatReadException>(error.InnerException);
            Assert.Equal("json", json.Format);
            Assert.Equal(18 + json.BytePosition, error.BytePosition);
            Assert.Equal((byte)'x', Encoding.UTF8.GetBytes(body)[error.BytePosition]);
        }
    }

    [Fact]
    public void A_value_that_does_not_fit_the_type_names_the_line_and_the_path_in_it()
    {
        var error = Assert.Throws<FormatReadException>(() => ReadContiguous<Item>("{\"id\":1}\r\n{\"id\":\"two\"}\r\n"));

        Assert.StartsWith("Line 2, $.id: ", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("[1,\n2]\n")]
    [InlineData("1 2\n")]
    [InlineData("{\"id\":1}{\"id\":2}\n")]
    public void A_line_holds_exactly_one_whole_value(string body)
    {
        var error = Assert.Throws<FormatReadException>(() => ReadContiguous<object>(body));

        Assert.StartsWith("Line 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Each_line_follows_the_serializers_naming_policy()
    {
        var items = ReadContiguous<Item>("{\"id\":1,\"title\":\"a\"}\n{\"id\":2,\"title\":\"b\"}\n");

        Assert.Equal([new Item(1, "a"), new Item(2, "b")], items);
    }

    private static List<T> ReadContiguous<T>(string body)
    {
        var lines = new JsonLineReader(s_serializer.Json);
        ReadOnlySpan<byte> rest = Encoding.UTF8.GetBytes(body);
        var values = new List<T>();
        while (lines.TryTakeLine(ref rest, out var line))
        {
            values.Add(lines.Read<T>(line));
        }

        return values;
    }

    // As a pipe hands a body over: the bytes so far in pieces of pieceLength, a line taken once its \n has arrived,
    // the rest kept for the next read; the last line at the end.
    private static List<T> ReadInPieces<T>(string body, int pieceLength)
    {
        byte[] bytes = Encoding.UTF8.GetBytes(body);
        var lines = new JsonLineReader(s_serializer.Json);
        var values = new List<T>();
        int consumed = 0;
        for (int received = Math.Min(pieceLength, bytes.Length); ; received = Math.Min(received + pieceLength, bytes.Length))
        {
            bool completed = received == bytes.Length;
            var buffer = Segmented(bytes.AsMemory(consumed, received - consumed), pieceLength);
            long before = buffer.Length;
            while (lines.TryTakeLine(ref buffer, completed, out var line))
            {
                values.Add(lines.Read<T>(line));
            }

            consumed += (int)(before - buffer.Length);
            if (completed)
            {
                Assert.Equal(bytes.Length, consumed);
                return values;
            }
        }
    }

    private static ReadOnlySequence<byte> Segmented(ReadOnlyMemory<byte> bytes, int segmentLength)
    {
        if (bytes.Length <= segmentLength)
        {
            return new ReadOnlySequence<byte>(bytes);
        }

        var first = new Segment(bytes[..segmentLength], 0);
        var last = first;
        for (int start = segmentLength; start < bytes.Length; start += segmentLength)
        {
            last = last.Append(bytes[start..Math.Min(start + segmentLength, bytes.Length)]);
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}

public sealed record Item(int Id, string? Title = null);
