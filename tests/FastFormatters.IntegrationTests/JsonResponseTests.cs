using System.Net;
using System.Text.Json;
using FastFormatters.IntegrationTests.Infrastructure;
using FastFormatters.Samples.WebApi.Data;

namespace FastFormatters.IntegrationTests;

[Collection(SampleServerCollection.Name)]
public sealed class JsonResponseTests(SampleServer server)
{
    private readonly HttpClient _client = server.Client;

    [Fact]
    public async Task Statuses_feed_is_served_as_json_with_every_value_intact()
    {
        using var response = await _client.GetAsync("/api/statuses?count=25");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        Assert.Equal("application/json", response.Content.Headers.ContentType?.MediaType);
        Assert.Equal("utf-8", response.Content.Headers.ContentType?.CharSet);
        var bytes = await response.Content.ReadAsByteArrayAsync();
        Assert.Equal(bytes.Length, response.Content.Headers.ContentLength);

        // System.Text.Json is the independent reader: Unicode, escapes, nulls and numbers must come back as generated.
        var feed = JsonDocument.Parse(bytes).RootElement;
        Assert.Equal(25, feed.GetArrayLength());
        for (int i = 0; i < 25; i++)
        {
            var expected = StatusFeed.Create(i);
            var status = feed[i];
            Assert.Equal(expected.Id, status.GetProperty("id").GetInt64());
            Assert.Equal(expected.IdStr, status.GetProperty("id_str").GetString());
            Assert.Equal(expected.Text, status.GetProperty("text").GetString());
            Assert.Equal(expected.CreatedAt, status.GetProperty("created_at").GetDateTimeOffset());
            Assert.Equal(expected.User.Name, status.GetProperty("user").GetProperty("name").GetString());
            Assert.Equal(expected.User.Description, status.GetProperty("user").GetProperty("description").GetString());
            Assert.Equal(expected.User.FollowersCount, status.GetProperty("user").GetProperty("followers_count").GetInt32());
            AssertNullable(expected.InReplyToStatusId, status.GetProperty("in_reply_to_status_id"));
            AssertNullable(expected.User.UtcOffset, status.GetProperty("user").GetProperty("utc_offset"));
            Assert.Equal(JsonValueKind.Null, status.GetProperty("geo").ValueKind);
            Assert.Equal(expected.Entities.Hashtags.Count, status.GetProperty("entities").GetProperty("hashtags").GetArrayLength());
            Assert.Equal(expected.Retweeted, status.GetProperty("retweeted").GetBoolean());
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(2000)]
    public async Task Feed_length_follows_the_count(int count)
    {
        using var response = await _client.GetAsync($"/api/statuses?count={count}");
        var feed = JsonDocument.Parse(await response.Content.ReadAsByteArrayAsync()).RootElement;

        Assert.Equal(count, feed.GetArrayLength());
    }

    [Fact]
    public async Task Count_out_of_range_is_a_validation_problem()
    {
        using var response = await _client.GetAsync("/api/statuses?count=10001");

        var problem = await Problem.AssertAsync(response, 400);
        Assert.True(problem.GetProperty("errors").TryGetProperty("count", out _));
    }

    [Fact]
    public async Task Order_is_written_with_camel_case_names_and_enum_names()
    {
        using var response = await _client.GetAsync("/api/orders/3");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var order = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement;
        Assert.Equal(3, order.GetProperty("id").GetInt32());
        Assert.Equal("Zoë Müller", order.GetProperty("customer").GetString());
        Assert.Equal("Delivered", order.GetProperty("status").GetString());
        Assert.Equal(4, order.GetProperty("lines").GetArrayLength());
        Assert.Equal("SKU-0093", order.GetProperty("lines")[0].GetProperty("sku").GetString());
        Assert.Equal(306.00m, order.GetProperty("total").GetDecimal());
        Assert.Equal(JsonValueKind.Null, order.GetProperty("notes").ValueKind);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1001)]
    [InlineData(1_000_000)]
    [InlineData(-5)]
    public async Task Missing_order_is_a_404_problem(int id)
    {
        using var response = await _client.GetAsync($"/api/orders/{id}");

        var problem = await Problem.AssertAsync(response, 404);
        Assert.Equal("Not Found", problem.GetProperty("title").GetString());
    }

    [Fact]
    public async Task Swagger_lists_json_for_requests_and_responses()
    {
        using var response = await _client.GetAsync("/swagger/v1/swagger.json");

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var paths = JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.GetProperty("paths");
        var post = paths.GetProperty("/api/orders").GetProperty("post");
        Assert.True(post.GetProperty("requestBody").GetProperty("content").TryGetProperty("application/json", out _));
        Assert.True(post.GetProperty("responses").GetProperty("201").GetProperty("content").TryGetProperty("application/json", out _));
        var get = paths.GetProperty("/api/statuses").GetProperty("get");
        Assert.True(get.GetProperty("responses").GetProperty("200").GetProperty("content").TryGetProperty("application/json", out _));
    }

    private static void AssertNullable<T>(T? expected, JsonElement actual)
        where T : struct
    {
        if (expected is null)
        {
            Assert.Equal(JsonValueKind.Null, actual.ValueKind);
        }
        else
        {
            Assert.Equal(expected.Value.ToString(), actual.GetRawText());
        }
    }
}
