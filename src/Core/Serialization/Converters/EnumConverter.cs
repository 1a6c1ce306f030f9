using System.Text.Json.Nodes;
using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using System.Text;
using System.Text.Json.Serialization;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Enums are written by name (<c>[EnumMember(Value)]</c> or <c>[JsonStringEnumMemberName]</c> when given), or as their
/// number when the options say so or the value has no name. Flags combinations are <c>"A, B"</c>. Both names
/// (case-insensitive) and numbers are read.
/// </summary>
internal sealed class EnumConverter<T> : ValueConverter<T>
    where T : struct, Enum
{
    /// <remarks>
    /// A named definition: the names written (a value with no name is written as its number, so that is allowed too),
    /// or numbers with their names in the description; flags combine names with commas.
    /// </remarks>
    public override JsonObject DescribeSchema(SchemaBuilder schema)
        => schema.Reference(typeof(T), _ =>
        {
            if (_asNumbers)
            {
                return new JsonObject
                {
                    ["type"] = "integer",
                    ["description"] = string.Join(", ", _nameTexts.Select(entry => (s_isSigned ? ((long)entry.Key).ToString(CultureInfo.InvariantCulture) : entry.Key.ToString(CultureInfo.InvariantCulture)) + " = " + entry.Value)),
                };
            }

            var names = s_isFlags
                ? new JsonObject { ["type"] = "string", ["description"] = "One or more of " + string.Join(", ", _nameTexts.Values) + ", separated by commas." }
                : new JsonObject { ["type"] = "string", ["enum"] = new JsonArray([.. _nameTexts.Values.Select(name => (JsonNode)JsonValue.Create(name))]) };
            return new JsonObject { ["anyOf"] = new JsonArray(names, new JsonObject { ["type"] = "integer", ["description"] = "A value with no name." }) };
        });

    private static readonly bool s_isSigned = Type.GetTypeCode(Enum.GetUnderlyingType(typeof(T))) is
        TypeCode.SByte or TypeCode.Int16 or TypeCode.Int32 or TypeCode.Int64;

    private static readonly bool s_isFlags = typeof(T).IsDefined(typeof(FlagsAttribute), inherit: false);
    private static readonly string s_expected = $"Expected a value of the enum {typeof(T).Name}.";

    private readonly bool _asNumbers;
    private readonly Dictionary<ulong, byte[]> _encodedNames = [];
    private readonly Dictionary<ulong, byte[]> _messagePackNames = [];
    private readonly Dictionary<ulong, string> _nameTexts = [];
    private readonly (byte[] Name, ulong Bits)[] _names;

    /// <param name="asNumbers">Whether values are written as numbers.</param>
    /// <param name="nameOf">The name of each field, when a contract decides them; else the attributes do.</param>
    public EnumConverter(bool asNumbers, Func<FieldInfo, string>? nameOf = null)
    {
        _asNumbers = asNumbers;
        var fields = typeof(T).GetFields(BindingFlags.Public | BindingFlags.Static);
        _names = new (byte[], ulong)[fields.Length];
        for (int i = 0; i < fields.Length; i++)
        {
            var field = fields[i];
            string name = nameOf?.Invoke(field)
                ?? field.GetCustomAttribute<JsonStringEnumMemberNameAttribute>()?.Name
                ?? field.GetCustomAttribute<EnumMemberAttribute>()?.Value
                ?? field.Name;
            ulong bits = ToBits((T)field.GetValue(null)!);
            _names[i] = (Encoding.UTF8.GetBytes(name), bits);
            if (!_encodedNames.ContainsKey(bits))
            {
                _nameTexts.Add(bits, name);
                var buffer = new System.Buffers.ArrayBufferWriter<byte>();
                var writer = new JsonWriter(buffer, maxDepth: 1);
                writer.WriteString(name);
                writer.Flush();
                _encodedNames.Add(bits, buffer.WrittenSpan.ToArray());
                _messagePackNames.Add(bits, MessagePackWriter.EncodeString(_names[i].Name));
            }
        }
    }

    public override void WriteJson(ref JsonWriter writer, T value)
    {
        ulong bits = ToBits(value);
        if (!_asNumbers)
        {
            if (_encodedNames.TryGetValue(bits, out var encoded))
            {
                writer.WriteEncodedString(encoded);
                return;
            }

            if (s_isFlags && TryFormatFlags(bits) is { } combined)
            {
                writer.WriteString(combined);
                return;
            }
        }

        if (s_isSigned)
        {
            writer.WriteNumber((long)bits);
        }
        else
        {
            writer.WriteNumber(bits);
        }
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, T value)
    {
        ulong bits = ToBits(value);
        if (!_asNumbers)
        {
            if (_messagePackNames.TryGetValue(bits, out var encoded))
            {
                writer.WriteRaw(encoded);
                return;
            }

            // A value without a name is its number as text, as MessagePack-CSharp's enum-as-string formatter writes it
            // (Enum.ToString): the field stays a string for its readers.
            writer.WriteString(FormatName(value));
            return;
        }

        if (s_isSigned)
        {
            writer.WriteInt64((long)bits);
        }
        else
        {
            writer.WriteUInt64(bits);
        }
    }

    public override T ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() == MessagePackType.Integer)
        {
            var number = reader.ReadInteger();
            bool fits = s_isSigned
                ? number >= long.MinValue && number <= long.MaxValue && FitsSigned((long)number)
                : number >= 0 && number <= ulong.MaxValue && FitsUnsigned((ulong)number);
            return fits ? FromBits(s_isSigned ? (ulong)(long)number : (ulong)number) : throw reader.Error(s_expected);
        }

        return TryParseName(reader.ReadStringSpan(), out var value) ? value : throw reader.Error(s_expected);
    }

    public override T ReadJson(ref JsonReader reader)
    {
        if (reader.Peek() == JsonTokenKind.Number)
        {
            return TryParseNumber(reader.ReadNumberSpan(), out var number) ? number : throw reader.Error(s_expected);
        }

        return TryParseName(reader.ReadStringValue(), out var value) ? value : throw reader.Error(s_expected);
    }

    /// <summary>The name written for <paramref name="value"/> (the number, as text, when it has none): dictionary keys.</summary>
    internal string FormatName(T value)
    {
        ulong bits = ToBits(value);
        return _nameTexts.TryGetValue(bits, out var name)
            ? name
            : (s_isFlags ? TryFormatFlags(bits) : null) ?? (s_isSigned ? ((long)bits).ToString(CultureInfo.InvariantCulture) : bits.ToString(CultureInfo.InvariantCulture));
    }

    /// <summary>Reads a key as written by <see cref="FormatName"/>: a name, flags names, or the number of an unnamed value.</summary>
    internal bool TryParseName(ReadOnlySpan<byte> text, out T value)
        => TryParseNames(text, out value) || TryParseNumber(text, out value);

    private static bool TryParseNumber(ReadOnlySpan<byte> text, out T value)
    {
        bool fits;
        ulong bits;
        if (s_isSigned)
        {
            fits = long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long signed) && FitsSigned(signed);
            bits = (ulong)signed;
        }
        else
        {
            fits = ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out bits) && FitsUnsigned(bits);
        }

        value = FromBits(bits);
        return fits;
    }

    // A name, or for flags enums a comma-separated list of names.
    private bool TryParseNames(ReadOnlySpan<byte> text, out T value)
    {
        if (TryFindName(text, out ulong found))
        {
            value = FromBits(found);
            return true;
        }

        value = default;
        if (!s_isFlags || text.IndexOf((byte)',') < 0)
        {
            return false;
        }

        ulong combined = 0;
        foreach (var range in text.Split((byte)','))
        {
            if (!TryFindName(text[range].Trim((byte)' '), out ulong part))
            {
                return false;
            }

            combined |= part;
        }

        value = FromBits(combined);
        return true;
    }

    private bool TryFindName(ReadOnlySpan<byte> text, out ulong bits)
    {
        foreach (var (name, value) in _names)
        {
            if (text.SequenceEqual(name))
            {
                bits = value;
                return true;
            }
        }

        foreach (var (name, value) in _names)
        {
            if (Ascii.EqualsIgnoreCase(text, name))
            {
                bits = value;
                return true;
            }
        }

        bits = 0;
        return false;
    }

    private string? TryFormatFlags(ulong bits)
    {
        var parts = new List<string>();
        ulong remaining = bits;
        foreach (var (name, value) in _names)
        {
            if (value != 0 && (remaining & value) == value)
            {
                parts.Add(Encoding.UTF8.GetString(name));
                remaining &= ~value;
            }
        }

        return remaining == 0 && parts.Count > 0 ? string.Join(", ", parts) : null;
    }

    private static bool FitsSigned(long value) => Unsafe.SizeOf<T>() switch
    {
        1 => value is >= sbyte.MinValue and <= sbyte.MaxValue,
        2 => value is >= short.MinValue and <= short.MaxValue,
        4 => value is >= int.MinValue and <= int.MaxValue,
        _ => true,
    };

    private static bool FitsUnsigned(ulong value) => Unsafe.SizeOf<T>() switch
    {
        1 => value <= byte.MaxValue,
        2 => value <= ushort.MaxValue,
        4 => value <= uint.MaxValue,
        _ => true,
    };

    // The value's bits, sign-extended for signed enums so (long)bits gives the number back.
    private static ulong ToBits(T value) => Unsafe.SizeOf<T>() switch
    {
        1 => s_isSigned ? (ulong)Unsafe.As<T, sbyte>(ref value) : Unsafe.As<T, byte>(ref value),
        2 => s_isSigned ? (ulong)Unsafe.As<T, short>(ref value) : Unsafe.As<T, ushort>(ref value),
        4 => s_isSigned ? (ulong)Unsafe.As<T, int>(ref value) : Unsafe.As<T, uint>(ref value),
        _ => Unsafe.As<T, ulong>(ref value),
    };

    private static T FromBits(ulong bits)
    {
        T value = default;
        switch (Unsafe.SizeOf<T>())
        {
            case 1:
                Unsafe.As<T, byte>(ref value) = (byte)bits;
                break;
            case 2:
                Unsafe.As<T, ushort>(ref value) = (ushort)bits;
                break;
            case 4:
                Unsafe.As<T, uint>(ref value) = (uint)bits;
                break;
            default:
                Unsafe.As<T, ulong>(ref value) = bits;
                break;
        }

        return value;
    }
}
