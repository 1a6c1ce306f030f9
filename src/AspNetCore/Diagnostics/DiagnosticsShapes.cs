using FastFormatters.Serialization.Shapes;

namespace FastFormatters.Diagnostics;

/// <summary>
/// The diagnostics report's shapes, so the diagnostics endpoint answers in every format where converters are not built
/// by reflection (trimmed and Native AOT apps). Added to every app's <see cref="FastSerializerOptions.TypeShapeProviders"/>,
/// after the app's own.
/// </summary>
[FastSerializable(typeof(FormattersReport))]
internal sealed partial class DiagnosticsShapes : TypeShapeProvider;
