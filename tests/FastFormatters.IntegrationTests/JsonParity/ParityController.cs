using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// The MVC endpoints of one model, closed over each catalog type by <see cref="ParityControllerFeatureProvider"/> and
/// routed under <c>/mvc/{key}</c> by <see cref="ParityControllerNameAttribute"/>. The same controller runs in the host
/// with FastFormatters and in the one without, so the built-in side of every MVC comparison is the same action.
/// </summary>
/// <typeparam name="T">The declared type.</typeparam>
[ApiController]
[Route("mvc/[controller]")]
[ParityControllerName]
public sealed class ParityController<T> : ControllerBase
{
    /// <summary>The built-in System.Text.Json result executor, with MVC's JsonOptions (whatever formatters are registered).</summary>
    [HttpGet("builtin")]
    public IActionResult Builtin() => new JsonResult(ParityCatalog.SampleOf<T>());

    /// <summary>Content negotiation: FastFormatters where it is registered, MVC's System.Text.Json output formatter elsewhere.</summary>
    [HttpGet("negotiated")]
    public ActionResult<T> Negotiated() => ParityCatalog.SampleOf<T>();

    /// <summary>
    /// The body as the input formatter read it (FastFormatters where it is registered, MVC's System.Text.Json input
    /// formatter in the host without it), echoed through the built-in <see cref="JsonResult"/> so both sides of a
    /// request comparison are written by the same writer.
    /// </summary>
    [HttpPost("echo")]
    public IActionResult Echo([FromBody] T body)
    {
        Response.Headers[ParityHost.ReceivedTypeHeader] = body?.GetType().Name ?? "null";
        return new JsonResult(body);
    }
}
