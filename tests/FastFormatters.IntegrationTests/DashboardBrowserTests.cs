using System.Text.RegularExpressions;
using FastFormatters.Http;
using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests;

/// <summary>
/// The diagnostics dashboard in a real browser: headless Chromium (Debian's package; ./test.sh and CI install it) opens
/// the sample's /_formatters/ui after known traffic. The DOM must show the chart and the numbers, and a screenshot is
/// kept in the test output as an artifact.
/// </summary>
public sealed partial class DashboardBrowserTests : IClassFixture<DevelopmentServer>
{
    private readonly DevelopmentServer _server;

    public DashboardBrowserTests(DevelopmentServer server) => _server = server;

    [Fact]
    public async Task The_dashboard_shows_a_chart_and_the_per_format_numbers()
    {
        for (int i = 1; i <= 3; i++)
        {
            using var json = await _server.Client.GetAsync($"/api/orders/{i}");
            json.EnsureSuccessStatusCode();
        }

        for (int i = 1; i <= 2; i++)
        {
            Assert.NotNull(await _server.Client.GetFromMessagePackAsync<object>($"/minimal/orders/{i}"));
        }

        string url = new Uri(_server.BaseAddress, "/_formatters/ui").ToString();
        string dom = await HeadlessChromium.RunAsync("--dump-dom", url);

        Assert.Contains("data-loaded=\"true\"", dom, StringComparison.Ordinal);
        Assert.Equal("3", CountCell(dom, "json", "write"));
        Assert.Equal("2", CountCell(dom, "msgpack", "write"));
        Assert.Equal("0", CountCell(dom, "jsonc", "read"));
        Assert.Matches("<rect[^>]*data-format=\"json\"[^>]*data-percentile=\"p99\"", dom);
        Assert.Matches("<rect[^>]*data-format=\"msgpack\"", dom);

        // Percentiles far apart: many small writes and one large one. On the log scale p50 stays plainly visible.
        for (int i = 1; i <= 30; i++)
        {
            using var small = await _server.Client.GetAsync($"/api/orders/{i}");
            small.EnsureSuccessStatusCode();
        }

        using (var large = await _server.Client.GetAsync("/api/statuses?count=10000"))
        {
            large.EnsureSuccessStatusCode();
            await large.Content.ReadAsByteArrayAsync();
        }

        dom = await HeadlessChromium.RunAsync("--dump-dom", url);
        double p50 = BarWidth(dom, "json", "write", "p50");
        double p99 = BarWidth(dom, "json", "write", "p99");
        Assert.True(p50 >= 40, $"The p50 bar of json write is {p50} px wide (p99: {p99} px).");
        Assert.True(p99 > p50, $"p99 ({p99} px) should reach beyond p50 ({p50} px).");
        Assert.Contains("log scale", dom, StringComparison.Ordinal);

        string artifacts = Directory.CreateDirectory(Path.Combine(AppContext.BaseDirectory, "artifacts")).FullName;
        string screenshot = Path.Combine(artifacts, "diagnostics-dashboard.png");
        File.Delete(screenshot);
        await HeadlessChromium.RunAsync("--window-size=1280,900", $"--screenshot={screenshot}", url);
        Assert.True(new FileInfo(screenshot).Length > 10_000, $"The screenshot {screenshot} is missing or empty.");
    }

    private static double BarWidth(string dom, string format, string direction, string percentile)
    {
        var bar = Regex.Match(dom, $"<rect[^>]*width=\"(?<width>[0-9.]+)\"[^>]*data-format=\"{format}\" data-direction=\"{direction}\" data-percentile=\"{percentile}\"");
        Assert.True(bar.Success, $"No {percentile} bar for {format} {direction}.");
        return double.Parse(bar.Groups["width"].Value, System.Globalization.CultureInfo.InvariantCulture);
    }

    private static string CountCell(string dom, string format, string direction)
    {
        var row = Regex.Match(dom, $"<tr[^>]*data-format=\"{format}\" data-direction=\"{direction}\"[^>]*>(.*?)</tr>", RegexOptions.Singleline);
        Assert.True(row.Success, $"No row for {format} {direction} in the dashboard.");
        return CountPattern().Match(row.Groups[1].Value).Groups[1].Value;
    }

    [GeneratedRegex("<td class=\"count\">([0-9]+)</td>")]
    private static partial Regex CountPattern();
}
