using FastFormatters.IntegrationTests.Infrastructure;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>
/// The four hosts a parity test compares: the same controller served by FastFormatters and by ASP.NET Core's own
/// System.Text.Json formatters, each with <c>AllowInputFormatterExceptionMessages</c> on and off.
/// </summary>
public sealed class StockAndFastHosts : IAsyncDisposable
{
    private StockAndFastHosts(KestrelApp fast, KestrelApp stock, KestrelApp fastQuiet, KestrelApp stockQuiet)
        => (Fast, Stock, FastQuiet, StockQuiet) = (fast, stock, fastQuiet, stockQuiet);

    public KestrelApp Fast { get; }

    public KestrelApp Stock { get; }

    /// <summary>FastFormatters with exception messages off.</summary>
    public KestrelApp FastQuiet { get; }

    /// <summary>The stock formatters with exception messages off.</summary>
    public KestrelApp StockQuiet { get; }

    /// <param name="start">Starts one host: with FastFormatters or not, with exception messages or not.</param>
    public static async Task<StockAndFastHosts> StartAsync(Func<bool, bool, Task<KestrelApp>> start)
        => new(await start(true, true), await start(false, true), await start(true, false), await start(false, false));

    public async ValueTask DisposeAsync()
    {
        foreach (var app in new[] { Fast, Stock, FastQuiet, StockQuiet })
        {
            await app.DisposeAsync();
        }
    }
}
