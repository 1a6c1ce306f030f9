using System.Text;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.Docs;

/// <summary>
/// Every HTTP example of README.md and docs/*.md (a <c>```http</c> request block and the <c>```http</c> response block
/// after it; the convention is on <see cref="DocHttpExample"/>) is sent to the sample, running in Production, and its
/// status, reason, shown headers and body are checked. One case per example, named by file and line.
/// </summary>
[Collection(SampleServerCollection.Name)]
public sealed class DocHttpExampleTests
{
    private readonly SampleServer _server;

    public DocHttpExampleTests(SampleServer server) => _server = server;

    public static TheoryData<string, int> Examples()
    {
        var data = new TheoryData<string, int>();
        foreach (var example in DocHttpExample.ExtractAll(Dotnet.RepositoryRoot()).Examples)
        {
            data.Add(example.File, example.FenceLine);
        }

        return data;
    }

    [Fact]
    public void Every_http_block_is_part_of_an_example_and_the_format_pages_have_examples()
    {
        var (examples, errors) = DocHttpExample.ExtractAll(Dotnet.RepositoryRoot());
        Assert.True(errors.Count == 0, string.Join('\n', errors));
        foreach (string file in new[] { "docs/getting-started.md", "docs/negotiation.md", "docs/jmc1.md", "docs/messagepack.md" })
        {
            Assert.Contains(examples, e => e.File == file);
        }

        foreach (var example in examples.Where(e => e.RequestBodyFile is not null))
        {
            Assert.True(
                examples.Count(e => e.File == example.File && e.SavesAs == example.RequestBodyFile) == 1,
                $"{example}: exactly one example of {example.File} must be marked <!-- saves {example.RequestBodyFile} -->.");
        }
    }

    [Theory]
    [MemberData(nameof(Examples))]
    public async Task The_example_is_what_the_sample_answers(string file, int line)
    {
        var examples = DocHttpExample.ExtractAll(Dotnet.RepositoryRoot()).Examples;
        var example = examples.Single(e => e.File == file && e.FenceLine == line);

        byte[]? saved = null;
        if (example.RequestBodyFile is { } name)
        {
            var source = examples.Single(e => e.File == file && e.SavesAs == name);
            using var sourceResponse = await SendAsync(source, null);
            Assert.True(sourceResponse.IsSuccessStatusCode, $"{source}, which saves {name}, answered {(int)sourceResponse.StatusCode}.");
            saved = await sourceResponse.Content.ReadAsByteArrayAsync();
        }

        using var response = await SendAsync(example, saved);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        var headers = response.Headers.NonValidated.Concat(response.Content.Headers.NonValidated)
            .ToDictionary(h => h.Key, h => string.Join(", ", h.Value), StringComparer.OrdinalIgnoreCase);
        string actualContentType = headers.GetValueOrDefault("Content-Type") ?? "";
        string actual = $"the sample answered:\nHTTP/1.1 {(int)response.StatusCode} {response.ReasonPhrase}\n"
            + string.Concat(headers.OrderBy(h => h.Key, StringComparer.Ordinal).Select(h => $"{h.Key}: {h.Value}\n"))
            + "\n" + Show(body, actualContentType);

        var expected = example.Response;
        Assert.True(
            (int)response.StatusCode == expected.Status && response.ReasonPhrase == expected.Reason,
            $"{file}:{expected.FenceLine + 1}: expected HTTP/1.1 {expected.Status} {expected.Reason}; {actual}");

        foreach (var (headerName, value, markdownLine) in expected.Headers)
        {
            Assert.True(
                headers.TryGetValue(headerName, out string? given) && DocHttpExample.Matches(given, value),
                $"{file}:{markdownLine}: expected {headerName}: {value}; {actual}");
        }

        string? why = BodyMismatch(expected.Body, body, actualContentType);
        Assert.True(why is null, $"{file}:{(expected.Body.Count > 0 ? expected.Body[0].MarkdownLine : expected.FenceLine)}: {why}; {actual}");
    }

    private async Task<HttpResponseMessage> SendAsync(DocHttpExample example, byte[]? saved)
    {
        using var request = new HttpRequestMessage(new HttpMethod(example.Request.Method), example.Request.Target);
        request.Headers.Host = DocHttpExample.DefaultHost;
        string? contentType = example.RequestHeader("Content-Type");
        if (example.Request.Body.Count > 0)
        {
            byte[] bytes = saved
                ?? (DocHttpExample.IsBinary(contentType)
                    ? HexBytes(example)
                    : Encoding.UTF8.GetBytes(DocHttpExample.Text(example.Request.Body)));
            request.Content = new ByteArrayContent(bytes);
        }

        foreach (var (name, value) in example.Request.Headers)
        {
            if (name.Equals("Host", StringComparison.OrdinalIgnoreCase))
            {
                request.Headers.Host = value;
            }
            else if (name.StartsWith("Content-", StringComparison.OrdinalIgnoreCase))
            {
                request.Content ??= new ByteArrayContent([]);
                Assert.True(request.Content.Headers.TryAddWithoutValidation(name, value), $"{example}: cannot send {name}.");
            }
            else
            {
                Assert.True(request.Headers.TryAddWithoutValidation(name, value), $"{example}: cannot send {name}.");
            }
        }

        return await _server.Client.SendAsync(request, HttpCompletionOption.ResponseContentRead);
    }

