using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Models;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// LZ4 responses only when asked: without a <c>compression</c> Accept parameter a MessagePack-CSharp client without
/// compression reads the body; with one, the Content-Type carries it and the body is framed as MessagePack-CSharp
/// frames it (ext 98 block array or ext 99 block). A server-wide setting compresses unless the request says otherwise.
/// </summary>
public sealed class Lz4NegotiationTests : IClassFixture<DefaultServer>, IClassFixture<ServerWideLz4Server>
{
    private static readonly string[] s_mediaTypes = ["application/x-msgpack", "application/msgpack", "application/vnd.msgpack"];

    // Large enough that MessagePack-CSharp splits an Lz4BlockArray request into several chunks.
    private static readonly IntKeyedOrder s_largeOrder = SampleCatalog.NewOrder(7, 4000);

    private readonly HttpClient _default;
    private readonly HttpClient _serverWide;

    public Lz4NegotiationTests(DefaultServer defaultServer, ServerWideLz4Server serverWide)
    {
        _default = defaultServer.Client;
        _serverWide = serverWide.Client;
    }

    public static TheoryData<EndpointKind, string> EndpointsAndMediaTypes()
    {
        var cases = new TheoryData<EndpointKind, string>();
        foreach (var endpoint in Enum.GetValues<EndpointKind>())
        {
            foreach (string mediaType in s_mediaTypes)
            {
                cases.Add(endpoint, mediaType);
            }
        }

        return cases;
    }

    public static TheoryData<EndpointKind, string, MessagePackCompression> CompressedCases()
    {
        var cases = new TheoryData<EndpointKind, string, MessagePackCompression>();
        foreach (var endpoint in Enum.GetValues<EndpointKind>())
        {
            foreach (string mediaType in s_mediaTypes)
            {
                cases.Add(endpoint, mediaType, MessagePackCompression.Lz4BlockArray);
                cases.Add(endpoint, mediaType, MessagePackCompression.Lz4Block);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(EndpointsAndMediaTypes))]
    public async Task Without_a_compression_parameter_the_response_is_plain_msgpack(EndpointKind endpoint, string mediaType)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);

        var reply = await MessagePackHttp.PostAsync(_default, Routes.Echo(endpoint, "IntKeyedOrder"), plain, mediaType, contentType: mediaType);

        WireAssert.Status(200, reply, mediaType);
        Assert.Equal(mediaType, reply.ContentType);
        Assert.Equal(MessagePackCompression.None, Lz4Framing.Detect(reply.Body));
        WireAssert.Identical(plain, reply.Body, $"a plain {mediaType} response");

