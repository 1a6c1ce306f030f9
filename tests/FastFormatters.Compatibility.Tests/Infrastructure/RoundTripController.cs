using FastFormatters.Compatibility.Tests.Samples;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>
/// The MVC endpoints for one type of the matrix, closed over each type by <see cref="RoundTripControllerFeatureProvider"/>
/// and routed under <c>/mvc/{RouteKey}</c> by <see cref="RoundTripControllerNameAttribute"/>.
/// </summary>
/// <typeparam name="T">The declared type: read from the body and declared as the result, so a union interface is written in union form.</typeparam>
[ApiController]
[Route("mvc/[controller]")]
[RoundTripControllerName]
public sealed class RoundTripController<T> : ControllerBase
{
    /// <summary>Answers the body the server read, written as <typeparamref name="T"/>.</summary>
    [HttpPost("echo")]
    public ActionResult<T> Echo([FromBody] T value) => new(value);

    /// <summary>Answers the catalog's own value named <paramref name="name"/>, so the server's writer is checked apart from its reader.</summary>
    [HttpGet("sample")]
    public ActionResult<T> Sample([FromQuery] string name) => new((T)SampleCatalog.Get(name).Value!);

    /// <summary>Answers <see cref="ValueDescriber"/>'s text of the body the server read, for checks that do not depend on the server's writer.</summary>
    [HttpPost("describe")]
    public ActionResult<string> Describe([FromBody] T value) => ValueDescriber.Describe(value);
}
