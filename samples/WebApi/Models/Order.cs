using System.ComponentModel.DataAnnotations;
using System.Diagnostics.CodeAnalysis;

namespace FastFormatters.Samples.WebApi.Models;

/// <summary>The state of an order.</summary>
public enum OrderStatus
{
    Pending,
    Paid,
    Shipped,
    Delivered,
    Cancelled,
}

/// <summary>An order, as returned by the API.</summary>
/// <param name="Id">The order number, 1 to 1000 for the sample's stored orders.</param>
/// <param name="Customer">Who placed it.</param>
/// <param name="Lines">What was ordered.</param>
/// <param name="Status">Where it is.</param>
/// <param name="PlacedAt">When it was placed.</param>
/// <param name="Total">The sum of the lines.</param>
/// <param name="Notes">Free text, if any.</param>
public sealed record Order(
    int Id,
    string Customer,
    IReadOnlyList<OrderLine> Lines,
    OrderStatus Status,
    DateTimeOffset PlacedAt,
    decimal Total,
    string? Notes);

/// <summary>One line of an order.</summary>
public sealed record OrderLine
{
    /// <summary>The stock-keeping unit.</summary>
    [Required]
    [StringLength(32, MinimumLength = 1)]
    public required string Sku { get; init; }

    /// <summary>How many; 1 to 1000.</summary>
    [Range(1, 1000)]
    public int Quantity { get; init; }

    /// <summary>The price of one, at least 0.01.</summary>
    [Range(typeof(decimal), "0.01", "1000000")]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "decimal's TypeConverter is built in and kept (samples/MinimalAot).")]
    public decimal UnitPrice { get; init; }
}

/// <summary>What a client sends to place an order.</summary>
/// <remarks>
/// Marked for .NET's validation generator, which cannot see a body type through <c>NegotiatedBody&lt;T&gt;</c>: the
/// minimal endpoint then validates it as a <c>[FromBody]</c> JSON parameter would be (AddValidation in SampleApp).
/// </remarks>
#pragma warning disable ASP0029 // Microsoft.Extensions.Validation is marked for evaluation in .NET 10.
[Microsoft.Extensions.Validation.ValidatableType]
#pragma warning restore ASP0029
public sealed class CreateOrderRequest
{
    /// <summary>Who places the order.</summary>
    [Required]
    [StringLength(100, MinimumLength = 1)]
    public string Customer { get; set; } = string.Empty;

    /// <summary>At least one line.</summary>
    [Required]
    [MinLength(1)]
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "A List<T> is an ICollection: MinLength reads its Count without reflection (samples/MinimalAot).")]
    public List<OrderLine> Lines { get; set; } = [];

    /// <summary>Free text, optional.</summary>
    [StringLength(500)]
    public string? Notes { get; set; }
}
