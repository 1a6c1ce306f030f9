using System.Text.Json;
using System.Text.Json.Serialization;
using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Benchmarks.Models;
using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// System.Text.Json's source-generated metadata for every body the harness reads or writes, with MVC's web defaults
/// (camelCase) and enums by name, as the <c>builtin</c> mode writes them.
/// </summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, UseStringEnumConverter = true)]
[JsonSerializable(typeof(List<Status>))]
[JsonSerializable(typeof(Book))]
[JsonSerializable(typeof(TickerSnapshot))]
[JsonSerializable(typeof(TickerSummary))]
[JsonSerializable(typeof(CitmCatalog))]
internal sealed partial class HarnessJsonContext : JsonSerializerContext;
