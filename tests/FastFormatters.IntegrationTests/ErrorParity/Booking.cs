using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>A request body whose members fail in the ways a client's bad input makes them fail.</summary>
public sealed class Booking
{
    public string Name { get; set; } = string.Empty;

    public int Count { get; set; }

    /// <summary>A name System.Text.Json writes in brackets in a path: <c>$['seat.row']</c>.</summary>
    [JsonPropertyName("seat.row")]
    public int SeatRow { get; set; }

    /// <summary>Read by an app converter that calls <see cref="short.Parse(string, IFormatProvider?)"/>.</summary>
    [JsonConverter(typeof(ParsedShortConverter))]
    public short Code { get; set; }
}
