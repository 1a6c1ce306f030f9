using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Models;

// A small flat object, the shape of a typical API response. No [JsonPropertyName]: both serializers keep the CLR names.

public sealed class Book
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    public Author Author { get; set; } = null!;

    public DateTime Published { get; set; }

    public Genre Genre { get; set; }

    public decimal Price { get; set; }

    public string[] Tags { get; set; } = null!;
}

public sealed class Author
{
    public string Name { get; set; } = "";

    public DateOnly Born { get; set; }
}

/// <summary>
/// Written by name, as FastFormatters writes enums by default; the converter attribute makes System.Text.Json (which
/// writes numbers by default) do the same. FastFormatters does not read [JsonConverter].
/// </summary>
[JsonConverter(typeof(JsonStringEnumConverter<Genre>))]
public enum Genre
{
    Fiction,
    ScienceFiction,
    Fantasy,
    Mystery,
    History,
}
