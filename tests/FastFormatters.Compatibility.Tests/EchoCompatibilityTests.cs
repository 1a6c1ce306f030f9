using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// Both directions of the type matrix against the real MessagePack-CSharp: it writes the request (plain, Lz4BlockArray,
/// Lz4Block), the server echoes it (MVC and minimal) plain or compressed as the Accept parameter asks, and it reads the
/// response back. A plain response must be byte for byte what MessagePack-CSharp writes for the value.
/// </summary>
public sealed class EchoCompatibilityTests(DefaultServer server) : IClassFixture<DefaultServer>
{
    private static readonly MessagePackCompression[] s_compressions = [MessagePackCompression.None, MessagePackCompression.Lz4BlockArray, MessagePackCompression.Lz4Block];

    public static TheoryData<string, EndpointKind, MessagePackCompression, MessagePackCompression> Cases()
    {
        var cases = new TheoryData<string, EndpointKind, MessagePackCompression, MessagePackCompression>();
        foreach (var sample in SampleCatalog.All)
        {
            foreach (var endpoint in Enum.GetValues<EndpointKind>())
            {
                // MessagePack-CSharp writes values under 64 bytes raw whatever the options, so a compressed request of
                // such a value would only repeat the plain case.
                foreach (var request in sample.IsCompressedByMessagePackCSharp ? s_compressions : [MessagePackCompression.None])
                {
                    foreach (var response in s_compressions)
                    {
                        cases.Add(sample.Name, endpoint, request, response);
                    }
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Echo_matches_MessagePack_CSharp_both_ways(string sampleName, EndpointKind endpoint, MessagePackCompression requestCompression, MessagePackCompression responseCompression)
    {
        var sample = SampleCatalog.Get(sampleName);
        byte[] expected = sample.ReferenceEcho();

        var reply = await MessagePackHttp.PostAsync(server.Client, Routes.Echo(endpoint, sample.RouteKey), sample.Serialize(requestCompression), MessagePackHttp.Accept(responseCompression));

        WireAssert.Status(200, reply, sampleName);
        Assert.Equal(MessagePackHttp.MediaType, reply.MediaType);
        Assert.Equal(responseCompression == MessagePackCompression.None ? null : MessagePackHttp.ParameterValue(responseCompression), reply.CompressionParameter);
        if (responseCompression == MessagePackCompression.None)
        {
            WireAssert.Identical(expected, reply.Body, $"{sampleName} echoed by {endpoint}");
        }
        else if (expected.Length >= MessagePackCSharpLimits.CompressionMinLength)
        {
            Assert.Equal(responseCompression, Lz4Framing.Detect(reply.Body));
        }
        else
        {
            // MessagePack-CSharp writes payloads under 64 bytes raw even when asked to compress.
            WireAssert.Identical(sample.Serialize(responseCompression), reply.Body, $"{sampleName} (under 64 bytes) echoed by {endpoint} with {responseCompression}");
        }

        object? readBack = sample.Deserialize(reply.Body, responseCompression);
        WireAssert.Identical(expected, sample.Reserialize(readBack), $"{sampleName} echoed by {endpoint}, as MessagePack-CSharp read it back and wrote it again");
    }
}
