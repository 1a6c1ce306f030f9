using System.Globalization;
using FastFormatters.Benchmarks.Http.Data;
using FastFormatters.Benchmarks.Http.Models;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Benchmarks.Http.Controllers;

/// <summary>The endpoints the benchmark script uses around a measurement; the same in every mode.</summary>
[ApiController]
public sealed class HarnessController(HarnessData data, RequestCounter counter, HarnessSettings settings) : ControllerBase
{
    /// <summary>
    /// Allocation, thread-pool and request counters, always JSON whatever the mode or <c>Accept</c>: two reads around a
    /// run give the bytes allocated and the thread-pool work items run per request. <c>GET /stats</c> itself is not
    /// counted as a request.
    /// </summary>
    [HttpGet("/stats")]
    public ContentResult Stats() => Content(
        string.Create(
            CultureInfo.InvariantCulture,
            $$"""{"mode":"{{settings.Mode.ToName()}}","gcAllocatedBytes":{{GC.GetTotalAllocatedBytes(false)}},"gen0":{{GC.CollectionCount(0)}},"gen1":{{GC.CollectionCount(1)}},"gen2":{{GC.CollectionCount(2)}},"threadPoolWorkItems":{{ThreadPool.CompletedWorkItemCount}},"requests":{{counter.Count}}}"""),
        "application/json");

    /// <summary>The order-book snapshot <c>POST /ticker</c> is benchmarked with, in the negotiated format.</summary>
    [HttpGet("/ticker-sample")]
    public TickerSnapshot TickerSample() => data.Ticker;
}
