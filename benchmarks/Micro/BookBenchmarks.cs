using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text;
using System.Text.Json;
using System.Text.Unicode;
using BenchmarkDotNet.Attributes;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;

namespace FastFormatters.Benchmarks;

/// <summary>
/// One small object (a <see cref="Book"/>, ~250 bytes of JSON) written 10,000 times per invocation, each time into the
/// emptied reused buffer: the per-call overhead of each serializer. The baseline is a hand-written UTF-8 writer that
/// produces exactly FastFormatters' bytes with no serializer machinery at all: the floor for this output.
/// </summary>
[MemoryDiagnoser]
public class BookBenchmarks
{
    private const int Operations = 10_000;

    private Book _book = null!;
    private ReusedOutput _output = null!;

    [GlobalSetup]
    public void Setup()
    {
        _book = new Book
        {
            Id = 42,
            Title = "The Left Hand of Darkness",
            Author = new Author { Name = "Ursula K. Le Guin", Born = new DateOnly(1929, 10, 21) },
            Published = new DateTime(1969, 3, 1, 9, 30, 15, 250, DateTimeKind.Utc),
            Genre = Genre.ScienceFiction,
            Price = 9.90m,
            Tags = ["science fiction", "classic", "hugo award", "nebula award"],
        };
        _output = new ReusedOutput(1024);

        // The floor must write exactly what FastFormatters writes, or it is not a floor for the same work.
        byte[] fast = Serializers.FastJson(_book);
        _output.Reset();
        HandWrittenBookWriter.Write(_output.Buffer, _book);
        Verify.SameBytes("BookBenchmarks: hand-written writer and FastFormatters JSON", fast, _output.Buffer.WrittenSpan);

        // System.Text.Json writes the same document (its bytes may differ only in escaping).
        Verify.SameJson("BookBenchmarks: System.Text.Json reflection and FastFormatters JSON", fast, Serializers.StjJson(_book));
        Verify.SameJson(
            "BookBenchmarks: System.Text.Json source-generated and FastFormatters JSON",
            fast,
            JsonSerializer.SerializeToUtf8Bytes(_book, MicroJsonContext.Default.Book));
        Console.WriteLine($"// BookBenchmarks: {Encoding.UTF8.GetString(fast)} ({fast.Length} B)");
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = Operations)]
    public int HandWrittenFloor()
    {
        int written = 0;
        for (int i = 0; i < Operations; i++)
        {
            HandWrittenBookWriter.Write(_output.Reset(), _book);
            written += _output.Buffer.WrittenCount;
        }

        return written;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int FastJson()
    {
        int written = 0;
        for (int i = 0; i < Operations; i++)
        {
            Serializers.Fast.Serialize(FastFormat.Json, _output.Reset(), _book);
            written += _output.Buffer.WrittenCount;
        }

        return written;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int StjReflection()
    {
        int written = 0;
        for (int i = 0; i < Operations; i++)
        {
            JsonSerializer.Serialize(_output.ResetJsonWriter(), _book, Serializers.Stj);
            written += _output.Buffer.WrittenCount;
        }

        return written;
    }

    [Benchmark(OperationsPerInvoke = Operations)]
    public int StjSourceGen()
    {
        int written = 0;
        for (int i = 0; i < Operations; i++)
        {
            JsonSerializer.Serialize(_output.ResetJsonWriter(), _book, MicroJsonContext.Default.Book);
            written += _output.Buffer.WrittenCount;
        }

        return written;
    }
}

/// <summary>
/// Writes a <see cref="Book"/> as FastFormatters writes it (compact JSON, CLR names, ISO dates with the fraction's
/// trailing zeros removed, the enum by name, the decimal with its scale) straight into one span: no converters, no
/// reflection, no per-member calls. Strings are checked for characters JSON must escape, as any writer must; this one
/// refuses them rather than escaping, since the benchmark's strings have none.
/// </summary>
internal static class HandWrittenBookWriter
{
    private static readonly SearchValues<char> s_mustEscape = SearchValues.Create(
        "\"\\\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u000F" +
        "\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F");

    private static readonly byte[][] s_genres = Enum.GetNames<Genre>().Select(name => Encoding.UTF8.GetBytes($"\"{name}\"")).ToArray();

    public static void Write(IBufferWriter<byte> output, Book book)
    {
        int worstCase = 256 + 3 * (book.Title.Length + book.Author.Name.Length);
        foreach (string tag in book.Tags)
        {
            worstCase += 3 * tag.Length + 3;
        }

        var span = output.GetSpan(worstCase);
        int at = 0;
        Append(span, ref at, "{\"Id\":"u8);
        Utf8Formatter.TryFormat(book.Id, span[at..], out int written);
        at += written;
        Append(span, ref at, ",\"Title\":"u8);
        AppendString(span, ref at, book.Title);
        Append(span, ref at, ",\"Author\":{\"Name\":"u8);
        AppendString(span, ref at, book.Author.Name);
        Append(span, ref at, ",\"Born\":\""u8);
        book.Author.Born.TryFormat(span[at..], out written, "yyyy'-'MM'-'dd", CultureInfo.InvariantCulture);
        at += written;
        Append(span, ref at, "\"},\"Published\":\""u8);
        at += FormatRoundTripTrimmed(book.Published, span[at..]);
        Append(span, ref at, "\",\"Genre\":"u8);
        Append(span, ref at, s_genres[(int)book.Genre]);
        Append(span, ref at, ",\"Price\":"u8);
        Utf8Formatter.TryFormat(book.Price, span[at..], out written);
        at += written;
        Append(span, ref at, ",\"Tags\":["u8);
        for (int i = 0; i < book.Tags.Length; i++)
        {
            if (i > 0)
            {
                span[at++] = (byte)',';
            }

            AppendString(span, ref at, book.Tags[i]);
        }

        Append(span, ref at, "]}"u8);
        output.Advance(at);
    }

    private static void Append(Span<byte> span, ref int at, ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(span[at..]);
        at += bytes.Length;
    }

    private static void AppendString(Span<byte> span, ref int at, string value)
    {
        if (value.AsSpan().ContainsAny(s_mustEscape))
        {
            throw new NotSupportedException("The hand-written writer handles only strings that need no escaping.");
        }

        span[at++] = (byte)'"';
        Utf8.FromUtf16(value, span[at..], out _, out int written);
        at += written;
        span[at++] = (byte)'"';
    }

    // The round-trip ("O") form, 2024-05-01T12:30:00.2500000Z, less the fraction's trailing zeros (and its dot when all are).
    private static int FormatRoundTripTrimmed(DateTime value, Span<byte> destination)
    {
        Utf8Formatter.TryFormat(value, destination, out int length, new StandardFormat('O'));
        int last = 26;
        while (last >= 20 && destination[last] == (byte)'0')
        {
            last--;
        }

        int keep = last == 19 ? 19 : last + 1;
        destination[27..length].CopyTo(destination[keep..]);
        return keep + length - 27;
    }
}
