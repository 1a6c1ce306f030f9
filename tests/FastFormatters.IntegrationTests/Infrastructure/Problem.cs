using System.Net.Http.Headers;
using System.Text.Json;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>Assertions on RFC 9457 problem responses, parsed with System.Text.Json as an independent reader.</summary>
public static class Problem
{
    /// <param name="response">The response.</param>
    /// <param name="status">The expected status.</param>
    /// <param name="requireTraceId">
    /// Whether the traceId extension must be there. ASP.NET Core's own minimal-API problem results leave it out when the
    /// client's Accept excludes JSON, so tests of those pass false.
    /// </param>
    public static async Task<JsonElement> AssertAsync(HttpResponseMessage response, int status, bool requireTraceId = true)
    {
        var body = await response.Content.ReadAsStringAsync();
        Assert.True((int)response.StatusCode == status, $"Expected {status}, got {(int)response.StatusCode}: {body}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        return AssertBody(body, status, requireTraceId);
    }

    public static JsonElement AssertBody(string body, int status, bool requireTraceId = true)
    {
        var problem = JsonDocument.Parse(body).RootElement;
        Assert.Equal(status, problem.GetProperty("status").GetInt32());
        Assert.False(string.IsNullOrEmpty(problem.GetProperty("title").GetString()));
        Assert.True(!requireTraceId || problem.TryGetProperty("traceId", out _), "ProblemDetails extensions (traceId) belong at the top level.");
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        return problem;
    }

    public static StringContent Json(string json, string mediaType = "application/json")
        => new(json, new MediaTypeHeaderValue(mediaType));
}
