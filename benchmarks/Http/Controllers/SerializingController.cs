using System.ComponentModel.DataAnnotations;
using FastFormatters.Benchmarks.Http.Data;
using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Benchmarks.Models;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Benchmarks.Http.Controllers;

/// <summary>
/// The benchmarked endpoints in every mode but <c>prebaked</c>: ordinary MVC actions whose values the registered
/// formatters serialize (and, for <c>POST /ticker</c>, deserialize).
/// </summary>
[ApiController]
public sealed class SerializingController(HarnessData data, CitmCatalogSource citm) : ControllerBase
{
    /// <summary>The first <paramref name="count"/> statuses of the sample's feed, generated once per count.</summary>
    [HttpGet("/statuses")]
    public List<Status> Statuses([FromQuery, Range(0, StatusFeed.MaxCount)] int count = 100) => data.Statuses(count);

    /// <summary>
    /// The same statuses as an <see cref="IAsyncEnumerable{T}"/> whose every element is ready (a feed read from memory):
    /// the streamed path of a live feed, with nothing to wait for.
    /// </summary>
    [HttpGet("/statuses/stream")]
    public IAsyncEnumerable<Status> StatusStream([FromQuery, Range(0, StatusFeed.MaxCount)] int count = 100) => Ready(data.Statuses(count));

    /// <summary>A small object.</summary>
    [HttpGet("/book")]
    public Book Book() => data.Book;

    /// <summary>Reads an order-book snapshot and answers a few numbers from it.</summary>
    [HttpPost("/ticker")]
    public TickerSummary Ticker([FromBody] TickerSnapshot snapshot) => TickerSummary.Of(snapshot);

    /// <summary>The CITM catalog document, deserialized at startup; 503 when its file is absent.</summary>
    [HttpGet("/citm")]
    public ActionResult<CitmCatalog> Citm() => citm.Catalog is { } catalog ? catalog : citm.Unavailable();

#pragma warning disable CS1998 // An iterator whose elements are all ready: it never awaits.
    private static async IAsyncEnumerable<Status> Ready(List<Status> statuses)
#pragma warning restore CS1998
    {
        foreach (var status in statuses)
        {
            yield return status;
        }
    }
}
