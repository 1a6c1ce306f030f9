using System.Buffers;
using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using FastFormatters.MessagePack;
using MessagePack;

namespace FastFormatters.MessagePackCSharp;

/// <summary>
/// MessagePack-CSharp behind FastFormatters' MessagePack format: serves the types <see cref="MessagePackCSharpTypes"/>
/// selects with the app's <see cref="MessagePackSerializerOptions"/> (its compression setting is ignored: FastFormatters
/// frames responses as the request asks). Malformed input is a <see cref="FormatReadException"/>, so a 400.
/// </summary>
[RequiresUnreferencedCode("MessagePack-CSharp's dynamic resolvers reflect over the types they serialize.")]
[RequiresDynamicCode("MessagePack-CSharp's dynamic resolvers generate code at run time.")]
public sealed class MessagePackCSharpSerializer : ExternalMessagePackSerializer
{
    private readonly MessagePackSerializerOptions _options;
    private readonly MessagePackCSharpTypes _types;
    private readonly ConcurrentDictionary<Type, bool> _claims = new();

    /// <summary>Serves <paramref name="types"/> with <paramref name="options"/>.</summary>
    public MessagePackCSharpSerializer(MessagePackSerializerOptions options, MessagePackCSharpTypes types = MessagePackCSharpTypes.CustomFormatted)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options.WithCompression(global::MessagePack.MessagePackCompression.None);
        _types = types;
    }

    /// <inheritdoc />
    public override bool Claims(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return _types == MessagePackCSharpTypes.All ? HasFormatter(type) : _claims.GetOrAdd(type, IsCustomFormatted);
    }

    /// <inheritdoc />
    public override void Serialize(IBufferWriter<byte> output, Type type, object? value)
        => MessagePackSerializer.Serialize(type, output, value, _options);

    /// <inheritdoc />
    public override object? Deserialize(ReadOnlyMemory<byte> messagePack, Type type)
    {
        try
        {
            return MessagePackSerializer.Deserialize(type, messagePack, _options);
        }
        catch (MessagePackSerializationException ex) when (Innermost(ex) is MessagePackSerializationException or EndOfStreamException or FormatException or OverflowException)
        {
            // The innermost message says what was wrong with the bytes; the outer ones only name the type. Any other
            // cause (a formatter's NullReferenceException) is a fault of the server, not of the client, and goes on.
            throw new FormatReadException(MessagePackFormat.Name, $"MessagePack-CSharp could not read a {type.Name}: {Innermost(ex).Message}", 0, ex);
        }
    }

    private static Exception Innermost(Exception exception)
    {
        while (exception.InnerException is { } inner)
        {
            exception = inner;
        }

        return exception;
    }

    // A formatter of the app's own: neither one of MessagePack-CSharp's built-in formatters nor one its dynamic
    // resolvers generated (both of which write what FastFormatters' converters write).
    private bool IsCustomFormatted(Type type)
    {
        var formatter = Formatter(type);
        if (formatter is null)
        {
            return false;
        }

        var formatterType = formatter.GetType();
        var assembly = formatterType.Assembly;
        return assembly != typeof(MessagePackSerializer).Assembly
            && !(assembly.IsDynamic && assembly.GetName().Name?.StartsWith("MessagePack.", StringComparison.Ordinal) == true);
    }

    private bool HasFormatter(Type type) => _claims.GetOrAdd(type, candidate => Formatter(candidate) is not null);

    private object? Formatter(Type type)
    {
        try
        {
            return _options.Resolver.GetFormatterDynamic(type);
        }
        catch (TypeInitializationException)
        {
            // The resolver cannot build a formatter for this type (MessagePack-CSharp refuses it): not ours to serve.
            return null;
        }
        catch (TargetInvocationException)
        {
            return null;
        }
    }
}
