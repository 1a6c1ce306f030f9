using System.IO.Compression;
using System.Net;
using System.Net.Http.Headers;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;
using Microsoft.AspNetCore.Builder;
using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// A JSON body in another charset than UTF-8 is transcoded, as the built-in formatter does; an unknown charset and a
/// Content-Encoding the server does not decode are 415 problems that say why; a body decoded by ASP.NET Core's
/// request decompression just works.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class RequestEncodingTests(SampleServer server)
{
    private const string Order = """{"customer":"Zoë Müller","lines":[{"sku":"A-1","quantity":2,"unitPrice":9.5}]}""";

    public static TheoryData<string, string> Charsets => new()
    {
        { "/api/orders", "utf-16" },
        { "/api/orders", "utf-16BE" },
        { "/api/orders", "utf-32" },
        { "/api/orders", "iso-8859-1" },
        { "/api/orders", "\"UTF-8\"" },
        { "/minimal/orders", "utf-16" },
        { "/minimal/orders", "iso-8859-1" },
    };

    [Theory]
    [MemberData(nameof(Charsets))]
    public async Task A_json_body_in_another_charset_is_transcoded(string path, string charset)
    {
        var encoding = Encoding.GetEncoding(charset.Trim('"'));
        var content = new ByteArrayContent(encoding.GetBytes(Order));
        content.Headers.TryAddWithoutValidation("Content-Type", $"application/json; charset={charset}");

        using var response = await server.Client.PostAsync(path, content);

        Assert.Equal(HttpStatusCode.Created, response.StatusCode);
        Assert.Contains("Zoë Müller", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("/api/orders")]
    [InlineData("/minimal/orders")]
    public async Task An_unknown_charset_is_a_415(string path)
    {
        var content = new ByteArrayContent(Encoding.UTF8.GetBytes(Order));
        content.Headers.TryAddWithoutValidation("Content-Type", "application/json; charset=x-unknown-42");

        using var response = await server.Client.PostAsync(path, content);

        var problem = await Problem.AssertAsync(response, 415, requireTraceId: path.StartsWith("/api/", StringComparison.Ordinal));
        if (path.StartsWith("/minimal/", StringComparison.Ordinal))
        {
            Assert.Contains("x-unknown-42", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("/api/orders", "application/json")]
    [InlineData("/minimal/orders", "application/json")]
    [InlineData("/minimal/orders", "application/x-msgpack")]
    public async Task A_content_encoding_the_server_does_not_decode_is_a_415_that_says_so(string path, string contentType)
    {
        using var response = await server.Client.PostAsync(path, Gzip(Encoding.UTF8.GetBytes(Order), contentType));

        var problem = await Problem.AssertAsync(response, 415, requireTraceId: path.StartsWith("/api/", StringComparison.Ordinal));
        if (path.StartsWith("/minimal/", StringComparison.Ordinal))
        {
            Assert.Contains("Content-Encoding 'gzip'", problem.GetProperty("detail").GetString(), StringComparison.Ordinal);
        }
    }

    [Theory]
    [InlineData("/documents/element")]
    [InlineData("/minimal/element")]
    public async Task A_body_decoded_by_request_decompression_is_read(string path)
    {
        await using var host = await KestrelApp.StartAsync(
            builder =>
            {
                builder.Services.AddRequestDecompression();
                builder.Services.AddControllers().AddApplicationPart(typeof(JsonDocumentTestController).Assembly).AddFastFormatters();
            },
            app =>
            {
                app.UseRequestDecompression();
                app.MapControllers();
                app.MapPost("/minimal/element", (NegotiatedBody<System.Text.Json.JsonElement> body) => FastResults.Negotiated(body.Value));
            });

        using var response = await host.Client.PostAsync(path, Gzip(Encoding.UTF8.GetBytes(Order), "application/json"));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Contains("Zoë Müller", await response.Content.ReadAsStringAsync(), StringComparison.Ordinal);
    }

    private static ByteArrayContent Gzip(byte[] body, string contentType)
    {
        var compressed = new MemoryStream();
        using (var gzip = new GZipStream(compressed, CompressionLevel.Fastest, leaveOpen: true))
        {
            gzip.Write(body);
        }

        var content = new ByteArrayContent(compressed.ToArray());
        content.Headers.ContentType = new MediaTypeHeaderValue(contentType);
        content.Headers.ContentEncoding.Add("gzip");
        return content;
    }
}
