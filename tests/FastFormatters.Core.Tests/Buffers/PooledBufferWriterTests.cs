using System.Buffers;
using System.IO.Pipelines;
using FastFormatters.Buffers;
using FastFormatters.Core.Tests.Json;

namespace FastFormatters.Core.Tests.Buffers;

public sealed class PooledBufferWriterTests
{
    [Theory]
    [InlineData(0, 1)]
    [InlineData(512, 2)]
    [InlineData(4096, 3)]
    [InlineData(2 * 1024 * 1024, 4)]
    public void Writes_across_many_segments_come_back_byte_identical(int initialSize, int seed)
    {
        var random = new Random(seed);
        using var writer = new PooledBufferWriter(initialSize);
        using var expected = new MemoryStream();
        while (expected.Length < 3 * 1024 * 1024)
        {
            int sizeHint = random.Next(4) == 0 ? 0 : random.Next(1, 70_000);
            var span = random.Next(2) == 0 ? writer.GetSpan(sizeHint) : writer.GetMemory(sizeHint).Span;
            Assert.True(span.Length >= Math.Max(sizeHint, 1));

            // Sometimes write less than asked for, sometimes everything offered.
            int count = random.Next(3) switch
            {
                0 => span.Length,
                1 => random.Next(0, Math.Max(sizeHint, 1) + 1),
                _ => Math.Max(sizeHint, 1),
            };
            var chunk = new byte[count];
            random.NextBytes(chunk);
            chunk.CopyTo(span);
            writer.Advance(count);
            expected.Write(chunk);
            Assert.Equal(expected.Length, writer.WrittenCount);
        }

        Assert.Equal(expected.ToArray(), writer.ToArray());
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(511)]
    [InlineData(513)]
    [InlineData(65_536)]
    [InlineData(1024 * 1024)]
    [InlineData(1024 * 1024 + 1)]
    [InlineData(5 * 1024 * 1024)]
    public void Get_span_returns_at_least_the_size_hint(int sizeHint)
    {
        using var writer = new PooledBufferWriter(512);
        writer.GetSpan(100)[..100].Fill(7);
        writer.Advance(100);

        Assert.True(writer.GetSpan(sizeHint).Length >= Math.Max(sizeHint, 1));
        Assert.True(writer.GetMemory(sizeHint).Length >= Math.Max(sizeHint, 1));

        var span = writer.GetSpan(sizeHint);
        span[..sizeHint].Fill(9);
        writer.Advance(sizeHint);
        var bytes = writer.ToArray();
        Assert.Equal(100 + sizeHint, bytes.Length);
        Assert.All(bytes.AsSpan(0, 100).ToArray(), b => Assert.Equal(7, b));
        Assert.All(bytes.AsSpan(100).ToArray(), b => Assert.Equal(9, b));
    }

    [Fact]
    public void Asking_for_a_larger_span_before_writing_keeps_what_was_written()
    {
        using var writer = new PooledBufferWriter(512);
        new byte[] { 1, 2, 3 }.CopyTo(writer.GetSpan(10));
        writer.Advance(3);
        _ = writer.GetSpan(100_000);
        _ = writer.GetSpan(1_000_000);
        writer.GetSpan(1)[0] = 4;
        writer.Advance(1);
        Assert.Equal([1, 2, 3, 4], writer.ToArray());
    }

