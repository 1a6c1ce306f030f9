using FastFormatters.Samples.WebApi.Data;
using FastFormatters.Samples.WebApi.Models;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Samples.WebApi.Controllers;

/// <summary>Orders: a typed model with validation.</summary>
[ApiController]
[Route("api/orders")]
public sealed class OrdersController : ControllerBase
{
    private readonly OrderStore _store;

    public OrdersController(OrderStore store) => _store = store;

    /// <summary>One order; 1 to 1000 always exist.</summary>
    [HttpGet("{id:int}")]
    [ProducesResponseType<Order>(StatusCodes.Status200OK)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public ActionResult<Order> Get(int id) => _store.Find(id) is { } order ? order : NotFound();

    /// <summary>Places an order.</summary>
    [HttpPost]
    [ProducesResponseType<Order>(StatusCodes.Status201Created)]
    [ProducesResponseType<ValidationProblemDetails>(StatusCodes.Status400BadRequest)]
    public ActionResult<Order> Post(CreateOrderRequest request)
    {
        var order = _store.Place(request);
        return CreatedAtAction(nameof(Get), new { id = order.Id }, order);
    }
}
