using System.Globalization;
using System.Text.Json.Serialization.Metadata;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastFormatters.Benchmarks.Infrastructure;
using FastFormatters.Benchmarks.Models;

namespace FastFormatters.Benchmarks;

/// <summary>
/// citm_catalog.json: string-keyed maps of names, 184 events keyed by id, 243 performances with nested prices and seat
/// categories: mostly integers and small objects, many empty arrays. Scale 10 repeats the events (under new ids) and
/// the performances ten times.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class CitmBenchmarks : DocumentBenchmarks<CitmCatalog>
{
    protected override string FileName => BenchmarkData.CitmFile;

    protected override JsonTypeInfo<CitmCatalog> SourceGenerated => MicroJsonContext.Default.CitmCatalog;

    protected override CitmCatalog Repeat(CitmCatalog document, int scale)
    {
        // Dictionary keys must stay unique: copy i of event id N is keyed N + i * 10^10 (ids have 9 digits).
        var events = new Dictionary<string, CitmEvent>(document.Events.Count * scale);
        for (int copy = 0; copy < scale; copy++)
        {
            foreach (var (key, value) in document.Events)
            {
                long id = long.Parse(key, CultureInfo.InvariantCulture) + copy * 10_000_000_000L;
                events.Add(id.ToString(CultureInfo.InvariantCulture), value);
            }
        }

        return new CitmCatalog
        {
            AreaNames = document.AreaNames,
            AudienceSubCategoryNames = document.AudienceSubCategoryNames,
            BlockNames = document.BlockNames,
            Events = events,
            Performances = Enumerable.Repeat(document.Performances, scale).SelectMany(performances => performances).ToList(),
            SeatCategoryNames = document.SeatCategoryNames,
            SubTopicNames = document.SubTopicNames,
            SubjectNames = document.SubjectNames,
            TopicNames = document.TopicNames,
            TopicSubTopics = document.TopicSubTopics,
            VenueNames = document.VenueNames,
        };
    }
}
