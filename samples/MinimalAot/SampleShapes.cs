using FastFormatters.Samples.WebApi.Models;
using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Samples.MinimalAot;

/// <summary>
/// The shapes of what the minimal endpoints send and read, written by FastFormatters' source generator: each type
/// listed, and every type it reaches.
/// </summary>
[FastSerializable(typeof(List<Status>))]
[FastSerializable(typeof(IAsyncEnumerable<Status>))]
[FastSerializable(typeof(Order))]
[FastSerializable(typeof(CreateOrderRequest))]
internal sealed partial class SampleShapes : TypeShapeProvider;
