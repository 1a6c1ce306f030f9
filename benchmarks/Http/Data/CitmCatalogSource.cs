using System.Text.Json;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;
using Microsoft.AspNetCore.Mvc;

namespace FastFormatters.Benchmarks.Http.Data;

/// <summary>
/// The body of <c>GET /citm</c>: simdjson's citm_catalog.json, read and deserialized once at startup from the shared
/// benchmark data folder (<c>../shared/data/</c> beside the repository, or <c>FASTFORMATTERS_BENCHMARK_DATA</c>), which
/// is never copied into the repository. Without the file the harness still starts, and <c>/citm</c> answers 503.
/// </summary>
public sealed class CitmCatalogSource
{
    private readonly string? _problem;

    /// <summary>Reads the document, or notes why it cannot.</summary>
    public CitmCatalogSource()
    {
        if (BenchmarkData.TryLocate(out string? directory, out _problem))
        {
            // The models name their members with [JsonPropertyName], so stock options read the file as it is.
            Catalog = JsonSerializer.Deserialize<CitmCatalog>(File.ReadAllBytes(Path.Combine(directory, BenchmarkData.CitmFile)));
        }
    }

    /// <summary>The catalog, or <see langword="null"/> when the document was not found.</summary>
    public CitmCatalog? Catalog { get; }

    /// <summary>What <c>GET /citm</c> answers without the document: 503 and, as text, where to put it.</summary>
    public ContentResult Unavailable() => new()
    {
        StatusCode = StatusCodes.Status503ServiceUnavailable,
        ContentType = "text/plain; charset=utf-8",
        Content = _problem,
    };
}
