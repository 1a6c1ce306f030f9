using System.ComponentModel.DataAnnotations;
using System.IO.Pipelines;
using FastFormatters.Benchmarks.Http.Data;
using FastFormatters.Benchmarks.Http.Prebaked;
using FastFormatters.Samples.WebApi.Data;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Benchmarks.Http.Controllers;

/// <summary>
/// The benchmarked endpoints in the <c>prebaked</c> mode: the same routes, answering the bytes <c>fast</c> wrote for
/// the same request and <c>Accept</c> (see <see cref="PrebakedResponses"/>).
/// </summary>
[ApiController]
public sealed class PrebakedController(PrebakedResponses responses, CitmCatalogSource citm) : ControllerBase
{
    /// <summary>The prebaked <c>GET /statuses?count=N</c>.</summary>
    [HttpGet("/statuses")]
    public IActionResult Statuses([FromQuery, Range(0, StatusFeed.MaxCount)] int count = 100)
        => responses.Get(HttpContext, PrebakedEndpoint.Statuses, count);

    /// <summary>The prebaked <c>GET /book</c>.</summary>
    [HttpGet("/book")]
    public IActionResult Book() => responses.Get(HttpContext, PrebakedEndpoint.Book, 0);

    /// <summary>The prebaked <c>GET /citm</c>; 503 when the document's file is absent, as in the other modes.</summary>
    [HttpGet("/citm")]
    public IActionResult Citm() => citm.Catalog is null ? citm.Unavailable() : responses.Get(HttpContext, PrebakedEndpoint.Citm, 0);

    /// <summary>
    /// Receives the whole request body without reading it as a model, then answers the summary <c>fast</c> gives for
    /// the ticker sample (the body the benchmark posts).
    /// </summary>
    [HttpPost("/ticker")]
    public async Task<IActionResult> Ticker()
    {
        await DrainAsync(Request.BodyReader, HttpContext.RequestAborted);
        return responses.Get(HttpContext, PrebakedEndpoint.Ticker, 0);
    }

    /// <summary>Receives a whole request body and discards it.</summary>
    internal static async Task DrainAsync(PipeReader reader, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken);
            reader.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted || result.IsCanceled)
            {
                return;
            }
        }
    }
}