    private static byte[] HexBytes(DocHttpExample example)
    {
        var pattern = DocHttpExample.HexPattern(example.Request.Body);
        Assert.True(pattern.Count == 1, $"{example}: a request body cannot have a wildcard.");
        return pattern[0]!;
    }

    /// <summary>Why the body does not match the example's, or null when it does.</summary>
    private static string? BodyMismatch(IReadOnlyList<DocLine> expected, byte[] actual, string contentType)
    {
        if (DocHttpExample.IsBinary(contentType))
        {
            return DocHttpExample.Matches(actual, DocHttpExample.HexPattern(expected)) ? null : "the body's bytes differ";
        }

        string text = DocHttpExample.Text(expected);
        if (text.Contains(DocHttpExample.Wildcard, StringComparison.Ordinal))
        {
            return DocHttpExample.Matches(actual, DocHttpExample.TextPattern(text)) ? null : "the body differs from the pattern";
        }

        JsonDocument? expectedJson = null;
        try
        {
            expectedJson = JsonDocument.Parse(text);
        }
        catch (JsonException)
        {
        }

        using (expectedJson)
        {
            if (expectedJson is null)
            {
                return Encoding.UTF8.GetString(actual) == text ? null : "the body's text differs";
            }

            using var actualJson = JsonDocument.Parse(actual);
            return JsonDifference(expectedJson.RootElement, actualJson.RootElement, "$");
        }
    }

    /// <summary>The first difference between two JSON values (property order, number text and string values), or null.</summary>
    private static string? JsonDifference(JsonElement expected, JsonElement actual, string path)
    {
        if (expected.ValueKind != actual.ValueKind)
        {
            return $"at {path}, expected {expected.GetRawText()} but the sample wrote {actual.GetRawText()}";
        }

        switch (expected.ValueKind)
        {
            case JsonValueKind.Object:
                var expectedProperties = expected.EnumerateObject().ToList();
                var actualProperties = actual.EnumerateObject().ToList();
                for (int i = 0; i < Math.Max(expectedProperties.Count, actualProperties.Count); i++)
                {
                    string? expectedName = i < expectedProperties.Count ? expectedProperties[i].Name : null;
                    string? actualName = i < actualProperties.Count ? actualProperties[i].Name : null;
                    if (expectedName != actualName)
                    {
                        return $"at {path}, property {i + 1} is expected to be '{expectedName}' but is '{actualName}'";
                    }

                    if (JsonDifference(expectedProperties[i].Value, actualProperties[i].Value, $"{path}.{expectedName}") is { } difference)
                    {
                        return difference;
                    }
                }

                return null;
            case JsonValueKind.Array:
                int expectedLength = expected.GetArrayLength();
                if (expectedLength != actual.GetArrayLength())
                {
                    return $"at {path}, expected {expectedLength} elements but there are {actual.GetArrayLength()}";
                }

                for (int i = 0; i < expectedLength; i++)
                {
                    if (JsonDifference(expected[i], actual[i], $"{path}[{i}]") is { } difference)
                    {
                        return difference;
                    }
                }

                return null;
            case JsonValueKind.String:
                return expected.GetString() == actual.GetString() ? null : $"at {path}, expected {expected.GetRawText()} but the sample wrote {actual.GetRawText()}";
            default:
                return expected.GetRawText() == actual.GetRawText() ? null : $"at {path}, expected {expected.GetRawText()} but the sample wrote {actual.GetRawText()}";
        }
    }

    private static string Show(byte[] body, string contentType)
    {
        if (!DocHttpExample.IsBinary(contentType))
        {
            string text = Encoding.UTF8.GetString(body);
            return text.Length > 4000 ? text[..4000] + "…" : text;
        }

        var hex = new StringBuilder();
        for (int i = 0; i < Math.Min(body.Length, 1024); i++)
        {
            hex.Append(body[i].ToString("x2", System.Globalization.CultureInfo.InvariantCulture)).Append(i % 16 == 15 ? '\n' : ' ');
        }

        return body.Length > 1024 ? hex + "…" : hex.ToString();
    }
}
