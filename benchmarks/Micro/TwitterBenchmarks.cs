using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;

namespace FastFormatters.Benchmarks;

/// <summary>
/// twitter.json: 100 statuses, mostly strings with much non-ASCII (Japanese) text, nested objects and many nulls.
/// Scale 10 repeats the statuses ten times (1,000 statuses).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class TwitterBenchmarks : DocumentBenchmarks<TwitterDocument>
{
    protected override string FileName => BenchmarkData.TwitterFile;

    protected override JsonTypeInfo<TwitterDocument> SourceGenerated => MicroJsonContext.Default.TwitterDocument;

    protected override TwitterDocument Repeat(TwitterDocument document, int scale) => new()
    {
        Statuses = Enumerable.Repeat(document.Statuses, scale).SelectMany(statuses => statuses).ToList(),
        SearchMetadata = document.SearchMetadata,
    };
}
