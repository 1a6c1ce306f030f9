using System.Buffers.Text;
using System.Globalization;
using System.Numerics;
using System.Text;
using FastFormatters.Json;
using FastFormatters.MessagePack;

namespace FastFormatters.Serialization.Converters;

/// <summary>
/// Writes and reads dictionary keys. JSON member names are text: strings as they are, numbers, GUIDs and enum names
/// as text. MessagePack keys are what MessagePack-CSharp writes: integers as integers, enums as the enum's values are
/// written, GUIDs and strings as strings; its readers take the text forms too.
/// </summary>
internal abstract class DictionaryKeyConverter<TKey>
{
    /// <summary>What a key must be, for the error message.</summary>
    public abstract string Expected { get; }

    public abstract void WriteJson(ref JsonWriter writer, TKey key);

    public abstract void WriteMessagePack(ref MessagePackWriter writer, TKey key);

    public abstract bool TryParse(ReadOnlySpan<byte> utf8, out TKey key);

    /// <summary>Reads a MessagePack key: a string, or an integer where the key type is one (other writers send those).</summary>
    public virtual TKey ReadMessagePack(ref MessagePackReader reader)
        => TryParse(reader.ReadStringSpan(), out var key) ? key : throw reader.Error(Expected);
}

internal static class DictionaryKeyConverter
{
    public static object Create(Type keyType, ConverterResolver resolver)
    {
        if (keyType == typeof(string))
        {
            return new StringKeyConverter(resolver.Rules.DictionaryKeyPolicy);
        }

        if (keyType == typeof(Guid))
        {
            return new GuidKeyConverter();
        }

        if (keyType.IsEnum)
        {
            return Activator.CreateInstance(typeof(EnumKeyConverter<>).MakeGenericType(keyType), resolver.GetConverter(keyType), resolver.Rules.DictionaryKeyPolicy)!;
        }

        if (keyType.IsPrimitive && keyType != typeof(bool) && keyType != typeof(char) && keyType != typeof(double)
            && keyType != typeof(float) && keyType != typeof(IntPtr) && keyType != typeof(UIntPtr))
        {
            return Activator.CreateInstance(typeof(IntegerKeyConverter<>).MakeGenericType(keyType))!;
        }

        throw new NotSupportedException($"Dictionary keys of type {keyType} are not supported; use string, an integer type, Guid or an enum.");
    }
}

/// <summary>String keys, renamed on the way out by the contract's dictionary key policy when it has one.</summary>
internal sealed class StringKeyConverter : DictionaryKeyConverter<string>
{
    private readonly System.Text.Json.JsonNamingPolicy? _policy;

    public StringKeyConverter(System.Text.Json.JsonNamingPolicy? policy) => _policy = policy;

    public override string Expected => "Expected a string key.";

    public override void WriteJson(ref JsonWriter writer, string key) => writer.WritePropertyName((_policy?.ConvertName(key) ?? key).AsSpan());

    public override void WriteMessagePack(ref MessagePackWriter writer, string key) => writer.WriteString(_policy?.ConvertName(key) ?? key);

    public override bool TryParse(ReadOnlySpan<byte> utf8, out string key)
    {
        key = Encoding.UTF8.GetString(utf8);
        return true;
    }
}

internal sealed class IntegerKeyConverter<TKey> : DictionaryKeyConverter<TKey>
    where TKey : IBinaryInteger<TKey>, IUtf8SpanFormattable
{
    public override string Expected { get; } = $"The key is not an integer that fits in {typeof(TKey).Name}.";

    public override void WriteJson(ref JsonWriter writer, TKey key)
    {
        Span<byte> buffer = stackalloc byte[48];
        key.TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
        writer.WriteAsciiPropertyName(buffer[..written]);
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, TKey key)
    {
        // Key types are the primitive integers (64 bits at most), so each fits one of the two.
        if (TKey.IsNegative(key))
        {
            writer.WriteInt64(long.CreateTruncating(key));
        }
        else
        {
            writer.WriteUInt64(ulong.CreateTruncating(key));
        }
    }

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key)
        => TKey.TryParse(utf8, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out key!);

    public override TKey ReadMessagePack(ref MessagePackReader reader)
    {
        if (reader.PeekType() != MessagePackType.Integer)
        {
            return base.ReadMessagePack(ref reader);
        }

        Span<byte> buffer = stackalloc byte[48];
        reader.ReadInteger().TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
        return TryParse(buffer[..written], out var key) ? key : throw reader.Error(Expected);
    }
}

internal sealed class GuidKeyConverter : DictionaryKeyConverter<Guid>
{
    public override string Expected => "The key is not a GUID.";

    public override void WriteJson(ref JsonWriter writer, Guid key)
    {
        Span<byte> buffer = stackalloc byte[36];
        key.TryFormat(buffer, out _, "D");
        writer.WriteAsciiPropertyName(buffer);
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, Guid key) => writer.WriteFormattedString(key, "D");

    public override bool TryParse(ReadOnlySpan<byte> utf8, out Guid key)
        => Utf8Parser.TryParse(utf8, out key, out int consumed, 'D') && consumed == utf8.Length;
}

/// <summary>
/// JSON enum keys are the enum's names (numbers for values without a name); MessagePack keys are written as the enum's
/// values are.
/// </summary>
internal sealed class EnumKeyConverter<TKey> : DictionaryKeyConverter<TKey>
    where TKey : struct, Enum
{
    private readonly EnumConverter<TKey> _enum;
    private readonly System.Text.Json.JsonNamingPolicy? _policy;

    public EnumKeyConverter(EnumConverter<TKey> enumConverter, System.Text.Json.JsonNamingPolicy? policy)
    {
        _enum = enumConverter;
        _policy = policy;
    }

    public override string Expected { get; } = $"The key is not a value of the enum {typeof(TKey).Name}.";

    public override void WriteJson(ref JsonWriter writer, TKey key)
    {
        string name = _enum.FormatName(key);
        writer.WritePropertyName((_policy?.ConvertName(name) ?? name).AsSpan());
    }

    public override void WriteMessagePack(ref MessagePackWriter writer, TKey key) => _enum.WriteMessagePack(ref writer, key);

    public override TKey ReadMessagePack(ref MessagePackReader reader) => _enum.ReadMessagePack(ref reader);

    public override bool TryParse(ReadOnlySpan<byte> utf8, out TKey key) => _enum.TryParseName(utf8, out key);
}
