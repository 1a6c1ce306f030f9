using System.Text.Json.Serialization;

namespace FastFormatters.Diagnostics;

/// <summary>
/// System.Text.Json's contract of the diagnostics report, which the JSON contract reads its names from. Added to the
/// app's JsonOptions only where reflection-based serialization is off, where their resolver would otherwise know it not,
/// as ASP.NET Core adds its own for problem details.
/// </summary>
[JsonSerializable(typeof(FormattersReport))]
internal sealed partial class DiagnosticsJsonContext : JsonSerializerContext;
