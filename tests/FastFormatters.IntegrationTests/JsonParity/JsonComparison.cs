using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>
/// Compares two JSON documents as a client sees them: values (<see cref="JsonNode.DeepEquals"/> on the parsed
/// documents, so <c>\u00EB</c> and a raw <c>ë</c> are the same string), and, separately, member order and the text of
/// each number (<c>1.50</c> and <c>1.5</c> are the same value, but a client reading a decimal sees another scale).
/// </summary>
public static class JsonComparison
{
    /// <summary>The differences between the built-in document and ours, one line each, with their JSON paths.</summary>
    /// <param name="builtin">The built-in formatter's JSON.</param>
    /// <param name="ours">FastFormatters' JSON.</param>
    /// <param name="allowance">What may differ by design under object-valued paths; nothing when omitted.</param>
    public static IReadOnlyList<string> Differences(string builtin, string ours, ObjectTreeAllowance? allowance = null)
    {
        allowance ??= ObjectTreeAllowance.None;
        var differences = new List<string>();
        JsonDocument? expected = null;
        JsonDocument? actual = null;
        try
        {
            expected = Parse(builtin, "built-in", differences);
            actual = Parse(ours, "ours", differences);
            if (expected is null || actual is null)
            {
                return differences;
            }

            int tolerated = 0;
            Walk(expected.RootElement, actual.RootElement, "$", differences, allowance, ref tolerated);

            // The headline check: with nothing found by the walk (allowed differences aside), the documents must be
            // DeepEquals too; if they are not, the walk missed something and says so.
            if (differences.Count == 0 && tolerated == 0 && !JsonNode.DeepEquals(JsonNode.Parse(builtin), JsonNode.Parse(ours)))
            {
                differences.Add("$: JsonNode.DeepEquals is false");
            }

            return differences;
        }
        finally
        {
            expected?.Dispose();
            actual?.Dispose();
        }
    }

    private static JsonDocument? Parse(string json, string side, List<string> differences)
    {
        try
        {
            return JsonDocument.Parse(json);
        }
        catch (JsonException ex)
        {
            differences.Add($"{side} is not JSON: {ex.Message}");
            return null;
        }
    }

    private static void Walk(JsonElement builtin, JsonElement ours, string path, List<string> differences, ObjectTreeAllowance allowance, ref int tolerated)
    {
        if (allowance.NumbersMayBeStrings && allowance.Covers(path) && builtin.ValueKind == JsonValueKind.Number
            && ours.ValueKind == JsonValueKind.String && NumericallyEqual(builtin.GetRawText(), ours.GetString()!))
        {
            tolerated++;
            return;
        }

        if (Kind(builtin) != Kind(ours))
        {
            differences.Add($"{path}: built-in {Show(builtin)}, ours {Show(ours)}");
            return;
        }

        switch (builtin.ValueKind)
        {
            case JsonValueKind.Object:
                WalkObject(builtin, ours, path, differences, allowance, ref tolerated);
                break;
            case JsonValueKind.Array:
                int builtinLength = builtin.GetArrayLength();
                int oursLength = ours.GetArrayLength();
                if (builtinLength != oursLength)
                {
                    differences.Add($"{path}: built-in has {builtinLength} elements {Show(builtin)}, ours {oursLength} {Show(ours)}");
                }

                for (int i = 0; i < Math.Min(builtinLength, oursLength); i++)
                {
                    Walk(builtin[i], ours[i], $"{path}[{i}]", differences, allowance, ref tolerated);
                }

                break;
            case JsonValueKind.String:
                if (!string.Equals(builtin.GetString(), ours.GetString(), StringComparison.Ordinal))
                {
                    differences.Add($"{path}: built-in {Show(builtin)}, ours {Show(ours)}");
                }

                break;
            case JsonValueKind.Number:
                var builtinText = builtin.GetRawText();
                var oursText = ours.GetRawText();
                if (builtinText == oursText)
                {
                    break;
                }

                if (!NumericallyEqual(builtinText, oursText))
                {
                    differences.Add($"{path}: built-in {builtinText}, ours {oursText}");
                }
                else if (allowance.Covers(path))
                {
                    tolerated++;
                }
                else
                {
                    differences.Add($"{path}: the same number written differently: built-in {builtinText}, ours {oursText}");
                }

                break;
        }
    }

    private static void WalkObject(JsonElement builtin, JsonElement ours, string path, List<string> differences, ObjectTreeAllowance allowance, ref int tolerated)
    {
        // Under an object-valued path our side is a dictionary, whose keys the app's writer renames by its policy.
        var policy = allowance.Covers(path) ? allowance.KeyPolicy : null;
        var builtinByName = new Dictionary<string, JsonElement>(StringComparer.Ordinal);
        var builtinNames = new List<string>();
        foreach (var property in builtin.EnumerateObject())
        {
            var name = policy?.ConvertName(property.Name) ?? property.Name;
            builtinNames.Add(name);
            builtinByName.TryAdd(name, property.Value);
        }

        var oursNames = ours.EnumerateObject().Select(property => property.Name).ToList();
        foreach (var (side, names) in new[] { ("built-in", builtinNames), ("ours", oursNames) })
        {
            var repeated = names.GroupBy(name => name, StringComparer.Ordinal).Where(group => group.Count() > 1).Select(group => group.Key).ToList();
            if (repeated.Count > 0)
            {
                differences.Add($"{path}: {side} repeats member(s) {string.Join(", ", repeated)}");
            }
        }

        var missing = builtinNames.Except(oursNames, StringComparer.Ordinal).ToList();
        var extra = oursNames.Except(builtinNames, StringComparer.Ordinal).ToList();
        if (missing.Count > 0)
        {
            differences.Add($"{path}: ours lacks member(s) {string.Join(", ", missing.Select(name => $"\"{name}\"={Show(builtinByName[name])}"))}");
        }

        if (extra.Count > 0)
        {
            differences.Add($"{path}: ours has extra member(s) {string.Join(", ", extra.Select(name => $"\"{name}\"={Show(ours.GetProperty(name))}"))}");
        }

        var builtinOrder = builtinNames.Where(oursNames.Contains).Distinct(StringComparer.Ordinal).ToList();
        var oursOrder = oursNames.Where(builtinNames.Contains).Distinct(StringComparer.Ordinal).ToList();
        if (!builtinOrder.SequenceEqual(oursOrder, StringComparer.Ordinal))
        {
            differences.Add($"{path}: member order differs: built-in [{string.Join(", ", builtinOrder)}], ours [{string.Join(", ", oursOrder)}]");
        }

        foreach (var name in builtinOrder)
        {
            Walk(builtinByName[name], ours.GetProperty(name), path + "." + name, differences, allowance, ref tolerated);
        }
    }

    private static JsonValueKind Kind(JsonElement element) => element.ValueKind == JsonValueKind.False ? JsonValueKind.True : element.ValueKind;

    private static bool NumericallyEqual(string left, string right)
        => decimal.TryParse(left, NumberStyles.Float, CultureInfo.InvariantCulture, out var leftDecimal)
            && decimal.TryParse(right, NumberStyles.Float, CultureInfo.InvariantCulture, out var rightDecimal)
                ? leftDecimal == rightDecimal
                : double.Parse(left, CultureInfo.InvariantCulture).Equals(double.Parse(right, CultureInfo.InvariantCulture));

    private static string Show(JsonElement element)
    {
        var text = element.GetRawText();
        return text.Length <= 120 ? text : text[..117] + "...";
    }
}
