using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Benchmarks.Models;

/// <summary>The benchmark documents' shapes, written by FastFormatters' source generator (<see cref="ContractProviderBenchmarks"/>).</summary>
[FastSerializable(typeof(TwitterDocument))]
[FastSerializable(typeof(CitmCatalog))]
internal sealed partial class MicroShapes : TypeShapeProvider;
