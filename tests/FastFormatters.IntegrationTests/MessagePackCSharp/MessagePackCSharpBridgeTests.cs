using System.Net;
using System.Net.Http.Headers;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.MessagePackCSharp;
using MessagePack;
using MessagePack.Resolvers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.MessagePackCSharp;

/// <summary>
/// The app's MessagePack-CSharp options handed over with <c>UseMessagePackCSharp</c>: the types it formats its own way
/// (a resolver-chain formatter, a <c>[MessagePackFormatter]</c> attribute) go through MessagePack-CSharp wherever they
/// appear, on MVC and minimal endpoints, compressed or not; malformed ones are 400s. A client on the same options reads
/// and writes the same bytes.
/// </summary>
public sealed class MessagePackCSharpBridgeTests : IAsyncLifetime
{
    private static readonly MessagePackSerializerOptions s_appOptions = MessagePackSerializerOptions.Standard.WithResolver(
        CompositeResolver.Create([new MoneyFormatter()], [ContractlessStandardResolver.Instance]));

    private KestrelApp? _host;

    public static TheoryData<string> Paths => new() { "/mvc/invoice", "/minimal/invoice" };

    public async Task InitializeAsync()
        => _host = await KestrelApp.StartAsync(
            builder => builder.Services.AddControllers().AddApplicationPart(typeof(InvoiceController).Assembly)
                .AddFastFormatters(options => options.MessagePack.UseMessagePackCSharp(s_appOptions)),
            app =>
            {
                app.MapControllers();
                app.MapPost("/minimal/invoice", (NegotiatedBody<Invoice> body) => FastResults.Negotiated(body.Value));
            });

    public async Task DisposeAsync() => await _host!.DisposeAsync();

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Custom_formatted_members_round_trip_byte_for_byte_with_the_apps_options(string path)
    {
        var invoice = SampleInvoice();
        byte[] sent = MessagePackSerializer.Serialize(invoice, s_appOptions);

        using var response = await PostAsync(path, sent, "application/x-msgpack");
        var received = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal(Convert.ToHexString(sent), Convert.ToHexString(received));
        var read = MessagePackSerializer.Deserialize<Invoice>(received, s_appOptions);
        Assert.Equal(invoice.Total, read.Total);
        Assert.Equal(invoice.Lines, read.Lines);
        Assert.Equal(invoice.Accent, read.Accent);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task Custom_formatted_members_reach_the_endpoint_with_their_values(string path)
    {
        using var response = await PostAsync(path, MessagePackSerializer.Serialize(SampleInvoice(), s_appOptions), "application/json");
        var json = await response.Content.ReadAsStringAsync();

        // JSON has no custom formatter: the values the MessagePack-CSharp formatters read are written by the JSON contract.
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains("\"total\":{\"amount\":12.5,\"currency\":\"EUR\"}", json, StringComparison.Ordinal);
        Assert.Contains("\"accent\":{\"r\":255,\"g\":128,\"b\":0}", json, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task A_compressed_response_carries_the_same_bytes_once_decompressed(string path)
    {
        var invoice = SampleInvoice();
        var lz4 = s_appOptions.WithCompression(MessagePackCompression.Lz4Block);
        using var response = await PostAsync(path, MessagePackSerializer.Serialize(invoice, lz4), "application/x-msgpack; compression=lz4block");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/x-msgpack; compression=lz4block", response.Content.Headers.ContentType?.ToString());
        var read = MessagePackSerializer.Deserialize<Invoice>(await response.Content.ReadAsByteArrayAsync(), lz4);
        Assert.Equal(invoice.Lines, read.Lines);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public async Task What_the_apps_formatter_refuses_is_a_400_problem(string path)
    {
        // Number 1, Total as a bare integer where MoneyFormatter wants [minor units, currency].
        var writer = new System.Buffers.ArrayBufferWriter<byte>();
        var body = new MessagePackWriter(writer);
        body.WriteMapHeader(2);
        body.Write("Number");
        body.Write(1);
        body.Write("Total");
        body.Write(1250);
        body.Flush();

        using var response = await PostAsync(path, writer.WrittenSpan.ToArray(), "application/x-msgpack");

        var problem = await Problem.AssertAsync(response, 400, requireTraceId: false);
        Assert.Contains("Money", problem.ToString(), StringComparison.Ordinal);

        using var after = await PostAsync(path, MessagePackSerializer.Serialize(SampleInvoice(), s_appOptions), "application/x-msgpack");
        Assert.Equal(HttpStatusCode.OK, after.StatusCode);
    }

    private async Task<HttpResponseMessage> PostAsync(string path, byte[] body, string accept)
    {
        var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/x-msgpack");
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = content };
        request.Headers.Accept.Add(MediaTypeWithQualityHeaderValue.Parse(accept));
        return await _host!.Client.SendAsync(request);
    }

    private static Invoice SampleInvoice() => new()
    {
        Number = 42,
        Total = new Money(12.5m, "EUR"),
        Lines = [new Money(10m, "EUR"), new Money(2.5m, "EUR")],
        Accent = new Color(255, 128, 0),
        IssuedAt = new DateTime(2026, 11, 23, 10, 0, 0, DateTimeKind.Utc),
    };
}

/// <summary>The MVC endpoint: echoes the invoice.</summary>
[ApiController]
[Route("mvc")]
public sealed class InvoiceController : ControllerBase
{
    [HttpPost("invoice")]
    public ActionResult<Invoice> Echo([FromBody] Invoice invoice) => invoice;
}
