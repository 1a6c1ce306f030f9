using System.ComponentModel.DataAnnotations;
using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Samples.WebApi.Controllers;

/// <summary>A Twitter-shaped feed.</summary>
[ApiController]
[Route("api/statuses")]
public sealed class StatusesController : ControllerBase
{
    /// <summary>The first <paramref name="count"/> statuses of the deterministic feed.</summary>
    /// <param name="count">How many, 0 to 10000; 100 when not given.</param>
    [HttpGet]
    [ProducesResponseType<List<Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<List<Status>> Get([FromQuery, Range(0, StatusFeed.MaxCount)] int count = 100)
        => StatusFeed.Generate(count);

    /// <summary>
    /// The first <paramref name="count"/> statuses, streamed: written and flushed in chunks as they are produced, so
    /// even a million statuses need about one chunk of server memory.
    /// </summary>
    /// <param name="count">How many, 0 to 1000000; 1000 when not given.</param>
    [HttpGet("stream")]
    [ProducesResponseType<List<Status>>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public IAsyncEnumerable<Status> Stream([FromQuery, Range(0, StatusFeed.MaxStreamCount)] int count = 1000)
        => StatusFeed.StreamAsync(count, HttpContext.RequestAborted);
}