        // A client with no compression options reads it as it is.
        var read = MessagePackSerializer.Deserialize<IntKeyedOrder>(reply.Body, SampleCatalog.Standard);
        Assert.Equal(s_largeOrder.Lines.Count, read.Lines.Count);
    }

    [Theory]
    [MemberData(nameof(CompressedCases))]
    public async Task A_compression_parameter_frames_the_response_and_names_it_in_the_content_type(EndpointKind endpoint, string mediaType, MessagePackCompression compression)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);

        var reply = await MessagePackHttp.PostAsync(_default, Routes.Echo(endpoint, "IntKeyedOrder"), plain, MessagePackHttp.Accept(compression, mediaType), contentType: mediaType);

        WireAssert.Status(200, reply, $"{mediaType} {compression}");
        Assert.Equal(mediaType, reply.MediaType);
        Assert.Equal(MessagePackHttp.ParameterValue(compression), reply.CompressionParameter);
        AssertFramed(compression, reply.Body, plain.Length);
        WireAssert.Identical(plain, MessagePackSerializer.Serialize(MessagePackSerializer.Deserialize<IntKeyedOrder>(reply.Body, SampleCatalog.Standard.WithCompression(compression)), SampleCatalog.Standard), $"a {compression} response read back");
    }

    [Theory]
    [InlineData(EndpointKind.Mvc)]
    [InlineData(EndpointKind.Minimal)]
    public async Task Compression_none_asks_for_a_plain_response(EndpointKind endpoint)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);

        var reply = await MessagePackHttp.PostAsync(_default, Routes.Echo(endpoint, "IntKeyedOrder"), plain, MessagePackHttp.MediaType + "; compression=none");

        WireAssert.Status(200, reply, "compression=none");
        Assert.Equal(MessagePackCompression.None, Lz4Framing.Detect(reply.Body));
        WireAssert.Identical(plain, reply.Body, "a compression=none response");
    }

    [Theory]
    [InlineData(EndpointKind.Mvc, MessagePackCompression.Lz4BlockArray)]
    [InlineData(EndpointKind.Mvc, MessagePackCompression.Lz4Block)]
    [InlineData(EndpointKind.Minimal, MessagePackCompression.Lz4BlockArray)]
    [InlineData(EndpointKind.Minimal, MessagePackCompression.Lz4Block)]
    public async Task A_request_compressed_in_several_chunks_is_read(EndpointKind endpoint, MessagePackCompression compression)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);
        byte[] compressed = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard.WithCompression(compression));
        if (compression == MessagePackCompression.Lz4BlockArray)
        {
            Assert.True(Lz4Framing.BlockArrayChunkLengths(compressed).Count > 1, "the request should span several LZ4 chunks");
        }

        var reply = await MessagePackHttp.PostAsync(_default, Routes.Echo(endpoint, "IntKeyedOrder"), compressed, MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, $"a {compression} request of {plain.Length} bytes");
        WireAssert.Identical(plain, reply.Body, $"the echo of a {compression} request");
    }

    [Theory]
    [InlineData(EndpointKind.Mvc)]
    [InlineData(EndpointKind.Minimal)]
    public async Task Server_wide_compression_applies_without_a_parameter(EndpointKind endpoint)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);

        var reply = await MessagePackHttp.PostAsync(_serverWide, Routes.Echo(endpoint, "IntKeyedOrder"), plain, MessagePackHttp.MediaType);

        WireAssert.Status(200, reply, "server-wide Lz4BlockArray");
        Assert.Equal(MessagePackHttp.ParameterValue(MessagePackCompression.Lz4BlockArray), reply.CompressionParameter);
        AssertFramed(MessagePackCompression.Lz4BlockArray, reply.Body, plain.Length);
        Assert.Equal(s_largeOrder.Lines.Count, MessagePackSerializer.Deserialize<IntKeyedOrder>(reply.Body, SampleCatalog.Standard.WithCompression(MessagePackCompression.Lz4BlockArray)).Lines.Count);
    }

    [Theory]
    [InlineData(EndpointKind.Mvc, MessagePackCompression.None)]
    [InlineData(EndpointKind.Mvc, MessagePackCompression.Lz4Block)]
    [InlineData(EndpointKind.Minimal, MessagePackCompression.None)]
    [InlineData(EndpointKind.Minimal, MessagePackCompression.Lz4Block)]
    public async Task The_request_parameter_overrides_server_wide_compression(EndpointKind endpoint, MessagePackCompression compression)
    {
        byte[] plain = MessagePackSerializer.Serialize(s_largeOrder, SampleCatalog.Standard);
        string accept = MessagePackHttp.MediaType + "; compression=" + MessagePackHttp.ParameterValue(compression);

        var reply = await MessagePackHttp.PostAsync(_serverWide, Routes.Echo(endpoint, "IntKeyedOrder"), plain, accept);

        WireAssert.Status(200, reply, accept);
        if (compression == MessagePackCompression.None)
        {
            Assert.Null(reply.CompressionParameter);
            WireAssert.Identical(plain, reply.Body, "a compression=none response from a compressing server");
        }
        else
        {
            Assert.Equal(MessagePackHttp.ParameterValue(compression), reply.CompressionParameter);
            AssertFramed(compression, reply.Body, plain.Length);
        }
    }

    private static void AssertFramed(MessagePackCompression compression, byte[] body, int plainLength)
    {
        Assert.Equal(compression, Lz4Framing.Detect(body));
        int declared = compression == MessagePackCompression.Lz4BlockArray ? Lz4Framing.BlockArrayChunkLengths(body).Sum() : Lz4Framing.BlockDeclaredLength(body);
        Assert.Equal(plainLength, declared);
        Assert.True(body.Length < plainLength, $"the {compression} body ({body.Length} bytes) is not smaller than the plain one ({plainLength})");
    }
}
