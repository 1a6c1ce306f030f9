using System.Text.Json;
using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>Option set 5: ReferenceHandler IgnoreCycles, with a cyclic graph.</summary>
public sealed class IgnoreCyclesHost : ParityHost
{
    public override string Name => "ignore-cycles";

    protected override void ConfigureJson(JsonSerializerOptions options) => options.ReferenceHandler = ReferenceHandler.IgnoreCycles;
}

public sealed class IgnoreCyclesParityTests(IgnoreCyclesHost host) : JsonParityTests<IgnoreCyclesHost>(host), IClassFixture<IgnoreCyclesHost>
{
    [Fact]
    public async Task The_cycle_is_cut_in_mvc_and_minimal_apis()
    {
        var (mvc, minimal) = await BuiltinDocumentsAsync("cyclic-graph");
        foreach (var root in new[] { mvc, minimal })
        {
            var grandchild = root.GetProperty("children")[0].GetProperty("children")[0];
            Assert.Equal("grandchild", grandchild.GetProperty("name").GetString());
            Assert.Equal(JsonValueKind.Null, grandchild.GetProperty("parent").ValueKind);
        }
    }

    [Fact]
    public Task Cyclic_graph_mvc_response() => Mvc_response_matches_the_builtin_formatter("cyclic-graph");

    [Fact]
    public Task Cyclic_graph_minimal_response() => Minimal_response_matches_Results_Json("cyclic-graph");

    [Fact]
    public Task Cyclic_graph_mvc_request() => Mvc_request_body_is_read_as_the_builtin_formatter_reads_it("cyclic-graph", RequestVariants.AsSent);

    [Fact]
    public Task Cyclic_graph_minimal_request() => Minimal_request_body_is_read_as_FromBody_reads_it("cyclic-graph", RequestVariants.AsSent);
}
