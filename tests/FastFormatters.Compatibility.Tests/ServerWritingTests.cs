using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// The server's writer alone: endpoints answer the catalog's own values (built on the server, not read from a request),
/// which must be byte for byte what MessagePack-CSharp writes for them, and readable by it when compressed.
/// </summary>
public sealed class ServerWritingTests(DefaultServer server) : IClassFixture<DefaultServer>
{
    public static TheoryData<string, EndpointKind, MessagePackCompression> Cases()
    {
        var cases = new TheoryData<string, EndpointKind, MessagePackCompression>();
        foreach (var sample in SampleCatalog.All)
        {
            foreach (var endpoint in Enum.GetValues<EndpointKind>())
            {
                foreach (var compression in new[] { MessagePackCompression.None, MessagePackCompression.Lz4BlockArray, MessagePackCompression.Lz4Block })
                {
                    cases.Add(sample.Name, endpoint, compression);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Server_writes_the_value_as_MessagePack_CSharp_does(string sampleName, EndpointKind endpoint, MessagePackCompression compression)
    {
        var sample = SampleCatalog.Get(sampleName);
        byte[] expected = sample.Serialize();

        var reply = await MessagePackHttp.GetAsync(server.Client, Routes.Sample(endpoint, sample.RouteKey, sampleName), MessagePackHttp.Accept(compression));

        WireAssert.Status(200, reply, sampleName);
        if (compression == MessagePackCompression.None)
        {
            WireAssert.Identical(expected, reply.Body, $"{sampleName} written by {endpoint}");
        }
        else
        {
            WireAssert.Identical(expected, sample.Reserialize(sample.Deserialize(reply.Body, compression)), $"{sampleName} written by {endpoint} with {compression}, read back");
        }
    }
}
