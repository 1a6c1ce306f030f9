using System.Net;
using System.Text;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

[Collection(SampleServerCollection.Name)]
public sealed class ConcurrencyTests(SampleServer server)
{
    [Fact]
    public async Task Five_hundred_parallel_requests_each_get_their_own_body_back()
    {
        const int requests = 500;
        using var client = new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = 64 }) { BaseAddress = server.BaseAddress };

        // Sizes from a few bytes to ~200 KB so pooled buffers of many sizes are rented, returned and reused.
        var tasks = Enumerable.Range(0, requests).Select(async i =>
        {
            var random = new Random(i);
            string marker = $"req-{i:D4}-{random.Next():X8}";
            string filler = new('a', random.Next(0, i % 10 == 0 ? 200_000 : 2_000));
            string document = $"{{\"marker\":\"{marker}\",\"index\":{i},\"filler\":\"{filler}\",\"tail\":[\"{marker}\"]}}";
            using var response = await client.PostAsync("/api/echo", new StringContent(document, Encoding.UTF8, "application/json"));
            return (document, status: response.StatusCode, body: await response.Content.ReadAsStringAsync());
        });

        var results = await Task.WhenAll(tasks);

        foreach (var (document, status, body) in results)
        {
            Assert.Equal(HttpStatusCode.OK, status);
            Assert.Equal(document, body);
        }
    }
}
