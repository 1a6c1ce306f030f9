using System.Globalization;
using System.Net;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Json;
using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;
using MessagePack;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using FastFormatters.MessagePack;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// Over HTTP: converters an app registers in <see cref="FastSerializerOptions.Converters"/> write and read their type
/// in responses and request bodies of every format, and input they refuse is a 400 problem, not a 500.
/// </summary>
public sealed class AppConverterTests : IAsyncLifetime
{
    private static readonly Reading s_reading = new() { Sensor = "north", Temperature = new Celsius(21.5) };

    private KestrelApp _app = null!;

    public async Task InitializeAsync()
        => _app = await KestrelApp.StartAsync(
            builder => builder.Services.AddFastFormatters(o =>
            {
                o.Converters.Add(new CelsiusJsonConverter());
                o.Converters.Add(new CelsiusMessagePackConverter());
            }),
            app =>
            {
                app.MapGet("/reading", () => FastResults.Negotiated(s_reading));
                app.MapPost("/reading", (NegotiatedBody<Reading> body) => FastResults.Negotiated(body.Value));
            });

    public async Task DisposeAsync() => await _app.DisposeAsync();

    [Fact]
    public async Task JSON_and_JMC1_responses_carry_what_the_apps_JSON_converter_wrote()
    {
        var (status, json) = await SendAsync(HttpMethod.Get, "application/json", null);
        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"sensor":"north","temperature":"21.5C"}""", Encoding.UTF8.GetString(json));

        var (jmcStatus, jmc) = await SendAsync(HttpMethod.Get, "application/jsonc", null);
        Assert.Equal(HttpStatusCode.OK, jmcStatus);
        Assert.Contains("\"21.5C\"", Encoding.Latin1.GetString(jmc), StringComparison.Ordinal);
    }

    [Fact]
    public async Task MessagePack_responses_carry_what_the_apps_MessagePack_converter_wrote()
    {
        var (status, body) = await SendAsync(HttpMethod.Get, "application/x-msgpack", null);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal("""{"Sensor":"north","Temperature":21.5}""", MessagePackSerializer.ConvertToJson(body));
    }

    [Theory]
    [InlineData("application/json")]
    [InlineData("application/jsonc")]
    [InlineData("application/x-msgpack")]
    public async Task Request_bodies_are_read_by_the_apps_converter(string mediaType)
    {
        var (_, sent) = await SendAsync(HttpMethod.Get, mediaType, null);

        var (status, echoed) = await SendAsync(HttpMethod.Post, mediaType, sent);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(sent, echoed);
    }

    [Fact]
    public async Task A_value_the_apps_converter_refuses_is_a_400_problem()
    {
        var (status, body) = await SendAsync(HttpMethod.Post, "application/json", """{"sensor":"north","temperature":"hot"}"""u8.ToArray());

        string text = Encoding.UTF8.GetString(body);
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Contains("degrees Celsius", text, StringComparison.Ordinal);
    }

    private Task<(HttpStatusCode Status, byte[] Body)> SendAsync(HttpMethod method, string mediaType, byte[]? content)
        => _app.SendAsync(method, "/reading", mediaType, content);

    public readonly record struct Celsius(double Degrees);

    public sealed record Reading
    {
        public string Sensor { get; init; } = string.Empty;

        public Celsius Temperature { get; init; }
    }

    private sealed class CelsiusJsonConverter : JsonValueConverter<Celsius>
    {
        public override void Write(ref FastJsonWriter writer, Celsius value)
            => writer.WriteString(value.Degrees.ToString(CultureInfo.InvariantCulture) + "C");

        public override Celsius Read(ref FastJsonReader reader)
        {
            string text = reader.ReadNonNullString();
            return text.EndsWith('C') && double.TryParse(text.AsSpan(0, text.Length - 1), NumberStyles.Float, CultureInfo.InvariantCulture, out double degrees)
                ? new Celsius(degrees)
                : throw reader.Error("Expected degrees Celsius such as \"21.5C\".");
        }
    }

    private sealed class CelsiusMessagePackConverter : MessagePackValueConverter<Celsius>
    {
        public override void Write(ref FastMessagePackWriter writer, Celsius value) => writer.WriteDouble(value.Degrees);

        public override Celsius Read(ref FastMessagePackReader reader) => new(reader.ReadDouble());
    }
}
