using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Models;

// The whole of citm_catalog.json (an event and venue catalog), every member in document order, so that writing a
// model read from the file gives the same document back (checked in CitmBenchmarks' setup). The file's names are
// camelCase; [JsonPropertyName] states them for System.Text.Json and FastFormatters alike. Maps keyed by numeric ids
// stay string-keyed, as in the file.

public sealed class CitmCatalog
{
    [JsonPropertyName("areaNames")]
    public Dictionary<string, string> AreaNames { get; set; } = null!;

    [JsonPropertyName("audienceSubCategoryNames")]
    public Dictionary<string, string> AudienceSubCategoryNames { get; set; } = null!;

    [JsonPropertyName("blockNames")]
    public Dictionary<string, string> BlockNames { get; set; } = null!;

    [JsonPropertyName("events")]
    public Dictionary<string, CitmEvent> Events { get; set; } = null!;

    [JsonPropertyName("performances")]
    public List<Performance> Performances { get; set; } = null!;

    [JsonPropertyName("seatCategoryNames")]
    public Dictionary<string, string> SeatCategoryNames { get; set; } = null!;

    [JsonPropertyName("subTopicNames")]
    public Dictionary<string, string> SubTopicNames { get; set; } = null!;

    [JsonPropertyName("subjectNames")]
    public Dictionary<string, string> SubjectNames { get; set; } = null!;

    [JsonPropertyName("topicNames")]
    public Dictionary<string, string> TopicNames { get; set; } = null!;

    [JsonPropertyName("topicSubTopics")]
    public Dictionary<string, List<int>> TopicSubTopics { get; set; } = null!;

    [JsonPropertyName("venueNames")]
    public Dictionary<string, string> VenueNames { get; set; } = null!;
}

public sealed class CitmEvent
{
    [JsonPropertyName("description")]
    public string? Description { get; set; }

    [JsonPropertyName("id")]
    public int Id { get; set; }

    [JsonPropertyName("logo")]
    public string? Logo { get; set; }

    [JsonPropertyName("name")]
    public string Name { get; set; } = "";

    [JsonPropertyName("subTopicIds")]
    public List<int> SubTopicIds { get; set; } = null!;

    [JsonPropertyName("subjectCode")]
    public string? SubjectCode { get; set; }

    [JsonPropertyName("subtitle")]
    public string? Subtitle { get; set; }

    [JsonPropertyName("topicIds")]
    public List<int> TopicIds { get; set; } = null!;
}

public sealed class Performance
{
    [JsonPropertyName("eventId")]
    public int EventId { get; set; }

    [JsonPropertyName("id")]
    public int Id { get; set; }

    [JsonPropertyName("logo")]
    public string? Logo { get; set; }

    [JsonPropertyName("name")]
    public string? Name { get; set; }

    [JsonPropertyName("prices")]
    public List<Price> Prices { get; set; } = null!;

    [JsonPropertyName("seatCategories")]
    public List<SeatCategory> SeatCategories { get; set; } = null!;

    [JsonPropertyName("seatMapImage")]
    public string? SeatMapImage { get; set; }

    /// <summary>Milliseconds since the Unix epoch.</summary>
    [JsonPropertyName("start")]
    public long Start { get; set; }

    [JsonPropertyName("venueCode")]
    public string VenueCode { get; set; } = "";
}

public sealed class Price
{
    [JsonPropertyName("amount")]
    public int Amount { get; set; }

    [JsonPropertyName("audienceSubCategoryId")]
    public int AudienceSubCategoryId { get; set; }

    [JsonPropertyName("seatCategoryId")]
    public int SeatCategoryId { get; set; }
}

public sealed class SeatCategory
{
    [JsonPropertyName("areas")]
    public List<Area> Areas { get; set; } = null!;

    [JsonPropertyName("seatCategoryId")]
    public int SeatCategoryId { get; set; }
}

public sealed class Area
{
    [JsonPropertyName("areaId")]
    public int AreaId { get; set; }

    /// <summary>Always empty in the file.</summary>
    [JsonPropertyName("blockIds")]
    public List<int> BlockIds { get; set; } = null!;
}
