using System.Net;
using FastFormatters.Http;

namespace FastFormatters.Core.Tests.MessagePack;

/// <summary><see cref="HttpContentMessagePackExtensions"/> treats a response's Content-Length as a claim, not a size to allocate.</summary>
public sealed class ClientContentTests
{
    [Fact]
    public async Task A_huge_declared_length_is_not_allocated_up_front()
    {
        byte[] body = MsgPackTestHelpers.Serialize(new List<int> { 1, 2, 3 });
        using var content = new LyingLengthContent(body, declaredLength: 2_000_000_000);

        long before = GC.GetTotalAllocatedBytes(precise: true);
        var read = await content.ReadFromMessagePackAsync<List<int>>();
        long allocated = GC.GetTotalAllocatedBytes(precise: true) - before;

        Assert.Equal([1, 2, 3], read);
        Assert.True(allocated < 64 * 1024 * 1024, $"{allocated:N0} bytes allocated for a {body.Length}-byte body");
    }

    [Fact]
    public async Task A_body_longer_than_declared_is_read_whole()
    {
        var list = Enumerable.Range(0, 50_000).ToList();
        byte[] body = MsgPackTestHelpers.Serialize(list);
        using var content = new LyingLengthContent(body, declaredLength: 10);

        Assert.Equal(list, await content.ReadFromMessagePackAsync<List<int>>());
    }

    /// <summary>Content whose Content-Length header says something other than its size, as a broken server's may.</summary>
    private sealed class LyingLengthContent : HttpContent
    {
        private readonly byte[] _body;

        public LyingLengthContent(byte[] body, long declaredLength)
        {
            _body = body;
            Headers.ContentType = new("application/x-msgpack");
            Headers.ContentLength = declaredLength;
        }

        protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context) => stream.WriteAsync(_body).AsTask();

        protected override Task<Stream> CreateContentReadStreamAsync() => Task.FromResult<Stream>(new MemoryStream(_body));

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }
    }
}
