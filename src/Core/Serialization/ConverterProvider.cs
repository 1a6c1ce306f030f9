namespace FastFormatters.Serialization;

/// <summary>
/// A source of converters the app plugs in front of the built-in ones, like System.Text.Json's
/// <c>JsonConverterFactory</c> or a MessagePack-CSharp resolver: asked once per type and format family by each
/// serializer, in the order of <see cref="FastSerializerOptions.ConverterProviders"/>, after
/// <see cref="FastSerializerOptions.Converters"/> and before everything built in. The answer is cached with the type's
/// converter, so it must not depend on anything but its arguments.
/// </summary>
public abstract class ConverterProvider
{
    /// <summary>
    /// The converter of <paramref name="type"/> in <paramref name="context"/>'s <see cref="ConverterContext.Family"/>, or
    /// <see langword="null"/> to let the next provider, then the built-in converters, decide: a
    /// <see cref="Json.Converters.JsonValueConverter{T}"/> for <see cref="FormatFamily.Json"/> (JSON and JMC1), a
    /// <see cref="MessagePack.Converters.MessagePackValueConverter{T}"/> for <see cref="FormatFamily.MessagePack"/>.
    /// A converter that writes other types through their converters takes them from <paramref name="context"/> here.
    /// </summary>
    /// <param name="type">The type to convert.</param>
    /// <param name="context">The format family asked for, and the converters of other types in it.</param>
    /// <returns>A converter whose <see cref="ValueConverter.Type"/> is <paramref name="type"/>, or <see langword="null"/>.</returns>
    public abstract ValueConverter? GetConverter(Type type, ConverterContext context);
}
