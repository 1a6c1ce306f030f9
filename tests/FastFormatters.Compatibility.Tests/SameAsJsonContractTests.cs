using System.Text.Json;
using FastFormatters.Compatibility.Tests.Infrastructure;
using FastFormatters.Compatibility.Tests.Samples;
using MessagePack;

namespace FastFormatters.Compatibility.Tests;

/// <summary>
/// <c>o.MessagePack.Contract = SameAsJson</c>: MessagePack objects become maps under exactly the names the same server
/// gives them in JSON (instead of MessagePack-CSharp's arrays and CLR names), with the same string values.
/// </summary>
public sealed class SameAsJsonContractTests : IClassFixture<SameAsJsonServer>, IClassFixture<DefaultServer>
{
    private readonly HttpClient _sameAsJson;
    private readonly HttpClient _default;

    public SameAsJsonContractTests(SameAsJsonServer sameAsJson, DefaultServer defaultServer)
    {
        _sameAsJson = sameAsJson.Client;
        _default = defaultServer.Client;
    }

    [Theory]
    [InlineData("IntKeyedOrder", EndpointKind.Mvc)]
    [InlineData("IntKeyedOrder", EndpointKind.Minimal)]
    [InlineData("ContractlessCustomer", EndpointKind.Mvc)]
    [InlineData("ContractlessCustomer", EndpointKind.Minimal)]
    [InlineData("NamedDataContract", EndpointKind.Mvc)]
    [InlineData("NamedDataContract", EndpointKind.Minimal)]
    public async Task MessagePack_maps_use_the_JSON_names(string sampleName, EndpointKind endpoint)
    {
        var sample = SampleCatalog.Get(sampleName);
        string path = Routes.Echo(endpoint, sample.RouteKey);

        // The request is the value in the server's own JSON (a SameAsJson server reads maps under the JSON names, not
        // MessagePack-CSharp's arrays), obtained from the default server.
        var asJson = await MessagePackHttp.PostAsync(_default, path, sample.Serialize(), "application/json");
        WireAssert.Status(200, asJson, sampleName + " converted to JSON");
        var json = await MessagePackHttp.PostAsync(_sameAsJson, path, asJson.Body, "application/json", contentType: "application/json");
        var msgpack = await MessagePackHttp.PostAsync(_sameAsJson, path, asJson.Body, MessagePackHttp.MediaType, contentType: "application/json");

        WireAssert.Status(200, json, sampleName + " as JSON");
        WireAssert.Status(200, msgpack, sampleName + " as MessagePack");
        using var document = JsonDocument.Parse(json.Body);
        var map = MessagePackSerializer.Deserialize<Dictionary<string, object?>>(msgpack.Body, SampleCatalog.Standard);
        var jsonNames = document.RootElement.EnumerateObject().Select(property => property.Name).Order(StringComparer.Ordinal).ToArray();
        Assert.Equal(jsonNames, map.Keys.Order(StringComparer.Ordinal).ToArray());
        foreach (var property in document.RootElement.EnumerateObject().Where(property => property.Value.ValueKind == JsonValueKind.String))
        {
            Assert.Equal(property.Value.GetString(), map[property.Name]);
        }
    }
}
