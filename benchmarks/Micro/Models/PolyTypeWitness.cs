using PolyType;

namespace FastFormatters.Benchmarks.Models;

/// <summary>The benchmark documents' shapes, written by PolyType's source generator (<see cref="ContractProviderBenchmarks"/>).</summary>
[GenerateShapeFor<TwitterDocument>]
[GenerateShapeFor<CitmCatalog>]
internal sealed partial class PolyTypeWitness;
