using System.Text.Json.Serialization;
using FastFormatters.Serialization;

namespace FastFormatters.Json.Converters;

/// <summary>A number's converter, which System.Text.Json's number handling can wrap.</summary>
internal interface IJsonNumberConverter
{
    /// <summary>This number's converter under <paramref name="handling"/>; typed here, so no code is made at run time.</summary>
    ValueConverter WithNumberHandling(JsonNumberHandling handling);
}

/// <summary>
/// The converter of a number type: it reads and writes the number token, and parses a string's content as the number
/// when the contract's number handling reads numbers from strings.
/// </summary>
internal abstract class JsonNumberConverter<T> : JsonValueConverter<T>, IJsonNumberConverter
{
    /// <summary>Parses all of <paramref name="text"/>, a string's unescaped content, as System.Text.Json reads a number from a string.</summary>
    public abstract bool TryParseQuoted(ReadOnlySpan<byte> text, out T value);

    public ValueConverter WithNumberHandling(JsonNumberHandling handling) => new JsonNumberHandlingConverter<T>(this, handling);
}