    [Fact]
    public void Advancing_past_the_span_throws()
    {
        using var writer = new PooledBufferWriter(512);
        int available = writer.GetSpan(16).Length;
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(available + 1));
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(-1));
        Assert.Equal(0, writer.WrittenCount);

        writer.Advance(available);
        Assert.Equal(available, writer.WrittenCount);
        Assert.Throws<ArgumentOutOfRangeException>(() => writer.Advance(1));
        writer.Advance(0);
        Assert.Equal(available, writer.WrittenCount);
    }

    [Fact]
    public void Dispose_twice_is_safe()
    {
        var writer = new PooledBufferWriter(4096);
        writer.GetSpan(5000)[..5000].Fill(1);
        writer.Advance(5000);
        writer.GetSpan(5000)[..5000].Fill(2);
        writer.Advance(5000);

        writer.Dispose();
        Assert.Equal(0, writer.WrittenCount);
        writer.Dispose();
        Assert.Equal(0, writer.WrittenCount);
        Assert.Empty(writer.ToArray());
    }

    [Fact]
    public async Task A_payload_over_several_segments_reaches_a_stream_and_a_contiguous_writer_whole_and_in_order()
    {
        using var writer = new PooledBufferWriter(512);
        var expected = new byte[200_000];
        new Random(7).NextBytes(expected);
        for (int offset = 0; offset < expected.Length; offset += 1000)
        {
            expected.AsSpan(offset, 1000).CopyTo(writer.GetSpan(1000));
            writer.Advance(1000);
        }

        using var stream = new MemoryStream();
        await writer.CopyToAsync(stream, CancellationToken.None);
        Assert.Equal(expected, stream.ToArray());

        var contiguous = new ArrayBufferWriter<byte>();
        int calls = 0;
        writer.WriteContiguous(contiguous, (payload, output) =>
        {
            calls++;
            output.Write(payload);
        });
        Assert.Equal(1, calls);
        Assert.Equal(expected, contiguous.WrittenSpan.ToArray());

        // Released, the writer starts over: what is written next comes out alone.
        writer.Release();
        writer.GetSpan(3)[..3].Fill(9);
        writer.Advance(3);
        Assert.Equal(new byte[] { 9, 9, 9 }, writer.ToArray());
    }

    [Fact]
    public void An_empty_writer_has_nothing()
    {
        using var writer = new PooledBufferWriter(1000);
        Assert.Equal(0, writer.WrittenCount);
        Assert.Empty(writer.ToArray());
    }

    [Fact]
    public async Task Copy_to_a_pipe_gives_the_same_bytes_in_the_pipes_own_blocks()
    {
        var random = new Random(7);
        var expected = new byte[700_000];
        random.NextBytes(expected);
        using var writer = new PooledBufferWriter(512);
        for (int offset = 0; offset < expected.Length;)
        {
            int count = Math.Min(random.Next(1, 50_000), expected.Length - offset);
            expected.AsSpan(offset, count).CopyTo(writer.GetSpan(count));
            writer.Advance(count);
            offset += count;
        }

        // A pipe takes what is larger than its pool's blocks from the shared array pool; Kestrel's blocks are 4 KiB.
        var blocks = new CountingBlockPool(4096);
        var pipe = new Pipe(new PipeOptions(pool: blocks, pauseWriterThreshold: 0));
        writer.CopyTo(pipe.Writer);
        await pipe.Writer.CompleteAsync();

        using var received = new MemoryStream();
        await pipe.Reader.CopyToAsync(received);
        Assert.Equal(expected, received.ToArray());
        Assert.True(blocks.Rented * 4096L >= expected.Length, $"Only {blocks.Rented} blocks: the rest went in arrays from the shared pool.");
    }

    [Fact]
    public void Release_returns_the_arrays_and_the_next_write_rents_the_size_that_was_held()
    {
        using var writer = new PooledBufferWriter(80 * 1024);
        writer.GetSpan(1000).Fill(7);
        writer.Advance(1000);
        int held = writer.GetSpan(0).Length + 1000;
        var pipe = new KeepingPipeWriter();
        writer.CopyTo(pipe);

        writer.Release();

        Assert.Equal(0, writer.WrittenCount);
        Assert.Equal(1000, pipe.Written.WrittenCount);
        Assert.True(writer.GetSpan(1).Length >= held, "The next chunk would start small and grow by doubling.");
        writer.GetSpan(3)[..3].Fill(9);
        writer.Advance(3);
        Assert.Equal(new byte[] { 9, 9, 9 }, writer.ToArray());
    }

    /// <summary>A memory pool of fixed-size blocks, as Kestrel's, that counts what it lends.</summary>
    private sealed class CountingBlockPool(int blockSize) : MemoryPool<byte>
    {
        public int Rented { get; private set; }

        public override int MaxBufferSize => blockSize;

        public override IMemoryOwner<byte> Rent(int minBufferSize = -1)
        {
            Rented++;
            return new Block(new byte[blockSize]);
        }

        protected override void Dispose(bool disposing)
        {
        }

        private sealed class Block(byte[] array) : IMemoryOwner<byte>
        {
            public Memory<byte> Memory => array;

            public void Dispose()
            {
            }
        }
    }

    [Theory]
    [InlineData(50_000, 100_000, 0)]
    [InlineData(3_000_000, 512, -1)]
    public async Task Copy_to_a_pipe_flushes_after_each_filled_segment_and_leaves_the_last_to_the_caller(int size, int firstSegment, int flushes)
    {
        using var writer = new PooledBufferWriter(firstSegment);
        var expected = new byte[size];
        new Random(size).NextBytes(expected);
        for (int offset = 0; offset < size; offset += 10_000)
        {
            int count = Math.Min(10_000, size - offset);
            expected.AsSpan(offset, count).CopyTo(writer.GetSpan(count));
            writer.Advance(count);
        }

        var pipe = new KeepingPipeWriter();
        await writer.CopyToAsync(pipe, CancellationToken.None);

        // A payload in one segment is not flushed at all (the caller returns its array, then flushes once); a larger one
        // never leaves the pipe more than one segment (at most 1 MiB) unflushed.
        if (flushes >= 0)
        {
            Assert.Equal(flushes, pipe.Flushes);
        }
        else
        {
            Assert.InRange(pipe.Flushes, 2, 20);
        }

        Assert.InRange(pipe.MaxUnflushed, 0, 1024 * 1024);
        Assert.Equal(expected, pipe.Written.WrittenSpan.ToArray());
    }

    /// <summary>A pipe writer that keeps what it is given and counts its flushes and the most it held unflushed.</summary>
    private sealed class KeepingPipeWriter : PipeWriter
    {
        private int _unflushed;

        public ArrayBufferWriter<byte> Written { get; } = new();

        public int Flushes { get; private set; }

        public int MaxUnflushed { get; private set; }

        public override void Advance(int bytes)
        {
            Written.Advance(bytes);
            _unflushed += bytes;
            MaxUnflushed = Math.Max(MaxUnflushed, _unflushed);
        }

        public override Memory<byte> GetMemory(int sizeHint = 0) => Written.GetMemory(sizeHint);

        public override Span<byte> GetSpan(int sizeHint = 0) => Written.GetSpan(sizeHint);

        public override ValueTask<FlushResult> FlushAsync(CancellationToken cancellationToken = default)
        {
            Flushes++;
            _unflushed = 0;
            return ValueTask.FromResult(new FlushResult(isCanceled: false, isCompleted: false));
        }

        public override void CancelPendingFlush()
        {
        }

        public override void Complete(Exception? exception = null)
        {
        }
    }

    [Fact]
    public void Serializing_into_pooled_segments_gives_the_same_json()
    {
        var lines = Enumerable.Range(0, 20_000)
            .Select(i => new OrderLine { Sku = "SKU-" + i + "-日本-😀", Quantity = i, Price = i / 100m })
            .ToList();
        var serializer = JsonTestHelpers.Serializer();

        var contiguous = new ArrayBufferWriter<byte>();
        serializer.SerializeJson(contiguous, lines);
        using var pooled = new PooledBufferWriter(512);
        serializer.SerializeJson(pooled, lines);

        Assert.True(pooled.WrittenCount > 1024 * 1024);
        Assert.Equal(contiguous.WrittenSpan.ToArray(), pooled.ToArray());
        Assert.Equal(20_000, serializer.DeserializeJson<List<OrderLine>>(pooled.ToArray()).Count);
    }
}
