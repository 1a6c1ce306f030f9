using FastFormatters.Json.Converters;
using FastFormatters.MessagePack.Converters;

namespace FastFormatters.Serialization;

/// <summary>
/// What a <see cref="ConverterProvider"/> builds with: the converters of other types, as the serializer that asks uses
/// them. A converter of <c>Envelope&lt;T&gt;</c> takes <c>T</c>'s from here when it is made, keeps it, and writes
/// <c>T</c> through it exactly as a member of type <c>T</c> is written: under the app's converters, providers and
/// contract (its <c>JsonSerializerOptions</c>, its MessagePack contract), in JSON and JMC1 alike.
/// </summary>
/// <remarks>
/// A context is one serializer's: MVC and minimal APIs each have their own, and a provider is asked once per type by
/// each. A converter made with converters from a context therefore belongs to that serializer alone: return a new one
/// from each <see cref="ConverterProvider.GetConverter"/> call instead of sharing it. A converter handed out here may
/// still be under construction (a type that contains itself): keep it, and use it only to write and read values.
/// </remarks>
public sealed class ConverterContext
{
    private readonly ConverterResolver _resolver;

    internal ConverterContext(ConverterResolver resolver) => _resolver = resolver;

    /// <summary>The format family whose converters this context gives: <see cref="FormatFamily.Json"/> (JSON and JMC1) or <see cref="FormatFamily.MessagePack"/>.</summary>
    public FormatFamily Family => _resolver.Family.Family;

    /// <summary>The JSON and JMC1 converter of <typeparamref name="T"/>, the one this serializer writes and reads a <typeparamref name="T"/> with.</summary>
    /// <typeparam name="T">The type whose converter is wanted.</typeparam>
    /// <returns>The converter of <typeparamref name="T"/>.</returns>
    /// <exception cref="InvalidOperationException"><see cref="Family"/> is not <see cref="FormatFamily.Json"/>.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> cannot be serialized; the reason is the message.</exception>
    public JsonValueConverter<T> GetJsonConverter<T>()
        => Family == FormatFamily.Json
            ? (JsonValueConverter<T>)_resolver.GetConverter<T>()
            : throw WrongFamily(nameof(GetMessagePackConverter));

    /// <summary>The MessagePack converter of <typeparamref name="T"/>, the one this serializer writes and reads a <typeparamref name="T"/> with.</summary>
    /// <typeparam name="T">The type whose converter is wanted.</typeparam>
    /// <returns>The converter of <typeparamref name="T"/>.</returns>
    /// <exception cref="InvalidOperationException"><see cref="Family"/> is not <see cref="FormatFamily.MessagePack"/>.</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> cannot be serialized; the reason is the message.</exception>
    public MessagePackValueConverter<T> GetMessagePackConverter<T>()
        => Family == FormatFamily.MessagePack
            ? (MessagePackValueConverter<T>)_resolver.GetConverter<T>()
            : throw WrongFamily(nameof(GetJsonConverter));

    private InvalidOperationException WrongFamily(string instead)
        => new($"This context gives {Family} converters; call {instead} (see {nameof(Family)}).");
}
