namespace FastFormatters.Benchmarks.Http.Models;

/// <summary>A small object: the per-request overhead of a serializer dominates, not its throughput.</summary>
public sealed class Book
{
    public int Id { get; set; }

    public string Title { get; set; } = string.Empty;

    public Author Author { get; set; } = new();

    public DateOnly Published { get; set; }

    public Genre Genre { get; set; }

    public decimal Price { get; set; }

    public List<string> Tags { get; set; } = [];
}

public sealed class Author
{
    public string Name { get; set; } = string.Empty;

    /// <summary>The year of birth.</summary>
    public int Born { get; set; }
}

public enum Genre
{
    Fiction,
    ScienceFiction,
    Fantasy,
    History,
    Science,
}
