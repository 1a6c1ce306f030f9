using System.Reflection;
using System.Text.Json.Nodes;
using FastFormatters.Buffers;
using FastFormatters.Serialization;
using FastFormatters.Serialization.Values;

namespace FastFormatters.MessagePack.Converters;

/// <summary>
/// Enums by name (see <see cref="EnumNames{T}"/>) as strings, or as their number when the contract says so. Both names
/// (case-insensitive) and numbers are read.
/// </summary>
internal sealed class MessagePackEnumConverter<T> : MessagePackValueConverter<T>
    where T : struct, Enum
{
    private readonly bool _asNumbers;
    private readonly EnumNames<T> _names;
    private readonly Dictionary<ulong, EncodedBytes> _encodedNames = [];

    /// <param name="asNumbers">Whether values are written as numbers.</param>
    /// <param name="nameOf">The name of each field, when a contract decides them; else the attributes do.</param>
    public MessagePackEnumConverter(bool asNumbers, Func<FieldInfo, string>? nameOf)
    {
        _asNumbers = asNumbers;
        _names = new EnumNames<T>(nameOf);
        foreach (var (bits, name) in _names.ByBits)
        {
            _encodedNames.Add(bits, new EncodedBytes(FastMessagePackWriter.EncodeString(System.Text.Encoding.UTF8.GetBytes(name))));
        }
    }

    internal override JsonObject DescribeSchema(SchemaBuilder schema) => _names.DescribeSchema(schema, _asNumbers);

    public override void Write(ref FastMessagePackWriter writer, T value)
    {
        ulong bits = EnumNames<T>.ToBits(value);
        if (!_asNumbers)
        {
            if (_encodedNames.TryGetValue(bits, out var encoded))
            {
                writer.WriteRaw(encoded);
                return;
            }

            // A value without a name is its number as text, as MessagePack-CSharp's enum-as-string formatter writes it
            // (Enum.ToString): the field stays a string for its readers.
            writer.WriteString(_names.FormatName(value));
            return;
        }

        if (EnumNames<T>.IsSigned)
        {
            writer.WriteInt64((long)bits);
        }
        else
        {
            writer.WriteUInt64(bits);
        }
    }

    public override T Read(ref FastMessagePackReader reader)
    {
        if (reader.PeekKind() == MessagePackValueKind.Integer)
        {
            return EnumNames<T>.TryFromInteger(reader.ReadInteger(), out var number) ? number : throw reader.Error(EnumNames<T>.Expected);
        }

        return _names.TryParseName(reader.ReadStringSpan(), out var value) ? value : throw reader.Error(EnumNames<T>.Expected);
    }
}
