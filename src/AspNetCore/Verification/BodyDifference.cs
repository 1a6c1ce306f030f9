namespace FastFormatters.Verification;

/// <summary>The first place where FastFormatters' body and the ecosystem serializer's differ: its path and both values there.</summary>
/// <param name="Path">Where, as System.Text.Json writes a path (<c>$.items[2].name</c>).</param>
/// <param name="Ours">What FastFormatters wrote there, or <c>(absent)</c>.</param>
/// <param name="Reference">What the ecosystem's serializer writes there, or <c>(absent)</c>.</param>
internal readonly record struct BodyDifference(string Path, string Ours, string Reference)
{
    public const string Absent = "(absent)";

    /// <summary>A value as the log shows it: at most 200 characters.</summary>
    public static string Shorten(string text) => text.Length <= 200 ? text : string.Concat(text.AsSpan(0, 197), "...");
}
