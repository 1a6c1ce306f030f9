using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// Bodies MessagePack-CSharp's types cannot be read from get 400 with a problem body, never a 500, and the server goes on
/// serving: each case is followed by a valid request on the same client.
/// </summary>
public sealed class BadInputTests(DefaultServer server) : IClassFixture<DefaultServer>
{
    public static TheoryData<string, string, string, EndpointKind> Cases()
    {
        var bodies = new (string Case, string RouteKey, string Hex)[]
        {
            ("truncated timestamp32", "DateTime", "d6 ff 65 93"),
            ("truncated timestamp64", "DateTime", "d7 ff 1d 6f 32 f0 65"),
            ("timestamp ext of 5 bytes", "DateTime", "c7 05 ff 00 00 00 00 00"),
            ("timestamp ext of 16 bytes", "DateTime", "d8 ff 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"),
            ("timestamp ext of 5 bytes in a member", "TimeValues", "91 c7 05 ff 65 93 7d 25 00"),
            ("integer for a DateTime", "DateTime", "d2 65 93 7d 25"),
            ("unknown union tag", "IShape", "92 07 91 01"),
            ("unknown union tag in a list", "ListOfIShape", "91 92 09 91 cb 40 04 00 00 00 00 00 00"),
            ("union array of 3", "IShape", "93 00 91 01 c0"),
            ("string union tag", "IShape", "92 a1 30 91 01"),
            ("array object header claims 5 elements, body has 1", "IntKeyedOrder", "95 2a"),
            ("array object header claims 3 elements, body has 2", "OrderLineArray", "91 93 a1 78 01"),
            ("DateTimeOffset array of 1", "DateTimeOffset", "91 d6 ff 65 93 7d 25"),
            ("DateTimeOffset array of 3", "DateTimeOffset", "93 d6 ff 65 93 7d 25 00 00"),
            ("Lz4Block declaring a wrong uncompressed length", "IntKeyedOrder", Hex.Of(Lz4BlockWithWrongLength())),
        };

        var cases = new TheoryData<string, string, string, EndpointKind>();
        foreach (var (name, routeKey, hex) in bodies)
        {
            foreach (var endpoint in Enum.GetValues<EndpointKind>())
            {
                cases.Add(name, routeKey, hex, endpoint);
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Bad_body_is_a_400_problem_and_the_server_keeps_serving(string name, string routeKey, string hex, EndpointKind endpoint)
    {
        var reply = await MessagePackHttp.PostAsync(server.Client, Routes.Echo(endpoint, routeKey), Hex.Parse(hex), MessagePackHttp.MediaType);

        WireAssert.Status(400, reply, name);
        Assert.True(reply.MediaType == "application/problem+json", $"{name}: expected application/problem+json, got {reply}");

        var valid = SampleCatalog.Get("IntKeyedOrder");
        var after = await MessagePackHttp.PostAsync(server.Client, Routes.Echo(endpoint, valid.RouteKey), valid.Serialize(), MessagePackHttp.MediaType);
        WireAssert.Status(200, after, $"a valid request after '{name}'");
        WireAssert.Identical(valid.ReferenceEcho(), after.Body, $"a valid request after '{name}'");
    }

    [Fact]
    public void The_wrong_length_Lz4Block_is_rejected_by_MessagePack_CSharp_too()
        => Assert.Throws<MessagePackSerializationException>(() => SampleCatalog.Get("IntKeyedOrder").Deserialize(Lz4BlockWithWrongLength(), MessagePackCompression.Lz4Block));

    // A valid Lz4Block body whose declared uncompressed length (d2 + int32 after the ext header) is one too many.
    private static byte[] Lz4BlockWithWrongLength()
    {
        byte[] body = SampleCatalog.Get("IntKeyedOrder").Serialize(MessagePackCompression.Lz4Block);
        Assert.True(body[0] == 0xc7 && body[2] == 99 && body[3] == 0xd2, "expected an ext8 99 with a d2 length: " + Hex.Of(body));
        int length = System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(body.AsSpan(4));
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(body.AsSpan(4), length + 1);
        return body;
    }
}
