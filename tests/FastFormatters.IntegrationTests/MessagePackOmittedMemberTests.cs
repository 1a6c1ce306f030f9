using System.Net;
using System.Text.Json.Serialization;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.MessagePack;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP, as MessagePack under the JSON contract (<see cref="MessagePackContract.SameAsJson"/>): members the
/// contract leaves out (<c>[JsonIgnore(Condition = WhenWritingNull)]</c>, <c>WhenWritingDefault</c>) are absent from
/// each map and its header counts exactly the members written, beside members always written, in objects where all,
/// some or none of them are left out; MessagePack-CSharp reads every map.
/// </summary>
public sealed class MessagePackOmittedMemberTests : IAsyncLifetime
{
    private static readonly List<Sparse> s_items =
    [
        new() { Id = 1, Note = "n", Count = 2, Tag = "t" },
        new() { Id = 2, Note = null, Count = 0, Tag = "u" },
        new() { Id = 3, Note = "m", Count = 0, Tag = null },
    ];

    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(options => options.MessagePack.Contract = MessagePackContract.SameAsJson),
            app => app.MapGet("/sparse", () => FastResults.Negotiated(s_items)));

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task Omitted_members_are_absent_and_each_map_header_counts_the_members_written()
    {
        var (status, body) = await _app.SendAsync(HttpMethod.Get, "/sparse", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(
            """[{"id":1,"note":"n","count":2,"tag":"t"},{"id":2,"tag":"u"},{"id":3,"note":"m","tag":null}]""",
            MessagePackSerializer.ConvertToJson(body));

        // Read with the headers' counts: a count off by one would misread every map after it.
        var maps = MessagePackSerializer.Deserialize<Dictionary<string, object?>[]>(body);
        Assert.Equal([4, 2, 3], maps.Select(map => map.Count));
    }

    public sealed class Sparse
    {
        public int Id { get; set; }

        [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
        public string? Note { get; set; }

        [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingDefault)]
        public int Count { get; set; }

        public string? Tag { get; set; }
    }
}
