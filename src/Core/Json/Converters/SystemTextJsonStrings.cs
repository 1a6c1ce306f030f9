using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Reads a value System.Text.Json carries as a string (dates and times, <see cref="TimeSpan"/>, <see cref="Guid"/>,
/// <see cref="Version"/>) with System.Text.Json's own converter for it, on the string token as it stands in the input:
/// what it accepts, and how it reads it (fractions beyond seven digits, short offsets, unpadded times, escapes), is its
/// own by construction rather than a second reading of its rules.
/// </summary>
internal static class SystemTextJsonStrings
{
    /// <summary>Reads a whole JSON string token; false where it does not hold a value.</summary>
    public delegate bool TokenReader<T>(ReadOnlySpan<byte> token, out T value);

    // The built-in converters read no option.
    private static readonly JsonSerializerOptions s_options = new();

    /// <summary>A reader of string tokens by <paramref name="converter"/>.</summary>
    public static TokenReader<T> By<T>(JsonConverter<T> converter)
        => (ReadOnlySpan<byte> token, out T value) => TryRead(converter, token, out value);

    /// <summary>Reads <paramref name="token"/>, a whole JSON string, with <paramref name="converter"/>; false where it refuses it.</summary>
    public static bool TryRead<T>(JsonConverter<T> converter, ReadOnlySpan<byte> token, out T value)
    {
        var reader = new Utf8JsonReader(token);
        try
        {
            reader.Read();
            value = converter.Read(ref reader, typeof(T), s_options)!;
            return true;
        }
        catch (Exception ex) when (ex is FormatException or JsonException or InvalidOperationException or ArgumentException)
        {
            value = default!;
            return false;
        }
    }

    /// <summary>
    /// A <see cref="DateTimeOffset"/> as System.Text.Json reads it, except that one written without an offset is UTC,
    /// not the server's local time (a documented difference: a value must not depend on where the server runs). It is
    /// read as a <see cref="DateTime"/> first, whose kind says whether the text had a zone.
    /// </summary>
    public static bool TryReadDateTimeOffset(ReadOnlySpan<byte> token, out DateTimeOffset value)
    {
        if (TryRead(JsonMetadataServices.DateTimeConverter, token, out DateTime date) && date.Kind == DateTimeKind.Unspecified)
        {
            value = new DateTimeOffset(date, TimeSpan.Zero);
            return true;
        }

        return TryRead(JsonMetadataServices.DateTimeOffsetConverter, token, out value);
    }
}
