using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>
/// The MVC actions of <see cref="StockFormatterParityTests"/>, served alike with and without FastFormatters. Internal, so
/// only the hosts that add it (<see cref="StockFormatterControllerFeature"/>) serve it.
/// </summary>
[ApiController]
[Route("stock-formatter")]
internal sealed class StockFormatterController : ControllerBase
{
    [HttpPost("member")]
    public ActionResult<Member> Join(Member member) => member;

    [HttpPost("numbers")]
    public ActionResult<List<int>> Numbers(List<int> numbers) => numbers;

    /// <summary>Latin-1 holds the default text's letters and not its emoji, which JSON can carry escaped.</summary>
    [HttpGet("greeting")]
    public ActionResult<Greeting> Greet(string text = "æøå 😀") => new Greeting { Text = text, Count = 3 };
}
