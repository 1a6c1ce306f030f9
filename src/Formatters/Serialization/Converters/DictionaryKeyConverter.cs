using System.Buffers.Text;
using System.Globalization;
using System.Numerics;
using System.Text;
using FastFormatters.Json;

namespace FastFormatters.Serialization.Converters;

/// <summary>Turns dictionary keys into member names and back: strings as they are, numbers, GUIDs and enums as text.</summary>
internal abstract class DictionaryKeyConverter<TKey>
{
    public abstract void WriteName(ref JsonWriter writer, TKey key);

    public abstract TKey ReadName(ReadOnlySpan<byte> name, ref JsonReader reader);
}

internal static class DictionaryKeyConverter
{
    public static object Create(Type keyType, ConverterResolver resolver)
    {
        if (keyType == typeof(string))
        {
            return new StringKeyConverter();
        }

        if (keyType == typeof(Guid))
        {
            return new GuidKeyConverter();
        }

        if (keyType.IsEnum)
        {
            return Activator.CreateInstance(typeof(EnumKeyConverter<>).MakeGenericType(keyType), resolver.GetConverter(keyType))!;
        }

        if (keyType.IsPrimitive && keyType != typeof(bool) && keyType != typeof(char) && keyType != typeof(double)
            && keyType != typeof(float) && keyType != typeof(IntPtr) && keyType != typeof(UIntPtr))
        {
            return Activator.CreateInstance(typeof(IntegerKeyConverter<>).MakeGenericType(keyType))!;
        }

        throw new NotSupportedException($"Dictionary keys of type {keyType} are not supported; use string, an integer type, Guid or an enum.");
    }
}

internal sealed class StringKeyConverter : DictionaryKeyConverter<string>
{
    public override void WriteName(ref JsonWriter writer, string key) => writer.WritePropertyName(key.AsSpan());

    public override string ReadName(ReadOnlySpan<byte> name, ref JsonReader reader) => Encoding.UTF8.GetString(name);
}

internal sealed class IntegerKeyConverter<TKey> : DictionaryKeyConverter<TKey>
    where TKey : IBinaryInteger<TKey>, IUtf8SpanFormattable
{
    public override void WriteName(ref JsonWriter writer, TKey key)
    {
        Span<byte> buffer = stackalloc byte[48];
        key.TryFormat(buffer, out int written, default, CultureInfo.InvariantCulture);
        writer.WriteAsciiPropertyName(buffer[..written]);
    }

    public override TKey ReadName(ReadOnlySpan<byte> name, ref JsonReader reader)
        => TKey.TryParse(name, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var key)
            ? key
            : throw reader.Error($"The key is not an integer that fits in {typeof(TKey).Name}.");
}

internal sealed class GuidKeyConverter : DictionaryKeyConverter<Guid>
{
    public override void WriteName(ref JsonWriter writer, Guid key)
    {
        Span<byte> buffer = stackalloc byte[36];
        key.TryFormat(buffer, out _, "D");
        writer.WriteAsciiPropertyName(buffer);
    }

    public override Guid ReadName(ReadOnlySpan<byte> name, ref JsonReader reader)
        => Utf8Parser.TryParse(name, out Guid key, out int consumed, 'D') && consumed == name.Length
            ? key
            : throw reader.Error("The key is not a GUID.");
}

/// <summary>Enum keys are the enum's names, as its values are written (numbers for values without a name).</summary>
internal sealed class EnumKeyConverter<TKey> : DictionaryKeyConverter<TKey>
    where TKey : struct, Enum
{
    private readonly EnumConverter<TKey> _enum;

    public EnumKeyConverter(EnumConverter<TKey> enumConverter) => _enum = enumConverter;

    public override void WriteName(ref JsonWriter writer, TKey key) => writer.WritePropertyName(_enum.FormatName(key).AsSpan());

    public override TKey ReadName(ReadOnlySpan<byte> name, ref JsonReader reader)
        => _enum.TryParseName(name, out var key)
            ? key
            : throw reader.Error($"The key is not a value of the enum {typeof(TKey).Name}.");
}
