using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using System.Text;
using System.Text.Json.Nodes;
using System.Text.Json.Serialization;

namespace FastFormatters.Serialization.Values;

/// <summary>
/// The names of an enum's values, whatever the format: <c>[EnumMember(Value)]</c> or <c>[JsonStringEnumMemberName]</c>
/// when given, else the field's name (or the contract's name for it); flags combinations are <c>"A, B"</c>. Names are
/// read case-insensitively, and numbers as numbers.
/// </summary>
internal sealed class EnumNames<T>
    where T : struct, Enum
{
    public static readonly bool IsSigned = Type.GetTypeCode(Enum.GetUnderlyingType(typeof(T))) is
        TypeCode.SByte or TypeCode.Int16 or TypeCode.Int32 or TypeCode.Int64;

    public static readonly bool IsFlags = typeof(T).IsDefined(typeof(FlagsAttribute), inherit: false);

    public static readonly string Expected = $"Expected a value of the enum {typeof(T).Name}.";

    private readonly Dictionary<ulong, string> _nameTexts = [];
    private readonly (byte[] Name, ulong Bits)[] _names;

    /// <param name="nameOf">The name of each field, when a contract decides them; else the attributes do.</param>
    public EnumNames(Func<FieldInfo, string>? nameOf)
    {
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
            _nameTexts.TryAdd(bits, name);
        }
    }

    /// <summary>The first name of each value that has one, by the value's bits.</summary>
    public IReadOnlyDictionary<ulong, string> ByBits => _nameTexts;

    /// <summary>
    /// A named definition: the names written (a value with no name is written as its number, so that is allowed too), or
    /// numbers with their names in the description; flags combine names with commas.
    /// </summary>
    public JsonObject DescribeSchema(SchemaBuilder schema, bool asNumbers)
        => schema.Reference(typeof(T), _ =>
        {
            if (asNumbers)
            {
                return new JsonObject
                {
                    ["type"] = "integer",
                    ["description"] = string.Join(", ", _nameTexts.Select(entry => (IsSigned ? ((long)entry.Key).ToString(CultureInfo.InvariantCulture) : entry.Key.ToString(CultureInfo.InvariantCulture)) + " = " + entry.Value)),
                };
            }

            var names = IsFlags
                ? new JsonObject { ["type"] = "string", ["description"] = "One or more of " + string.Join(", ", _nameTexts.Values) + ", separated by commas." }
                : new JsonObject { ["type"] = "string", ["enum"] = new JsonArray([.. _nameTexts.Values.Select(name => (JsonNode)JsonValue.Create(name))]) };
            return new JsonObject { ["anyOf"] = new JsonArray(names, new JsonObject { ["type"] = "integer", ["description"] = "A value with no name." }) };
        });

    /// <summary>The name written for <paramref name="value"/> (the number, as text, when it has none): dictionary keys.</summary>
    public string FormatName(T value)
    {
        ulong bits = ToBits(value);
        return _nameTexts.TryGetValue(bits, out var name)
            ? name
            : (IsFlags ? TryFormatFlags(bits) : null) ?? (IsSigned ? ((long)bits).ToString(CultureInfo.InvariantCulture) : bits.ToString(CultureInfo.InvariantCulture));
    }

    /// <summary>A comma-separated combination of names for a flags value, or null when the bits are not all named.</summary>
    public string? TryFormatFlags(ulong bits)
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

    /// <summary>Reads a key as written by <see cref="FormatName"/>: a name, flags names, or the number of an unnamed value.</summary>
    public bool TryParseName(ReadOnlySpan<byte> text, out T value)
        => TryParseNames(text, out value) || TryParseNumber(text, out value);

    /// <summary>Reads a number of the enum's underlying type that fits it.</summary>
    public static bool TryParseNumber(ReadOnlySpan<byte> text, out T value)
    {
        bool fits;
        ulong bits;
        if (IsSigned)
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

    /// <summary>Whether a number read as <see cref="Int128"/> fits the enum; its bits in <paramref name="value"/>.</summary>
    public static bool TryFromInteger(Int128 number, out T value)
    {
        bool fits = IsSigned
            ? number >= long.MinValue && number <= long.MaxValue && FitsSigned((long)number)
            : number >= 0 && number <= ulong.MaxValue && FitsUnsigned((ulong)number);
        value = fits ? FromBits(IsSigned ? (ulong)(long)number : (ulong)number) : default;
        return fits;
    }

    // The value's bits, sign-extended for signed enums so (long)bits gives the number back.
    public static ulong ToBits(T value) => Unsafe.SizeOf<T>() switch
    {
        1 => IsSigned ? (ulong)Unsafe.As<T, sbyte>(ref value) : Unsafe.As<T, byte>(ref value),
        2 => IsSigned ? (ulong)Unsafe.As<T, short>(ref value) : Unsafe.As<T, ushort>(ref value),
        4 => IsSigned ? (ulong)Unsafe.As<T, int>(ref value) : Unsafe.As<T, uint>(ref value),
        _ => Unsafe.As<T, ulong>(ref value),
    };

    // A name, or for flags enums a comma-separated list of names.
    private bool TryParseNames(ReadOnlySpan<byte> text, out T value)
    {
        if (TryFindName(text, out ulong found))
        {
            value = FromBits(found);
            return true;
        }

        value = default;
        if (!IsFlags || text.IndexOf((byte)',') < 0)
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
