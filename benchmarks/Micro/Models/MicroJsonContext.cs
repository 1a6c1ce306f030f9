using System.Text.Json.Serialization;

namespace FastFormatters.Benchmarks.Models;

/// <summary>
/// System.Text.Json's source-generated metadata and fast-path writers for the benchmark models, with default options:
/// the same names and shapes as the reflection-based <see cref="Infrastructure.Serializers.Stj"/>.
/// </summary>
[JsonSerializable(typeof(TwitterDocument))]
[JsonSerializable(typeof(CitmCatalog))]
[JsonSerializable(typeof(Book))]
[JsonSerializable(typeof(OrderBookSnapshot))]
internal sealed partial class MicroJsonContext : JsonSerializerContext;
