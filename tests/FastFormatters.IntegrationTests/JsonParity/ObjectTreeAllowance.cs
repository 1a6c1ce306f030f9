using System.Text.Json;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// What may differ, by design, in the echo of values declared <c>object</c> or held as extension data. FastFormatters
/// reads those as a plain value tree (<c>Dictionary&lt;string, object?&gt;</c>, <c>List&lt;object?&gt;</c>,
/// <c>long</c>, <c>double</c>, ...) where System.Text.Json gives a <c>JsonElement</c> (docs/json.md, "Differences that
/// remain, by design"). When the app writes such a value back, its options treat the two differently: a
/// <c>JsonElement</c> is written as it came, while the tree's numbers are written in their .NET form (<c>9.5</c> for
/// <c>9.50</c>) and under the options' NumberHandling (<c>"1"</c> for <c>1</c> with WriteAsString), and its objects'
/// keys under the DictionaryKeyPolicy. Nothing else may differ there.
/// </summary>
/// <param name="Paths">JSON paths of the object-valued members (matched ignoring case, with what is under them).</param>
/// <param name="KeyPolicy">The options' DictionaryKeyPolicy.</param>
/// <param name="NumbersMayBeStrings">Whether the options write numbers as strings.</param>
public sealed record ObjectTreeAllowance(IReadOnlyList<string> Paths, JsonNamingPolicy? KeyPolicy, bool NumbersMayBeStrings)
{
    public static ObjectTreeAllowance None { get; } = new([], null, false);

    public bool Covers(string path) => Paths.Any(prefix => path.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)
        && (path.Length == prefix.Length || path[prefix.Length] is '.' or '['));
}
