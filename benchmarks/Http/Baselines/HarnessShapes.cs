using FastFormatters.Benchmarks.Http.Models;
using FastFormatters.Benchmarks.Models;
using FastFormatters.Samples.WebApi.Models;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Benchmarks.Http.Baselines;

/// <summary>
/// The shapes of every body the harness sends and reads, written by FastFormatters' source generator, for the
/// <c>fast-sg</c> mode: the same types <see cref="HarnessJsonContext"/> lists for System.Text.Json.
/// </summary>
[FastSerializable(typeof(List<Status>))]
[FastSerializable(typeof(Book))]
[FastSerializable(typeof(TickerSnapshot))]
[FastSerializable(typeof(TickerSummary))]
[FastSerializable(typeof(CitmCatalog))]
internal sealed partial class HarnessShapes : TypeShapeProvider;
