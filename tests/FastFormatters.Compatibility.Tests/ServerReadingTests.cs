using System.Text.Json;
using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// What the server reads from MessagePack-CSharp's bytes, checked without its MessagePack writer: the describe endpoints
/// answer, as a JSON string, <see cref="ValueDescriber"/>'s text of the object the server read, which must equal the text
/// of the object MessagePack-CSharp reads from the same bytes (types, DateTime kinds, decimal scales, union cases and all).
/// </summary>
public sealed class ServerReadingTests(DefaultServer server) : IClassFixture<DefaultServer>
{
    public static TheoryData<string, EndpointKind, MessagePackCompression> Cases()
    {
        var cases = new TheoryData<string, EndpointKind, MessagePackCompression>();
        foreach (var sample in SampleCatalog.All)
        {
            foreach (var endpoint in Enum.GetValues<EndpointKind>())
            {
                cases.Add(sample.Name, endpoint, MessagePackCompression.None);
                if (sample.IsCompressedByMessagePackCSharp)
                {
                    cases.Add(sample.Name, endpoint, MessagePackCompression.Lz4BlockArray);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Server_reads_the_same_value_MessagePack_CSharp_reads(string sampleName, EndpointKind endpoint, MessagePackCompression requestCompression)
    {
        var sample = SampleCatalog.Get(sampleName);
        string expected = ValueDescriber.Describe(sample.Deserialize(sample.Serialize()));

        var reply = await MessagePackHttp.PostAsync(server.Client, Routes.Describe(endpoint, sample.RouteKey), sample.Serialize(requestCompression), "application/json");

        WireAssert.Status(200, reply, sampleName);
        Assert.Equal("application/json", reply.MediaType);
        string? actual = JsonSerializer.Deserialize<string>(reply.Body);
        Assert.True(expected == actual, $"{sampleName} read by {endpoint} differs from what MessagePack-CSharp reads.\n  MessagePack-CSharp: {expected}\n  server:             {actual}");
    }

    [Theory]
    [InlineData(EndpointKind.Mvc)]
    [InlineData(EndpointKind.Minimal)]
    public async Task Server_answers_a_MessagePack_CSharp_order_as_JSON_with_the_same_values(EndpointKind endpoint)
    {
        var order = SampleCatalog.NewOrder(42, 2);
        byte[] body = MessagePackSerializer.Serialize(order, SampleCatalog.Standard);

        var reply = await MessagePackHttp.PostAsync(server.Client, Routes.Echo(endpoint, "IntKeyedOrder"), body, "application/json");

        WireAssert.Status(200, reply, "IntKeyedOrder as JSON");
        using var json = JsonDocument.Parse(reply.Body);
        var root = json.RootElement;
        Assert.Equal(42, root.GetProperty("id").GetInt32());
        Assert.Equal("Ada Lovelace, Countess of Lovelace", root.GetProperty("customer").GetString());
        Assert.Equal(JsonValueKind.Null, root.GetProperty("note").ValueKind);
        var lines = root.GetProperty("lines");
        Assert.Equal(2, lines.GetArrayLength());
        Assert.Equal("SKU-0002", lines[1].GetProperty("sku").GetString());
        Assert.Equal(2, lines[1].GetProperty("quantity").GetInt32());
        Assert.Equal(21.99m, lines[1].GetProperty("unitPrice").GetDecimal());

        // [IgnoreMember] kept it off the MessagePack wire, so the server never had a value for it.
        Assert.True(!root.TryGetProperty("internalMemo", out var memo) || memo.ValueKind == JsonValueKind.Null, $"internalMemo reached the server: {memo}");
    }
}
