using System.Runtime.Serialization;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.OpenApi.Tests;

public enum Carrier
{
    Post,
    Courier,
}

/// <summary>A model whose wire differs by format: names, enum form, decimal, dates, a union of optional members.</summary>
public sealed class Shipment
{
    public int Id { get; set; }

    [JsonPropertyName("ref")]
    public string Reference { get; set; } = "";

    public Carrier Carrier { get; set; }

    public decimal Weight { get; set; }

    public DateTimeOffset SentAt { get; set; }

    public DateOnly? DeliveredOn { get; set; }

    public TimeSpan Duration { get; set; }

    public Guid Tracking { get; set; }

    public char Grade { get; set; }

    public byte[] Label { get; set; } = [];

    public double Temperature { get; set; }

    public string? Note { get; set; }

    public Dictionary<string, int> Counts { get; set; } = [];

    public List<Parcel> Parcels { get; set; } = [];
}

[DataContract]
public sealed class Parcel
{
    [DataMember(Name = "w")]
    public decimal Weight { get; set; }

    [DataMember(Name = "fragile")]
    public bool Fragile { get; set; }
}

public static class Shipments
{
    public static Shipment Find(int id) => new()
    {
        Id = id,
        Reference = $"S-{id}",
        Carrier = Carrier.Courier,
        Weight = 12.5m,
        SentAt = new DateTimeOffset(2026, 11, 1, 9, 30, 0, TimeSpan.FromHours(2)),
        DeliveredOn = id % 2 == 0 ? new DateOnly(2026, 11, 3) : null,
        Duration = TimeSpan.FromHours(49.5),
        Tracking = new Guid("6f9619ff-8b86-d011-b42d-00c04fc964ff"),
        Grade = 'A',
        Label = [1, 2, 3, 250],
        Temperature = id % 3 == 0 ? double.NaN : -4.25,
        Note = id % 2 == 0 ? "fragile" : null,
        Counts = new() { ["boxes"] = 2, ["pallets"] = 0 },
        Parcels = [new Parcel { Weight = 10m, Fragile = true }, new Parcel { Weight = 2.5m }],
    };
}

[ApiController]
[Route("api/shipments")]
public sealed class ShipmentsController : ControllerBase
{
    [HttpGet("{id:int}")]
    [ProducesResponseType<Shipment>(StatusCodes.Status200OK)]
    [ProducesResponseType<ProblemDetails>(StatusCodes.Status404NotFound)]
    public ActionResult<Shipment> Get(int id) => id > 0 ? Shipments.Find(id) : NotFound();

    [HttpPost]
    [ProducesResponseType<Shipment>(StatusCodes.Status201Created)]
    public ActionResult<Shipment> Post(Shipment shipment) => Created($"/api/shipments/{shipment.Id}", shipment);
}
