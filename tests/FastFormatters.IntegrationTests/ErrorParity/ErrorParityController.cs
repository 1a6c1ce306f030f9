using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>The MVC actions of <see cref="ErrorParityTests"/>, served alike with and without FastFormatters.</summary>
[ApiController]
[Route("error-parity")]
public sealed class ErrorParityController : ControllerBase
{
    [HttpGet("booking")]
    public ActionResult<Booking> Show() => new Booking { Name = "Zoë — ✓ 😀", Count = 2, SeatRow = 7, Code = 12 };

    [HttpPost("booking")]
    public ActionResult<Booking> Book(Booking booking) => booking;

    [HttpPost("voucher")]
    public ActionResult<Voucher> Redeem(Voucher voucher) => voucher;
}
