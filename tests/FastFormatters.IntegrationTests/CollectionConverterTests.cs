using System.Net;
using System.Text;
using System.Text.Json;
using FastFormatters.Core.Tests.Jmc;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.IntegrationTests.JsonParity.Models;
using FastFormatters.MessagePack.Converters;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using FastFormatters.MessagePack;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP, MVC and minimal APIs: a collection type with a converter of its own (a [JsonConverter] for JSON and JMC1,
/// an app converter for MessagePack) is written by that converter when it is the whole response, as when it is a
/// member, never streamed as the array its enumerator gives. The expectation is the stock System.Text.Json writer's
/// document, from MVC's <see cref="JsonResult"/> and the minimal-API <c>Results.Json</c> in the same host.
/// </summary>
public sealed class CollectionConverterTests : IAsyncLifetime
{
    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddControllers().AddApplicationPart(typeof(CollectionConverterTests).Assembly).AddFastFormatters(o => o.Converters.Add(new MoneyBagMessagePackConverter())),
            app =>
            {
                app.MapControllers();
                app.MapGet("/collection-converter/minimal/bag/builtin", () => Results.Json(CollectionConverterController.Bag()));
                app.MapGet("/collection-converter/minimal/bag", () => FastResults.Negotiated(CollectionConverterController.Bag()));
                app.MapGet("/collection-converter/minimal/wallet/builtin", () => Results.Json(CollectionConverterController.Wallet()));
                app.MapGet("/collection-converter/minimal/wallet", () => FastResults.Negotiated(CollectionConverterController.Wallet()));
                app.MapPost("/collection-converter/minimal/bag", (NegotiatedBody<MoneyBag> body) => Results.Json(body.Value));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    public static TheoryData<string, string> Paths()
    {
        var data = new TheoryData<string, string>();
        foreach (var api in new[] { "mvc", "minimal" })
        {
            foreach (var model in new[] { "bag", "wallet" })
            {
                data.Add(api, model);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task JSON_is_the_document_the_stock_writer_gives(string api, string model)
    {
        var expected = await BuiltinAsync(api, model);

        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"/collection-converter/{api}/{model}", "application/json");

        Assert.Equal(HttpStatusCode.OK, status);
        AssertSameDocument(expected, Encoding.UTF8.GetString(body));
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task JMC1_without_its_comments_is_that_document(string api, string model)
    {
        var expected = await BuiltinAsync(api, model);

        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"/collection-converter/{api}/{model}", "application/jsonc");

        Assert.Equal(HttpStatusCode.OK, status);
        AssertSameDocument(expected, Encoding.UTF8.GetString(JmcWalker.CheckAndStrip(body, out _)));
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task MessagePack_carries_what_the_apps_converter_wrote(string api, string model)
    {
        // The MessagePack converter writes the bag as the map the [JsonConverter] writes as an object, and a wallet's
        // member names are MessagePack-CSharp's (its CLR names).
        var expected = JsonNode(await BuiltinAsync(api, model));
        if (model == "wallet")
        {
            expected = new System.Text.Json.Nodes.JsonObject { ["Owner"] = expected["owner"]!.DeepClone(), ["Bag"] = expected["bag"]!.DeepClone() };
        }

        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"/collection-converter/{api}/{model}", "application/x-msgpack");

        Assert.Equal(HttpStatusCode.OK, status);
        AssertSameDocument(expected.ToJsonString(), MessagePackSerializer.ConvertToJson(body));
    }

    [Theory]
    [InlineData("mvc", "application/json")]
    [InlineData("mvc", "application/jsonc")]
    [InlineData("mvc", "application/x-msgpack")]
    [InlineData("minimal", "application/json")]
    [InlineData("minimal", "application/jsonc")]
    [InlineData("minimal", "application/x-msgpack")]
    public async Task A_request_body_of_the_type_is_read_by_its_converter(string api, string mediaType)
    {
        var (_, sent) = await _app.SendAsync(HttpMethod.Get, $"/collection-converter/{api}/bag", mediaType);

        var (status, echoed) = await _app.SendAsync(HttpMethod.Post, $"/collection-converter/{api}/bag", mediaType, sent);

        Assert.Equal(HttpStatusCode.OK, status);
        AssertSameDocument(await BuiltinAsync(api, "bag"), Encoding.UTF8.GetString(echoed));
    }

    private async Task<string> BuiltinAsync(string api, string model)
    {
        var (status, body) = await _app.SendAsync(HttpMethod.Get, $"/collection-converter/{api}/{model}/builtin", "application/json");
        Assert.Equal(HttpStatusCode.OK, status);
        return Encoding.UTF8.GetString(body);
    }

    private static System.Text.Json.Nodes.JsonNode JsonNode(string json) => System.Text.Json.Nodes.JsonNode.Parse(json)!;

    private static void AssertSameDocument(string expected, string actual)
    {
        using var expectedDocument = JsonDocument.Parse(expected);
        using var actualDocument = JsonDocument.Parse(actual);
        Assert.True(JsonElement.DeepEquals(expectedDocument.RootElement, actualDocument.RootElement), $"Expected {expected}, got {actual}");
    }

    /// <summary>Writes a <see cref="MoneyBag"/> as the map its [JsonConverter] writes as an object, and reads it back.</summary>
    private sealed class MoneyBagMessagePackConverter : MessagePackValueConverter<MoneyBag>
    {
        public override void Write(ref FastMessagePackWriter writer, MoneyBag value)
        {
            writer.WriteMapHeader(3);
            writer.WriteString("currency");
            writer.WriteString(value.Currency);
            writer.WriteString("total");
            writer.WriteDouble((double)value.Amounts.Sum());
            writer.WriteString("amounts");
            writer.WriteArrayHeader(value.Amounts.Count);
            foreach (var amount in value.Amounts)
            {
                writer.WriteDouble((double)amount);
            }
        }

        public override MoneyBag Read(ref FastMessagePackReader reader)
        {
            string currency = string.Empty;
            var amounts = new List<decimal>();
            int members = reader.ReadMapHeader();
            for (int i = 0; i < members; i++)
            {
                switch (reader.ReadNonNullString())
                {
                    case "currency":
                        currency = reader.ReadNonNullString();
                        break;
                    case "amounts":
                        int count = reader.ReadArrayHeader();
                        for (int j = 0; j < count; j++)
                        {
                            amounts.Add((decimal)reader.ReadDouble());
                        }
                        break;
                    default:
                        reader.ReadRawValue();
                        break;
                }
            }
            return new MoneyBag(currency, amounts);
        }
    }
}

/// <summary>The MVC actions of <see cref="CollectionConverterTests"/>.</summary>
[ApiController]
[Route("collection-converter/mvc")]
public sealed class CollectionConverterController : ControllerBase
{
    public static MoneyBag Bag() => new("EUR", [1.5m, 2.25m]);

    public static Wallet Wallet() => new() { Owner = "Ada", Bag = Bag() };

    [HttpGet("bag/builtin")]
    public IActionResult BuiltinBag() => new JsonResult(Bag());

    [HttpGet("bag")]
    public ActionResult<MoneyBag> NegotiatedBag() => Bag();

    [HttpGet("wallet/builtin")]
    public IActionResult BuiltinWallet() => new JsonResult(Wallet());

    [HttpGet("wallet")]
    public ActionResult<Wallet> NegotiatedWallet() => Wallet();

    [HttpPost("bag")]
    public IActionResult Echo([FromBody] MoneyBag bag) => new JsonResult(bag);
}
