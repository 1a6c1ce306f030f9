using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Samples.WebApi.Controllers;

/// <summary>Returns any document unchanged.</summary>
[ApiController]
[Route("api/echo")]
public sealed class EchoController : ControllerBase
{
    /// <summary>
    /// Echoes the body: any JSON value, including a top-level scalar or <c>null</c>. The response format follows
    /// <c>Accept</c>, so a body can be sent in one format and read back in another.
    /// </summary>
    [HttpPost]
    [ProducesResponseType<object>(StatusCodes.Status200OK)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<object?> Post([FromBody] object? document) => Ok(document);
}
