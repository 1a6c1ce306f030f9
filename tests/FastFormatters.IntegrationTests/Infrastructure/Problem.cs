using System.Net.Http.Headers;
using System.Text.Json;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>Assertions on RFC 9457 problem responses, parsed with System.Text.Json as an independent reader.</summary>
public static class Problem
{
    public static async Task<JsonElement> AssertAsync(HttpResponseMessage response, int status)
    {
        var body = await response.Content.ReadAsStringAsync();
        Assert.True((int)response.StatusCode == status, $"Expected {status}, got {(int)response.StatusCode}: {body}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        return AssertBody(body, status);
    }

    public static JsonElement AssertBody(string body, int status)
    {
        var problem = JsonDocument.Parse(body).RootElement;
        Assert.Equal(status, problem.GetProperty("status").GetInt32());
        Assert.False(string.IsNullOrEmpty(problem.GetProperty("title").GetString()));
        Assert.True(problem.TryGetProperty("traceId", out _), "ProblemDetails extensions (traceId) belong at the top level.");
        Assert.DoesNotContain("   at ", body, StringComparison.Ordinal);
        return problem;
    }

    public static StringContent Json(string json, string mediaType = "application/json")
        => new(json, new MediaTypeHeaderValue(mediaType));
}
