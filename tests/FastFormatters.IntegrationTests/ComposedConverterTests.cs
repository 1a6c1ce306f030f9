using System.Net;
using System.Text;
using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack;
using FastFormatters.MessagePack.Converters;
using FastFormatters.Serialization;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP, from a minimal API: a provider's <c>Envelope&lt;T&gt;</c> converter that takes <c>T</c>'s converter from
/// its <see cref="ConverterContext"/> answers with the order exactly as the endpoint that returns the order alone
/// writes it, in JSON, JMC1 and MessagePack; System.Text.Json and MessagePack-CSharp read what it wrote.
/// </summary>
public sealed class ComposedConverterTests : IAsyncLifetime
{
    private static readonly Order s_order = new() { Id = 7, Customer = "Ada" };

    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(options => options.ConverterProviders.Add(new EnvelopeProvider())),
            app =>
            {
                app.MapGet("/order", () => FastResults.Negotiated(s_order));
                app.MapGet("/envelope", () => FastResults.Negotiated(new Envelope<Order>(s_order, 1)));
                app.MapPost("/envelope", (NegotiatedBody<Envelope<Order>> body) => FastResults.Negotiated(body.Value));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task A_JSON_envelope_carries_the_order_as_the_order_endpoint_writes_it()
    {
        var (orderStatus, order) = await _app.SendAsync(HttpMethod.Get, "/order", "application/json");
        var (status, envelope) = await _app.SendAsync(HttpMethod.Get, "/envelope", "application/json");

        Assert.Equal(HttpStatusCode.OK, orderStatus);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(JsonSerializer.Serialize(s_order, JsonSerializerOptions.Web), Encoding.UTF8.GetString(order));
        Assert.Equal("""{"data":""" + Encoding.UTF8.GetString(order) + ""","version":1}""", Encoding.UTF8.GetString(envelope));
    }

    [Fact]
    public async Task A_JMC1_envelope_carries_the_order_as_the_order_endpoint_writes_it()
    {
        var (_, order) = await _app.SendAsync(HttpMethod.Get, "/order", "application/jsonc");
        var (status, envelope) = await _app.SendAsync(HttpMethod.Get, "/envelope", "application/jsonc");

        string orderText = Encoding.Latin1.GetString(order);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.StartsWith("/*JMC1*/", orderText, StringComparison.Ordinal);
        Assert.Contains(orderText["/*JMC1*/".Length..], Encoding.Latin1.GetString(envelope), StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_MessagePack_envelope_carries_the_order_as_the_order_endpoint_writes_it()
    {
        var (_, order) = await _app.SendAsync(HttpMethod.Get, "/order", "application/x-msgpack");
        var (status, envelope) = await _app.SendAsync(HttpMethod.Get, "/envelope", "application/x-msgpack");

        byte[] expected = [0x82, 0xA4, .. "data"u8, .. order, 0xA7, .. "version"u8, 0x01];
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(expected, envelope);

        // The order's [Key] positions: an array, as MessagePack-CSharp writes and reads it.
        Assert.Equal("""{"data":[7,"Ada"],"version":1}""", MessagePackSerializer.ConvertToJson(envelope));
        Assert.Equal(s_order, MessagePackSerializer.Deserialize<Order>(order));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    [InlineData("application/x-msgpack")]
    public async Task An_envelope_posted_back_is_read_through_the_orders_converter(string mediaType)
    {
        var (_, sent) = await _app.SendAsync(HttpMethod.Get, "/envelope", mediaType);

        var (status, echoed) = await _app.SendAsync(HttpMethod.Post, "/envelope", mediaType, sent);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(sent, echoed);
    }

    public sealed record Envelope<T>(T Data, int Version);

    [MessagePackObject]
    public sealed record Order
    {
        [Key(0)]
        [JsonPropertyName("order_id")]
        public int Id { get; init; }

        [Key(1)]
        public string Customer { get; init; } = "";
    }

    private sealed class EnvelopeProvider : ConverterProvider
    {
        public override ValueConverter? GetConverter(Type type, ConverterContext context)
            => type != typeof(Envelope<Order>) ? null
                : context.Family == FormatFamily.Json ? new EnvelopeJsonConverter<Order>(context.GetJsonConverter<Order>())
                : new EnvelopeMessagePackConverter<Order>(context.GetMessagePackConverter<Order>());
    }

    private sealed class EnvelopeJsonConverter<T>(JsonValueConverter<T> data) : JsonValueConverter<Envelope<T>>
    {
        public override void Write(ref FastJsonWriter writer, Envelope<T> value)
        {
            if (value is null)
            {
                writer.WriteNull();
                return;
            }

            writer.WriteBeginObject();
            writer.WritePropertyName("data");
            data.Write(ref writer, value.Data);
            writer.WritePropertyName("version");
            writer.WriteNumber(value.Version);
            writer.WriteEndObject();
        }

        public override Envelope<T> Read(ref FastJsonReader reader)
        {
            if (reader.TryReadNull())
            {
                return null!;
            }

            (T Data, bool Found) read = default;
            int version = 0;
            reader.ReadBeginObject();
            while (reader.ReadIsInObject())
            {
                var name = reader.ReadPropertyName();
                if (name.SequenceEqual("data"u8))
                {
                    read = (data.Read(ref reader), true);
                }
                else if (name.SequenceEqual("version"u8))
                {
                    version = reader.ReadNumber<int>();
                }
                else
                {
                    reader.SkipValue();
                }
            }

            return read.Found ? new Envelope<T>(read.Data, version) : throw reader.Error("Expected an envelope with its data.");
        }
    }

    private sealed class EnvelopeMessagePackConverter<T>(MessagePackValueConverter<T> data) : MessagePackValueConverter<Envelope<T>>
    {
        public override void Write(ref FastMessagePackWriter writer, Envelope<T> value)
        {
            if (value is null)
            {
                writer.WriteNil();
                return;
            }

            writer.WriteMapHeader(2);
            writer.WriteString("data");
            data.Write(ref writer, value.Data);
            writer.WriteString("version");
            writer.WriteInt64(value.Version);
        }

        public override Envelope<T> Read(ref FastMessagePackReader reader)
        {
            if (reader.TryReadNil())
            {
                return null!;
            }

            (T Data, bool Found) read = default;
            int version = 0;
            for (int count = reader.ReadMapHeader(); count > 0; count--)
            {
                var key = reader.ReadStringSpan();
                if (key.SequenceEqual("data"u8))
                {
                    read = (data.Read(ref reader), true);
                }
                else if (key.SequenceEqual("version"u8))
                {
                    version = reader.ReadInteger<int>();
                }
                else
                {
                    reader.Skip();
                }
            }

            return read.Found ? new Envelope<T>(read.Data, version) : throw reader.Error("Expected an envelope with its data.");
        }
    }
}
