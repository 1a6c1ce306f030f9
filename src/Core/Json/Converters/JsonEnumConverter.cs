using System.Reflection;
using System.Text.Json.Nodes;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.Json.Converters;

/// <summary>
/// Enums by name (see <see cref="EnumNames{T}"/>), or as their number when the contract says so or the value has no
/// name. Both names (case-insensitive) and numbers are read.
/// </summary>
internal sealed class JsonEnumConverter<T> : JsonValueConverter<T>
    where T : struct, Enum
{
    private readonly bool _asNumbers;
    private readonly Dictionary<ulong, byte[]> _encodedNames = [];

    /// <param name="asNumbers">Whether values are written as numbers.</param>
    /// <param name="nameOf">The name of each field, when a contract decides them; else the attributes do.</param>
    public JsonEnumConverter(bool asNumbers, Func<FieldInfo, string>? nameOf)
    {
        _asNumbers = asNumbers;
        Names = new EnumNames<T>(nameOf);
        foreach (var (bits, name) in Names.ByBits)
        {
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            var writer = new FastJsonWriter(buffer, maxDepth: 1);
            writer.WriteString(name);
            writer.Flush();
            _encodedNames.Add(bits, buffer.WrittenSpan.ToArray());
        }
    }

    /// <summary>The enum's names, which dictionary keys use too.</summary>
    public EnumNames<T> Names { get; }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => Names.DescribeSchema(schema, _asNumbers);

    public override void Write(ref FastJsonWriter writer, T value)
    {
        ulong bits = EnumNames<T>.ToBits(value);
        if (!_asNumbers)
        {
            if (_encodedNames.TryGetValue(bits, out var encoded))
            {
                writer.WriteEncodedString(encoded);
                return;
            }

            if (EnumNames<T>.IsFlags && Names.TryFormatFlags(bits) is { } combined)
            {
                writer.WriteString(combined);
                return;
            }
        }

        if (EnumNames<T>.IsSigned)
        {
            writer.WriteNumber((long)bits);
        }
        else
        {
            writer.WriteNumber(bits);
        }
    }

    public override T Read(ref FastJsonReader reader)
    {
        if (reader.Peek() == JsonTokenKind.Number)
        {
            return EnumNames<T>.TryParseNumber(reader.ReadNumberSpan(), out var number) ? number : throw reader.Error(EnumNames<T>.Expected);
        }

        return Names.TryParseName(reader.ReadStringValue(), out var value) ? value : throw reader.Error(EnumNames<T>.Expected);
    }
}
